// wfgen data: prints data files as wfgen reads them (YAML 1.2 core schema, aliases expanded,
// merge keys applied), as JSON. For checking what a matrix or a `-d` file really says, and
// for comparing the YAML reader with other implementations (the differential test).
#include <iostream>

#include "cli/commands.h"
#include "data/load.h"
#include "files/error.h"

namespace wfgen::cli {

void add_data_command(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("data", "Print YAML/JSON data files as JSON, as wfgen reads them");
  auto files = std::make_shared<std::vector<std::string>>();
  auto lines = std::make_shared<bool>(false);
  auto max_size = std::make_shared<uint64_t>(files::kDefaultMaxInputSize);
  cmd->add_option("files", *files, "Data files (.json as JSON, anything else as YAML)")->required();
  cmd->add_flag("--lines", *lines,
                "One JSON object per file and line: {\"file\", \"data\"} or {\"file\", \"error\"}; "
                "goes on after errors");
  add_max_input_size(*cmd, *max_size);
  cmd->callback([files, lines, max_size, &exit_code] {
    for (const std::string& path : *files) {
      // A file that cannot be read (missing, not a regular file, too large) is reported as
      // one that does not parse.
      std::string message, formatted;
      try {
        data::Json j = data::load_data_file(path, *max_size);
        if (*lines)
          std::cout << data::Json{{"file", path}, {"data", std::move(j)}}.dump() << '\n';
        else
          std::cout << j.dump(2) << '\n';
        continue;
      } catch (const data::DataError& e) {
        message = e.what();
        formatted = e.format();
      } catch (const files::FileError& e) {
        message = e.what();
        formatted = message + "\n";
      }
      exit_code = 1;
      if (!*lines) {
        std::cerr << formatted;
        return;
      }
      std::cout << data::Json{{"file", path}, {"error", message}}.dump() << '\n';
    }
  });
}

}  // namespace wfgen::cli
