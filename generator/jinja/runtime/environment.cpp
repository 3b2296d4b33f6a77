#include "jinja/runtime/environment.h"

#include <fstream>
#include <new>
#include <stdexcept>
#include <sstream>

#include "jinja/analysis/compile.h"
#include "jinja/error.h"
#include "jinja/python/ops.h"
#include "jinja/runtime/macro_memo.h"
#include "jinja/runtime/output.h"
#include "jinja/runtime/renderer.h"
#include "jinja/syntax/interned_names.h"
#include "jinja/syntax/template.h"
#include "jinja/value/cycles.h"

namespace wfgen::jinja {

std::vector<std::string> split_template_path(std::string_view name) {
  std::vector<std::string> pieces;
  size_t start = 0;
  while (start <= name.size()) {
    size_t end = name.find('/', start);
    if (end == std::string_view::npos) end = name.size();
    std::string_view piece = name.substr(start, end - start);
    if (piece == ".." || piece.find('\\') != std::string_view::npos) {
      std::string message = "template name ";
      append_string_repr(message, name);  // quoted and escaped as Python prints it
      throw_error(ErrorKind::Security, message + " escapes the template search path");
    }
    if (!piece.empty() && piece != ".") pieces.emplace_back(piece);
    start = end + 1;
  }
  if (name.find('\0') != std::string_view::npos) return {};
  return pieces;
}

namespace {

bool read_file(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return true;
}

}  // namespace

FileSystemLoader::FileSystemLoader(std::vector<std::string> search_path)
    : search_path_(std::move(search_path)) {}

std::optional<Loader::Source> FileSystemLoader::load(std::string_view name) const {
  std::vector<std::string> pieces = split_template_path(name);
  if (pieces.empty()) return std::nullopt;  // '' names no file
  std::string rel;
  for (const auto& p : pieces) rel += (rel.empty() ? "" : "/") + p;
  for (const auto& dir : search_path_) {
    std::string path = dir.empty() ? rel : dir + "/" + rel;
    Source src;
    if (read_file(path, src.text)) {
      src.filename = path;
      return src;
    }
  }
  return std::nullopt;
}

std::string Loader::not_found_message(std::string_view name) const {
  return std::string(name);
}

std::string FileSystemLoader::not_found_message(std::string_view name) const {
  std::string msg;
  append_string_repr(msg, name);
  msg += " not found in search path: ";
  for (size_t i = 0; i < search_path_.size(); ++i) {
    if (i) msg += ", ";
    append_string_repr(msg, search_path_[i]);
  }
  return msg;
}

MapLoader::MapLoader(std::map<std::string, std::string, std::less<>> templates)
    : templates_(std::move(templates)) {}

std::optional<Loader::Source> MapLoader::load(std::string_view name) const {
  auto it = templates_.find(name);
  if (it == templates_.end()) return std::nullopt;
  return Source{it->second, it->first};
}

Environment::Environment(EnvironmentOptions options, std::shared_ptr<Loader> loader)
    : options_(std::move(options)), loader_(std::move(loader)) {
  std::string problem = delimiter_problem(options_);
  if (!problem.empty()) throw std::invalid_argument(problem);
}

std::string delimiter_problem(const EnvironmentOptions& options) {
  const EngineOption* starts[3] = {};
  size_t n = 0;
  for (const EngineOption& o : engine_options()) {
    if (!o.text) continue;
    const std::string& delim = options.*o.text;
    if (delim.empty()) return std::string(o.name) + " must not be empty";
    if (o.name.ends_with("_start")) starts[n++] = &o;
  }
  // Jinja2 asserts the start strings differ; equal ones would lex as one kind of tag.
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = i + 1; j < n; ++j) {
      const std::string& a = options.*starts[i]->text;
      if (a == options.*starts[j]->text)
        return std::string(starts[i]->name) + " and " + std::string(starts[j]->name) +
               " must differ (both are '" + a + "')";
    }
  }
  return {};
}

Environment::~Environment() = default;

MacroMemo& Environment::macro_memo() const {
  if (!macro_memo_) macro_memo_ = std::make_unique<MacroMemo>();
  return *macro_memo_;
}

std::shared_ptr<const Template> Environment::get_template(std::string_view name) const {
  auto it = cache_.find(name);
  if (it != cache_.end()) return it->second;
  std::optional<Loader::Source> src = loader_ ? loader_->load(name) : std::nullopt;
  if (!src) {
    throw_error(ErrorKind::NotFound,
                loader_ ? loader_->not_found_message(name) : "'" + std::string(name) + "'");
  }
  // The template is called by the name asked for; messages point at the file found.
  LimitsScope limits(options_.limits);
  std::shared_ptr<const Template> tmpl =
      compile_template(std::string(name), src->text, options_, src->filename);
  cache_.emplace(std::string(name), tmpl);
  return tmpl;
}

std::shared_ptr<const Template> Environment::from_string(std::string source,
                                                         std::string name) const {
  LimitsScope limits(options_.limits);
  return compile_template(std::move(name), source, options_);
}

namespace {

// Frees the reference cycles a render left (Python's gc), whether the render ended in its
// output or in an error (`{{ l|tojson }}` of a cyclic list raises). Declared before the
// Renderer, so it runs once the Renderer's frames are gone.
class CollectCyclesAfter {
 public:
  CollectCyclesAfter() = default;
  CollectCyclesAfter(const CollectCyclesAfter&) = delete;
  CollectCyclesAfter& operator=(const CollectCyclesAfter&) = delete;
  ~CollectCyclesAfter() {
    try {
      collect_cycles();
    } catch (const std::bad_alloc&) {
      // Out of memory while unwinding from it: the cycles stay, the error is reported.
    }
  }
};
}  // namespace

std::shared_ptr<const Template> Environment::compile_expression(std::string source,
                                                                std::string name) const {
  LimitsScope limits(options_.limits);
  return jinja::compile_expression(std::move(name), source, options_, expression_result_symbol());
}

Value Environment::evaluate(const Template& expression, const Value& vars) const {
  std::shared_ptr<const Template> handle(&expression, [](const Template*) {});
  LimitsScope limits(options_.limits);
  Output out;
  Value result;
  CollectCyclesAfter collect;
  {
    Renderer renderer(*this, out);
    result = renderer.evaluate_root(std::move(handle), vars, expression_result_symbol());
  }
  return result;
}

void Environment::render(const Template& tmpl, const Value& context, Output& out,
                         SourceTrace* trace) const {
  // The Renderer shares ownership semantics with cached templates; a template
  // from from_string is owned by the caller, so wrap it without taking ownership.
  std::shared_ptr<const Template> handle(&tmpl, [](const Template*) {});
  LimitsScope limits(options_.limits);
  CollectCyclesAfter collect;
  Renderer renderer(*this, out, trace);
  renderer.render_root(std::move(handle), context);
}

void Environment::render(const Template& tmpl, const Value& context, std::string& out) const {
  Output buffer;
  buffer.reserve(out.capacity() - out.size());  // what the caller expects the output to need
  render(tmpl, context, buffer);
  out.append(buffer.data(), buffer.size());
}

std::string Environment::render(const Template& tmpl, const Value& context) const {
  std::string out;
  render(tmpl, context, out);
  return out;
}

std::string Environment::render(std::string_view name, const Value& context) const {
  return render(*get_template(name), context);
}

}  // namespace wfgen::jinja
