// The CLI's standard streams. Every write to stdout is checked, and so is its close at
// exit: a full disk or a closed stdout is an error (exit 1 with the reason), never a
// silent loss.
#pragma once

#include <string_view>

namespace wfgen::cli {

// Makes sure descriptors 0-2 are open. A closed one gets /dev/null opened read-only, so
// writing to a closed stdout fails (EBADF) instead of landing in the first file wfgen
// opens, which would otherwise get descriptor 1.
void guard_standard_streams();

// Writes all of `text` to stdout. Throws std::runtime_error
// ("wfgen: error: cannot write to stdout: No space left on device").
void print(std::string_view text);
// Writes `text` to stderr (nothing is left to report a failure to).
void print_error(std::string_view text);

// Closes stdout, reporting a failure on stderr; false when it failed.
bool close_stdout();

}  // namespace wfgen::cli
