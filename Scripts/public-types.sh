#!/usr/bin/env bash
# Counts the public top-level types of the core module (structs, enums, classes, actors,
# protocols and type aliases declared at file level) and fails when there are more than the
# limit: the public surface is a promise, and what only the package's own modules use is
# `package`.
#
#   Scripts/public-types.sh            # count, list with --list, check against 94
#   LIMIT=80 Scripts/public-types.sh   # another limit
#
# The URL engine (Sources/Destinations/URLs) is counted apart: it is its own module's surface.
# 94 since content events carry `Carrying<Content>`, the payload that makes an event sent
# without its content fail to compile.
# Sources/Destinations/Deprecated is left out: its old names are deprecated or unavailable
# shims kept for one minor version, a way to the surface rather than part of it.
set -euo pipefail
cd "$(dirname "$0")/.."

limit=${LIMIT:-94}
pattern='^(@[A-Za-z]+(\([^)]*\))? +)*(public|open) +((final|indirect) +)*(struct|enum|class|actor|protocol|typealias) +[A-Za-z_]'

declarations=$(grep -rhoE "$pattern[A-Za-z0-9_]*" --include='*.swift' --exclude-dir=URLs --exclude-dir=Deprecated Sources/Destinations \
    | sed -E 's/.* ([A-Za-z_][A-Za-z0-9_]*)$/\1/' | sort)
count=$(printf '%s\n' "$declarations" | grep -c . || true)

if [[ ${1:-} == --list ]]; then printf '%s\n' "$declarations"; fi
if ((count > limit)); then
    echo "public-types: $count public top-level types in Destinations, more than $limit" >&2
    exit 1
fi
echo "public-types: $count public top-level types in Destinations (limit $limit)"
