#!/bin/sh
# Regenerates every checked-in generated file from its spec. CI runs the same command with --check.
#   scripts/regenerate.sh          rewrite Tests/ExampleAPIs from specs/
#   scripts/regenerate.sh --check  write nothing; fail if a checked-in file is missing or stale
set -eu
cd "$(dirname "$0")/.."
swift build --product endpoint-gen
BIN="$(swift build --show-bin-path)/endpoint-gen"
"$BIN" generate specs --output Tests/ExampleAPIs "$@"
