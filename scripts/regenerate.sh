#!/bin/sh
# Regenerates every checked-in generated file from its spec; CI runs it with --check.
#   scripts/regenerate.sh          rewrite the generated Swift
#   scripts/regenerate.sh --check  write nothing; exit 1 naming each file that is missing or stale
#
# specs/*.endpoints.json         -> Tests/ExampleAPIs (one module: the example APIs)
# specs/Large.endpoints.json     -> Tests/PartedAPIs/Large, in three parts (module LargeInParts)
# specs/imported/<Name>.endpoints.json -> Tests/ImportedAPIs/<Name> (one module each: their model names overlap)
set -eu
cd "$(dirname "$0")/.."
swift build --product endpoint-gen
BIN="$(swift build --show-bin-path)/endpoint-gen"
status=0
"$BIN" generate specs/*.endpoints.json --output Tests/ExampleAPIs "$@" || status=1
# The same Large spec as three files: the layout of a spec of more than 500 endpoints and models.
"$BIN" generate specs/Large.endpoints.json --parts 3 --output Tests/PartedAPIs/Large "$@" || status=1
for spec in specs/imported/*.endpoints.json; do
    [ -e "$spec" ] || continue
    name="$(basename "$spec" .endpoints.json)"
    "$BIN" generate "$spec" --output "Tests/ImportedAPIs/$name" "$@" || status=1
done
exit $status
