#!/usr/bin/env bash
# A round trip through a real framework: the FastAPI app in Tests/Fixtures/fastapi_app is served by
# uvicorn on 127.0.0.1, its /openapi.json is imported (`endpoint-gen import`), the spec is generated
# into Swift, compiled with -warnings-as-errors together with driver.swift against the built
# EndpointRuntime, and the driver calls every route (uploads with File included) and checks the
# answers. The server is stopped however the script ends.
#   scripts/fastapi-roundtrip.sh            skips (exit 0, with a note) when fastapi/uvicorn are missing
#   scripts/fastapi-roundtrip.sh --install  first installs them with pip when missing (what CI does):
#                                           into .build/fastapi-venv, else with pip --user
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
APP_DIR=$ROOT/Tests/Fixtures/fastapi_app
cd "$ROOT"

# The Python that runs the app: python3 when it has the packages, else (with --install) a virtual
# environment in .build/fastapi-venv (a system Python may refuse pip installs, PEP 668), else
# python3 after `pip install --user`.
PACKAGES=(fastapi uvicorn python-multipart)
VENV=$ROOT/.build/fastapi-venv
has_fastapi() { "$1" -c 'import fastapi, uvicorn, multipart' 2>/dev/null; }
PYTHON=
if has_fastapi python3; then
    PYTHON=python3
elif [[ -x "$VENV/bin/python" ]] && has_fastapi "$VENV/bin/python"; then
    PYTHON=$VENV/bin/python
elif [[ "${1:-}" == "--install" ]]; then
    if python3 -m venv "$VENV" >&2 && "$VENV/bin/python" -m pip install --quiet "${PACKAGES[@]}" >&2 && has_fastapi "$VENV/bin/python"; then
        PYTHON=$VENV/bin/python
    elif python3 -m pip install --quiet --user "${PACKAGES[@]}" >&2 && has_fastapi python3; then
        PYTHON=python3
    fi
fi
if [[ -z "$PYTHON" ]]; then
    echo "note: fastapi-roundtrip skipped: python3 cannot import fastapi, uvicorn and python-multipart, and they could not be installed (pip install ${PACKAGES[*]})"
    exit 0
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/fastapi-roundtrip.XXXXXX")
SERVER_PID=
cleanup() {
    if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
        kill "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

swift build --product endpoint-gen >&2
swift build --target EndpointRuntime >&2
BIN_PATH=$(swift build --show-bin-path)

# A free port: bind to 0 and read what the system gave.
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
BASE=http://127.0.0.1:$PORT
"$PYTHON" -m uvicorn app:app --app-dir "$APP_DIR" --host 127.0.0.1 --port "$PORT" --log-level warning &
SERVER_PID=$!

# Wait for the server (at most 20 s), then fetch its OpenAPI document.
python3 - "$BASE/openapi.json" "$WORK/openapi.json" <<'PY'
import sys, time, urllib.request
url, path = sys.argv[1], sys.argv[2]
deadline = time.time() + 20
while True:
    try:
        with urllib.request.urlopen(url, timeout=2) as response, open(path, "wb") as out:
            out.write(response.read())
        break
    except OSError as error:
        if time.time() > deadline:
            sys.exit(f"{url}: error: the server did not answer: {error}")
        time.sleep(0.2)
PY

"$BIN_PATH/endpoint-gen" import "$WORK/openapi.json" --name Bookshop --output "$WORK/Bookshop.endpoints.json"
"$BIN_PATH/endpoint-gen" generate "$WORK/Bookshop.endpoints.json" --output "$WORK"

# The generated file and the driver in one executable module, linked with the runtime's objects.
swiftc -swift-version 6 -warnings-as-errors -parse-as-library -Onone \
    -I "$BIN_PATH/Modules" -I "$BIN_PATH" \
    "$WORK/Bookshop.swift" "$APP_DIR/driver.swift" "$BIN_PATH"/EndpointRuntime.build/*.o \
    -module-name RoundTrip -o "$WORK/driver" >&2
timeout 60 "$WORK/driver" "$BASE"
echo "fastapi-roundtrip: passed ($("$PYTHON" -c 'import fastapi; print("FastAPI", fastapi.__version__)'))"
