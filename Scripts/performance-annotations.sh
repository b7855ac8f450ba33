#!/usr/bin/env bash
# Counts the performance annotations (`@inlinable`, `@usableFromInline`) of every library module
# under Sources/ and checks them against one budget: at most LIMIT (default 300) in all, and every
# file that uses them opens with one line naming the benchmark figure they serve:
#
#   // Performance: the push-back, select-tab and sheet figures (Benchmarks/README.md, "Figures").
#
#   Scripts/performance-annotations.sh           # the count of each module, the total and the check
#   Scripts/performance-annotations.sh --list    # also the count of every file, highest first
#
# Exits non-zero when the total is over the limit or a file lacks its first line.
set -euo pipefail
cd "$(dirname "$0")/.."

limit=${LIMIT:-300}

counts=$(find Sources -name '*.swift' -print0 | sort -z |
    xargs -0 grep -oE '@(inlinable|usableFromInline)\b' | cut -d: -f1 | sort | uniq -c | sort -rn || true)

total=0
missing=()
while read -r count file; do
    [[ -z ${file:-} ]] && continue
    total=$((total + count))
    if ! head -1 "$file" | grep -q '^// Performance: '; then missing+=("$file"); fi
done <<<"$counts"

if [[ ${1:-} == --list ]]; then echo "$counts"; fi
for directory in Sources/*/; do
    module=$(basename "$directory")
    echo "  $module: $(echo "$counts" | awk -v prefix="Sources/$module/" 'index($2, prefix) == 1 { sum += $1 } END { print sum + 0 }')"
done
echo "performance annotations in every module: $total (limit $limit)"

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
