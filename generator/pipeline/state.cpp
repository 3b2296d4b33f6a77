#include "pipeline/state.h"

namespace wfgen::pipeline {

namespace {

// In the order of the enum.
constexpr StateInfo kStates[] = {
    {"in-sync", "in sync", ""},
    {"missing", "missing: the sources make it but it is not committed", "created"},
    {"drifted", "out of date: the sources changed since it was generated", "updated"},
    {"hand-edited",
     "edited by hand: generated files must not be edited; change the sources instead",
     "overwrote hand edits in"},
    {"unowned",
     "not written by wfgen: its first line is not wfgen's marker; move it away, or let "
     "`wfgen generate --force` overwrite it",
     "overwrote (--force) a file wfgen did not write:"},
    {"stale", "stale: no source makes it any more", "deleted stale"},
};

}  // namespace

const StateInfo& state_info(FileState s) {
  return kStates[static_cast<int>(s)];
}

}  // namespace wfgen::pipeline
