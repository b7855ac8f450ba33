#!/usr/bin/env bash
# Counts the performance annotations (`@inlinable`, `@usableFromInline`) of the core and checks
# them against their budget: at most LIMIT (default 250), and every file that uses them opens
# with one line naming the benchmark figure they serve:
#
#   // Performance: the push-back, select-tab and sheet figures (Benchmarks/README.md, "Figures").
#
#   Scripts/performance-annotations.sh           # the total and the check
#   Scripts/performance-annotations.sh --list    # the count of every file, highest first
#
# The core is Sources/Destinations, without the URL layer (URLs/), which has a budget of its own.
# Exits non-zero when the total is over the limit or a file lacks its first line.
set -euo pipefail
cd "$(dirname "$0")/.."

limit=${LIMIT:-250}
core=Sources/Destinations

counts=$(find "$core" -name '*.swift' -not -path "$core/URLs/*" -print0 | sort -z |
    xargs -0 grep -oE '@(inlinable|usableFromInline)\b' | cut -d: -f1 | sort | uniq -c | sort -rn)

total=0
missing=()
while read -r count file; do
    [[ -z ${file:-} ]] && continue
    total=$((total + count))
    if ! head -1 "$file" | grep -q '^// Performance: '; then missing+=("$file"); fi
done <<<"$counts"

if [[ ${1:-} == --list ]]; then echo "$counts"; fi
echo "performance annotations in the core: $total (limit $limit)"

status=0
if ((total > limit)); then
    echo "over the limit by $((total - limit)): keep them only where a benchmark figure needs them" >&2
    status=1
fi
for file in "${missing[@]}"; do
    echo "$file: annotated, but its first line does not name a figure ('// Performance: …')" >&2
    status=1
done
exit $status
