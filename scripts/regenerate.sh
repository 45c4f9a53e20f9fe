#!/bin/sh
# Regenerates every checked-in generated file from its spec; CI runs it with --check.
#   scripts/regenerate.sh          rewrite the imported specs and the generated Swift
#   scripts/regenerate.sh --check  write nothing; exit 1 naming each file that is missing or stale
#
# Tests/EndpointGenCoreTests/Fixtures/OpenAPI/<doc>-3.0.json -> specs/imported/<Name>.endpoints.json (import, format version 2;
#   github-like and openai-like are small documents written after GitHub's and OpenAI's idioms)
# specs/*.endpoints.json         -> Tests/ExampleAPIs (one module: the example APIs)
# specs/Large.endpoints.json     -> Tests/PartedAPIs/Large, in three parts (module LargeInParts)
# specs/imported/<Name>.endpoints.json -> Tests/ImportedAPIs/<Name> (one module each: their model names overlap)
# specs/GitHubAPI and ChatAPI (--service) -> Examples/HummingbirdServer/Sources/APIs/Generated
# specs/*.endpoints.json         -> Tests/ServiceTests/RoundTrips (Tests/ServiceRoundTripGen: a fake service and a
#                                   round trip through client and handler for every endpoint)
set -eu
cd "$(dirname "$0")/.."
swift build --product endpoint-gen
swift build --product ServiceRoundTripGen
BIN="$(swift build --show-bin-path)/endpoint-gen"
ROUND_TRIPS="$(swift build --show-bin-path)/ServiceRoundTripGen"
check=no
[ "${1:-}" = "--check" ] && check=yes
status=0
TEMP=$(mktemp)
trap 'rm -f "$TEMP"' EXIT
for pair in "pet-store PetStore" "google-books GoogleBooks" "tomtom TomTom" "bookshop Bookshop" "github-like GitHubLike" "openai-like OpenAILike"; do
    document="Tests/EndpointGenCoreTests/Fixtures/OpenAPI/${pair% *}-3.0.json"
    name="${pair#* }"
    spec="specs/imported/$name.endpoints.json"
    if [ "$check" = yes ]; then
        # Warnings are the documents' own (ImportDocumentTests counts them); only the bytes matter here.
        "$BIN" import "$document" --name "$name" > "$TEMP" 2> /dev/null || { echo "$document: error: the import failed" >&2; status=1; continue; }
        cmp -s "$TEMP" "$spec" || { echo "$spec: error: out of date with $document; run scripts/regenerate.sh" >&2; status=1; }
    else
        "$BIN" import "$document" --name "$name" --output "$spec" --quiet 2> /dev/null || { echo "$document: error: the import failed" >&2; status=1; }
    fi
done
# specs/endpoint-gen.json declares the types the ExampleAPIs module defines itself (Coordinates).
"$BIN" generate specs/*.endpoints.json --config specs/endpoint-gen.json --output Tests/ExampleAPIs --quiet "$@" || status=1
# The same Large spec as three files: the layout of a spec of more than 500 endpoints and models.
"$BIN" generate specs/Large.endpoints.json --parts 3 --output Tests/PartedAPIs/Large --quiet "$@" || status=1
# Examples/HummingbirdServer serves GitHubAPI and ChatAPI: their Swift, services and handlers included.
"$BIN" generate specs/GitHubAPI.endpoints.json specs/ChatAPI.endpoints.json --service \
    --output Examples/HummingbirdServer/Sources/APIs/Generated --quiet "$@" || status=1
"$ROUND_TRIPS" "$@" --output Tests/ServiceTests/RoundTrips specs/*.endpoints.json || status=1
for spec in specs/imported/*.endpoints.json; do
    [ -e "$spec" ] || continue
    name="$(basename "$spec" .endpoints.json)"
    "$BIN" generate "$spec" --output "Tests/ImportedAPIs/$name" --quiet "$@" || status=1
done
exit $status
