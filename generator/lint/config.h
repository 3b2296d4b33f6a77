// The `lint:` section of wfgen.yml: waivers, and the settings some rules read.
//
//   lint:
//     waivers:                       # a waived finding is still listed, marked waived
//       - rule: matrix-size          # a rule name (wfgen lint --list-rules)
//         family: perf-nightly       # every output of this family ...
//         reason: split by the caller; see #123
//       - rule: duplicate-key
//         file: "generated/legacy/**"  # ... or every file matching this glob
//         reason: the legacy workflows are being rewritten
//     trusted_owners: [pytorch]      # actions of these owners need no SHA pin
//     interfaces:                    # reusable workflows not in the tree: `uses:` without
//       ./.github/workflows/_linux-build.yml: interfaces/_linux-build.yml   # @ref -> a
//                                    # file (relative to the project) whose
//                                    # `on.workflow_call` declares its inputs/outputs/secrets
//                                    # (a relative path inside the project; the manifest
//                                    # checks the file is a regular file there)
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "data/document.h"

namespace wfgen::lint {

struct Waiver {
  std::string rule;
  std::string family;  // one of family / file is set
  std::string file;    // a glob: `*` within a path segment, `**` across segments, `?`
  std::string reason;
};

struct Config {
  std::vector<Waiver> waivers;
  std::vector<std::string> trusted_owners;
  std::map<std::string, std::string> interfaces;

  // The first waiver covering `rule` in `file` (of manifest family `family`, "" when the
  // file belongs to none), or nullptr.
  const Waiver* waiver_for(std::string_view rule, std::string_view file,
                           std::string_view family) const;
};

// Reads the section at JSON pointer `ptr` of `doc` (the manifest). Unknown keys, unknown
// rule names, a waiver without a reason or with neither/both of family and file, an
// interface path that is absolute or holds '..' are errors: throws data::DataError
// positioned in the manifest.
Config read_config(const data::Document& doc, const std::string& ptr);

// `*` matches within one '/'-separated segment, `**` any number of segments, `?` one
// character of a segment.
bool glob_match(std::string_view pattern, std::string_view path);

}  // namespace wfgen::lint
