#!/usr/bin/env bash
# Installs what the inspector's browser test needs: Debian's chromium (Playwright drives it
# through executable_path; no browser download), Graphviz for the flow graph, and Playwright
# for Python. Safe to run again: it installs only what is missing.
set -euo pipefail

sudo_cmd=()
if [[ $(id -u) -ne 0 ]]; then sudo_cmd=(sudo); fi

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v dot >/dev/null 2>&1 || missing+=(graphviz)
command -v node >/dev/null 2>&1 || missing+=(nodejs)
if ((${#missing[@]})); then
    echo "install-test-deps: apt-get install ${missing[*]}"
    "${sudo_cmd[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
fi

python=${PYTHON:-python3}
if ! "$python" -c 'import playwright' >/dev/null 2>&1; then
    echo "install-test-deps: pip install playwright==1.65.2"
    "$python" -m pip install --quiet 'playwright==1.65.2'
fi
echo "install-test-deps: chromium $(chromium --version 2>/dev/null | awk '{print $2}'), dot $(dot -V 2>&1 | awk '{print $5}'), playwright $("$python" -c 'import importlib.metadata as m; print(m.version("playwright"))')"
