#!/usr/bin/env bash
# Compares endpoint-gen's version 2 output with
#   1. version 1 of the generator (commit 95c8c12, the last version-1 commit, with its own runtime), on
#      the Strava spec and synthetic specs of 700 (GitHub-sized) and 5,000 endpoints: generated lines
#      per endpoint, generation time, type-check time, debug compile time and its peak memory;
#   2. swift-openapi-generator 1.14.3 (SOG; types + client, against OpenAPIRuntime) on the OpenAPI
#      documents in ../shared/openapi: generation time (SOG's `generate` vs our `import` + `generate`),
#      debug compile time of the generated code and the compile's peak memory;
#   3. with --today [COMMIT]: the generator as it was at COMMIT (default f753e9e, before the generated
#      models were reshaped for compile time, issue 24), with its own runtime, against this one, on
#      AdyenCheckout, Spotify and XeroAccounting (../shared/openapi; each side imports and generates
#      with its own CLI) and the synthetic 700- and 5,000-endpoint specs: generated lines, type-check
#      CPU, debug compile CPU and peak memory. Not run by default.
# Every figure is a ratio measured in one run: both sides back to back, alternating. Heavy (about
# 15-25 minutes on 2 cores, plus a first build of SOG): CI does not run it; CI runs run.sh --smoke.
#
#   Benchmarks/compare.sh                 both comparisons; prints the table, writes Benchmarks/comparison.md
#   Benchmarks/compare.sh --v1            only version 1 vs version 2
#   Benchmarks/compare.sh --sog           only SOG vs endpoint-gen
#   Benchmarks/compare.sh --today [COMMIT]  only "today" (COMMIT, default f753e9e) vs this commit
#   Options: --sizes "700 5000"  --rounds N (rounds of the short compiles, default 3)
#            --docs "Stripe.json" (the documents of ../shared/openapi to compare: for --today instead
#            of AdyenCheckout, Spotify and XeroAccounting, for SOG instead of every JSON document there
#            but Stripe's; Stripe alone takes about 15 minutes with --today, and longer than all the
#            others together with SOG)
#            --output FILE (default Benchmarks/comparison.md; with --today, Benchmarks/comparison-today.md,
#            so that a "today" run leaves the version-1 and SOG table as it was)
#
# Scratch builds (git-ignored, never committed): Benchmarks/.build-v1 (git archive of 95c8c12, built in
# release), Benchmarks/.build-today (git archive of the --today commit, built in release) and Benchmarks/.build-sog (a package that depends on SOG 1.14.3 and swift-openapi-runtime,
# resolved from the machine's package mirror; skipped with a note when the mirror is absent).
# It measures and reports; a slow number never fails it. It exits non-zero only when this branch's own
# generator or runtime cannot be built; a baseline that cannot be built or that refuses a spec is
# reported in the table and the notes.
set -euo pipefail

BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$BENCH/.." && pwd)"
OUT="$BENCH/out/compare"
[[ -d /opt/swift/usr/bin ]] && export PATH="/opt/swift/usr/bin:$PATH"
V1_COMMIT=95c8c12
SOG_VERSION=1.14.3
SOG_MIRROR=/opt/swift-packages/apple/swift-openapi-generator.git
OPENAPI_DIR="${OPENAPI_DIR:-$ROOT/../shared/openapi}"
[ -d "$OPENAPI_DIR" ] || OPENAPI_DIR=/work/shared/openapi
DO_V1=1
DO_SOG=1
DO_TODAY=0
TODAY_COMMIT=f753e9e
TODAY_DOCS="AdyenCheckout.json Spotify.yaml XeroAccounting.yaml"
DOCS_GIVEN=0
SIZES="700 5000"
ROUNDS=3
RESULT=""
while [ $# -gt 0 ]; do
    case "$1" in
        --v1) DO_V1=1; DO_SOG=0 ;;
        --sog) DO_V1=0; DO_SOG=1 ;;
        --today)
            DO_V1=0; DO_SOG=0; DO_TODAY=1
            if [ $# -gt 1 ] && [[ "$2" != --* ]]; then TODAY_COMMIT="$2"; shift; fi ;;
        --sizes) SIZES="$2"; shift ;;
        --rounds) ROUNDS="$2"; shift ;;
        --docs) TODAY_DOCS="$2"; DOCS_GIVEN=1; shift ;;
        --output) RESULT="$2"; shift ;;
        -h|--help) sed -n '2,34p' "$0"; exit 0 ;;
        *) echo "compare.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
    shift
done

if [ -z "$RESULT" ]; then
    RESULT="$BENCH/comparison.md"; [ "$DO_TODAY" = 1 ] && RESULT="$BENCH/comparison-today.md"
fi
TITLE="Comparison: endpoint-gen version 2 against version 1 and swift-openapi-generator"
[ "$DO_TODAY" = 1 ] && TITLE="Comparison: endpoint-gen's generated code today ($TODAY_COMMIT) against this commit's"

rm -rf "$OUT"
mkdir -p "$OUT/logs" "$OUT/runs" "$OUT/specs"
ROWS="$OUT/rows.tsv"; : > "$ROWS"
NOTES="$OUT/notes.txt"; : > "$NOTES"
JOBS=$(nproc 2>/dev/null || echo 2)

# method TEXT: a line of the results file's notes on how something was measured.
method() { printf '%s\n' "$*" >> "$NOTES"; }
log() { printf '[compare %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
note() { log "NOTE: $*"; printf '%s\n' "$*" >> "$NOTES"; }
# row COMPARISON INPUT MEASURE BASELINE OURS RATIO
row() { printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" "$5" "$6" >> "$ROWS"; }
py() { python3 -c "$@"; }
# timed LOGFILE CMD...: runs CMD; sets T_WALL T_CPU (user + sys of CMD and the processes it waited
# for, to the microsecond) and T_RSS (kB; the largest of those processes). Returns CMD's status.
timed() {
    local logfile="$1"; shift
    local status=0 wall user sys mem
    python3 "$BENCH/compare_table.py" run "$OUT/time.txt" "$logfile" "$@" || status=$?
    read -r wall user sys mem < "$OUT/time.txt"
    T_WALL=$wall; T_CPU=$(py "print(f'{$user + $sys:.4f}')"); T_RSS=$mem
    return $status
}
# pair KEY ROUNDS FN_A FN_B: runs FN_A and FN_B (each sets T_WALL T_CPU T_RSS, returns non-zero on
# failure) ROUNDS times, alternating A B, B A, A B, ... so neither side always goes first.
pair() {
    local key="$1" rounds="$2" fa="$3" fb="$4" r
    : > "$OUT/runs/$key.tsv"
    for r in $(seq "$rounds"); do
        local order=("A:$fa" "B:$fb")
        if [ $((r % 2)) = 0 ]; then order=("B:$fb" "A:$fa"); fi
        local entry
        for entry in "${order[@]}"; do
            local side="${entry%%:*}" fn="${entry#*:}"
            if ! "$fn"; then log "$key: $fn failed (see $OUT/logs)"; return 1; fi
            printf '%s %s %s %s %s\n' "$side" "$r" "$T_WALL" "$T_CPU" "$T_RSS" >> "$OUT/runs/$key.tsv"
        done
    done
    log "$key: $(tr '\n' ';' < "$OUT/runs/$key.tsv")"
}
# report KEY COMPARISON INPUT WHAT [GEN-LABEL]: adds the rows for the pair KEY measured.
# WHAT: gen (wall, CPU, memory of a generator), compile (wall, CPU; peak memory row), typecheck.
report() {
    local key="$1" comparison="$2" input="$3" what="$4" label="${5:-generation (release builds)}"
    local n aw ac am bw bc bm rw rc rm
    read -r n aw ac am bw bc bm rw rc rm < <(python3 "$BENCH/compare_table.py" summary "$OUT/runs/$key.tsv")
    [ "$n" != 0 ] || return 0
    local runs="median of $n"; [ "$n" != 1 ] || runs="one run each"
    case "$what" in
        gen)
            row "$comparison" "$input" "$label: wall (CPU), peak memory; $runs" \
                "$aw s ($ac s CPU), $am MB" "$bw s ($bc s CPU), $bm MB" "wall $rw, CPU $rc, memory $rm" ;;
        typecheck)
            row "$comparison" "$input" "type-check: \`swiftc -typecheck\`, one frontend: wall (CPU); $runs" \
                "$aw s ($ac s CPU)" "$bw s ($bc s CPU)" "wall $rw, CPU $rc" ;;
        compile)
            row "$comparison" "$input" "debug compile: \`swiftc -c -Onone -g -enable-batch-mode -j $JOBS\`, all files as one module: wall (CPU); $runs" \
                "$aw s ($ac s CPU)" "$bw s ($bc s CPU)" "wall $rw, CPU $rc"
            row "$comparison" "$input" "debug compile: peak memory of one compiler process (max over the runs)" \
                "$am MB" "$bm MB" "$rm" ;;
    esac
}
# swift_files DIR: the generated Swift files of DIR, sorted.
swift_files() { find "$1" -maxdepth 1 -name '*.swift' | sort; }
# lines_of DIR: "LINES FILES CODE" of the Swift files in DIR; CODE: lines neither blank nor comments.
lines_of() {
    local f; f=$(swift_files "$1")
    echo "$(cat $f | wc -l) $(echo "$f" | grep -c .) $(cat $f | grep -cvE '^[[:space:]]*(//.*)?$')"
}
# compile DIR MODULES MODULE-NAME [typecheck]: compiles DIR's Swift files as one module against MODULES.
compile() {
    local dir="$1" modules="$2" name="$3" mode="${4:-compile}"
    local obj="$OUT/obj/$name"
    rm -rf "$obj" && mkdir -p "$obj"
    local sources=(); mapfile -t sources < <(swift_files "$dir")
    local status=0
    if [ "$mode" = typecheck ]; then
        ( cd "$obj" && timed "$OUT/logs/$name-typecheck.log" swiftc -typecheck -parse-as-library \
            -module-name "$name" -I "$modules" "${sources[@]}" ) || status=$?
    else
        ( cd "$obj" && timed "$OUT/logs/$name-compile.log" swiftc -c -Onone -g -parse-as-library \
            -module-name "$name" -I "$modules" -enable-batch-mode -j "$JOBS" "${sources[@]}" ) || status=$?
    fi
    local wall user sys mem
    read -r wall user sys mem < "$OUT/time.txt"
    T_WALL=$wall; T_CPU=$(py "print(f'{$user + $sys:.4f}')"); T_RSS=$mem
    return $status
}
count_endpoints() {
    py "
import json
def c(n): return len(n.get('endpoints', {})) + sum(c(g) for g in n.get('groups', {}).values())
print(c(json.load(open('$1'))))"
}
# modules_of BIN: the folder holding EndpointRuntime.swiftmodule in a build folder.
modules_of() {
    dirname "$(find "$1" -name 'EndpointRuntime.swiftmodule' -not -path '*/index/*' | head -n 1)"
}

# ---------------------------------------------------------------- this branch's generator (release)
log "building endpoint-gen and EndpointRuntime (release) of this branch"
( cd "$ROOT" && swift build -c release --product endpoint-gen && swift build -c release --target EndpointRuntime ) \
    > "$OUT/logs/build-v2.log" 2>&1 \
    || { tail -n 40 "$OUT/logs/build-v2.log" >&2; echo "compare.sh: release build of this branch failed" >&2; exit 1; }
V2_BIN="$(cd "$ROOT" && swift build -c release --show-bin-path)"
V2_GEN="$V2_BIN/endpoint-gen"
V2_MODULES="$(modules_of "$V2_BIN")"
[ -x "$V2_GEN" ] && [ -d "$V2_MODULES" ] || { echo "compare.sh: endpoint-gen or EndpointRuntime.swiftmodule missing under $V2_BIN" >&2; exit 1; }
method "CPU time: user + sys of the command and of every process it waited for (the compiler driver's frontend jobs). Peak memory: the largest of those processes (wait4's maxrss)."

write_table() {
    [ -s "$ROWS" ] || row "(nothing measured)" "" "" "" "" ""
    python3 "$BENCH/compare_table.py" table "$ROWS" "$RESULT" "$NOTES" "$TITLE"
}

# ---------------------------------------------------------------- 1. version 1: build
V1_OK=0
if [ "$DO_V1" = 1 ]; then
    V1_DIR="$BENCH/.build-v1"
    V1_SRC="$V1_DIR/src"
    V1_OK=1
    if [ "$(cat "$V1_DIR/commit" 2>/dev/null)" != "$V1_COMMIT" ]; then
        log "extracting version 1 ($V1_COMMIT) into $V1_SRC"
        rm -rf "$V1_SRC" && mkdir -p "$V1_SRC"
        if git -C "$ROOT" archive "$V1_COMMIT" | tar -x -C "$V1_SRC"; then
            echo "$V1_COMMIT" > "$V1_DIR/commit"
        else
            V1_OK=0; note "version 1: \`git archive $V1_COMMIT\` failed (is the commit in this clone?); comparison with version 1 skipped"
        fi
    fi
    if [ "$V1_OK" = 1 ]; then
        log "building version 1's endpoint-gen and EndpointRuntime (release)"
        if ( cd "$V1_SRC" && swift build -c release --product endpoint-gen && swift build -c release --target EndpointRuntime ) \
                > "$OUT/logs/build-v1.log" 2>&1; then
            V1_BIN="$(cd "$V1_SRC" && swift build -c release --show-bin-path)"
            V1_GEN="$V1_BIN/endpoint-gen"
            V1_MODULES="$(modules_of "$V1_BIN")"
            grep -q EndpointRuntimeVersion1 -r "$V1_SRC/Sources/EndpointRuntime" \
                || note "version 1's runtime does not declare EndpointRuntimeVersion1"
            method "Version 1: commit $V1_COMMIT (its generator and its runtime, EndpointRuntimeVersion1), from \`git archive $V1_COMMIT\`, built in release in Benchmarks/.build-v1. Version 2: this commit, release. Each version's output is compiled against its own EndpointRuntime module."
            method "Strava: version 1 refuses this branch's specs/StravaAPI.endpoints.json (its top-level 'errors' is new in version 2), so both versions are given $V1_COMMIT's spelling of the spec, which version 2 reads too; this branch's spelling is listed for version 2 alone. Synthetic specs: Benchmarks/make-spec.py SIZE (seed 1), the same file for both versions."
        else
            V1_OK=0; note "version 1 ($V1_COMMIT) did not build: $(grep -m1 'error:' "$OUT/logs/build-v1.log" || tail -n 1 "$OUT/logs/build-v1.log")"
        fi
    fi
fi

# v1_input NAME: version 1 against version 2 on $OUT/specs/NAME.endpoints.json.
v1_input() {
    local name="$1"
    spec="$OUT/specs/$name.endpoints.json"
    local endpoints input v gen_var l1 f1 c1 l2 f2 c2 rounds tc_rounds
    endpoints=$(count_endpoints "$spec")
    case "$name" in
        StravaAPI) input="Strava (specs/StravaAPI.endpoints.json as of $V1_COMMIT), $endpoints endpoints" ;;
        *) input="make-spec.py ${name#Synth}: $endpoints endpoints" ;;
    esac
    log "v1 vs v2: $input"
    for v in 1 2; do
        gen_var="V${v}_GEN"
        rm -rf "$OUT/gen-v$v/$name" && mkdir -p "$OUT/gen-v$v/$name"
        if ! "${!gen_var}" generate "$spec" --output "$OUT/gen-v$v/$name" > "$OUT/logs/gen-v$v-$name.log" 2>&1; then
            note "version $v refuses $input: $(grep -m1 -i 'error' "$OUT/logs/gen-v$v-$name.log" || tail -n 1 "$OUT/logs/gen-v$v-$name.log")"
        fi
    done
    if [ -z "$(swift_files "$OUT/gen-v1/$name")" ] || [ -z "$(swift_files "$OUT/gen-v2/$name")" ]; then
        row "1. v1 vs v2" "$input" "generation" "$([ -n "$(swift_files "$OUT/gen-v1/$name")" ] && echo ok || echo refused)" \
            "$([ -n "$(swift_files "$OUT/gen-v2/$name")" ] && echo ok || echo refused)" ""
        return 0
    fi
    read -r l1 f1 c1 < <(lines_of "$OUT/gen-v1/$name")
    read -r l2 f2 c2 < <(lines_of "$OUT/gen-v2/$name")
    row "1. v1 vs v2" "$input" "generated Swift: lines (files), lines per endpoint" \
        "$l1 ($f1), $(py "print(f'{$l1/$endpoints:.1f}')")" "$l2 ($f2), $(py "print(f'{$l2/$endpoints:.1f}')")" \
        "$(py "print(f'{$l2/$l1:.2f}')")"
    row "1. v1 vs v2" "$input" "generated Swift: code lines (not blank, not comments), per endpoint" \
        "$c1, $(py "print(f'{$c1/$endpoints:.1f}')")" "$c2, $(py "print(f'{$c2/$endpoints:.1f}')")" \
        "$(py "print(f'{$c2/$c1:.2f}')")"

    # Generation: the generator does not rewrite unchanged files, so the folder is emptied first.
    # A run on a small spec takes milliseconds: more rounds there.
    local gen_rounds=5; [ "$endpoints" -gt 100 ] || gen_rounds=11
    gen_a() { rm -f "$OUT/gen-v1/$name"/*.swift; timed "$OUT/logs/gen-v1-$name.log" "$V1_GEN" generate "$spec" --output "$OUT/gen-v1/$name"; }
    gen_b() { rm -f "$OUT/gen-v2/$name"/*.swift; timed "$OUT/logs/gen-v2-$name.log" "$V2_GEN" generate "$spec" --output "$OUT/gen-v2/$name"; }
    pair "v1v2-gen-$name" "$gen_rounds" gen_a gen_b && report "v1v2-gen-$name" "1. v1 vs v2" "$input" gen

    # Compilation: each version's output against its own runtime module. A spec of thousands of
    # endpoints compiles for minutes: two rounds there (v1 v2, v2 v1), one of type-checking.
    rounds=$ROUNDS; tc_rounds=$ROUNDS
    if [ "$endpoints" -gt 2000 ]; then rounds=2; tc_rounds=1; fi
    tc_a() { compile "$OUT/gen-v1/$name" "$V1_MODULES" "V1$name" typecheck; }
    tc_b() { compile "$OUT/gen-v2/$name" "$V2_MODULES" "V2$name" typecheck; }
    if pair "v1v2-typecheck-$name" "$tc_rounds" tc_a tc_b; then
        report "v1v2-typecheck-$name" "1. v1 vs v2" "$input" typecheck
    else
        note "type-checking $name failed (v1 or v2; see $OUT/logs/*$name-typecheck.log)"
    fi
    cc_a() { compile "$OUT/gen-v1/$name" "$V1_MODULES" "V1$name"; }
    cc_b() { compile "$OUT/gen-v2/$name" "$V2_MODULES" "V2$name"; }
    if pair "v1v2-compile-$name" "$rounds" cc_a cc_b; then
        report "v1v2-compile-$name" "1. v1 vs v2" "$input" compile
    else
        note "compiling $name failed (v1 or v2; see $OUT/logs/*$name-compile.log)"
    fi
    write_table
}

# v1_strava_branch: version 2 on this branch's own spelling of the Strava spec (top-level 'errors').
v1_strava_branch() {
    local l2 f2 e v1_says
    rm -rf "$OUT/gen-v2/StravaBranch" && mkdir -p "$OUT/gen-v2/StravaBranch"
    "$V2_GEN" generate "$ROOT/specs/StravaAPI.endpoints.json" --output "$OUT/gen-v2/StravaBranch" \
        > "$OUT/logs/gen-v2-strava-branch.log" 2>&1 || return 0
    read -r l2 f2 _ < <(lines_of "$OUT/gen-v2/StravaBranch")
    e=$(count_endpoints "$ROOT/specs/StravaAPI.endpoints.json")
    v1_says="version 1 generates it too"
    rm -rf "$OUT/gen-v1/StravaBranch" && mkdir -p "$OUT/gen-v1/StravaBranch"
    if ! "$V1_GEN" generate "$ROOT/specs/StravaAPI.endpoints.json" --output "$OUT/gen-v1/StravaBranch" \
            > "$OUT/logs/gen-v1-strava-branch.log" 2>&1; then
        v1_says="refused: $(grep -m1 -i 'error' "$OUT/logs/gen-v1-strava-branch.log" | sed 's|.*/specs/|specs/|' | cut -c1-160)"
    fi
    row "1. v1 vs v2" "Strava (this branch's specs/StravaAPI.endpoints.json: errors declared once), $e endpoints" \
        "generated Swift: lines (files), lines per endpoint" "$v1_says" "$l2 ($f2), $(py "print(f'{$l2/$e:.1f}')")" ""
}

# ---------------------------------------------------------------- 2. swift-openapi-generator: build
SOG_OK=0
if [ "$DO_SOG" = 1 ]; then
    SOG_DIR="$BENCH/.build-sog"
    SOG_PKG="$SOG_DIR/pkg"
    SOG_OK=1
    if [ ! -d "$SOG_MIRROR" ]; then
        SOG_OK=0; note "swift-openapi-generator: the package mirror ($SOG_MIRROR) is absent on this machine; comparison skipped"
        echo "compare.sh: the package mirror $SOG_MIRROR is absent; skipping the swift-openapi-generator comparison" >&2
    elif ! ls "$OPENAPI_DIR"/*.json > /dev/null 2>&1; then
        SOG_OK=0; note "swift-openapi-generator: no OpenAPI documents in $OPENAPI_DIR; comparison skipped"
    fi
    if [ "$SOG_OK" = 1 ]; then
        mkdir -p "$SOG_PKG/Sources/SOGRuntime"
        manifest='// swift-tools-version:6.2
// Scratch package written by Benchmarks/compare.sh (git-ignored): builds swift-openapi-generator'"'"'s
// CLI and the OpenAPIRuntime module that its generated code compiles against.
import PackageDescription
let package = Package(
    name: "SOGBench",
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "'"$SOG_VERSION"'"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
    ],
    targets: [
        .target(name: "SOGRuntime", dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")]),
    ]
)'
        # Written only when it changes, so that a second run reuses the build.
        [ "$(cat "$SOG_PKG/Package.swift" 2>/dev/null)" = "$manifest" ] || printf '%s\n' "$manifest" > "$SOG_PKG/Package.swift"
        [ -f "$SOG_PKG/Sources/SOGRuntime/SOGRuntime.swift" ] \
            || echo '@_exported import OpenAPIRuntime' > "$SOG_PKG/Sources/SOGRuntime/SOGRuntime.swift"
        log "building swift-openapi-generator $SOG_VERSION and OpenAPIRuntime (release; the first build takes a long while)"
        if ( cd "$SOG_PKG" && swift build -c release --product swift-openapi-generator && swift build -c release --target SOGRuntime ) \
                > "$OUT/logs/build-sog.log" 2>&1; then
            SOG_BIN="$(cd "$SOG_PKG" && swift build -c release --show-bin-path)"
            SOG_GEN="$SOG_BIN/swift-openapi-generator"
            SOG_MODULES="$(dirname "$(find "$SOG_BIN" -name 'OpenAPIRuntime.swiftmodule' -not -path '*/index/*' | head -n 1)")"
            method "SOG: swift-openapi-generator $SOG_VERSION with swift-openapi-runtime $(py "
import json
pins = json.load(open('$SOG_PKG/Package.resolved')).get('pins', [])
print(next((p['state'].get('version', '?') for p in pins if p['identity'] == 'swift-openapi-runtime'), '?'))" 2>/dev/null || echo '?') from the package mirror, built in release in Benchmarks/.build-sog; \`swift-openapi-generator generate DOC --mode types --mode client --access-modifier public\` (SOG's default access is internal, endpoint-gen's public), its files compiled against OpenAPIRuntime. Ours: \`endpoint-gen import DOC --name NAME --output NAME.endpoints.json\` then \`endpoint-gen generate\`, compiled against EndpointRuntime."
        else
            SOG_OK=0; note "swift-openapi-generator $SOG_VERSION did not build: $(grep -m1 'error:' "$OUT/logs/build-sog.log" || tail -n 1 "$OUT/logs/build-sog.log")"
        fi
    fi
fi

# sog_doc DOC: swift-openapi-generator against endpoint-gen on one OpenAPI document.
sog_doc() {
    doc="$1"
    local base ops input ls fs cs lo fo co ours_eps
    base="$(basename "$doc" .json)"
    case "$base" in
        pet-store*) name=PetStore ;;
        google-books*) name=GoogleBooks ;;
        tomtom*) name=TomTom ;;
        *) name="$(py "import re; print(''.join(w.capitalize() for w in re.split(r'[^A-Za-z0-9]+', '$base') if w and not w[0].isdigit()))")" ;;
    esac
    ops=$(py "
import json
d = json.load(open('$doc'))
print(sum(1 for p in d.get('paths', {}).values() for m in p if m in ('get','put','post','delete','patch','head','options','trace')))")
    input="$base.json ($ops operations)"
    log "SOG vs endpoint-gen: $input"
    sog_dir="$OUT/gen-sog/$name"; ours_dir="$OUT/gen-ours/$name"; ours_spec="$OUT/specs/$name.endpoints.json"
    mkdir -p "$sog_dir" "$ours_dir"
    # Both generate public declarations (SOG's default is internal; ours is public).
    gen_sog() {
        rm -f "$sog_dir"/*.swift
        timed "$OUT/logs/sog-gen-$name.log" "$SOG_GEN" generate "$doc" --mode types --mode client \
            --access-modifier public --output-directory "$sog_dir"
    }
    gen_ours() {
        rm -f "$ours_spec" "$ours_dir"/*.swift
        timed "$OUT/logs/ours-import-$name.log" "$V2_GEN" import "$doc" --name "$name" --output "$ours_spec" || return 1
        local w=$T_WALL c=$T_CPU m=$T_RSS
        timed "$OUT/logs/ours-gen-$name.log" "$V2_GEN" generate "$ours_spec" --output "$ours_dir" || return 1
        T_WALL=$(py "print(f'{$w + $T_WALL:.4f}')"); T_CPU=$(py "print(f'{$c + $T_CPU:.4f}')")
        T_RSS=$(( m > T_RSS ? m : T_RSS ))
    }
    if ! gen_sog; then
        note "swift-openapi-generator fails on $base.json: $(grep -m1 -i 'error' "$OUT/logs/sog-gen-$name.log" | cut -c1-200)"
        row "2. SOG vs endpoint-gen" "$input" "generation" "failed" "" ""; return 0
    fi
    if ! gen_ours; then
        note "endpoint-gen fails on $base.json: $(grep -h -m1 -i 'error' "$OUT/logs/ours-import-$name.log" "$OUT/logs/ours-gen-$name.log" | cut -c1-200)"
        row "2. SOG vs endpoint-gen" "$input" "generation" "ok" "failed" ""; return 0
    fi
    ours_eps=$(count_endpoints "$ours_spec")
    read -r ls fs cs < <(lines_of "$sog_dir")
    read -r lo fo co < <(lines_of "$ours_dir")
    row "2. SOG vs endpoint-gen" "$input" "generated Swift: lines (files), lines per operation (ours keeps $ours_eps of $ops)" \
        "$ls ($fs), $(py "print(f'{$ls/$ops:.1f}')")" "$lo ($fo), $(py "print(f'{$lo/$ops:.1f}')")" "$(py "print(f'{$lo/$ls:.2f}')")"
    row "2. SOG vs endpoint-gen" "$input" "generated Swift: code lines (not blank, not comments), per operation" \
        "$cs, $(py "print(f'{$cs/$ops:.1f}')")" "$co, $(py "print(f'{$co/$ops:.1f}')")" "$(py "print(f'{$co/$cs:.2f}')")"
    pair "sog-gen-$name" 7 gen_sog gen_ours && report "sog-gen-$name" "2. SOG vs endpoint-gen" "$input" gen \
        "generation (release builds; SOG \`generate --mode types --mode client\`, ours \`import\` + \`generate\`)"
    cc_sog() { compile "$sog_dir" "$SOG_MODULES" "SOG$name"; }
    cc_ours() { compile "$ours_dir" "$V2_MODULES" "Ours$name"; }
    if pair "sog-compile-$name" "$ROUNDS" cc_sog cc_ours; then
        report "sog-compile-$name" "2. SOG vs endpoint-gen" "$input" compile
    else
        note "compiling the generated code of $base.json failed (see $OUT/logs/*$name-compile.log): $(grep -h -m1 'error:' "$OUT"/logs/*"$name"-compile.log | head -n 1 | cut -c1-200)"
    fi
    write_table
}

# ---------------------------------------------------------------- 3. today vs new
# today_build: extracts and builds the --today commit's generator and runtime; sets TODAY_GEN, TODAY_MODULES.
today_build() {
    local dir="$BENCH/.build-today" src="$BENCH/.build-today/src"
    if [ "$(cat "$dir/commit" 2>/dev/null)" != "$TODAY_COMMIT" ]; then
        log "extracting $TODAY_COMMIT into $src"
        rm -rf "$src" && mkdir -p "$src"
        git -C "$ROOT" archive "$TODAY_COMMIT" | tar -x -C "$src" || {
            note "today: \`git archive $TODAY_COMMIT\` failed; comparison skipped"; return 1; }
        echo "$TODAY_COMMIT" > "$dir/commit"
    fi
    log "building $TODAY_COMMIT's endpoint-gen and EndpointRuntime (release)"
    if ! ( cd "$src" && swift build -c release --product endpoint-gen && swift build -c release --target EndpointRuntime ) \
            > "$OUT/logs/build-today.log" 2>&1; then
        note "today ($TODAY_COMMIT) did not build: $(grep -m1 'error:' "$OUT/logs/build-today.log" || tail -n 1 "$OUT/logs/build-today.log")"
        return 1
    fi
    local bin; bin="$(cd "$src" && swift build -c release --show-bin-path)"
    TODAY_GEN="$bin/endpoint-gen"
    TODAY_MODULES="$(modules_of "$bin")"
    method "Today vs new: \"today\" is commit $TODAY_COMMIT (its generator and runtime, \`git archive\`, release, in Benchmarks/.build-today); \"new\" is this commit. Each side's output is compiled against its own EndpointRuntime module. OpenAPI documents: each side runs its own \`import DOC --name NAME\` then \`generate\`; synthetic specs: Benchmarks/make-spec.py SIZE, the same file for both."
}

# today_input NAME SOURCE: today's generator against this one on SOURCE (an OpenAPI document or a spec).
today_input() {
    local name="$1" source="$2" input endpoints side gen l1 f1 c1 l2 f2 c2 rounds tc_rounds
    local today_dir="$OUT/gen-today/$name" new_dir="$OUT/gen-new/$name"
    rm -rf "$today_dir" "$new_dir" && mkdir -p "$today_dir" "$new_dir"
    for side in today new; do
        gen=$V2_GEN; [ "$side" = today ] && gen=$TODAY_GEN
        local spec="$source" dir="$OUT/gen-$side/$name"
        case "$source" in
            *.endpoints.json) ;;
            *)
                spec="$OUT/specs/$side-$name.endpoints.json"
                "$gen" import "$source" --name "$name" --output "$spec" --quiet > "$OUT/logs/today-import-$side-$name.log" 2>&1 \
                    || { note "$side refuses $source: $(grep -m1 -i error "$OUT/logs/today-import-$side-$name.log")"; return 0; } ;;
        esac
        "$gen" generate "$spec" --output "$dir" --quiet > "$OUT/logs/today-gen-$side-$name.log" 2>&1 \
            || { note "$side cannot generate $name: $(grep -m1 -i error "$OUT/logs/today-gen-$side-$name.log")"; return 0; }
    done
    endpoints=$(count_endpoints "$OUT/specs/new-$name.endpoints.json" 2>/dev/null || count_endpoints "$source")
    case "$source" in
        *.endpoints.json) input="make-spec.py ${name#Synth}: $endpoints endpoints" ;;
        *) input="$(basename "$source") ($endpoints endpoints)" ;;
    esac
    log "today vs new: $input"
    read -r l1 f1 c1 < <(lines_of "$today_dir")
    read -r l2 f2 c2 < <(lines_of "$new_dir")
    row "3. today vs new" "$input" "generated Swift: lines (files); code lines (not blank, not comments)" \
        "$l1 ($f1); $c1" "$l2 ($f2); $c2" "$(py "print(f'{$l2/$l1:.2f}; {$c2/$c1:.2f}')")"
    rounds=$ROUNDS; tc_rounds=$ROUNDS
    if [ "$endpoints" -gt 2000 ]; then rounds=2; tc_rounds=1; fi
    tc_a() { compile "$today_dir" "$TODAY_MODULES" "Today$name" typecheck; }
    tc_b() { compile "$new_dir" "$V2_MODULES" "New$name" typecheck; }
    if pair "today-typecheck-$name" "$tc_rounds" tc_a tc_b; then
        report "today-typecheck-$name" "3. today vs new" "$input" typecheck
    else
        note "type-checking $name failed (today or new; see $OUT/logs/*$name-typecheck.log)"
    fi
    cc_a() { compile "$today_dir" "$TODAY_MODULES" "Today$name"; }
    cc_b() { compile "$new_dir" "$V2_MODULES" "New$name"; }
    if pair "today-compile-$name" "$rounds" cc_a cc_b; then
        report "today-compile-$name" "3. today vs new" "$input" compile
    else
        note "compiling $name failed (today or new; see $OUT/logs/*$name-compile.log)"
    fi
    write_table
}

# ---------------------------------------------------------------- the measurements
# Short inputs first, the 5,000-endpoint spec (minutes per compile) last.
small=(); large=()
if [ "$V1_OK" = 1 ]; then
    git -C "$ROOT" show "$V1_COMMIT:specs/StravaAPI.endpoints.json" > "$OUT/specs/StravaAPI.endpoints.json"
    small+=("StravaAPI")
    for n in $SIZES; do
        python3 "$BENCH/make-spec.py" "$n" "$OUT/specs/Synth$n.endpoints.json"
        if [ "$n" -gt 2000 ]; then large+=("Synth$n"); else small+=("Synth$n"); fi
    done
fi
# Strava: this branch's spec declares its shared error bodies once at the top level ('errors', new
# in version 2), so both generators are given version 1's spelling of it (95c8c12's
# specs/StravaAPI.endpoints.json, which version 2 reads too); v1_strava_branch reports the rest.
for name in "${small[@]}"; do v1_input "$name"; done
[ "$V1_OK" = 1 ] && v1_strava_branch
if [ "$SOG_OK" = 1 ]; then
    if [ "$DOCS_GIVEN" = 1 ]; then
        for doc in $TODAY_DOCS; do
            case "$doc" in
                *.json) sog_doc "$OPENAPI_DIR/$doc" ;;
                *) note "$doc is left out of the SOG comparison, which reads JSON documents only" ;;
            esac
        done
    else
        # Every JSON document but Stripe's: its SOG output alone compiles for longer than all the
        # others together (pass --docs "Stripe.json" to compare it).
        for doc in "$OPENAPI_DIR"/*.json; do
            if [ "$(basename "$doc")" = Stripe.json ]; then note "Stripe.json is left out of the SOG comparison (--docs \"Stripe.json\" compares it)"; continue; fi
            sog_doc "$doc"
        done
    fi
fi
for name in "${large[@]}"; do v1_input "$name"; done
if [ "$DO_TODAY" = 1 ] && today_build; then
    for doc in $TODAY_DOCS; do
        [ -f "$OPENAPI_DIR/$doc" ] && today_input "${doc%.*}" "$OPENAPI_DIR/$doc" || note "today: $OPENAPI_DIR/$doc is absent"
    done
    for n in $SIZES; do
        python3 "$BENCH/make-spec.py" "$n" "$OUT/specs/Synth$n.endpoints.json"
        today_input "Synth$n" "$OUT/specs/Synth$n.endpoints.json"
    done
fi

write_table
cat "$RESULT"
