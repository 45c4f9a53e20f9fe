#!/usr/bin/env bash
# Generated code in every kind of target users have: a consumer package whose targets each compile
# the same generated files (nine example specs, with the module type they name, and two imported
# OpenAPI documents) with other settings, every one with -warnings-as-errors:
#   Swift 6; the Xcode 26 app default `.defaultIsolation(MainActor.self)`; each upcoming feature
#   alone (InternalImportsByDefault, MemberImportVisibility, ExistentialAny,
#   NonisolatedNonsendingByDefault, InferIsolatedConformances); all of them; all of them on the
#   main actor; the Swift 5 language mode.
# A test target then calls the generated API from @MainActor code in the main-actor targets and
# checks what comes back (a stub transport serves the spec's sample). Last, the same files are
# type-checked (with -warnings-as-errors) under every one of the 64 combinations of the default
# main-actor isolation and the five upcoming features: isolation, import and `any` problems are all
# found by the type checker, which is much cheaper than ten more targets.
#   scripts/test-targets.sh        builds in a temporary folder, removed at the end
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/test-targets.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
PKG=$WORK/Consumer
# SwiftPM names a path dependency after its folder.
IDENTITY=$(basename "$ROOT" | tr "[:upper:]" "[:lower:]")
FEATURES=(InternalImportsByDefault MemberImportVisibility ExistentialAny NonisolatedNonsendingByDefault InferIsolatedConformances)
GENERATED=("$ROOT"/Tests/ExampleAPIs/{StravaAPI,GistsAPI,GitHubAPI,ResponseShapes,HTTPBin,Torture,Shapes,Coordinates,ChatAPI,PaymentsAPI}.swift
           "$ROOT"/Tests/ImportedAPIs/{PetStore/PetStore,TomTom/TomTom}.swift)

# target NAME SETTINGS...: a library target holding a copy of the generated files and a function
# that calls them from the main actor.
TARGETS=()
target() {
    local name=$1; shift
    mkdir -p "$PKG/Sources/$name"
    cp "${GENERATED[@]}" "$PKG/Sources/$name/"
    cat > "$PKG/Sources/$name/Caller.swift" <<'SWIFT'
import EndpointRuntime

/// Sends a generated endpoint from main-actor code, as an app's view model would.
@MainActor
public func firstnameOfTheSampleAthlete() async throws -> String? {
    let client = HTTPClient(transport: StubTransport(samples: StravaAPI.samples))
    let athlete = try await client.send(StravaAPI.athlete)
    return athlete.firstname
}

/// Reads a generated streamed endpoint from main-actor code, element by element.
@MainActor
public func wordsOfTheSampleChat() async throws -> [String] {
    let client = HTTPClient(transport: StubTransport(samples: ChatAPI.samples))
    var words: [String] = []
    for try await chunk in try await client.send(ChatAPI.chat(body: .init(prompt: "Hi"))) {
        words.append(chunk.text)
    }
    return words
}
SWIFT
    local settings='.unsafeFlags(["-warnings-as-errors"])'
    local setting
    for setting in "$@"; do settings+=", $setting"; done
    TARGETS+=("        .target(name: \"$name\", dependencies: [.product(name: \"EndpointRuntime\", package: \"$IDENTITY\")], swiftSettings: [$settings]),")
}

target Swift6
target MainActorDefault '.defaultIsolation(MainActor.self)'
for feature in "${FEATURES[@]}"; do target "Only$feature" ".enableUpcomingFeature(\"$feature\")"; done
all=()
for feature in "${FEATURES[@]}"; do all+=(".enableUpcomingFeature(\"$feature\")"); done
target AllUpcoming "${all[@]}"
target AllUpcomingOnMainActor '.defaultIsolation(MainActor.self)' "${all[@]}"
target Swift5 '.swiftLanguageMode(.v5)'

mkdir -p "$PKG/Tests/ConsumerTests"
cat > "$PKG/Tests/ConsumerTests/ConsumerTests.swift" <<'SWIFT'
import AllUpcomingOnMainActor
import MainActorDefault
import Swift6
import Testing

@MainActor
@Test func generatedCodeIsCallableFromTheMainActor() async throws {
    #expect(try await AllUpcomingOnMainActor.firstnameOfTheSampleAthlete() == "Marianne")
    #expect(try await MainActorDefault.firstnameOfTheSampleAthlete() == "Marianne")
    #expect(try await Swift6.firstnameOfTheSampleAthlete() == "Marianne")
    #expect(try await AllUpcomingOnMainActor.wordsOfTheSampleChat() == ["Hi", "there"])
    #expect(try await MainActorDefault.wordsOfTheSampleChat() == ["Hi", "there"])
    #expect(try await Swift6.wordsOfTheSampleChat() == ["Hi", "there"])
}
SWIFT

{
    echo '// swift-tools-version: 6.2'
    echo 'import PackageDescription'
    echo 'let package = Package('
    echo '    name: "Consumer",'
    echo "    dependencies: [.package(path: \"$ROOT\")],"
    echo '    targets: ['
    printf '%s\n' "${TARGETS[@]}"
    echo '        .testTarget(name: "ConsumerTests", dependencies: ["AllUpcomingOnMainActor", "MainActorDefault", "Swift6"]),'
    echo '    ]'
    echo ')'
} > "$PKG/Package.swift"

echo "test-targets: ${#TARGETS[@]} consumer targets, each with ${#GENERATED[@]} generated files, -warnings-as-errors"
start=$SECONDS
if ! swift build --package-path "$PKG" --build-tests > "$WORK/build.log" 2>&1; then
    grep -E "error:|warning:" "$WORK/build.log" | sort -u | head -40 >&2
    echo "test-targets: FAILED: the consumer package did not build (log above)" >&2
    exit 1
fi
echo "test-targets: built in $((SECONDS - start)) s"
swift test --package-path "$PKG" --skip-build 2>&1 | tail -n 3

# Every combination, type-checked against the runtime module the consumer build made.
MODULES="$(swift build --package-path "$PKG" --show-bin-path)/Modules"
COMBINATIONS=$WORK/combinations.txt
: > "$COMBINATIONS"
for mask in $(seq 0 63); do
    flags=()
    (( mask & 1 )) && flags+=(-default-isolation=MainActor)
    for index in "${!FEATURES[@]}"; do
        (( mask & (2 << index) )) && flags+=(-enable-upcoming-feature "${FEATURES[$index]}")
    done
    echo "${flags[*]}" >> "$COMBINATIONS"
done
check() {
    # shellcheck disable=SC2086
    if ! output=$(swiftc -typecheck -swift-version 6 -warnings-as-errors -I "$MODULES" $1 "${GENERATED[@]}" -module-name Combination 2>&1); then
        printf 'test-targets: FAILED with [%s]:\n%s\n' "$1" "$(echo "$output" | grep -E 'error:' | sort -u | head -5)" >&2
        return 1
    fi
}
export -f check
export MODULES
start=$SECONDS
if ! GENERATED_LIST="${GENERATED[*]}" xargs -d '\n' -P 2 -I {} bash -c 'GENERATED=($GENERATED_LIST); check "{}"' < "$COMBINATIONS"; then
    echo "test-targets: FAILED: a combination of isolation and upcoming features does not compile cleanly" >&2
    exit 1
fi
echo "test-targets: all $(wc -l < "$COMBINATIONS") combinations type-check without a warning ($((SECONDS - start)) s)"
