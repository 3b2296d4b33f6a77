// Workflow lint on any bytes: the text is linted as .github/workflows/fuzz.yml with every
// rule, and the findings are formatted in every report format. Lint never throws: every
// outcome but a report is a bug. Local reusable workflows are looked up in a directory
// that does not exist, so no input reaches the disk.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "lint/linter.h"
#include "lint/report.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  wfgen::lint::SourceFile file;
  file.path = ".github/workflows/fuzz.yml";
  file.text.assign(reinterpret_cast<const char*>(data), size);
  static const wfgen::lint::Linter linter({}, "/nonexistent/wfgen-fuzz");
  std::vector<wfgen::lint::SourceFile> files;
  files.push_back(std::move(file));
  wfgen::lint::LintResult result = linter.run(std::move(files));
  volatile size_t sink = 0;
  for (const char* name : {"text", "github", "json", "sarif"})
    sink = sink + wfgen::lint::format_report(result, *wfgen::lint::parse_format(name)).size();
  return 0;
}
