#!/usr/bin/env bash
# Counts the instructions of CallgrindLoop's measured loop under callgrind, per mode, and prints
# a Markdown table of instructions per iteration.
#
#   Scripts/callgrind-counts.sh                       # every mode at depth 1,000
#   DEPTHS="10 1000 100000" Scripts/callgrind-counts.sh push-back
#
# Environment: DEPTHS (default 1000), ITERATIONS (default 10000), WARM_UP (default 1000), and
# BINARY: a CallgrindLoop built earlier (a copy kept from another commit), run without building.
# Only the measured loop is counted (--toggle-collect), with deterministic hashing, so two runs
# give the same count.
set -euo pipefail
cd "$(dirname "$0")/.."

depths=${DEPTHS:-1000}
iterations=${ITERATIONS:-10000}
warm_up=${WARM_UP:-1000}
if [ "$#" -gt 0 ]; then
    modes=("$@")
else
    modes=(floor transaction push-back push-back-readme select-tab sheet deep-link send-perform send-push send-push-send-back
        read-focused-destination read-focused-object read-focused-screen read-node read-destination
        read-destination-object read-contains read-state read-root-id)
fi

if [ -n "${BINARY:-}" ]; then
    binary=$BINARY
else
    swift build -c release --product CallgrindLoop >&2
    binary=.build/release/CallgrindLoop
fi
output=$(mktemp -d)
trap 'rm -rf "$output"' EXIT

echo "| mode | depth | iterations | instructions | per iteration |"
echo "| --- | ---: | ---: | ---: | ---: |"
for depth in $depths; do
    for mode in "${modes[@]}"; do
        SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --toggle-collect='*measuredIterations*' \
            --callgrind-out-file="$output/$mode-$depth.out" \
            "$binary" "$mode" --depth "$depth" --iterations "$iterations" --warm-up "$warm_up" \
            >/dev/null 2>"$output/$mode-$depth.log"
        total=$(awk '/I +refs:/ { gsub(",", "", $NF); print $NF }' "$output/$mode-$depth.log")
        echo "| $mode | $depth | $iterations | $total | $((total / iterations)) |"
    done
done
