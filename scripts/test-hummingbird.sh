#!/usr/bin/env bash
# Serves the example specs GitHubAPI and ChatAPI with Hummingbird 2 (Examples/HummingbirdServer:
# GitHubAPI.handler and ChatAPI.handler behind an adapter) and calls the server with the generated
# clients: typed values and headers, a 404 body arriving as the declared error, pages by number and
# by cursor, a JSON body, a stream of Server-Sent Events read event by event, 501 and 404.
#
#   scripts/test-hummingbird.sh
#
# Builds the package (its first build fetches and compiles Hummingbird and SwiftNIO from the
# machine's package mirror: minutes), starts demo-server on 127.0.0.1 on a free port, runs
# demo-client against it, stops the server whatever happened, and exits non-zero on any failure.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
PACKAGE=$ROOT/Examples/HummingbirdServer
[[ -d /opt/swift/usr/bin ]] && export PATH="/opt/swift/usr/bin:$PATH"
LOGS=$(mktemp -d "${TMPDIR:-/tmp}/test-hummingbird.XXXXXX")
SERVER_PID=

# Stops the server: SIGTERM (a graceful shutdown), then SIGKILL if it is still there after 10 s.
stop() {
    if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2> /dev/null; then
        kill "$SERVER_PID" 2> /dev/null || true
        for _ in $(seq 1 100); do
            kill -0 "$SERVER_PID" 2> /dev/null || break
            sleep 0.1
        done
        kill -9 "$SERVER_PID" 2> /dev/null || true
        wait "$SERVER_PID" 2> /dev/null || true
    fi
}
trap stop EXIT
trap 'exit 130' INT TERM

fail() {
    printf 'test-hummingbird: FAILED: %s\n' "$1" >&2
    if [ -n "${2:-}" ] && [ -f "$2" ]; then
        printf -- '--- last lines of %s\n' "$2" >&2
        tail -n 40 "$2" >&2
    fi
    exit 1
}

now() { date +%s.%N; }
since() { awk -v start="$1" -v end="$(now)" 'BEGIN { printf "%.1f", end - start }'; }
LIMIT=()
if command -v timeout > /dev/null; then LIMIT=(timeout 1800); fi

start=$(now)
"${LIMIT[@]+"${LIMIT[@]}"}" swift build --package-path "$PACKAGE" > "$LOGS/build.log" 2>&1 || fail "swift build of Examples/HummingbirdServer" "$LOGS/build.log"
BIN=$(swift build --package-path "$PACKAGE" --show-bin-path)
echo "built Examples/HummingbirdServer in $(since "$start") s"

# Port 0: the server binds a free port and prints it.
"$BIN/demo-server" 0 > "$LOGS/server.log" 2>&1 &
SERVER_PID=$!
BASE=
for _ in $(seq 1 200); do
    BASE=$(sed -n 's/^listening on \(http:[^ ]*\)$/\1/p' "$LOGS/server.log" | head -n 1)
    [ -n "$BASE" ] && break
    kill -0 "$SERVER_PID" 2> /dev/null || fail "demo-server exited before listening" "$LOGS/server.log"
    sleep 0.1
done
[ -n "$BASE" ] || fail "demo-server did not say where it listens within 20 s" "$LOGS/server.log"
echo "demo-server listening on $BASE"

status=0
"${LIMIT[@]+"${LIMIT[@]}"}" "$BIN/demo-client" "$BASE" || status=$?
kill -0 "$SERVER_PID" 2> /dev/null || fail "demo-server died during the checks" "$LOGS/server.log"
[ "$status" -eq 0 ] || fail "demo-client: exit status $status (server log: $LOGS/server.log)"
echo "test-hummingbird: all checks passed in $(since "$start") s"
