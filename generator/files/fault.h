// Fault injection for the test suite: WFGEN_TEST_FAULTS="rename:3,restore:1" makes the
// 3rd rename of a commit and the 1st restore of a rollback fail with EIO, so the tests
// can reach the paths no real file system produces on demand. Unset, nothing fails.
#pragma once

#include <string_view>

namespace wfgen::files {

// True when this call at `point` is the one that must fail (counted per point).
bool inject_fault(std::string_view point);
// Replaces the plan (what the environment variable says) and restarts the counts.
void set_faults(std::string_view spec);

}  // namespace wfgen::files
