#!/usr/bin/env bash
# The generator and the HTTP client under ThreadSanitizer and AddressSanitizer: scripts/sanitizers.sh
#
# ThreadSanitizer (scratch path .build-tsan):
#   - ConcurrentMapTests (concurrentMap on every core) and ConcurrentClientTests (1,000 concurrent
#     requests through AuthMiddleware, RetryMiddleware and a ClosureMiddleware, over the transport's own
#     session and over a supplied one, against the real local python server);
#   - endpoint-gen over every spec in specs/ (imported ones too, Large also in 3 parts) and a large spec
#     written by scripts/make-scale-spec.py.
# AddressSanitizer (scratch path .build-asan, release builds as scripts/fuzz.sh makes: in debug builds
# ASan's frames are so large, about 6.8 KB for JSONParser.parseObject, that the parser's 512 levels of
# nesting overflow the fuzz oracle's 4 MB thread stack, a finding about the instrumentation only):
#   - endpoint-gen over the same specs;
#   - the fuzz driver (Tests/EndpointGenFuzz) over its corpus, SANITIZER_FUZZ_ITERATIONS mutated specs;
#   - SANITIZER_LOOP_RUNS runs of endpoint-gen on one spec (SANITIZER_LOOP_SPEC), each checked against
#     the first run's output (issue 15 item 11: one run in 210 once ended in a segfault).
#
# Settings (environment): SANITIZER_LOOP_RUNS (default 1000), SANITIZER_LOOP_SPEC (default
# specs/Large.endpoints.json), SANITIZER_FUZZ_ITERATIONS (default 300), SANITIZER_SCALE_ENDPOINTS
# (default 3000). Logs go to SANITIZER_OUT (default .build-sanitizers/).
# Exit status: 0 when no sanitizer reported anything and every run succeeded, 1 otherwise.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
[[ -d /opt/swift/usr/bin ]] && export PATH="/opt/swift/usr/bin:$PATH"

loop_runs=${SANITIZER_LOOP_RUNS:-1000}
loop_spec=${SANITIZER_LOOP_SPEC:-specs/Large.endpoints.json}
fuzz_iterations=${SANITIZER_FUZZ_ITERATIONS:-300}
scale_endpoints=${SANITIZER_SCALE_ENDPOINTS:-3000}
out=${SANITIZER_OUT:-$root/.build-sanitizers}
tsan=(--sanitize=thread --scratch-path "$root/.build-tsan")
asan=(-c release --sanitize=address --scratch-path "$root/.build-asan")

rm -rf "$out"
mkdir -p "$out"
problems=0
summary=()

section() { printf '\n=== %s (%ss)\n' "$1" "$SECONDS"; }

# record NAME LOG STATUS: counts the sanitizer reports in LOG and remembers the outcome.
record() {
    local name=$1 log=$2 status=$3 reports
    reports=$(grep -c -E '(WARNING: ThreadSanitizer|ERROR: AddressSanitizer|ERROR: LeakSanitizer)' "$log" || true)
    summary+=("$(printf '%-52s exit %3s, %s sanitizer reports' "$name" "$status" "$reports")")
    if (( status != 0 || reports != 0 )); then
        problems=$((problems + 1))
        echo "!! $name: exit status $status, $reports reports (log: ${log#"$root"/})"
        grep -E '(WARNING|ERROR|SUMMARY): ' "$log" | sed -E 's/^==[0-9]+==//; s/ on address 0x[0-9a-f]+.*//' | sort | uniq -c | head -20 || true
    fi
}

# run NAME COMMAND...: runs COMMAND with its output in $out/NAME.log, then records it.
run() {
    local name=$1 status=0
    shift
    "$@" >"$out/$name.log" 2>&1 || status=$?
    record "$name" "$out/$name.log" "$status"
}

specs=(specs/*.endpoints.json specs/imported/*.endpoints.json)
python3 scripts/make-scale-spec.py "$scale_endpoints" 0.4 "$out/Scale.endpoints.json"
specs+=("$out/Scale.endpoints.json")

# generate_all BIN DIR: every spec, and Large in 3 parts, each into DIR.
generate_all() {
    local bin=$1 dir=$2 status=0
    "$bin" generate "${specs[@]}" --config specs/endpoint-gen.json --output "$dir/all" || status=1
    "$bin" generate specs/Large.endpoints.json --parts 3 --output "$dir/parts" || status=1
    return $status
}

# Sanitizer options: report everything rather than stop at the first report; exit non-zero if any.
export TSAN_OPTIONS="halt_on_error=0:exitcode=66:second_deadlock_stack=1"
export ASAN_OPTIONS="halt_on_error=1:detect_leaks=1:exitcode=66"

section "ThreadSanitizer: build"
# Only the test targets of the two suites below (Package.swift reads the variable): the other test
# targets and the generated APIs they test add minutes to an instrumented build and nothing to it.
export ENDPOINT_GEN_TEST_TARGETS=EndpointGenCoreTests,EndpointRuntimeTests
swift build --build-tests "${tsan[@]}" 2>&1 | tail -n 3
tsan_bin=$(swift build "${tsan[@]}" --show-bin-path)

section "ThreadSanitizer: ConcurrentMapTests, ConcurrentClientTests and ValidatorSpreadingTests"
# The last validates every spec of the repository with its top-level groups checked on both cores.
run tsan-tests swift test --skip-build "${tsan[@]}" --filter 'ConcurrentMapTests|ConcurrentClientTests|ValidatorSpreadingTests'
grep -E 'Test run with|1,000 requests' "$out/tsan-tests.log" || true

section "ThreadSanitizer: endpoint-gen over ${#specs[@]} specs"
run tsan-generate generate_all "$tsan_bin/endpoint-gen" "$out/tsan-generated"

section "AddressSanitizer: build endpoint-gen and the fuzz driver"
unset ENDPOINT_GEN_TEST_TARGETS
swift build "${asan[@]}" --product endpoint-gen 2>&1 | tail -n 1
swift build "${asan[@]}" --product EndpointGenFuzz 2>&1 | tail -n 1
asan_bin=$(swift build "${asan[@]}" --show-bin-path)

section "AddressSanitizer: endpoint-gen over ${#specs[@]} specs"
run asan-generate generate_all "$asan_bin/endpoint-gen" "$out/asan-generated"

section "AddressSanitizer: fuzz driver, $fuzz_iterations iterations"
# As scripts/fuzz.sh does: a crash ends the driver; its input is saved and the run resumes after it.
fuzz="$out/fuzz"
fuzz_log="$out/asan-fuzz.log"
mkdir -p "$fuzz/crashes"
: >"$fuzz_log"
fuzz_crashes=0
start=0
while (( start < fuzz_iterations )); do
    status=0
    # detect_leaks=0: LeakSanitizer reports the fuzz corpus, parsed once into the indirect enum FuzzJSON
    # and held until exit, as 2.6 MB "leaked" whatever the iteration count (measured: the same 2,633,065
    # bytes after 1, 10 and 100 iterations). Swift keeps the enum's case in the spare bits of its box
    # pointers, which LeakSanitizer cannot follow. The generator runs keep leak detection on.
    ASAN_OPTIONS="$ASAN_OPTIONS:detect_leaks=0" "$asan_bin/EndpointGenFuzz" run --seed 1 --start "$start" --count $(( fuzz_iterations - start )) --out "$fuzz" \
        --sample-every 1000000000 --time-limit-ms 30000 >>"$fuzz_log" 2>&1 || status=$?
    (( status == 0 )) && break
    if (( status == 2 )); then echo "the fuzz driver failed (status 2)" | tee -a "$fuzz_log"; fuzz_crashes=$((fuzz_crashes + 1)); break; fi
    last=$(head -n 1 "$fuzz/current.iteration")
    if (( status == 3 )); then
        echo "iteration $last: a hang (saved by the driver in hangs/)" | tee -a "$fuzz_log"
    else
        cp "$fuzz/current.json" "$fuzz/crashes/$last.json"
        echo "iteration $last: exit status $status (input saved in ${fuzz#"$root"/}/crashes/$last.json)" | tee -a "$fuzz_log"
        fuzz_crashes=$((fuzz_crashes + 1))
    fi
    start=$(( last + 1 ))
done
fuzz_returned=$(wc -l < "$fuzz/log.tsv" | tr -d ' ')
fuzz_violations=$(awk -F'\t' '$3 > 0 { n++ } END { print n + 0 }' "$fuzz/log.tsv")
fuzz_hangs=$(find "$fuzz/hangs" -name '*.json' | wc -l | tr -d ' ')
echo "fuzz: $fuzz_returned iterations returned, $fuzz_crashes crashed, $fuzz_hangs hung, $fuzz_violations broke an invariant"
record "asan-fuzz ($fuzz_returned returned, $fuzz_crashes crashed)" "$fuzz_log" $(( fuzz_crashes + fuzz_hangs + fuzz_violations ))

section "AddressSanitizer: $loop_runs runs of endpoint-gen on $loop_spec"
loop_dir="$out/loop"
"$asan_bin/endpoint-gen" generate "$loop_spec" --output "$loop_dir" >/dev/null
loop_failed=0
loop_log="$out/asan-loop.log"
: >"$loop_log"
for (( i = 1; i <= loop_runs; i++ )); do
    status=0
    # --check: the run must succeed and produce exactly the first run's Swift.
    "$asan_bin/endpoint-gen" generate "$loop_spec" --output "$loop_dir" --check >>"$loop_log" 2>&1 || status=$?
    if (( status != 0 )); then
        loop_failed=$((loop_failed + 1))
        echo "run $i: exit status $status$( (( status > 128 )) && echo " (signal $(( status - 128 )))")" | tee -a "$loop_log"
    fi
done
echo "$loop_runs runs, $loop_failed failed"
record "asan-loop ($loop_runs runs, $loop_failed failed)" "$loop_log" "$loop_failed"

section "summary"
printf '%s\n' "${summary[@]}"
echo "total time: ${SECONDS}s"
(( problems == 0 ))
