#!/usr/bin/env bash
# The Flow Inspector's browser test, as its own CI step after `swift test`: installs chromium,
# graphviz and Playwright if missing, builds the inspector and the Notes example, and runs
# Inspector/Tests/browser_test.py. Fails (never skips) when the browser cannot start.
#
#   Inspector/Scripts/browser-test.sh          # from the repository's root or anywhere
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
before="$(git -C "$root" status --porcelain)"

"$root/Inspector/Scripts/install-test-deps.sh"
if ! chromium --headless=new --no-sandbox --disable-gpu --dump-dom about:blank >/dev/null 2>&1; then
    echo "browser-test: chromium cannot start; the inspector's browser test fails" >&2
    exit 1
fi

# The server runs optimised, as its README runs it: the burst latency figure is the tool's.
swift build -c release --package-path Inspector --product destinations-inspector
# The server's own tests (token, host, hub), in process.
# Graphviz was installed above: its test runs, and fails rather than skips without it.
INSPECTOR_REQUIRE_GRAPHVIZ=1 swift test --package-path Inspector
# The page's logic without a browser: the log's filter and count, the setup "copy as test" trusts.
node "$root/Inspector/Tests/Page/page_test.mjs"
# The app built for release too (with the client kept in by its trait), as the figures say.
swift build -c release --product NotesExample --traits InspectorInRelease
server="$(swift build -c release --package-path Inspector --show-bin-path)/destinations-inspector"
notes="$(swift build -c release --show-bin-path)/NotesExample"

# Everything the test writes goes here, never into the repository.
out="$root/Inspector/.test-output"
mkdir -p "$out"
python3 "$root/Inspector/Tests/browser_test.py" --server "$server" --notes "$notes" --out "$out" --package "$root" \
    --server-build release --app-build "release, InspectorInRelease"
# The test changed nothing the repository tracks, nor added a file it does not ignore.
after="$(git -C "$root" status --porcelain)"
if [[ "$after" != "$before" ]]; then
    echo "browser-test: the run changed the repository:" >&2
    diff <(echo "$before") <(echo "$after") >&2 || true
    exit 1
fi
