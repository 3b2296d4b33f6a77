#!/usr/bin/env bash
# Regenerates generated/ from wfgen.yml, templates/ and matrices/.
# Builds wfgen first when the build is missing or older than its sources, then prints
# what changed. Run it from anywhere; it works on the checkout it lives in.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
build="${WFGEN_BUILD_DIR:-$root/build}"
wfgen="$build/wfgen"

stale=0
if [[ ! -x "$wfgen" ]]; then
  stale=1
elif [[ -n "$(find "$root/generator" "$root/CMakeLists.txt" -newer "$wfgen" -print -quit)" ]]; then
  stale=1
fi

if [[ $stale == 1 ]]; then
  echo "regenerate.sh: building wfgen in $build" >&2
  if [[ ! -f "$build/CMakeCache.txt" ]]; then
    cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DWFGEN_BUILD_BENCH=OFF >/dev/null
  fi
  # Serialise with other builds on shared machines when flock is available.
  if command -v flock >/dev/null 2>&1; then
    flock /tmp/wfgen-build.lock cmake --build "$build" -j2 --target wfgen >/dev/null
  else
    cmake --build "$build" -j2 --target wfgen >/dev/null
  fi
fi

exec "$wfgen" generate -C "$root"
