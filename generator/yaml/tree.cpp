#include "yaml/tree.h"

#include "yaml/block_reader.h"
#include "yaml/builder.h"
#include "yaml/input_check.h"
#include "yaml/parser.h"
#include "yaml/reporter.h"
#include "yaml/scanner.h"

namespace wfgen::yaml {

bool Tree::ok() const {
  for (const Diagnostic& d : diagnostics_)
    if (is_error(d.kind)) return false;
  return true;
}

Tree parse(std::string_view text, const ParseOptions& options, std::string file) {
  Tree tree;
  tree.text_ = text;
  tree.file_ = std::move(file);
  Reporter reporter(text, tree.file_, options.mode, tree.diagnostics_);
  Builder builder(tree, reporter, options);
  try {
    if (text.size() > options.max_document_bytes || text.size() >= UINT32_MAX)
      reporter.fail(DiagKind::Limit, 0, {1, 1},
                    "document of " + std::to_string(text.size()) + " bytes, more than the limit of " +
                        std::to_string(options.max_document_bytes));
    if (auto problem = check_input(text)) {
      uint32_t at = static_cast<uint32_t>(problem->offset);
      reporter.fail(DiagKind::Encoding, at, data::mark_at(text, at), problem->message);
    }
    if (options.block_reader) {
      // Read into a tree of its own: when the text is not of the common shape, what it
      // built goes with it, and the full parser reads the text into `tree`.
      Tree common;
      common.text_ = text;
      common.file_ = tree.file_;
      common.arena_.expect_text(text.size());
      if (read_common_block(text, options, common, common.arena_)) return common;
    }
    tree.arena_.expect_text(text.size());
    Scanner scanner(text, tree.arena_, reporter, options);
    Parser parser(scanner, builder, reporter, tree.arena_);
    parser.run();
  } catch (const Stop&) {
    builder.close_all();
  }
  return tree;
}

}  // namespace wfgen::yaml
