#!/usr/bin/env bash
# Compile time of generated union models: 100 vs 1,000 `oneOf` models (each with its two object
# alternatives; half with a discriminator, half tried in order with a primitive and an array
# alternative), compiled as one module the way `swift build` compiles a debug target.
# Linear growth is about 10x from 100 to 1,000; the script prints both times and the ratio.
#
#   Benchmarks/union-compile.sh [sizes...]     default: 100 1000
# With UNION_ROWS=<file> it also appends the results as rows of Benchmarks/run.sh's table.
set -euo pipefail
BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$BENCH/.." && pwd)"
OUT="$BENCH/out/unions"
SIZES="${*:-100 1000}"
mkdir -p "$OUT"
( cd "$ROOT" && swift build --product endpoint-gen && swift build --target EndpointRuntime ) > "$OUT/build.log" 2>&1 \
    || { cat "$OUT/build.log" >&2; exit 1; }
BIN="$(cd "$ROOT" && swift build --show-bin-path)"
MODULES="$(dirname "$(find "$BIN" -name 'EndpointRuntime.swiftmodule' -not -path '*/index/*' | head -n 1)")"
JOBS=$(nproc 2>/dev/null || echo 2)
declare -A CPU
for n in $SIZES; do
    spec="$OUT/Unions$n.endpoints.json"
    python3 - "$n" "$spec" <<'PY'
import json, sys
n, path = int(sys.argv[1]), sys.argv[2]
models = {}
for i in range(n):
    if i % 2 == 0:
        models[f"U{i}"] = {"oneOf": [f"A{i}", f"B{i}"], "discriminator": {"property": "kind", "mapping": {"a": f"A{i}", "b": f"B{i}"}}}
    else:
        models[f"U{i}"] = {"oneOf": [f"A{i}", "Int", f"[B{i}]"]}
    models[f"A{i}"] = {"properties": {"kind": "String", "id": "Int64", "name": "String?", "next": f"U{i}?"}}
    models[f"B{i}"] = {"properties": {"kind": "String", "score": "Double", "tags": "[String]"}}
spec = {"name": f"Unions{n}", "baseURL": "https://example.com",
        "endpoints": {"item": {"method": "GET", "path": "/item", "response": "U0"}}, "models": models}
open(path, "w").write(json.dumps(spec, indent=1))
PY
    rm -f "$OUT/Unions$n"*.swift
    "$BIN/endpoint-gen" generate "$spec" --output "$OUT" --quiet
    sources=("$OUT/Unions$n"*.swift)
    lines=$(cat "${sources[@]}" | wc -l)
    rm -rf "$OUT/obj$n" && mkdir -p "$OUT/obj$n"
    ( cd "$OUT/obj$n" && /usr/bin/time -f '%e %U %S' -o "$OUT/time.txt" swiftc -c -Onone -g -parse-as-library \
        -module-name "Unions$n" -I "$MODULES" -enable-batch-mode -j "$JOBS" "${sources[@]}" ) > "$OUT/compile$n.log" 2>&1 \
        || { tail -n 30 "$OUT/compile$n.log" >&2; exit 1; }
    read -r wall user sys < "$OUT/time.txt"
    CPU[$n]=$(python3 -c "print(f'{$user + $sys:.2f}')")
    echo "$n union models ($((n * 3)) models, $lines lines in ${#sources[@]} file(s)): ${wall} s wall, ${CPU[$n]} s CPU"
    if [ -n "${UNION_ROWS:-}" ]; then
        printf '6. Union models (-Onone -g)\t%s oneOf models with %s alternatives, %s lines in %s file(s): wall (CPU)\t%s s (%s s CPU)\t\t\n' \
            "$n" "$((n * 2))" "$lines" "${#sources[@]}" "$wall" "${CPU[$n]}" >> "$UNION_ROWS"
    fi
done
if [ -n "${CPU[100]:-}" ] && [ -n "${CPU[1000]:-}" ]; then
    ratio=$(python3 -c "print(f'{${CPU[1000]} / ${CPU[100]}:.1f}')")
    echo "1,000 vs 100 union models: ${ratio}x the CPU time (linear: 10x)"
    if [ -n "${UNION_ROWS:-}" ]; then
        # A short compile varies by a third between runs on a shared machine: within 20% of linear is linear.
        verdict=$(python3 -c "print('met' if $ratio <= 12 else 'MISSED')")
        printf '6. Union models (-Onone -g)\t1,000 / 100 union models, CPU time\t%sx\tabout 10x (linear), <= 12x\t%s\n' "$ratio" "$verdict" >> "$UNION_ROWS"
    fi
fi
