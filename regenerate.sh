#!/usr/bin/env bash
# Regenerates generated/ from wfgen.yml, templates/ and matrices/: installs what the
# build needs if it is missing, (re)builds wfgen if its sources changed, then runs
# `wfgen generate`, which prints what changed. Works from any directory.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
build="${WFGEN_BUILD_DIR:-$root/build}"

. "$root/.ci/deps.sh"
if [[ ! -f "$build/CMakeCache.txt" ]]; then
  cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DPython3_EXECUTABLE="$WFGEN_PYTHON" >/dev/null
fi
# An up-to-date build is a no-op; a stale one rebuilds only what changed.
cmake --build "$build" -j"$(nproc 2>/dev/null || echo 2)" --target wfgen >/dev/null

exec "$build/wfgen" generate -C "$root"
