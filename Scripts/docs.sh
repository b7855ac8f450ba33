#!/usr/bin/env bash
# Builds the documentation site: every library module's DocC catalog with its symbols, linked
# to the modules it imports, merged into one archive at .build/docs/Destinations.doccarchive.
#
# Only the toolchain is used (`swift symbolgraph-extract` and `docc`), no package plugin, so an
# app's dependency resolution stays what Package.swift says. Each module is converted in
# dependency order with the archives of the modules it imports as link dependencies, so
# ``Flow`` in the testing guide is a link to the core's page; then `docc merge` joins them.
#
# Warnings are errors. Every module is converted, each warning is printed as
# `file:line:column: warning: …` (the article, or the Swift file whose documentation comment
# holds it), and the script fails after printing them all.
#
# The renderers (DestinationsSwiftUI, DestinationsUIKit) are Apple-only and empty on Linux: their
# symbols come from the iOS type-checker that Scripts/apple-typecheck.sh uses (APPLE_TYPECHECK).
# Without it, their pages are left out with a message, unless REQUIRE_APPLE_TYPECHECK=1.
#
# Open the site: `python3 -m http.server -d .build/docs/Destinations.doccarchive 8000`, then
# http://localhost:8000/documentation/destinations (any static file server will do).
set -euo pipefail
cd "$(dirname "$0")/.."

out=.build/docs
work=$out/work
rm -rf "$out"
mkdir -p "$work"

for target in Destinations DestinationsURLs DestinationsTesting DestinationsInspector; do
    swift build --target "$target" > /dev/null
done
bin=$(swift build --show-bin-path)

# Symbol graphs of the modules built on this platform.
for module in Destinations DestinationsURLs DestinationsTesting DestinationsInspector; do
    mkdir -p "$work/symbols/$module"
    swift symbolgraph-extract -module-name "$module" -I "$bin/Modules" -target "$(uname -m)-unknown-linux-gnu" \
        -minimum-access-level public -skip-synthesized-members -output-dir "$work/symbols/$module"
done

# The renderers' symbol graphs, from the iOS type-checker.
renderers=()
checker=${APPLE_TYPECHECK:-$(command -v apple-typecheck || true)}
if [[ -n $checker && -x $checker ]]; then
    ios=$work/symbols/ios
    mkdir -p "$ios"
    flags=(--flag -package-name --flag destinations --flag -emit-symbol-graph --flag -emit-symbol-graph-dir --flag "$ios"
        --flag -symbol-graph-minimum-access-level --flag public)
    for feature in ExistentialAny InternalImportsByDefault MemberImportVisibility; do
        flags+=(--flag -enable-upcoming-feature --flag "$feature")
    done
    "$checker" "${flags[@]}" Destinations="$PWD/Sources/Destinations" \
        DestinationsSwiftUI="$PWD/Sources/DestinationsSwiftUI" DestinationsUIKit="$PWD/Sources/DestinationsUIKit" > /dev/null
    for module in DestinationsSwiftUI DestinationsUIKit; do
        mkdir -p "$work/symbols/$module"
        # The compiler writes the symbols of the core, which the renderers re-export, into the
        # renderer's graph too; keep those declared in the renderer's own sources.
        python3 - "$ios/$module.symbols.json" "$work/symbols/$module/$module.symbols.json" "/Sources/$module/" << 'PYTHON'
import json, sys
source, target, folder = sys.argv[1:]
graph = json.load(open(source))
graph["symbols"] = [s for s in graph["symbols"] if folder in s.get("location", {}).get("uri", folder)]
kept = {s["identifier"]["precise"] for s in graph["symbols"]}
graph["relationships"] = [r for r in graph["relationships"] if r["source"] in kept]
json.dump(graph, open(target, "w"))
PYTHON
        renderers+=("$module")
    done
else
    message="docs: DestinationsSwiftUI and DestinationsUIKit left out — no iOS type-checker (set APPLE_TYPECHECK)"
    if [[ ${REQUIRE_APPLE_TYPECHECK:-0} == 1 ]]; then echo "$message" >&2; exit 1; fi
    echo "$message"
fi

# One module: its catalog and symbols, linked to the archives of the modules it imports.
# Prints every warning with its place and marks the run failed; the archive is still written,
# so the modules that import this one are converted and checked too.
failed=0
convert() {
    local module=$1
    shift
    local dependencies=()
    for dependency in "$@"; do dependencies+=(--dependency "$work/$dependency.doccarchive"); done
    local log=$work/$module.log
    if ! docc convert "Sources/$module/$module.docc" \
        --additional-symbol-graph-dir "$work/symbols/$module" \
        --output-path "$work/$module.doccarchive" \
        --fallback-display-name "$module" --fallback-bundle-identifier "destinations.$module" \
        --enable-experimental-external-link-support "${dependencies[@]}" \
        --transform-for-static-hosting --ide-console-output > "$log" 2>&1; then
        cat "$log" >&2
        echo "docs: $module did not convert" >&2
        exit 1
    fi
    # Each problem on one line with its file and line; the notes and fix-its under it stay in
    # the log.
    if grep -E ': (warning|error):' "$log" | sed "s|$PWD/||" >&2; then failed=1; fi
}

convert Destinations
convert DestinationsURLs Destinations
convert DestinationsTesting Destinations
convert DestinationsInspector Destinations DestinationsURLs
for module in "${renderers[@]}"; do convert "$module" Destinations; done

if [[ $failed == 1 ]]; then
    echo "docs: failed — fix the warnings above (their notes are in $work/*.log)" >&2
    exit 1
fi

archives=()
for module in Destinations DestinationsURLs DestinationsTesting DestinationsInspector "${renderers[@]}"; do
    archives+=("$work/$module.doccarchive")
done
docc merge "${archives[@]}" --output-path "$out/Destinations.doccarchive" \
    --synthesized-landing-page-name Destinations > "$work/merge.log"
rm -rf "$work"
echo "docs: $out/Destinations.doccarchive (serve it with python3 -m http.server -d $out/Destinations.doccarchive)"
