// Where each output stands against the files on disk: one table holds every state's
// name (in JSON reports), its explanation (in check's report) and what generate does.
#pragma once

#include <string_view>

namespace wfgen::pipeline {

enum class FileState {
  InSync,      // on disk exactly as the sources make it
  Missing,     // a source makes it, the file is not there
  Drifted,     // generated earlier, untouched since, but the sources changed
  HandEdited,  // has our marker, but its fingerprint says someone edited it
  Unowned,     // a file without our marker is where an output goes
  Stale,       // has our marker but no source makes it any more
};

struct StateInfo {
  std::string_view name;         // "hand-edited"
  std::string_view explanation;  // "edited by hand: ..."
  std::string_view verb;         // what generate did: "updated" ("" for in-sync)
};

const StateInfo& state_info(FileState s);
inline std::string_view state_name(FileState s) {
  return state_info(s).name;
}

}  // namespace wfgen::pipeline
