// file-size: a workflow file is at most 512,000 bytes. GitHub's Actions limits give
// "500 KB (512,000 bytes)"; past it GitHub does not start the workflow at all ("Workflow
// file exceeds the maximum allowed size of 500 KB"), silently for most events.
#include <string>

#include "lint/rule.h"

namespace wfgen::lint::rules {

namespace {

constexpr size_t kMaxBytes = 512'000;

class FileSize final : public Rule {
 public:
  FileSize()
      : Rule({"file-size", "a workflow file is at most 512,000 bytes", Severity::Error,
              /*reads_unparsed=*/true}) {}

  void check(const Workflow& wf, Context&, Sink& sink) const override {
    if (wf.text().size() <= kMaxBytes) return;
    sink.report(Position{1, 1}, "the file is " + std::to_string(wf.text().size()) +
                                    " bytes; GitHub does not run a workflow file over 512,000 "
                                    "bytes (500 KB)");
  }
};

}  // namespace

const Rule& file_size() {
  static const FileSize rule;
  return rule;
}

}  // namespace wfgen::lint::rules
