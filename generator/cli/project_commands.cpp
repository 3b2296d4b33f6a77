// Placeholder until the generator lands: generate/check/list are registered there.
#include "cli/commands.h"

namespace wfgen::cli {
void add_project_commands(CLI::App&, int&) {}
}  // namespace wfgen::cli
