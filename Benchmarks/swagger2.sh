#!/bin/sh
# Swagger 2.0 vs OpenAPI 3.0 import time: the pet shop of Tests/EndpointGenCoreTests/Fixtures/Swagger2
# (the same API written in 2.0 and, by hand, in 3.0) with its paths repeated N times, imported by the
# release build R times each, alternating. Both must give the same spec bytes. Prints the median CPU
# time (user + sys) and peak memory of each, and 2.0 / 3.0. When valgrind is installed, also the
# instructions each import executes (one run each under `valgrind --tool=callgrind`, repeatable where
# CPU time on a shared machine is not; a minute or two with N = 300) and their 2.0 / 3.0;
# CALLGRIND=0 skips them. The ratios are reported, never checked.
#
#   Benchmarks/swagger2.sh [N=300] [R=9]      (needs python3 and GNU time; builds endpoint-gen in release)
set -eu
cd "$(dirname "$0")/.."
N=${1:-300}
R=${2:-9}
swift build -c release --product endpoint-gen >/dev/null
BIN="$(swift build -c release --show-bin-path)/endpoint-gen"
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
python3 - "$N" "$OUT" <<'EOF'
import copy, json, sys
n, out = int(sys.argv[1]), sys.argv[2]
fixtures = 'Tests/EndpointGenCoreTests/Fixtures/Swagger2/'
for source, target in [('PetShop.swagger.json', 'v2.json'), ('PetShop.openapi3.json', 'v3.json')]:
    document = json.load(open(fixtures + source))
    paths = {}
    for i in range(n):
        for path, item in document['paths'].items():
            item = copy.deepcopy(item)
            for operation in item.values():
                if isinstance(operation, dict) and 'operationId' in operation:
                    operation['operationId'] += str(i)
            paths[path.replace('/pets', '/pets%d' % i).replace('/store', '/store%d' % i)] = item
    document['paths'] = paths
    json.dump(document, open(out + '/' + target, 'w'), indent=1)
EOF
for round in $(seq "$R"); do
    for version in v2 v3; do
        /usr/bin/time -o "$OUT/time" -f "%U %S %M" "$BIN" import "$OUT/$version.json" --name PetShop --output "$OUT/$version.spec.json" --quiet 2>/dev/null
        awk '{ printf "%.2f %d\n", $1 + $2, $3 }' "$OUT/time" >> "$OUT/$version.times"
    done
done
cmp -s "$OUT/v2.spec.json" "$OUT/v3.spec.json" || { echo "error: the 2.0 and 3.0 documents import to different specs" >&2; exit 1; }
median() { sort -n "$1" | awk '{ a[NR] = $1; m[NR] = $2 } END { i = int((NR + 1) / 2); print a[i], m[i] }'; }
set -- $(median "$OUT/v2.times") $(median "$OUT/v3.times")
echo "paths x$N: 2.0 $(wc -c < "$OUT/v2.json") bytes, 3.0 $(wc -c < "$OUT/v3.json") bytes; medians of $R runs"
echo "Swagger 2.0: $1 s CPU, $2 KB peak"
echo "OpenAPI 3.0: $3 s CPU, $4 KB peak"
echo "2.0 / 3.0: $(awk -v a="$1" -v b="$3" 'BEGIN { if (b > 0) printf "%.2f", a / b; else printf "n/a (under 0.01 s)" }')"
if [ "${CALLGRIND:-1}" != 0 ] && command -v valgrind >/dev/null 2>&1; then
    for version in v2 v3; do
        valgrind --tool=callgrind --callgrind-out-file="$OUT/callgrind.$version" --log-file="$OUT/valgrind.$version" \
            "$BIN" import "$OUT/$version.json" --name PetShop --output "$OUT/$version.callgrind.spec.json" --quiet 2>/dev/null || true
    done
    # "==123== Collected : 4080123456": the instructions executed.
    instructions() { sed -n 's/.*Collected : *\([0-9][0-9]*\).*/\1/p' "$OUT/valgrind.$1" 2>/dev/null | tail -n 1; }
    I2=$(instructions v2)
    I3=$(instructions v3)
    if [ -n "$I2" ] && [ -n "$I3" ]; then
        echo "instructions (callgrind): Swagger 2.0 $(awk -v n="$I2" 'BEGIN { printf "%.1f", n / 1e6 }') M, OpenAPI 3.0 $(awk -v n="$I3" 'BEGIN { printf "%.1f", n / 1e6 }') M"
        echo "2.0 / 3.0 in instructions: $(awk -v a="$I2" -v b="$I3" 'BEGIN { printf "%.3f", a / b }')"
    else
        echo "instructions (callgrind): not counted (valgrind gave no total)"
    fi
fi
