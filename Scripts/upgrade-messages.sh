#!/usr/bin/env bash
# Checks that code written against the previous minor versions is walked by the compiler:
# Scripts/upgrade/OldCode.swift, type-checked against today's modules, must fail or warn on each
# old spelling with a message that says what to write instead (the shims in
# Sources/*/Deprecated). A shim removed too early, or a message that no longer names the new
# spelling, fails this script.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --target DestinationsURLs > /dev/null
modules=$(swift build --show-bin-path)/Modules
output=$(swiftc -typecheck -swift-version 6 -I "$modules" Scripts/upgrade/OldCode.swift 2>&1 || true)

expected=(
    "'send(_:content:)' is unavailable: declare the event's content once: extension ContentEvent<"
    "'post(_:content:)' is unavailable: declare the event's content once"
    "'present' is unavailable: declare the event's content once"
    "'handOff' is unavailable: declare the event's content once"
    "'init(providers:urls:scene:)' is unavailable: write FlowURLs(Flow(FlowConfiguration("
    "'open(_:source:)' is unavailable: write FlowURLs(flow, router: router, scene: scene).open("
    "'clearPending()' is deprecated: renamed to 'dropPending()'"
    "'applyOrRedirect(_:from:)' is deprecated: renamed to 'apply(_:from:)'"
    "'pendingLifetime' is deprecated: renamed to 'configuration.pendingLifetime'"
    "'PlannedChange' is deprecated: renamed to 'NavigationGuard.Change'"
    "'LinkSource' is deprecated: renamed to 'ChangeSource'"
    "'popped(stack:toCount:)' is unavailable: write .popped(stack: stack, to:"
    "'init(_:)' is deprecated: declare the case with its content, case select(Carrying<Note>)"
    "'content' is deprecated: declare the event with its content (case select(Carrying<Note>)"
)
missing=0
for message in "${expected[@]}"; do
    if ! grep -qF -- "$message" <<< "$output"; then
        echo "upgrade-messages: missing: $message" >&2
        missing=1
    fi
done
# Nothing else may fail: an error without a message of ours would leave the upgrade unguided.
others=$(grep -E '^[^ ].*: error: ' <<< "$output" | grep -v -E "is unavailable: (declare|write)" || true)
if [[ -n $others ]]; then
    echo "upgrade-messages: unguided errors:" >&2
    echo "$others" >&2
    missing=1
fi
# A content event sent without its content does not compile, and the error names the content.
refused=$(swiftc -typecheck -swift-version 6 -I "$modules" Scripts/upgrade/NoContent.swift 2>&1 || true)
if ! grep -qF "error: member 'take' expects argument of type 'Carrying<String>'" <<< "$refused"; then
    echo "upgrade-messages: a content event sent without its content compiled, or its error changed:" >&2
    echo "$refused" >&2
    missing=1
fi
if [[ $missing == 1 ]]; then exit 1; fi
echo "upgrade-messages: ${#expected[@]} old spellings guided to the new ones; a content event without its content refused"
