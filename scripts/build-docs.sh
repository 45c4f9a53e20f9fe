#!/usr/bin/env bash
# Builds the DocC documentation of EndpointRuntime (Sources/EndpointRuntime/EndpointRuntime.docc)
# with the toolchain's own `docc`, no package plugin: symbol graphs from the compiler, then
# `docc convert` with warnings as errors, so a broken symbol link or a missing article fails.
#   scripts/build-docs.sh [output-dir]   default: .build/docs/EndpointRuntime.doccarchive
set -euo pipefail
cd "$(dirname "$0")/.."
[[ -d /opt/swift/usr/bin ]] && export PATH="/opt/swift/usr/bin:$PATH"
DOCC=$(command -v docc || xcrun --find docc 2>/dev/null || true)
[[ -n $DOCC ]] || { echo "build-docs: no docc in the toolchain" >&2; exit 1; }

OUTPUT=${1:-.build/docs/EndpointRuntime.doccarchive}
# A build folder of its own: the symbol-graph flags would otherwise make the next ordinary build
# recompile the runtime. The compiler rewrites the graphs whenever it recompiles the runtime; a
# build with nothing to recompile leaves them as they are, current.
SCRATCH=.build/docs/build
GRAPHS=.build/docs/symbol-graphs
rm -rf "$OUTPUT"
mkdir -p "$GRAPHS" "$(dirname "$OUTPUT")"

swift build --target EndpointRuntime --scratch-path "$SCRATCH" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$GRAPHS" \
    -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public
# Only the runtime's own graphs: the compiler also writes graphs of the modules it extends.
find "$GRAPHS" -name '*.symbols.json' ! -name 'EndpointRuntime*' -delete

"$DOCC" convert Sources/EndpointRuntime/EndpointRuntime.docc \
    --fallback-display-name EndpointRuntime \
    --fallback-bundle-identifier endpoint-gen.EndpointRuntime \
    --additional-symbol-graph-dir "$GRAPHS" \
    --output-path "$OUTPUT" \
    --warnings-as-errors
echo "build-docs: $OUTPUT"
