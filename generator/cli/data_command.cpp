// wfgen data: prints data files as wfgen reads them (YAML 1.2 core schema, aliases expanded,
// merge keys applied), as JSON. For checking what a matrix or a `-d` file really says, and
// for comparing the YAML reader with other implementations (the differential test).
#include <iostream>

#include "cli/commands.h"
#include "data/load.h"

namespace wfgen::cli {

void add_data_command(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("data", "Print YAML/JSON data files as JSON, as wfgen reads them");
  auto files = std::make_shared<std::vector<std::string>>();
  auto lines = std::make_shared<bool>(false);
  cmd->add_option("files", *files, "Data files (.json as JSON, anything else as YAML)")->required();
  cmd->add_flag("--lines", *lines,
                "One JSON object per file and line: {\"file\", \"data\"} or {\"file\", \"error\"}; "
                "goes on after errors");
  cmd->callback([files, lines, &exit_code] {
    for (const std::string& path : *files) {
      try {
        data::Json j = data::load_data_file(path);
        if (*lines)
          std::cout << data::Json{{"file", path}, {"data", std::move(j)}}.dump() << '\n';
        else
          std::cout << j.dump(2) << '\n';
      } catch (const data::DataError& e) {
        exit_code = 1;
        if (!*lines) {
          std::cerr << e.format();
          return;
        }
        std::cout << data::Json{{"file", path}, {"error", e.what()}}.dump() << '\n';
      }
    }
  });
}

}  // namespace wfgen::cli
