// Environment: the engine's public entry point. Holds the syntax options, finds
// templates through a Loader, parses each once, and renders them with a context.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "jinja/options.h"
#include "jinja/value/value.h"

namespace wfgen::jinja {

// Where template sources come from.
class Loader {
 public:
  virtual ~Loader() = default;
  struct Source {
    std::string text;
    std::string filename;  // as shown in messages
  };
  // nullopt when not found; throws TemplateError(Security) for names that escape.
  virtual std::optional<Source> load(std::string_view name) const = 0;
  // The message when `name` is not found (Jinja2's TemplateNotFound text).
  virtual std::string not_found_message(std::string_view name) const;
};

// Jinja2's split_template_path: the '/'-separated pieces of a template name, '.' and empty
// pieces dropped; a '..' piece or a backslash would leave the search path and is refused (a
// Security error). None for a name with a NUL byte, which names no file (Python's
// os.path.isfile is false for it: TemplateNotFound).
std::vector<std::string> split_template_path(std::string_view name);

// Looks a name up in each directory in order. Names use '/' and may not escape the
// directories ('..' segments or absolute paths are refused, as Jinja2's split_template_path).
class FileSystemLoader : public Loader {
 public:
  explicit FileSystemLoader(std::vector<std::string> search_path);
  std::optional<Source> load(std::string_view name) const override;
  std::string not_found_message(std::string_view name) const override;

 private:
  std::vector<std::string> search_path_;
};

// In-memory templates, for tests and embedding.
class MapLoader : public Loader {
 public:
  explicit MapLoader(std::map<std::string, std::string, std::less<>> templates);
  std::optional<Source> load(std::string_view name) const override;

 private:
  std::map<std::string, std::string, std::less<>> templates_;
};

class Template;
class Output;
class SourceTrace;
class MacroMemo;

// Used by one thread at a time: its template cache and its macro memo are not guarded
// (the pipeline gives each thread an Environment of its own).
class Environment {
 public:
  explicit Environment(EnvironmentOptions options = {}, std::shared_ptr<Loader> loader = nullptr);
  ~Environment();
  Environment(const Environment&) = delete;
  Environment& operator=(const Environment&) = delete;

  const EnvironmentOptions& options() const { return options_; }

  // Loads and parses `name` (cached: each template is parsed once). Throws TemplateError.
  std::shared_ptr<const Template> get_template(std::string_view name) const;
  // Parses a template from a string; `name` is used in messages.
  std::shared_ptr<const Template> from_string(std::string source,
                                              std::string name = "<template>") const;
  // Compiles one expression (Jinja2's compile_expression): no template text around it,
  // so `1)) }}x{{ f((1` is an error, not a template. Errors point into `source`.
  std::shared_ptr<const Template> compile_expression(std::string source,
                                                     std::string name = "<expression>") const;
  // The value of a compiled expression with the keys of `vars` (a dict) as variables.
  Value evaluate(const Template& expression, const Value& vars) const;

  // Renders into `out` (appending). `context` must be a dict (or undefined for none).
  // With `trace`, records where each piece of the output came from (source_trace.h).
  void render(const Template& tmpl, const Value& context, Output& out,
              SourceTrace* trace = nullptr) const;
  void render(const Template& tmpl, const Value& context, std::string& out) const;
  std::string render(const Template& tmpl, const Value& context) const;
  std::string render(std::string_view name, const Value& context) const;

  // What the memoizable macros of this environment's templates printed (macro_memo.h),
  // kept across renders.
  MacroMemo& macro_memo() const;

 private:
  EnvironmentOptions options_;
  std::shared_ptr<Loader> loader_;
  mutable std::map<std::string, std::shared_ptr<const Template>, std::less<>> cache_;
  mutable std::unique_ptr<MacroMemo> macro_memo_;
};

// Whether the options can make a lexer: every delimiter non-empty, the three start
// delimiters distinct. The problem, named by the options' keys, or "" when none.
std::string delimiter_problem(const EnvironmentOptions& options);

}  // namespace wfgen::jinja
