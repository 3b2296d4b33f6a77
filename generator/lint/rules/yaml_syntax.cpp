// yaml-syntax: the file is one well-formed YAML document whose top level is a mapping.
// GitHub refuses a file it cannot parse, and reads only a single document.
#include <string>

#include "lint/rule.h"

namespace wfgen::lint::rules {

namespace {

// The first tab in the leading whitespace of `line`, or npos.
size_t indentation_tab(std::string_view line) {
  for (size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '\t') return i;
    if (line[i] != ' ') break;
  }
  return std::string_view::npos;
}

// Whether the quoted scalar starting at n.offset() has its closing quote.
bool closed(std::string_view text, const YamlNode& n) {
  const char quote = text[n.offset()];
  for (size_t i = n.offset() + 1; i < text.size(); ++i) {
    if (quote == '"' && text[i] == '\\') {
      ++i;
    } else if (text[i] == quote) {
      if (quote == '\'' && i + 1 < text.size() && text[i + 1] == '\'') {
        ++i;
        continue;
      }
      return true;
    }
  }
  return false;
}

class YamlSyntax final : public Rule {
 public:
  YamlSyntax()
      : Rule({"yaml-syntax",
              "the file is one well-formed YAML document (no tabs in indentation) whose top "
              "level is a mapping",
              Severity::Error, /*reads_unparsed=*/true}) {}

  void check(const Workflow& wf, Context&, Sink& sink) const override {
    const data::YamlStream& yaml = wf.yaml();
    if (yaml.error()) {
      report_error(wf, *yaml.error(), sink);
      return;
    }
    if (yaml.documents().empty() || !yaml.root() || yaml.root()->is_null()) {
      sink.report(Position{1, 1},
                  "the file holds no YAML document: a workflow is a mapping "
                  "with at least 'on' and 'jobs'");
      return;
    }
    if (!yaml.root()->is_mapping())
      sink.report(*yaml.root(),
                  "the top level must be a mapping of workflow keys, not " +
                      std::string(yaml.root()->is_sequence() ? "a list" : "a scalar"));
    // yaml-cpp takes a quoted scalar left open at the end of the file as closed there.
    wf.for_each_scalar([&](const YamlNode& n, const NodePath&, bool) {
      if ((n.style() == data::YamlStyle::SingleQuoted ||
           n.style() == data::YamlStyle::DoubleQuoted) &&
          !closed(wf.text(), n))
        sink.report(n, "invalid YAML: this quoted string is never closed");
    });
    if (yaml.documents().size() > 1) {
      Position second{yaml.documents()[1].start.line, yaml.documents()[1].start.col};
      sink.report(second,
                  "a second YAML document starts here: a workflow file is one "
                  "document (GitHub stops at the first)");
    }
  }

 private:
  static void report_error(const Workflow& wf, const data::YamlSyntaxError& e, Sink& sink) {
    // yaml-cpp names a tab in the indentation in several ways, often on the line after it:
    // find the tab itself.
    for (int l = std::max(1, e.mark.line - 1); l <= e.mark.line; ++l) {
      size_t tab = indentation_tab(wf.line(l));
      if (tab != std::string_view::npos) {
        sink.report(Position{l, static_cast<int>(tab) + 1},
                    "a tab in the indentation: YAML indents with spaces only");
        return;
      }
    }
    sink.report(Position{e.mark.line, e.mark.col}, "invalid YAML: " + e.message);
  }
};

}  // namespace

const Rule& yaml_syntax() {
  static const YamlSyntax rule;
  return rule;
}

}  // namespace wfgen::lint::rules
