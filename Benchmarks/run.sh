#!/usr/bin/env bash
# Benchmarks for endpoint-gen: generation, compilation of the generated code, build-plugin
# integration, run-time cost of requests and decoding (union-heavy payloads included; a request
# answered in process by a generated handler), importing OpenAPI from YAML vs JSON, the compile time
# of 100 vs 1,000 union models, and what `--service` adds to the compile time of a spec's file.
# Needs only the Swift toolchain and python3.
#
#   Benchmarks/run.sh            full run; prints one table and writes it to Benchmarks/results.md
#   Benchmarks/run.sh --smoke    everything once at 100 endpoints, debug builds, no plugin cold build
#                                (< 3 minutes); writes Benchmarks/out/results-smoke.md, leaves results.md alone
#
# Options: --sizes "100 1000 10000"   --no-plugin   --no-requests   --no-import
#          --services   only what issue 26 asks of services: a GET answered in process by the generated
#                       handler (4.) and the compile time --service adds (7.); with --smoke, debug builds
# It measures and reports; it fails only when something breaks (a build, a generation, a compile,
# a no-op rebuild that runs the generator), never because a number is slow.
# Benchmarks/compare.sh (not run by CI) compares with version 1 and swift-openapi-generator.
set -euo pipefail

BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$BENCH/.." && pwd)"
OUT="$BENCH/out"
SMOKE=0
SIZES="100 1000 10000"
DO_PLUGIN=1
DO_REQUESTS=1
DO_IMPORT=1
SERVICES_ONLY=0
while [ $# -gt 0 ]; do
    case "$1" in
        --smoke) SMOKE=1; SIZES="100"; DO_PLUGIN=0 ;;
        --sizes) SIZES="$2"; shift ;;
        --no-plugin) DO_PLUGIN=0 ;;
        --no-requests) DO_REQUESTS=0 ;;
        --no-import) DO_IMPORT=0 ;;
        --services) SERVICES_ONLY=1 ;;
        -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
        *) echo "run.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
    shift
done

mkdir -p "$OUT/specs" "$OUT/gen" "$OUT/obj" "$OUT/logs"
ROWS="$OUT/rows.tsv"
: > "$ROWS"
BROKEN=0

log() { printf '[bench %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
# row SECTION MEASURE RESULT TARGET VERDICT
row() { printf '%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" "$5" >> "$ROWS"; }
broken() { log "BROKEN: $*"; BROKEN=1; }
# timed LOGFILE CMD...: runs CMD under GNU time; leaves "wall user sys maxrss_kb" in $OUT/time.txt.
timed() {
    local logfile="$1"; shift
    /usr/bin/time -f '%e %U %S %M' -o "$OUT/time.txt" "$@" > "$logfile" 2>&1
}
py() { python3 -c "$@"; }

# ---------------------------------------------------------------- build the tools (release)
# The full run measures release builds. The smoke run only proves the pipeline works, so it reuses
# the debug build that CI's tests already made rather than spend minutes on a release build.
if [ "$SMOKE" = 1 ]; then CONFIG=debug; else CONFIG=release; fi
log "building endpoint-gen and EndpointRuntime ($CONFIG)"
( cd "$ROOT" && swift build -c "$CONFIG" --product endpoint-gen ) > "$OUT/logs/build-tools.log" 2>&1 \
    || { cat "$OUT/logs/build-tools.log" >&2; echo "run.sh: $CONFIG build of endpoint-gen failed" >&2; exit 1; }
( cd "$ROOT" && swift build -c "$CONFIG" --target EndpointRuntime ) >> "$OUT/logs/build-tools.log" 2>&1 \
    || { cat "$OUT/logs/build-tools.log" >&2; echo "run.sh: $CONFIG build of EndpointRuntime failed" >&2; exit 1; }
BIN="$(cd "$ROOT" && swift build -c "$CONFIG" --show-bin-path)"
GEN="$BIN/endpoint-gen"
MODULES="$(dirname "$(find "$BIN" -name 'EndpointRuntime.swiftmodule' -not -path '*/index/*' | head -n 1)")"
[ -x "$GEN" ] || { echo "run.sh: $GEN not found" >&2; exit 1; }
[ -d "$MODULES" ] || { echo "run.sh: EndpointRuntime.swiftmodule not found under $BIN" >&2; exit 1; }

if [ "$SERVICES_ONLY" = 1 ]; then SIZES=""; DO_PLUGIN=0; DO_IMPORT=0; fi

# ---------------------------------------------------------------- 1. generation
gen_runs() { if [ "$SMOKE" = 1 ]; then echo 1; else echo 5; fi; }
for n in $SIZES; do
    spec="$OUT/specs/Synth$n.endpoints.json"
    python3 "$BENCH/make-spec.py" "$n" "$spec"
    walls=(); cpus=(); mems=()
    ok=1
    for _ in $(seq "$(gen_runs)"); do
        rm -f "$OUT/gen/Synth$n.swift" "$OUT/gen/Synth$n+Part"*.swift   # unchanged files are not rewritten: always write
        if ! timed "$OUT/logs/gen-$n.log" "$GEN" generate "$spec" --output "$OUT/gen"; then
            ok=0; break
        fi
        read -r wall user sys mem < "$OUT/time.txt"
        walls+=("$wall"); cpus+=("$(py "print($user + $sys)")"); mems+=("$mem")
    done
    if [ "$ok" = 0 ] || [ ! -s "$OUT/gen/Synth$n.swift" ]; then
        cat "$OUT/logs/gen-$n.log" >&2
        broken "generation of $n endpoints failed"
        row "1. Generation" "$n endpoints" "FAILED" "" "broken"
        continue
    fi
    # A spec of more than 500 endpoints and models is written as Synth<n>.swift, Synth<n>+Part2.swift, ...
    outputs=("$OUT/gen/Synth$n.swift")
    for part in "$OUT/gen/Synth$n+Part"*.swift; do
        if [ -e "$part" ]; then outputs+=("$part"); fi
    done
    files=${#outputs[@]}
    lines=$(cat "${outputs[@]}" | wc -l)
    read -r wall cpu mem < <(py "
import statistics,sys
w=[float(x) for x in '${walls[*]}'.split()]; c=[float(x) for x in '${cpus[*]}'.split()]
m=[int(x) for x in '${mems[*]}'.split()]
print(f'{statistics.median(w):.2f}', f'{statistics.median(c):.2f}', f'{max(m)/1024:.0f}')")
    target=""; verdict=""
    if [ "$n" = 10000 ]; then
        # Judged on CPU time (user + sys) as well: on a shared machine the wall time of a
        # single-threaded process is its CPU time plus however long it waited for a core.
        # Issue 24's target.
        target="< 0.3 s, < 100 MB"
        verdict=$(py "print(('met' if $wall < 0.3 else 'met on CPU time, not wall (machine busy)' if $cpu < 0.3 else 'MISSED') if $mem < 100 else 'MISSED (memory)' if $wall < 0.3 or $cpu < 0.3 else 'MISSED (time and memory)')")
    fi
    row "1. Generation ($CONFIG)" "$n endpoints ($lines lines of Swift in $files file(s)): wall (CPU), peak memory" "$wall s ($cpu s CPU), $mem MB" "$target" "$verdict"
done

# ---------------------------------------------------------------- 2. compilation (debug)
# All of a spec's files as one module, the way `swift build` compiles a debug target: batch mode,
# one frontend job per core. CPU time is that of every job (GNU time counts waited-for children).
JOBS=$(nproc 2>/dev/null || echo 2)
declare -A CWALL CCPU
for n in $SIZES; do
    [ -s "$OUT/gen/Synth$n.swift" ] || continue
    sources=("$OUT/gen/Synth$n.swift")
    for part in "$OUT/gen/Synth$n+Part"*.swift; do
        if [ -e "$part" ]; then sources+=("$part"); fi
    done
    # A short compile on a shared machine varies by a third from one run to the next (1,000
    # endpoints: 24.5 to 33.0 s of CPU back to back), so sizes up to 1,000 are compiled three
    # times and the median is reported; 10,000 runs for minutes and is compiled once.
    runs=1
    if [ "$SMOKE" = 0 ] && [ "$n" -le 1000 ]; then runs=3; fi
    walls=(); cpus=(); peak=0; ok=1
    for _ in $(seq $runs); do
        rm -rf "$OUT/obj/$n" && mkdir -p "$OUT/obj/$n"
        if ! ( cd "$OUT/obj/$n" && timed "$OUT/logs/compile-$n.log" swiftc -c -Onone -g -parse-as-library \
                -module-name "Synth$n" -I "$MODULES" -enable-batch-mode -j "$JOBS" "${sources[@]}" ); then
            ok=0; break
        fi
        read -r wall user sys mem < "$OUT/time.txt"
        walls+=("$wall"); cpus+=("$(py "print(f'{$user + $sys:.2f}')")")
        peak=$(( mem > peak ? mem : peak ))
    done
    read -r best_wall best_cpu < <(py "
import statistics
print(statistics.median([float(x) for x in '${walls[*]}'.split()]), statistics.median([float(x) for x in '${cpus[*]}'.split()]))")
    [ "$runs" = 1 ] || log "compile $n: CPU ${cpus[*]} s; median $best_cpu s"
    if [ "$ok" = 0 ]; then
        tail -n 30 "$OUT/logs/compile-$n.log" >&2
        broken "compiling the generated Swift for $n endpoints failed"
        row "2. Compilation (-Onone -g)" "$n endpoints" "FAILED" "compiles at every size" "broken"
        continue
    fi
    CWALL[$n]=$best_wall; CCPU[$n]=$best_cpu
    how="one run"; [ "$runs" = 1 ] || how="median of $runs runs"
    target=""; verdict=""
    if [ "$n" = 10000 ]; then
        # Issue 24's target, on 2 cores.
        target="<= 90 s wall"
        verdict=$(py "print('met' if $best_wall <= 90 else 'MISSED')")
    fi
    row "2. Compilation (-Onone -g)" "$n endpoints, ${#sources[@]} file(s), $JOBS jobs: wall (CPU), peak memory of one job; $how" \
        "$best_wall s ($best_cpu s CPU), $(( peak / 1024 )) MB" "$target" "$verdict"
done
if [ -n "${CCPU[1000]:-}" ] && [ -n "${CCPU[10000]:-}" ]; then
    read -r rw rc < <(py "print(f'{${CWALL[10000]}/${CWALL[1000]}:.1f}', f'{${CCPU[10000]}/${CCPU[1000]}:.1f}')")
    verdict=$(py "print('met' if $rc <= 12 else 'MISSED')")
    row "2. Compilation (-Onone -g)" "t(10,000) / t(1,000): wall (CPU)" "$rw ($rc)" "<= 12" "$verdict"
fi

# ---------------------------------------------------------------- 3. build integration (plugin)
EXAMPLE="$ROOT/Examples/PluginExample"
if [ "$DO_PLUGIN" = 1 ] && [ -f "$EXAMPLE/Package.swift" ]; then
    SCRATCH="$OUT/plugin-build"
    rm -rf "$SCRATCH"
    log "cold build of Examples/PluginExample"
    if timed "$OUT/logs/plugin-cold.log" swift build --package-path "$EXAMPLE" --scratch-path "$SCRATCH" -v; then
        read -r wall user sys mem < "$OUT/time.txt"
        row "3. Build integration" "Examples/PluginExample cold \`swift build\` (debug, generator built too): wall (CPU)" \
            "$wall s ($(py "print(f'{$user + $sys:.1f}')") s CPU)" "" ""
        generated=$(find "$SCRATCH" -path '*plugins/outputs*' -name '*.swift' | sort)
        before=$(for f in $generated; do stat -c '%Y.%y %n' "$f"; done)
        sleep 1
        log "no-op rebuild of Examples/PluginExample"
        if timed "$OUT/logs/plugin-noop.log" swift build --package-path "$EXAMPLE" --scratch-path "$SCRATCH" -v; then
            read -r wall user sys mem < "$OUT/time.txt"
            after=$(for f in $generated; do stat -c '%Y.%y %n' "$f"; done)
            # A verbose build log names every command it runs; the generator's is `endpoint-gen generate`.
            runs=$(grep -c -E 'endpoint-gen(["'"'"' ]| *$).*generate|endpoint-gen generate' "$OUT/logs/plugin-noop.log" || true)
            if [ -z "$generated" ]; then
                verdict="broken"; note="no generated file found"
                broken "the plugin build left no generated Swift under plugins/outputs"
            elif [ "$runs" = 0 ] && [ "$before" = "$after" ]; then
                verdict="met"; note="generator not run, $(echo "$generated" | wc -l) generated file(s) untouched"
            else
                verdict="broken"; note="generator ran ($runs log line(s)) or output rewritten"
                broken "the no-op rebuild ran the generator"
            fi
            row "3. Build integration" "no-op rebuild: wall; generator run?" "$wall s; $note" "never runs the generator" "$verdict"
        else
            tail -n 30 "$OUT/logs/plugin-noop.log" >&2; broken "no-op rebuild of the plugin example failed"
            row "3. Build integration" "no-op rebuild" "FAILED" "" "broken"
        fi
    else
        tail -n 40 "$OUT/logs/plugin-cold.log" >&2; broken "cold build of the plugin example failed"
        row "3. Build integration" "Examples/PluginExample cold build" "FAILED" "" "broken"
    fi
elif [ "$DO_PLUGIN" = 1 ]; then
    row "3. Build integration" "Examples/PluginExample" "not present" "" ""
elif [ "$SERVICES_ONLY" = 0 ]; then
    row "3. Build integration" "Examples/PluginExample cold and no-op build" "skipped (--smoke / --no-plugin)" "" ""
fi

# ---------------------------------------------------------------- 4. requests and decoding
if [ "$DO_REQUESTS" = 1 ]; then
    # The checked-in generated API must be what the current generator writes from the spec (with its
    # service and handler: the in-process benchmark serves it).
    "$GEN" generate "$BENCH/Specs/BenchAPI.endpoints.json" --service --output "$OUT/gen" > "$OUT/logs/gen-benchapi.log" 2>&1 \
        || { cat "$OUT/logs/gen-benchapi.log" >&2; broken "generating BenchAPI failed"; }
    if [ -s "$OUT/gen/BenchAPI.swift" ] && ! cmp -s "$OUT/gen/BenchAPI.swift" "$BENCH/Sources/BenchAPI/BenchAPI.swift"; then
        log "Sources/BenchAPI/BenchAPI.swift was stale; regenerated it (commit the change)"
        cp "$OUT/gen/BenchAPI.swift" "$BENCH/Sources/BenchAPI/BenchAPI.swift"
    fi
    log "building the request benchmark ($CONFIG)"
    # The full run measures release code. The smoke run only proves the benchmark builds and runs
    # (its ratios are for unoptimized code and mean little), so it skips a release build.
    if swift build -c "$CONFIG" --package-path "$BENCH" --scratch-path "$OUT/requests-build" \
            > "$OUT/logs/build-requests.log" 2>&1; then
        args=()
        [ "$SMOKE" = 1 ] && args+=(--smoke)
        [ "$SERVICES_ONLY" = 1 ] && args+=(--only inprocess)
        if "$OUT/requests-build/$CONFIG/RequestBench" ${args[@]+"${args[@]}"} > "$OUT/requests.tsv" 2> "$OUT/logs/requests.log"; then
            cat "$OUT/requests.tsv" >> "$ROWS"
        else
            cat "$OUT/logs/requests.log" >&2; broken "the request benchmark failed"
            row "4. Requests" "RequestBench" "FAILED" "" "broken"
        fi
        # Streams: the SSE decoder per event against a hand-written parser, and peak memory reading a
        # 1 GiB event stream (64 MiB in the smoke run) from a local python3 server; then, in a process
        # of its own, the same stream read by URLSession alone, for what the platform itself grows by.
        if [ "$SERVICES_ONLY" = 1 ]; then
            :
        elif "$OUT/requests-build/$CONFIG/StreamBench" ${args[@]+"${args[@]}"} > "$OUT/streams.tsv" 2> "$OUT/logs/streams.log"; then
            cat "$OUT/streams.tsv" >> "$ROWS"
            if "$OUT/requests-build/$CONFIG/StreamBench" --platform-only ${args[@]+"${args[@]}"} > "$OUT/streams-platform.tsv" 2>> "$OUT/logs/streams.log"; then
                cat "$OUT/streams-platform.tsv" >> "$ROWS"
            else
                row "6. Streams" "The same stream read by URLSession alone (for reference)" "FAILED (see logs/streams.log)" "" ""
            fi
        else
            cat "$OUT/logs/streams.log" >&2; broken "the stream benchmark failed"
            row "6. Streams" "StreamBench" "FAILED" "" "broken"
        fi
    else
        tail -n 40 "$OUT/logs/build-requests.log" >&2; broken "building the request benchmark failed"
        row "4. Requests" "RequestBench build" "FAILED" "" "broken"
    fi
fi

# ---------------------------------------------------------------- 5. import: YAML vs JSON
# The same OpenAPI document imported from JSON and from YAML (scripts/json-to-yaml.py writes it):
# the largest real one here (Google Books, 190 KB) and, in the full run, a synthetic one with its
# paths 50 times (about 7.6 MB of JSON). Both imports must give the same spec bytes.
if [ "$DO_IMPORT" = 1 ]; then
    IMPORT="$OUT/import"
    mkdir -p "$IMPORT"
    BOOKS="$ROOT/Tests/EndpointGenCoreTests/Fixtures/OpenAPI/google-books-3.0.json"
    cp "$BOOKS" "$IMPORT/google-books.json"
    python3 "$ROOT/scripts/json-to-yaml.py" "$BOOKS" "$IMPORT/google-books.yaml"
    documents="google-books"
    if [ "$SMOKE" = 0 ]; then
        python3 "$ROOT/scripts/json-to-yaml.py" --repeat 50 "$BOOKS" "$IMPORT/google-books-x50.yaml"   # also writes the .json
        documents="$documents google-books-x50"
    fi
    import_runs=5; [ "$SMOKE" = 1 ] && import_runs=1
    for doc in $documents; do
        # GNU time counts in 10 ms steps: a document that imports in a few of them is imported 20
        # times in one measurement and the times are divided by 20 (peak memory is one import's).
        reps=1; [ "$doc" = google-books ] && reps=20
        [ "$SMOKE" = 1 ] && reps=1
        declare -A IWALL=() ICPU=() IMEM=()
        ok=1
        for format in json yaml; do
            walls=(); cpus=(); peak=0
            for _ in $(seq $import_runs); do
                rm -f "$IMPORT/$doc.$format.endpoints.json"
                if ! timed "$OUT/logs/import-$doc-$format.log" sh -c 'for _ in $(seq "$1"); do "$2" import "$3" --output "$4" || exit 1; done' \
                        sh "$reps" "$GEN" "$IMPORT/$doc.$format" "$IMPORT/$doc.$format.endpoints.json"; then
                    ok=0; break
                fi
                read -r wall user sys mem < "$OUT/time.txt"
                walls+=("$(py "print($wall / $reps)")"); cpus+=("$(py "print(($user + $sys) / $reps)")")
                peak=$(( mem > peak ? mem : peak ))
            done
            [ "$ok" = 1 ] || break
            read -r IWALL[$format] ICPU[$format] < <(py "
import statistics
print(f\"{statistics.median([float(x) for x in '${walls[*]}'.split()]):.3f}\", f\"{statistics.median([float(x) for x in '${cpus[*]}'.split()]):.3f}\")")
            IMEM[$format]=$(( peak / 1024 ))
        done
        size=$(py "import os; print(f\"{os.path.getsize('$IMPORT/$doc.json')/1e6:.2f} MB JSON, {os.path.getsize('$IMPORT/$doc.yaml')/1e6:.2f} MB YAML\")")
        if [ "$ok" = 0 ]; then
            tail -n 20 "$OUT/logs/import-$doc-"*.log >&2
            broken "importing $doc failed"
            row "5. Import (YAML vs JSON)" "$doc" "FAILED" "" "broken"
            continue
        fi
        if ! cmp -s "$IMPORT/$doc.json.endpoints.json" "$IMPORT/$doc.yaml.endpoints.json"; then
            broken "$doc imports to different specs from JSON and from YAML"
            row "5. Import (YAML vs JSON)" "$doc: same spec from both" "DIFFERENT" "identical" "broken"
            continue
        fi
        how="median of $import_runs runs"; [ "$import_runs" = 1 ] && how="one run"
        [ "$reps" = 1 ] || how="$how of $reps imports each, per import"
        row "5. Import (YAML vs JSON)" "$doc ($size): JSON wall (CPU), peak memory; $how" \
            "${IWALL[json]} s (${ICPU[json]} s CPU), ${IMEM[json]} MB" "" ""
        row "5. Import (YAML vs JSON)" "$doc: YAML wall (CPU), peak memory; same spec bytes" \
            "${IWALL[yaml]} s (${ICPU[yaml]} s CPU), ${IMEM[yaml]} MB" "" ""
        read -r ratio_wall ratio_cpu verdict < <(py "
w=${IWALL[yaml]}/max(${IWALL[json]},0.001); c=${ICPU[yaml]}/max(${ICPU[json]},0.001)
print(f'{w:.2f}', f'{c:.2f}', 'met' if min(w, c) <= 2 else 'MISSED')")
        row "5. Import (YAML vs JSON)" "$doc: YAML / JSON, wall (CPU)" "$ratio_wall ($ratio_cpu)" "<= 2" "$verdict"
    done
fi

# ---------------------------------------------------------------- 5b. import: time per operation as documents grow
# XeroAccounting (../shared/openapi, 235 operations) and the same document five times over
# (Benchmarks/scale-openapi.py: its paths and components copied under new names): the import's
# time per operation must stay flat (<= 1.3x). Skipped, with a note, where ../shared is missing.
XERO="$ROOT/../shared/openapi/XeroAccounting.yaml"
if [ "$DO_IMPORT" = 1 ] && [ "$SMOKE" = 0 ] && [ -f "$XERO" ]; then
    SCALE="$OUT/import-scale"
    mkdir -p "$SCALE"
    "$GEN" yaml-to-json "$XERO" > "$SCALE/xero-source.json"
    python3 "$BENCH/scale-openapi.py" 1 "$SCALE/xero-source.json" "$SCALE/xero-x1.json"
    python3 "$BENCH/scale-openapi.py" 5 "$SCALE/xero-source.json" "$SCALE/xero-x5.json"
    # Seven rounds, alternating which document goes first, so that what else the shared machine does
    # falls on both sides alike; the verdict is the median of the rounds' ratios. (Run five times
    # one after the other and then five times the other, a full run once printed 1.37 where an
    # alternated one and callgrind's instruction count gave 1.11 and 1.08.) The small document is
    # imported 5 times a measurement (GNU time counts in 10 ms steps).
    declare -A OPS=() PEROP=()
    for doc in xero-x1 xero-x5; do
        OPS[$doc]=$(py "import json; print(sum(1 for p in json.load(open('$SCALE/$doc.json'))['paths'].values() for m in p if m in ('get','put','post','delete','patch','head','options','trace')))")
    done
    import_cpu() { # document, repetitions -> CPU seconds per operation
        timed "$OUT/logs/import-$1.log" sh -c 'for _ in $(seq "$1"); do "$2" import "$3" --output "$4" || exit 1; done' \
            sh "$2" "$GEN" "$SCALE/$1.json" "$SCALE/$1.endpoints.json" || return 1
        read -r wall user sys mem < "$OUT/time.txt"
        py "print(($user + $sys) / $2 / ${OPS[$1]})"
    }
    small=() large=() ratios=()
    for round in 1 2 3 4 5 6 7; do
        if [ $((round % 2)) = 1 ]; then
            a=$(import_cpu xero-x1 5) && b=$(import_cpu xero-x5 1) || { broken "importing XeroAccounting failed"; break; }
        else
            b=$(import_cpu xero-x5 1) && a=$(import_cpu xero-x1 5) || { broken "importing XeroAccounting failed"; break; }
        fi
        small+=("$a"); large+=("$b"); ratios+=("$(py "print($b / max($a, 1e-9))")")
    done
    median() { py "import statistics, sys; print(statistics.median(float(x) for x in sys.argv[1:]))" "$@"; }
    PEROP[xero-x1]=$(median "${small[@]}"); PEROP[xero-x5]=$(median "${large[@]}")
    for doc in xero-x1 xero-x5; do
        row "5b. Import scaling" "$doc.json (${OPS[$doc]} operations, $(py "import os; print(f\"{os.path.getsize('$SCALE/$doc.json')/1e6:.2f}\")") MB): CPU per operation, median of 7 alternated rounds" "$(py "print(f'{${PEROP[$doc]} * 1000:.3f} ms')")" "" ""
    done
    read -r ratio verdict spread < <(py "import statistics; r=[float(x) for x in '${ratios[*]}'.split()]; m=statistics.median(r); print(f'{m:.2f}', 'met' if m <= 1.3 else 'MISSED', f'{min(r):.2f}-{max(r):.2f}')")
    row "5b. Import scaling" "XeroAccounting x5 / x1, CPU per operation: median of the 7 rounds' ratios (range $spread)" "$ratio" "<= 1.3" "$verdict"
    # Instructions are what a shared machine cannot disturb: one import of each under callgrind,
    # when valgrind is installed (for information; the verdict above is time, as the issue asks).
    if command -v valgrind > /dev/null 2>&1; then
        declare -A INSTR=()
        for doc in xero-x1 xero-x5; do
            valgrind --tool=callgrind --callgrind-out-file="$SCALE/callgrind.$doc" --log-file="$SCALE/valgrind.$doc" \
                "$GEN" import "$SCALE/$doc.json" --output "$SCALE/$doc.callgrind.endpoints.json" > /dev/null 2>&1 || true
            INSTR[$doc]=$(sed -n 's/.*Collected : *\([0-9][0-9]*\).*/\1/p' "$SCALE/valgrind.$doc" | tail -n 1)
        done
        if [ -n "${INSTR[xero-x1]}" ] && [ -n "${INSTR[xero-x5]}" ]; then
            row "5b. Import scaling" "XeroAccounting x5 / x1, instructions per operation (callgrind, one import each; for information)" \
                "$(py "a=${INSTR[xero-x1]}/${OPS[xero-x1]}; b=${INSTR[xero-x5]}/${OPS[xero-x5]}; print(f'{b/1e6:.2f} M vs {a/1e6:.2f} M: {b/a:.2f}')")" "" ""
        fi
    fi
elif [ "$DO_IMPORT" = 1 ] && [ "$SMOKE" = 0 ]; then
    echo "note: $XERO is missing; the import scaling rows are skipped" >&2
fi

# ---------------------------------------------------------------- 6. union models: compile time
# 100 vs 1,000 oneOf models (Benchmarks/union-compile.sh): unions must not make compilation superlinear.
if [ "$SMOKE" = 0 ] && [ "$SERVICES_ONLY" = 0 ]; then
    UNION_ROWS="$ROWS" "$BENCH/union-compile.sh" 100 1000 >&2 || { broken "the union compile benchmark failed"; row "6. Union models" "union-compile.sh" "FAILED" "" "broken"; }
fi

# ---------------------------------------------------------------- 7. services: compile time
# service_compile SPEC...: each spec's generated file compiled alone (-Onone -g, one module) without
# and with `--service` (its <API>.Service and handler), alternating which goes first, 7 rounds (1 in
# the smoke run); the median of the rounds' ratios of CPU time (user + sys) must be <= 1.25. (With 3
# rounds and the ratio of the medians, GitHubAPI's one-second compile once read 1.62 where four
# alternated rounds by hand gave 0.9-1.34.)
service_compile() {
    local spec name rounds=7 round side
    [ "$SMOKE" = 1 ] && rounds=1
    for spec in "$@"; do
        name=$(basename "$spec" .endpoints.json)
        mkdir -p "$OUT/gen-service/plain" "$OUT/gen-service/service"
        if ! "$GEN" generate "$spec" --output "$OUT/gen-service/plain" > "$OUT/logs/gen-service-$name.log" 2>&1 \
                || ! "$GEN" generate "$spec" --service --output "$OUT/gen-service/service" >> "$OUT/logs/gen-service-$name.log" 2>&1; then
            cat "$OUT/logs/gen-service-$name.log" >&2; broken "generating $name with and without --service failed"
            row "7. Services" "$name" "FAILED" "" "broken"; continue
        fi
        local -a plain=() service=()
        local ok=1
        for round in $(seq "$rounds"); do
            for side in plain service; do
                # Alternate: plain first in odd rounds, the service first in even ones.
                if [ $((round % 2)) = 0 ]; then [ "$side" = plain ] && side=service || side=plain; fi
                rm -rf "$OUT/obj/service-$name-$side" && mkdir -p "$OUT/obj/service-$name-$side"
                if ! ( cd "$OUT/obj/service-$name-$side" && timed "$OUT/logs/compile-service-$name-$side.log" swiftc -c -Onone -g \
                        -parse-as-library -module-name "$name" -I "$MODULES" "$OUT/gen-service/$side/$name.swift" ); then
                    tail -n 20 "$OUT/logs/compile-service-$name-$side.log" >&2; ok=0; break 2
                fi
                read -r wall user sys mem < "$OUT/time.txt"
                if [ "$side" = plain ]; then plain+=("$(py "print($user + $sys)")"); else service+=("$(py "print($user + $sys)")"); fi
            done
        done
        if [ "$ok" = 0 ]; then
            broken "compiling $name's generated file failed"
            row "7. Services" "$name" "FAILED" "" "broken"; continue
        fi
        local lines_plain lines_service
        lines_plain=$(wc -l < "$OUT/gen-service/plain/$name.swift"); lines_service=$(wc -l < "$OUT/gen-service/service/$name.swift")
        read -r cp cs ratio verdict spread < <(py "
import statistics
pl=[float(x) for x in '${plain[*]}'.split()]; sv=[float(x) for x in '${service[*]}'.split()]
rs=[b/max(a,0.001) for a, b in zip(pl, sv)]
r=statistics.median(rs)
print(f'{statistics.median(pl):.2f}', f'{statistics.median(sv):.2f}', f'{r:.2f}', 'met' if r <= 1.25 else 'MISSED', f'{min(rs):.2f}-{max(rs):.2f}')")
        how="median of $rounds alternated rounds' ratios (range $spread)"; [ "$rounds" = 1 ] && how="one round"
        row "7. Services" "$name: compile CPU of the generated file (-Onone -g) with --service / without ($lines_service / $lines_plain lines); $how" \
            "$cs s / $cp s = ${ratio}x" "<= 1.25x" "$verdict"
    done
}
service_compile "$ROOT/specs/StravaAPI.endpoints.json" "$ROOT/specs/GitHubAPI.endpoints.json"

# ---------------------------------------------------------------- the table
if [ "$SMOKE" = 1 ]; then RESULT="$OUT/results-smoke.md"; else RESULT="$BENCH/results.md"; fi
# A partial run never replaces the full run's table.
if [ "$SERVICES_ONLY" = 1 ]; then
    # (Under `set -e` a command substitution that fails ends the script: spelled as an if.)
    if [ "$SMOKE" = 1 ]; then RESULT="$OUT/results-services-smoke.md"; else RESULT="$OUT/results-services.md"; fi
fi
python3 "$BENCH/table.py" "$ROWS" "$RESULT" "$([ "$SMOKE" = 1 ] && echo smoke || echo full)"
cat "$RESULT"
if [ "$BROKEN" = 1 ]; then
    echo "run.sh: something broke (see above and $OUT/logs)" >&2
    exit 1
fi
