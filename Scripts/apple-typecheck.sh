#!/usr/bin/env bash
# Type-checks the Apple-only code — DestinationsSwiftUI, DestinationsUIKit, the Inspector client,
# and the NotesSwiftUI, NotesUIKit and SocialSwiftUI apps — for iOS 17 with Swift 6 and warnings as errors.
#
# On Linux this needs an `apple-typecheck` tool: a swiftc wrapper that type-checks modules for
# arm64-apple-ios17.0 against an iOS SDK (nothing is linked or run). Point APPLE_TYPECHECK at it,
# or put it on PATH. Where it is absent, the check is skipped with a message and exit status 0,
# so machines without an iOS SDK (CI on Linux) still pass; set REQUIRE_APPLE_TYPECHECK=1 to make
# its absence an error. On a Mac, build the example apps in Xcode instead.
set -euo pipefail
cd "$(dirname "$0")/.."

checker=${APPLE_TYPECHECK:-$(command -v apple-typecheck || true)}
if [[ -z $checker || ! -x $checker ]]; then
    message="apple-typecheck: skipped — no iOS type-checker (set APPLE_TYPECHECK to the apple-typecheck tool)"
    if [[ ${REQUIRE_APPLE_TYPECHECK:-0} == 1 ]]; then echo "$message" >&2; exit 1; fi
    echo "$message"
    exit 0
fi

# SwiftPM gives every module of the package one package name, which `package` access needs.
flags=(--flag -warnings-as-errors --flag -package-name --flag destinations)
# The upcoming features Package.swift turns on for every target.
for feature in ExistentialAny InternalImportsByDefault MemberImportVisibility; do
    flags+=(--flag -enable-upcoming-feature --flag "$feature")
done
modules=(
    Destinations=Sources/Destinations
    DestinationsURLs=Sources/DestinationsURLs
    DestinationsSwiftUI=Sources/DestinationsSwiftUI
    DestinationsUIKit=Sources/DestinationsUIKit
    DestinationsInspector=Sources/DestinationsInspector
)

echo "apple-typecheck: library modules (release configuration)"
"$checker" "${flags[@]}" "${modules[@]}"
echo "apple-typecheck: library modules with DEBUG (the Inspector client's live code)"
"$checker" "${flags[@]}" --flag -DDEBUG "${modules[@]}"

# The apps import the shared Notes model as NotesApp, the module `swift run NotesExample` uses.
# An app folder holds only the app's sources; its Xcode package is the `.swiftpm` beside it.
for app in NotesSwiftUI NotesUIKit; do
    dir=Examples/$app
    if ! compgen -G "$dir/*.swift" > /dev/null; then
        echo "apple-typecheck: $app has no sources yet" >&2
        exit 1
    fi
    echo "apple-typecheck: $app"
    "$checker" "${flags[@]}" "${modules[@]}" NotesApp=Examples/Notes/NotesApp --app "$dir"
done
# The social client's SwiftUI app imports its navigation as SocialApp, the module its headless
# tests use (`swift test --package-path Examples/Social`).
echo "apple-typecheck: SocialSwiftUI"
"$checker" "${flags[@]}" "${modules[@]}" SocialApp=Examples/Social/Sources/SocialApp --app Examples/SocialSwiftUI
echo "apple-typecheck: passed"
