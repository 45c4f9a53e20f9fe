#!/usr/bin/env bash
# The real OpenAPI documents in ../shared/openapi, brought as a new user brings them:
#   1. each imports, and `generate` accepts the import (Stripe's whole document included);
#   2. the Swift generated from Museum, Spotify, XeroAccounting and AdyenCheckout type-checks with
#      -warnings-as-errors under Swift 6 (Stripe's whole output, 200,000 lines, is left to
#      Benchmarks: its compile takes longer than the rest of CI);
#   3. a package of clients generated from Museum and from Stripe's customers
#      (`import --path /v1/customers`) calls endpoints against the local echo server
#      (Tests/TestSupport/echo_server.py) and checks the bytes that arrive: a deepObject query and
#      a form body with nested objects, arrays and a map among them (scripts/real-documents);
#   4. Spotify's document through the build plugin, which splits it into several files by its
#      length, compiled with -warnings-as-errors.
#   scripts/test-real-documents.sh          run all four
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
DOCS=$(cd "$ROOT/.." && pwd)/shared/openapi
[[ -d $DOCS ]] || { echo "test-real-documents: $DOCS is missing (the tests run with ../shared beside the repository)" >&2; exit 1; }
WORK=$(mktemp -d "${TMPDIR:-/tmp}/real-documents.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
cd "$ROOT"
swift build --product endpoint-gen >/dev/null
swift build --target EndpointRuntime >/dev/null
BIN="$(swift build --show-bin-path)/endpoint-gen"
MODULES="$(swift build --show-bin-path)/Modules"

# import DOCUMENT NAME [FILTERS...]: the spec in $WORK/NAME.endpoints.json, Swift in $WORK/NAME/.
import_and_generate() {
    local document=$1 name=$2; shift 2
    local warnings
    "$BIN" import "$DOCS/$document" --name "$name" --output "$WORK/$name.endpoints.json" --quiet "$@" 2> "$WORK/$name.warnings"
    warnings=$(grep -c ': warning: ' "$WORK/$name.warnings" || true)
    "$BIN" generate "$WORK/$name.endpoints.json" --output "$WORK/$name" > "$WORK/$name.wrote"
    echo "$document${1:+ $*}: $(head -1 "$WORK/$name.wrote" | sed -E 's/.*\((.*)\).*/\1/'), $warnings import warnings"
}

echo "== import and generate"
import_and_generate Stripe.json Stripe
for pair in "Museum.yaml Museum" "Spotify.yaml Spotify" "XeroAccounting.yaml Xero" "AdyenCheckout.json Adyen"; do
    import_and_generate ${pair% *} ${pair#* }
done

echo "== type-check the generated Swift (-warnings-as-errors)"
for name in Museum Spotify Xero Adyen; do
    start=$SECONDS
    swiftc -typecheck -swift-version 6 -warnings-as-errors -I "$MODULES" "$WORK/$name"/*.swift
    echo "$name: type-checks ($((SECONDS - start)) s)"
done

echo "== calls over the wire"
PKG="$WORK/RealDocuments"
mkdir -p "$PKG/Sources/MuseumClient" "$PKG/Sources/StripeClient"
cp -R "$ROOT/scripts/real-documents/Package.swift" "$ROOT/scripts/real-documents/Sources" "$PKG/"
sed -i.bak "s|path: \"../..\"|path: \"$ROOT\"|" "$PKG/Package.swift" && rm -f "$PKG/Package.swift.bak"
cp "$WORK/Museum"/*.swift "$PKG/Sources/MuseumClient/"
import_and_generate Stripe.json Stripe --path /v1/customers
cp "$WORK/Stripe"/*.swift "$PKG/Sources/StripeClient/"
start=$SECONDS
swift build --package-path "$PKG" --product RealCalls > "$WORK/build.log" 2>&1 || { tail -40 "$WORK/build.log"; exit 1; }
echo "built the clients ($((SECONDS - start)) s)"
# The build plugin must name a document's files before anything is imported: it splits Spotify's
# by the document's length, into several files, which compile with -warnings-as-errors.
cp "$DOCS/Spotify.yaml" "$PKG/Sources/SpotifyThroughPlugin/Spotify.openapi.yaml"
start=$SECONDS
swift build --package-path "$PKG" --target SpotifyThroughPlugin > "$WORK/plugin.log" 2>&1 || { tail -40 "$WORK/plugin.log"; exit 1; }
files=$(find "$PKG/.build/plugins/outputs" -path '*SpotifyThroughPlugin*' -name 'Spotify*.swift' | wc -l)
[ "$files" -ge 2 ] || { echo "test-real-documents: the build plugin wrote Spotify's document as $files file(s); its length asks for several" >&2; exit 1; }
echo "built Spotify's document through the build plugin: $files files ($((SECONDS - start)) s)"
coproc SERVER { exec python3 "$ROOT/Tests/TestSupport/echo_server.py"; }
# Copied at once: bash unsets SERVER and SERVER_PID when it reaps the server, which can happen
# before the lines below read them (and `set -u` then stops the script: CI saw it once).
server_pid=$SERVER_PID
server_output=${SERVER[0]}
server_input=${SERVER[1]}
read -r port <&"$server_output"
status=0
"$(swift build --package-path "$PKG" --show-bin-path)/RealCalls" "http://127.0.0.1:$port" || status=$?
exec {server_input}>&-
wait "$server_pid" 2>/dev/null || true
exit $status
