#!/usr/bin/env bash
# Builds and tests the two consumer packages in Examples/ from a clean state, the way a user meets
# endpoint-gen through SwiftPM, and checks what the build plugin promises:
#   PluginExample     the EndpointGenPlugin build plugin generates Swift from the specs and from an
#                     OpenAPI document (imported, filtered by endpoint-gen.json) at build time:
#                     cold build (timed), tests, a no-op rebuild (timed) that runs no generator and
#                     leaves the generated files untouched, a touched spec or document that reruns
#                     only its own command, an edited spec that regenerates only its file, and a
#                     broken spec that fails the build with `<spec path>:<line>:<column>: error:`; a
#                     spec of more than 500 endpoints is generated and compiled as several files.
#                     The generate-endpoints command plugin, run in this package, skips the target
#                     (it uses the build plugin) and writes nothing.
#   CheckedInExample  checked-in Swift written by the generate-endpoints command plugin: `--check`
#                     passes, fails naming the file when a spec changed, then build and tests.
#   HummingbirdServer its checked-in Swift (GitHubAPI and ChatAPI with --service) is current; the
#                     package itself is built and run by scripts/test-hummingbird.sh.
# Each example builds in one scratch directory, <example>/.build/test-examples, removed first.
# Any spec the script changes is restored on exit, whatever happened.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
PLUGIN_EXAMPLE=$ROOT/Examples/PluginExample
CHECKED_IN_EXAMPLE=$ROOT/Examples/CheckedInExample
WEATHER_SPEC=$PLUGIN_EXAMPLE/Sources/WeatherKit/WeatherAPI.endpoints.json
AIR_DOCUMENT=$PLUGIN_EXAMPLE/Sources/WeatherKit/AirQuality.openapi.json
TODO_SPEC=$CHECKED_IN_EXAMPLE/Sources/Todos/TodoAPI.endpoints.json
TODO_SWIFT=$CHECKED_IN_EXAMPLE/Sources/Todos/Generated/TodoAPI.swift
LOGS=$(mktemp -d "${TMPDIR:-/tmp}/test-examples.XXXXXX")

# Specs are backed up before any change and put back on exit, even after a failure or ^C.
BACKUPS=()
backup() { cp -p "$1" "$LOGS/$(basename "$1").orig"; BACKUPS+=("$1"); }
# Files the script adds are removed the same way.
ADDED=()
restore() {
    local file
    for file in "${BACKUPS[@]+"${BACKUPS[@]}"}"; do
        [ -f "$LOGS/$(basename "$file").orig" ] && cp -p "$LOGS/$(basename "$file").orig" "$file"
    done
    BACKUPS=()
    for file in "${ADDED[@]+"${ADDED[@]}"}"; do rm -f "$file"; done
    ADDED=()
}
trap restore EXIT
trap 'exit 130' INT TERM

step() { printf '\n== %s\n' "$*"; }
pass() { printf '   ok: %s\n' "$*"; }
fail() {
    printf '\ntest-examples: FAILED: %s\n' "$1" >&2
    if [ -n "${2:-}" ] && [ -f "$2" ]; then
        printf -- '--- last lines of %s\n' "$2" >&2
        tail -n 40 "$2" >&2
    fi
    exit 1
}

now() { date +%s.%N; }
seconds_since() { awk -v start="$1" -v end="$(now)" 'BEGIN { printf "%.1f", end - start }'; }
fingerprint() { printf '%s %s' "$(stat -c %y "$1")" "$(sha256sum < "$1" | cut -d' ' -f1)"; }
sha() { sha256sum < "$1" | cut -d' ' -f1; }

# swiftpm <example dir> <log> <swift subcommand and arguments...>: runs it, output to the log; returns its
# status. A command that hangs is stopped after 15 minutes where coreutils' timeout is available.
LIMIT=()
if command -v timeout > /dev/null; then LIMIT=(timeout 900); fi
swiftpm() {
    local dir=$1 log=$2 command=$3
    shift 3
    "${LIMIT[@]+"${LIMIT[@]}"}" swift "$command" --package-path "$dir" --scratch-path "$dir/.build/test-examples" "$@" > "$log" 2>&1
}

# generators_in <log>: the "Generating X.swift" commands the build ran, one per line.
generators_in() { grep -o 'Generating [A-Za-z0-9_]*\.swift' "$1" | sort -u || true; }

# ---------------------------------------------------------------------------------------------
step "PluginExample: cold build (build plugin)"
rm -rf "$PLUGIN_EXAMPLE/.build/test-examples"
start=$(now)
swiftpm "$PLUGIN_EXAMPLE" "$LOGS/cold.log" build --build-tests || fail "cold build of PluginExample" "$LOGS/cold.log"
COLD=$(seconds_since "$start")
[ "$(generators_in "$LOGS/cold.log" | wc -l)" -eq 3 ] \
    || fail "the cold build should run the generator for both specs and the OpenAPI document" "$LOGS/cold.log"
pass "built in ${COLD} s; ran: $(generators_in "$LOGS/cold.log" | tr '\n' ' ')"

WORK=$(find "$PLUGIN_EXAMPLE/.build/test-examples/plugins/outputs" -type d -path '*WeatherKit*/EndpointGenPlugin' | head -n 1)
WEATHER_SWIFT=$WORK/WeatherAPI.swift
GEOCODING_SWIFT=$WORK/GeocodingAPI.swift
AIR_SWIFT=$WORK/AirQuality.swift
[ -f "$WEATHER_SWIFT" ] && [ -f "$GEOCODING_SWIFT" ] && [ -f "$AIR_SWIFT" ] \
    || fail "no WeatherAPI.swift / GeocodingAPI.swift / AirQuality.swift in the plugin work directory ($WORK)" "$LOGS/cold.log"
pass "generated into ${WORK#"$PLUGIN_EXAMPLE/"}"
# endpoint-gen.json keeps the tag air-quality: its model is there, the admin tag's is not.
grep -q 'struct AirReading' "$AIR_SWIFT" && ! grep -q 'SensorState' "$AIR_SWIFT" \
    || fail "AirQuality.swift is not the filtered import of AirQuality.openapi.json" "$LOGS/cold.log"
grep -q 'AirQuality.openapi.json: kept 1 of 2 operations, 2 of 3 models' "$LOGS/cold.log" \
    || fail "the build log does not report what the filter kept" "$LOGS/cold.log"
pass "AirQuality.swift imported from AirQuality.openapi.json, filtered by endpoint-gen.json (kept 1 of 2 operations)"

step "PluginExample: tests (against a local server)"
swiftpm "$PLUGIN_EXAMPLE" "$LOGS/plugin-test.log" test --skip-build || fail "PluginExample tests" "$LOGS/plugin-test.log"
grep -E 'Test run with' "$LOGS/plugin-test.log" | sed 's/^/   /' || true

# The first rebuild after a cold build may relink the generator tool (SwiftPM), which reruns its
# commands; they write nothing as the bytes are the same. Settle once, then measure the no-op.
step "PluginExample: settle"
swiftpm "$PLUGIN_EXAMPLE" "$LOGS/settle.log" build --build-tests || fail "rebuild of PluginExample" "$LOGS/settle.log"
pass "generators that ran: $(generators_in "$LOGS/settle.log" | tr '\n' ' ' | sed 's/^$/none/')"

step "(1) PluginExample: no-op rebuild"
weather_before=$(fingerprint "$WEATHER_SWIFT")
geocoding_before=$(fingerprint "$GEOCODING_SWIFT")
air_before=$(fingerprint "$AIR_SWIFT")
start=$(now)
swiftpm "$PLUGIN_EXAMPLE" "$LOGS/noop.log" build --build-tests || fail "no-op rebuild" "$LOGS/noop.log"
NOOP=$(seconds_since "$start")
[ -z "$(generators_in "$LOGS/noop.log")" ] || fail "the no-op rebuild ran the generator" "$LOGS/noop.log"
[ "$(fingerprint "$WEATHER_SWIFT")" = "$weather_before" ] || fail "the no-op rebuild touched WeatherAPI.swift"
[ "$(fingerprint "$GEOCODING_SWIFT")" = "$geocoding_before" ] || fail "the no-op rebuild touched GeocodingAPI.swift"
[ "$(fingerprint "$AIR_SWIFT")" = "$air_before" ] || fail "the no-op rebuild touched AirQuality.swift"
! grep -q 'Compiling WeatherKit' "$LOGS/noop.log" || fail "the no-op rebuild recompiled WeatherKit" "$LOGS/noop.log"
pass "rebuilt in ${NOOP} s; no generator ran, nothing compiled; the three generated files keep their mtime and bytes"

step "(2a) PluginExample: touch WeatherAPI.endpoints.json"
touch "$WEATHER_SPEC"
swiftpm "$PLUGIN_EXAMPLE" "$LOGS/touch.log" build --build-tests || fail "build after touching the spec" "$LOGS/touch.log"
[ "$(generators_in "$LOGS/touch.log")" = "Generating WeatherAPI.swift" ] \
    || fail "touching WeatherAPI.endpoints.json should run its generator command and no other" "$LOGS/touch.log"
[ "$(fingerprint "$WEATHER_SWIFT")" = "$weather_before" ] \
    || fail "same spec bytes should leave WeatherAPI.swift untouched (written only when bytes change)"
[ "$(fingerprint "$GEOCODING_SWIFT")" = "$geocoding_before" ] || fail "touching WeatherAPI's spec touched GeocodingAPI.swift"
! grep -q 'Compiling WeatherKit' "$LOGS/touch.log" || fail "touching a spec recompiled WeatherKit" "$LOGS/touch.log"
pass "only WeatherAPI's command ran; same bytes, so WeatherAPI.swift kept its mtime and nothing recompiled"

step "(2b) PluginExample: touch AirQuality.openapi.json"
touch "$AIR_DOCUMENT"
swiftpm "$PLUGIN_EXAMPLE" "$LOGS/touch-air.log" build --build-tests || fail "build after touching the document" "$LOGS/touch-air.log"
[ "$(generators_in "$LOGS/touch-air.log")" = "Generating AirQuality.swift" ] \
    || fail "touching AirQuality.openapi.json should run its generator command and no other" "$LOGS/touch-air.log"
[ "$(fingerprint "$AIR_SWIFT")" = "$air_before" ] \
    || fail "same document bytes should leave AirQuality.swift untouched (written only when bytes change)"
! grep -q 'Compiling WeatherKit' "$LOGS/touch-air.log" || fail "touching the document recompiled WeatherKit" "$LOGS/touch-air.log"
pass "only AirQuality's command ran; same bytes, so AirQuality.swift kept its mtime and nothing recompiled"

step "(2c) PluginExample: edit WeatherAPI.endpoints.json"
backup "$WEATHER_SPEC"
sed -i 's/"The daily forecast for a place."/"The daily forecast for a place, edited by test-examples."/' "$WEATHER_SPEC"
grep -q 'edited by test-examples' "$WEATHER_SPEC" || fail "could not edit $WEATHER_SPEC"
swiftpm "$PLUGIN_EXAMPLE" "$LOGS/edit.log" build --build-tests || fail "build after editing the spec" "$LOGS/edit.log"
[ "$(generators_in "$LOGS/edit.log")" = "Generating WeatherAPI.swift" ] \
    || fail "editing WeatherAPI.endpoints.json should run its generator command and no other" "$LOGS/edit.log"
grep -q 'edited by test-examples' "$WEATHER_SWIFT" || fail "WeatherAPI.swift was not regenerated from the edited spec"
[ "$(fingerprint "$GEOCODING_SWIFT")" = "$geocoding_before" ] || fail "editing WeatherAPI's spec touched GeocodingAPI.swift"
pass "WeatherAPI.swift regenerated with the edit; GeocodingAPI.swift untouched"
restore
swiftpm "$PLUGIN_EXAMPLE" "$LOGS/restore.log" build --build-tests || fail "build after restoring the spec" "$LOGS/restore.log"
weather_good=$(sha "$WEATHER_SWIFT")

step "(3) PluginExample: a broken spec fails the build at its line and column"
backup "$WEATHER_SPEC"
# The first endpoint's method becomes one the format does not have.
python3 - "$WEATHER_SPEC" <<'PYTHON'
import sys
path = sys.argv[1]
text = open(path).read()
open(path, "w").write(text.replace('"method": "GET"', '"method": "FETCH"', 1))
PYTHON
BROKEN_LINE=$(grep -n '"method": "FETCH"' "$WEATHER_SPEC" | head -n 1 | cut -d: -f1)
[ -n "$BROKEN_LINE" ] || fail "could not break $WEATHER_SPEC"
if swiftpm "$PLUGIN_EXAMPLE" "$LOGS/broken.log" build --build-tests; then
    fail "the build with a broken spec succeeded" "$LOGS/broken.log"
fi
DIAGNOSTIC=$(grep -E "^$(printf '%s' "$WEATHER_SPEC" | sed 's/[][\.*^$/]/\\&/g'):[0-9]+:[0-9]+: error: " "$LOGS/broken.log" | head -n 1 || true)
[ -n "$DIAGNOSTIC" ] || fail "no '<spec path>:<line>:<column>: error:' diagnostic in the build output" "$LOGS/broken.log"
DIAGNOSTIC_LINE=$(printf '%s' "${DIAGNOSTIC#"$WEATHER_SPEC":}" | cut -d: -f1)
[ "$DIAGNOSTIC_LINE" = "$BROKEN_LINE" ] \
    || fail "the diagnostic points at line $DIAGNOSTIC_LINE, the broken method is on line $BROKEN_LINE" "$LOGS/broken.log"
[ "$(sha "$WEATHER_SWIFT")" = "$weather_good" ] || fail "a broken spec changed the last good WeatherAPI.swift"
pass "build failed with: ${DIAGNOSTIC#"$ROOT/"}"
pass "the last good WeatherAPI.swift was left as it was"
restore
swiftpm "$PLUGIN_EXAMPLE" "$LOGS/restore2.log" build --build-tests || fail "build after restoring the spec" "$LOGS/restore2.log"
pass "spec restored; the build passes again"

step "(4) PluginExample: a spec of more than 500 endpoints and models is built as several files"
BULK_SPEC=$PLUGIN_EXAMPLE/Sources/WeatherKit/Bulk.endpoints.json
ADDED+=("$BULK_SPEC")
python3 "$ROOT/scripts/make-scale-spec.py" 700 0.5 "$BULK_SPEC"
swiftpm "$PLUGIN_EXAMPLE" "$LOGS/bulk.log" build --build-tests || fail "build with a 700-endpoint spec" "$LOGS/bulk.log"
# A new file in the target makes SwiftPM relink the generator tool, which reruns every command; the
# others write nothing (same bytes). What matters here is Bulk's one command and its two outputs.
generators_in "$LOGS/bulk.log" | grep -qx "Generating Bulk.swift" \
    || fail "adding Bulk.endpoints.json should run its generator command" "$LOGS/bulk.log"
for part in 1 2; do
    file=$WORK/Bulk.swift
    [ "$part" = 1 ] || file=$WORK/Bulk+Part$part.swift
    head -n 1 "$file" 2> /dev/null | grep -q "from Bulk.endpoints.json (part $part of 2)" \
        || fail "$(basename "$file") is missing or is not part $part of 2" "$LOGS/bulk.log"
done
[ ! -e "$WORK/Bulk+Part3.swift" ] || fail "701 endpoints and models should make two files, not three"
[ -n "$(find "$PLUGIN_EXAMPLE/.build/test-examples" -name 'Bulk+Part2.swift.o' -newer "$BULK_SPEC")" ] \
    || fail "Bulk+Part2.swift was not compiled into WeatherKit" "$LOGS/bulk.log"
pass "Bulk.swift and Bulk+Part2.swift generated by one command and compiled with WeatherKit"
restore
swiftpm "$PLUGIN_EXAMPLE" "$LOGS/restore3.log" build --build-tests || fail "build after removing Bulk.endpoints.json" "$LOGS/restore3.log"
pass "spec removed; the build passes again"

step "(5) PluginExample: the command plugin leaves build-plugin targets alone"
# Its specs are among WeatherKit's files, so the build plugin owns them: generate-endpoints skips the
# target, saying so, instead of naming its specs as stale (--check) or writing Swift beside them that
# the build would then see twice ("multiple producers").
swiftpm "$PLUGIN_EXAMPLE" "$LOGS/command-check.log" package --allow-writing-to-package-directory generate-endpoints --check \
    || fail "generate-endpoints --check in a package whose target uses the build plugin" "$LOGS/command-check.log"
grep -q '^Skipping target WeatherKit: ' "$LOGS/command-check.log" || fail "--check did not say it skipped WeatherKit" "$LOGS/command-check.log"
swiftpm "$PLUGIN_EXAMPLE" "$LOGS/command-write.log" package --allow-writing-to-package-directory generate-endpoints \
    || fail "generate-endpoints in a package whose target uses the build plugin" "$LOGS/command-write.log"
[ "$(find "$PLUGIN_EXAMPLE/Sources" -name '*.swift' | wc -l)" -eq 1 ] \
    || fail "generate-endpoints wrote Swift into WeatherKit: $(find "$PLUGIN_EXAMPLE/Sources" -name '*.swift' | tr '\n' ' ')"
swiftpm "$PLUGIN_EXAMPLE" "$LOGS/after-command.log" build --build-tests || fail "build after generate-endpoints" "$LOGS/after-command.log"
pass "$(grep '^Skipping target' "$LOGS/command-check.log")"
pass "--check passed, a plain run wrote nothing, and the build still passes"

# ---------------------------------------------------------------------------------------------
step "CheckedInExample: generate-endpoints --check (command plugin)"
rm -rf "$CHECKED_IN_EXAMPLE/.build/test-examples"
swiftpm "$CHECKED_IN_EXAMPLE" "$LOGS/check.log" package --allow-writing-to-package-directory generate-endpoints --check \
    || fail "generate-endpoints --check: the checked-in Swift is stale; after a generator change, regenerate it with
  (cd Examples/CheckedInExample && swift package --allow-writing-to-package-directory generate-endpoints)" "$LOGS/check.log"
pass "$(tail -n 1 "$LOGS/check.log")"

step "CheckedInExample: --check fails when a spec changed"
todo_before=$(fingerprint "$TODO_SWIFT")
backup "$TODO_SPEC"
sed -i 's/"Adds a to-do."/"Adds a to-do, edited by test-examples."/' "$TODO_SPEC"
if swiftpm "$CHECKED_IN_EXAMPLE" "$LOGS/stale.log" package --allow-writing-to-package-directory generate-endpoints --check; then
    fail "generate-endpoints --check passed with a changed spec" "$LOGS/stale.log"
fi
grep -q 'Sources/Todos/Generated/TodoAPI.swift' "$LOGS/stale.log" || fail "--check did not name the stale file" "$LOGS/stale.log"
[ "$(fingerprint "$TODO_SWIFT")" = "$todo_before" ] || fail "--check wrote TodoAPI.swift"
pass "failed naming Sources/Todos/Generated/TodoAPI.swift, which it left as it was"
restore

step "CheckedInExample: the command line gives the same bytes as the checked-in file"
# docs/quick-start.md, way 3, run from the example's folder.
(cd "$CHECKED_IN_EXAMPLE" && swift run --scratch-path .build/test-examples endpoint-gen generate \
    Sources/Todos/TodoAPI.endpoints.json --output Sources/Todos/Generated --access-level public --check) \
    > "$LOGS/cli.log" 2>&1 || fail "endpoint-gen generate --check on CheckedInExample" "$LOGS/cli.log"
[ "$(fingerprint "$TODO_SWIFT")" = "$todo_before" ] || fail "endpoint-gen --check wrote TodoAPI.swift"
pass "endpoint-gen generate ... --check exits 0"

step "HummingbirdServer: its checked-in Swift is what the generator writes"
# Building that package compiles Hummingbird (minutes): scripts/test-hummingbird.sh does it. Here only
# its generated sources are checked, as scripts/regenerate.sh writes them.
(cd "$CHECKED_IN_EXAMPLE" && swift run --scratch-path .build/test-examples endpoint-gen generate \
    "$ROOT/specs/GitHubAPI.endpoints.json" "$ROOT/specs/ChatAPI.endpoints.json" --service \
    --output "$ROOT/Examples/HummingbirdServer/Sources/APIs/Generated" --check) > "$LOGS/hummingbird-check.log" 2>&1 \
    || fail "Examples/HummingbirdServer/Sources/APIs/Generated is stale: run scripts/regenerate.sh" "$LOGS/hummingbird-check.log"
pass "endpoint-gen generate ... --service --check exits 0"

step "CheckedInExample: build and tests (against a local server)"
start=$(now)
swiftpm "$CHECKED_IN_EXAMPLE" "$LOGS/checked-build.log" build --build-tests || fail "build of CheckedInExample" "$LOGS/checked-build.log"
pass "built in $(seconds_since "$start") s"
swiftpm "$CHECKED_IN_EXAMPLE" "$LOGS/checked-test.log" test --skip-build || fail "CheckedInExample tests" "$LOGS/checked-test.log"
grep -E 'Test run with' "$LOGS/checked-test.log" | sed 's/^/   /' || true

printf '\nPluginExample cold build: %s s\nPluginExample no-op rebuild: %s s\n' "$COLD" "$NOOP"
echo "test-examples: all checks passed"
rm -rf "$LOGS"
