#!/usr/bin/env bash
# Regenerates generated/ from wfgen.yml, templates/ and matrices/: installs what building
# wfgen needs if it is missing, (re)builds wfgen if its sources changed, then runs
# `wfgen generate`, which prints what changed. Works from any directory. Only wfgen's
# output reaches the terminal: apt's and the build's go to logs in the build dir, shown
# when they fail.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
build="${WFGEN_BUILD_DIR:-$root/build}"

. "$root/.ci/deps.sh" build
if [[ ! -x "$build/wfgen" ]]; then
  echo "wfgen: building $build/wfgen (the first build takes a few minutes)" >&2
fi
if [[ ! -f "$build/CMakeCache.txt" ]]; then
  # The tests and benchmarks are .ci/test's: this build makes only the CLI.
  wfgen_quietly "$build/configure.log" cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release \
    -DWFGEN_BUILD_TESTS=OFF -DWFGEN_BUILD_BENCH=OFF
fi
# An up-to-date build is a no-op; a stale one rebuilds only what changed.
wfgen_quietly "$build/build.log" cmake --build "$build" -j"$(nproc 2>/dev/null || echo 2)" --target wfgen

exec "$build/wfgen" generate -C "$root"
