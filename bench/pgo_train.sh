#!/bin/sh
# Trains the profile-guided build (CMake's WFGEN_PGO): the instrumented wfgen checks this
# project 20 times on one thread and 20 times on every core, as a project's CI runs it,
# then the profile is checked to be where the optimized build will look for it.
#   pgo_train.sh WFGEN PROJECT PROFILE_DIR LOG
# A check that finds drift or an error (exit 1: sources edited, not yet generated) still
# trains; a crash fails the build, as does a profile under other names (a build directory
# reached through a symbolic link, say), which would give a plain build silently. LOG
# holds the output of the last check run.
set -u
wfgen=$1 project=$2 profile=$3 log=$4
rm -rf "$profile"
i=0
while [ $i -lt 20 ]; do
  for jobs in -j1 ""; do  # one thread, then one per core ($jobs unquoted: "" is no argument)
    "$wfgen" check -C "$project" $jobs > "$log" 2>&1
    status=$?
    if [ $status -gt 1 ]; then
      echo "pgo_train.sh: '$wfgen check' exited with status $status (output in $log)" >&2
      exit 1
    fi
  done
  i=$((i + 1))
done
if [ ! -s "$profile/CMakeFiles#wfgen.dir#generator#cli#main.cpp.gcda" ]; then
  echo "pgo_train.sh: no profile of generator/cli/main.cpp in $profile: the instrumented build wrote none, or under other names" >&2
  exit 1
fi
