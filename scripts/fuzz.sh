#!/usr/bin/env bash
# Long fuzz run of the generator: scripts/fuzz.sh [iterations] [seed]
#
# Builds the release fuzz driver (Tests/EndpointGenFuzz) and runs `iterations` mutated specs (default
# 20000) from `seed` (default 1) through Generator.generate, checking every invariant of the CI fuzz
# test (FuzzTests). A crash ends the driver; this script saves the input and resumes at the next
# iteration. A hang (a run over 2x the time limit) is saved by the driver, which then exits; the
# script resumes after it too. Every FUZZ_SAMPLE_EVERY-th iteration that validates (default 25) has its
# Swift kept, and up to FUZZ_COMPILE_LIMIT of those (default 60) are type-checked against the
# release-built EndpointRuntime module with stubs for models the spec leaves to the user.
#
# FUZZ_SECONDS stops the fuzzing after that many seconds (the summary counts what ran).
#
# Results go to FUZZ_OUT (default .build/fuzz/seed-<seed>): crashes/, hangs/, violations/ (input
# .json and report .txt each), compile/<iteration>/ (Swift, stubs, input, typecheck.log).
# Shrink a failing input with: .build/release/EndpointGenFuzz minimize <input.json> --out <small.json>
# Exit status: 0 when nothing was found, 1 otherwise.
set -euo pipefail

iterations=${1:-20000}
seed=${2:-1}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
out=${FUZZ_OUT:-$root/.build/fuzz/seed-$seed}
sample_every=${FUZZ_SAMPLE_EVERY:-25}
compile_limit=${FUZZ_COMPILE_LIMIT:-60}
time_limit_ms=${FUZZ_TIME_LIMIT_MS:-2000}

echo "== building the release fuzz driver and EndpointRuntime"
swift build -c release --product EndpointGenFuzz >/dev/null
swift build -c release --target EndpointRuntime >/dev/null
bin=$(swift build -c release --show-bin-path)
driver="$bin/EndpointGenFuzz"

rm -rf "$out"
mkdir -p "$out/crashes"
started=$(date +%s)
until_args=()
[[ -n "${FUZZ_SECONDS:-}" ]] && until_args=(--until $(( started + FUZZ_SECONDS )))

echo "== fuzzing: $iterations iterations, seed $seed, into ${out#"$root"/}"
start=0
while (( start < iterations )); do
    set +e
    "$driver" run --seed "$seed" --start "$start" --count $(( iterations - start )) --out "$out" \
        --sample-every "$sample_every" --time-limit-ms "$time_limit_ms" "${until_args[@]}"
    status=$?
    set -e
    (( status == 0 )) && break
    last=$(head -n 1 "$out/current.iteration")
    if (( status == 3 )); then
        echo "hang at iteration $last (saved in hangs/)"
    elif (( status == 2 )); then
        echo "the driver failed (status 2); stopping" >&2
        exit 2
    else
        cp "$out/current.json" "$out/crashes/$last.json"
        { echo "exit status $status$( (( status > 128 )) && echo " (signal $(( status - 128 )))")"
          cat "$out/current.iteration"; } > "$out/crashes/$last.txt"
        echo "crash at iteration $last, status $status (saved in crashes/)"
    fi
    start=$(( last + 1 ))
done
fuzz_seconds=$(( $(date +%s) - started ))

echo "== type-checking sampled generated Swift (at most $compile_limit)"
modules="$bin/Modules"
[[ -d "$modules" ]] || modules="$bin"
compiled_ok=0
compile_failed=0
checked=0
for dir in $(find "$out/compile" -mindepth 1 -maxdepth 1 -type d | sort -V); do
    (( checked >= compile_limit )) && break
    checked=$(( checked + 1 ))
    # Generated code must compile without a single warning, as ExampleAPIs checks.
    if swiftc -typecheck -swift-version 6 -warnings-as-errors -module-name FuzzCheck -package-name FuzzCheck -I "$modules" \
        "$dir/Generated.swift" "$dir/Stubs.swift" >"$dir/typecheck.log" 2>&1; then
        compiled_ok=$(( compiled_ok + 1 ))
    else
        compile_failed=$(( compile_failed + 1 ))
        echo "does not compile: ${dir#"$root"/} (see typecheck.log)"
    fi
done

runs=$(wc -l < "$out/log.tsv" | tr -d ' ')
validated=$(awk -F'\t' '{ s += $2 } END { print s + 0 }' "$out/log.tsv")
violating=$(awk -F'\t' '$3 > 0 { n++ } END { print n + 0 }' "$out/log.tsv")
slowest=$(awk -F'\t' '$4 > m { m = $4 } END { printf "%.1f", m }' "$out/log.tsv")
crashes=$(find "$out/crashes" -name '*.json' | wc -l | tr -d ' ')
hangs=$(find "$out/hangs" -name '*.json' | wc -l | tr -d ' ')

cat <<SUMMARY
== summary (seed $seed, ${fuzz_seconds}s of fuzzing)
iterations:        $(( runs + crashes + hangs )) ($runs returned)
validated:         $validated
invariant broken:  $violating
crashes:           $crashes
hangs:             $hangs
slowest run:       ${slowest} ms
type-checked:      $checked sampled ($compiled_ok OK, $compile_failed failed)
SUMMARY
(( crashes + hangs + violating + compile_failed == 0 ))
