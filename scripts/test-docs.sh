#!/usr/bin/env bash
# Tests the lines a user copies from README.md and docs/quick-start.md, as a user of a release
# meets them:
#   1. every `from: "X.Y.Z"` in the docs names one version, the CLI's last release (`--version`),
#      which is CHANGELOG.md's top release;
#   2. a clone of this repository (its committed HEAD: in CI, a fresh clone of main), tagged with
#      that version, as a release would be;
#   3. a consumer package whose Package.swift is the README's build-plugin manifest, verbatim but
#      for the URL (`file://` the clone), whose target holds the README's example spec and the one
#      Swift line quick-start.md tells such a target to add: `swift build`, then the generated
#      module is checked;
#   4. the README's set-up generator line, here, into a temporary folder;
#   5. every `swift run endpoint-gen ...` line of README.md and docs/quick-start.md (and the
#      `swift build --product endpoint-gen` before them), in the consumer package, with the files
#      they name put in place.
# Needs git, python3 and Swift; no network.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
[[ -d /opt/swift/usr/bin ]] && export PATH="/opt/swift/usr/bin:$PATH"
TMP=$(mktemp -d "${TMPDIR:-/tmp}/test-docs.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
cd "$ROOT"

step() { printf '\n== %s (%ss)\n' "$*" "$SECONDS"; }
fail() { printf '\ntest-docs: FAILED: %s\n' "$*" >&2; exit 1; }

# Markdown blocks and lines, by python3 (which CI has): a fenced block after a marker line, and the
# shell lines of the docs with their continuations joined and their comments removed.
block_after() {  # <file> <marker> <fence language>: the first ```<language> block after the marker
    python3 - "$@" <<'EOF'
import sys
path, marker, language = sys.argv[1:4]
lines = open(path, encoding="utf-8").read().split("\n")
start = next(i for i, line in enumerate(lines) if marker in line)
begin = next(i for i in range(start, len(lines)) if lines[i].strip() == "```" + language)
end = next(i for i in range(begin + 1, len(lines)) if lines[i].strip() == "```")
print("\n".join(lines[begin + 1:end]))
EOF
}
shell_lines() {  # <file>...: the lines of ```sh blocks, continuations joined, comments removed
    python3 - "$@" <<'EOF'
import re, sys
for path in sys.argv[1:]:
    inside, pending = False, ""
    for line in open(path, encoding="utf-8").read().split("\n"):
        if line.strip().startswith("```"):
            inside = line.strip() == "```sh"
            continue
        if not inside:
            continue
        line = pending + line.strip()
        if line.endswith("\\"):
            pending = line[:-1] + " "
            continue
        pending = ""
        line = re.sub(r"\s+#.*$", "", line).strip()
        if line and not line.startswith("#"):
            print(line)
EOF
}

step "one version in the docs, the CLI and the changelog"
versions=$(grep -rhoE 'from: "[^"]*"' README.md docs | sort -u)
[[ $(printf '%s\n' "$versions" | wc -l) -eq 1 ]] || fail "the docs name several versions: $(echo $versions)"
VERSION=$(printf '%s' "$versions" | sed -E 's/from: "(.*)"/\1/')
[[ $VERSION =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || fail "'$VERSION' is not a semantic version"
cli_version=$(sed -nE 's/.*static let release = "([^"]*)".*/\1/p' Sources/EndpointGen/CommandLineTool.swift)
[[ $cli_version == "$VERSION" ]] || fail "the docs say from: \"$VERSION\", the CLI's last release is $cli_version"
changelog_version=$(sed -nE 's/^## \[([0-9][^]]*)\].*/\1/p' CHANGELOG.md | head -1)
[[ $changelog_version == "$VERSION" ]] || fail "CHANGELOG.md's top release is $changelog_version, the docs say $VERSION"
echo "   ok: $VERSION"

step "a clone of this repository, tagged $VERSION"
git clone --quiet "$ROOT" "$TMP/endpoint-gen"
git -C "$TMP/endpoint-gen" -c user.name=test-docs -c user.email=test-docs@invalid tag "$VERSION"
CLONE_URL="file://$TMP/endpoint-gen"

step "the README's build-plugin manifest, with the URL of the clone"
APP=$TMP/MyApp
mkdir -p "$APP/Sources/MyAPIClient" "$APP/specs"
block_after README.md '**Build plugin.**' swift > "$TMP/manifest"
grep -qF ".package(url: \"https://github.com/<owner>/endpoint-gen\", from: \"$VERSION\")" "$TMP/manifest" \
    || fail "the README's manifest has no dependency line on endpoint-gen from $VERSION"
sed "s|https://github.com/<owner>/endpoint-gen|$CLONE_URL|" "$TMP/manifest" > "$APP/Package.swift"
target=$(sed -nE 's/.*name: "([^"]*)",$/\1/p' "$APP/Package.swift" | tail -1)
[[ $target == MyAPIClient ]] || fail "expected the README's target MyAPIClient, found '$target'"
# The README's example spec, and the one Swift file quick-start.md says a spec-only target needs.
block_after README.md '## From spec to Swift' json > "$APP/Sources/MyAPIClient/StravaAPI.endpoints.json"
swift_line=$(block_after docs/quick-start.md 'needs at least one Swift file' swift)
[[ -n $swift_line ]] || fail "quick-start.md shows no Swift file for a target of specs only"
printf '%s\n' "$swift_line" > "$APP/Sources/MyAPIClient/Module.swift"
cp "$APP/Sources/MyAPIClient/StravaAPI.endpoints.json" "$APP/specs/"
cp "$TMP/endpoint-gen/Tests/EndpointGenCoreTests/Fixtures/OpenAPI/pet-store-3.0.json" "$APP/openapi.json"
mkdir -p "$APP/Sources/Todos"
cp "$TMP/endpoint-gen/Examples/CheckedInExample/Sources/Todos/TodoAPI.endpoints.json" "$APP/Sources/Todos/"

step "swift build of the consumer (resolves $VERSION from the clone, runs the build plugin)"
(cd "$APP" && swift build 2>&1) > "$TMP/build.log" || { tail -40 "$TMP/build.log"; fail "the consumer does not build"; }
resolved=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print([p["state"].get("version") for p in d["pins"]][0])' "$APP/Package.resolved")
[[ $resolved == "$VERSION" ]] || fail "resolved endpoint-gen at '$resolved', not $VERSION"
generated=$(find "$APP/.build/plugins/outputs" -name StravaAPI.swift | head -1)
[[ -n $generated ]] || fail "the build plugin generated no StravaAPI.swift"
grep -qE "public (nonisolated )?enum StravaAPI" "$generated" || fail "$generated declares no StravaAPI"
find "$APP/.build" -name 'MyAPIClient.swiftmodule' | grep -q . || fail "no MyAPIClient module was built"
echo "   ok: resolved $resolved; $(basename "$generated") generated; module MyAPIClient built"

step "the README's set-up generator line, into a temporary folder"
shell_lines README.md > "$TMP/readme-lines"   # read whole: an early-closing grep would break the pipe
setup=$(grep -m1 '^swift run endpoint-gen generate specs ' "$TMP/readme-lines" || true)
[[ -n $setup ]] || fail "the README's set-up has no 'swift run endpoint-gen generate specs' line"
echo "   \$ ${setup/--output Generated/--output $TMP/Generated}"
${setup/--output Generated/--output $TMP/Generated} > "$TMP/setup.log" 2>&1 || { cat "$TMP/setup.log"; fail "$setup"; }
count=$(ls "$TMP/Generated"/*.swift | wc -l)
[[ $count -ge 5 ]] || fail "the set-up line wrote $count files"
echo "   ok: $count files; $(grep -c '^wrote ' "$TMP/setup.log") 'wrote' lines"

step "the command lines of README.md and docs/quick-start.md, in the consumer"
ran=0
while IFS= read -r line; do
    case $line in
        "swift run endpoint-gen generate specs "*) continue ;;   # the set-up line, run above
        "swift run endpoint-gen "* | "swift build --product endpoint-gen") ;;
        *) continue ;;
    esac
    echo "   \$ $line"
    (cd "$APP" && eval "$line") > "$TMP/line.log" 2>&1 || { cat "$TMP/line.log"; fail "$line"; }
    sed 's/^/     /' "$TMP/line.log" | grep -v '^     \[\|Building\|Build complete\|Compiling\|Planning\|Write' || true
    ran=$((ran + 1))
done < <(shell_lines README.md docs/quick-start.md)
[[ $ran -ge 6 ]] || fail "only $ran command lines found"
echo "   ok: $ran lines"

step "done"
