#!/usr/bin/env bash
# Installs what wfgen needs that this Debian machine lacks (as root, through apt-get),
# and exports WFGEN_PYTHON: a python3 that has jinja2, yaml and jsonschema (the test
# oracle; never used by wfgen itself). Source it: `. .ci/deps.sh`.
set -euo pipefail

wfgen_packages=(cmake g++ make nlohmann-json3-dev libyaml-cpp-dev libcli11-dev libgtest-dev
                libbenchmark-dev python3)
wfgen_packages+=(clang libclang-rt-14-dev)  # .ci/fuzz: clang and its libFuzzer runtime
wfgen_missing=()
for p in "${wfgen_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || wfgen_missing+=("$p")
done

wfgen_python=""
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

if [ ${#wfgen_missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "wfgen: missing packages: ${wfgen_missing[*]} (run as root, or: sudo apt-get install ${wfgen_missing[*]})" >&2
    exit 1
  fi
  echo "wfgen: installing ${wfgen_missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends "${wfgen_missing[@]}" >&2
fi
if [ -z "$wfgen_python" ]; then wfgen_python=/usr/bin/python3; fi
export WFGEN_PYTHON="$wfgen_python"
