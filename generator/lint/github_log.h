// What wfgen writes to a GitHub Actions log: the runner reads every line of a step's
// output for workflow commands (`::error file=...::message`, `::add-mask::...`, the older
// `##[command]` anywhere in a line), so our annotations are escaped, and text we print
// as it is (diffs, excerpts of the sources) is put where no line of it is a command.
#pragma once

#include <string>
#include <string_view>

namespace wfgen::lint {

// Workflow-command escaping: data ('%', CR, LF; other control characters shown as a
// printed name shows them, files::printable) and property values (also ':' and ',').
std::string github_escape_data(std::string_view s);
std::string github_escape_property(std::string_view s);

// `text` (whole lines) between `::stop-commands::TOKEN` and `::TOKEN::`: the runner runs
// none of its lines as a command, whatever they hold (a diff of a workflow that prints
// `::add-mask::`, an excerpt of a hostile template). TOKEN is one that `text` does not
// hold, so no line of it can resume the commands early; the same text gets the same
// TOKEN. Empty text stays empty.
std::string github_inert(std::string_view text);

}  // namespace wfgen::lint
