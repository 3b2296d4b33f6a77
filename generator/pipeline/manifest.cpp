#include "pipeline/manifest.h"

#include <sys/stat.h>

#include <cerrno>

#include "data/load.h"
#include "files/error.h"
#include "data/reader.h"
#include "data/suggest.h"
#include "jinja/error.h"
#include "jinja/options.h"
#include "jinja/runtime/environment.h"
#include "jinja/python/str_ops.h"

namespace wfgen::pipeline {

using data::pointer_child;

namespace {

// A family's template, as the loader will look it up: refused here, at the manifest's
// line, when it could name no file (a control character, or a path out of the template
// dirs) rather than when the family is rendered.
void check_template_name(const data::Document& doc, const std::string& ptr,
                         const std::string& name) {
  if (files::has_control(name))
    throw doc.error_at(ptr, "'template' must be a template name without control characters");
  try {
    jinja::split_template_path(name);
  } catch (const jinja::TemplateError& e) {
    throw doc.error_at(ptr, e.message());
  }
}

using data::Reader;

// `lint.interfaces`: each file a regular file inside the project (read_config has checked
// that its path stays inside), refused at its entry rather than when a rule looks for it.
void check_interfaces(const files::Tree& project, const data::Document& doc,
                      const lint::Config& lint) {
  for (const auto& [uses, file] : lint.interfaces) {
    std::string problem;
    try {
      files::Location loc = project.locate(file, true);
      if (!loc.exists || !loc.blocker.empty())
        problem = " does not exist";
      else if (!S_ISREG(loc.st.st_mode))
        problem = " is not a regular file (it is " + files::kind_of(loc.st.st_mode) + ")";
    } catch (const files::FileError& e) {
      problem = ": " + e.path() + " " + e.message();
    }
    if (!problem.empty())
      throw doc.error_at(pointer_child("/lint/interfaces", uses),
                         "interface file '" + files::printable(file) + "'" + problem);
  }
}

// `engine:` takes the engine's options by name (jinja/options.h).
void read_engine(const Reader& r, const std::string& ptr, const Json& e,
                 jinja::EnvironmentOptions& o) {
  std::vector<std::string> names;
  for (const jinja::EngineOption& opt : jinja::engine_options()) names.emplace_back(opt.name);
  r.keys(ptr, e, names, "`engine`");
  for (const jinja::EngineOption& opt : jinja::engine_options()) {
    const std::string name(opt.name);
    if (opt.text) o.*opt.text = r.string(ptr, e, name, false, o.*opt.text);
    if (opt.flag) o.*opt.flag = r.boolean(ptr, e, name, o.*opt.flag);
  }
}

// `limits: {max_string: N, ...}`: each a whole number >= 1.
void read_limits(const Reader& r, const std::string& ptr, const Json& l, Manifest& m) {
  std::vector<std::string> names;
  for (const LimitSetting& s : limit_settings()) names.emplace_back(s.name);
  r.keys(ptr, l, names, "`limits`", "limit");
  for (const LimitSetting& s : limit_settings()) {
    const std::string name(s.name);
    if (!l.contains(name)) continue;
    const Json& v = l[name];
    if (!v.is_number_integer() || (v.is_number_unsigned() ? v.get<uint64_t>() < 1 : v.get<int64_t>() < 1))
      throw r.doc().error_at(pointer_child(ptr, name), "limit '" + name +
                                                           "' must be a whole number >= 1");
    s.in(m) = static_cast<size_t>(v.get<uint64_t>());
  }
}

// Delimiters the lexer can work with (jinja's delimiter_problem), at the `engine:` key.
void check_delimiters(const Reader& r, const std::string& ptr, const Json& e,
                      const jinja::EnvironmentOptions& o) {
  std::string problem = jinja::delimiter_problem(o);
  if (problem.empty()) return;
  std::string at = ptr;  // an option the problem names, when the manifest sets it
  for (const jinja::EngineOption& opt : jinja::engine_options()) {
    if (problem.find(opt.name) != std::string::npos && e.contains(std::string(opt.name))) {
      at = pointer_child(ptr, opt.name);
      break;
    }
  }
  throw r.doc().error_at(at, "bad delimiters: " + problem);
}

// `tables: {NAME: matrices/x.yml}`: whole matrices the template sees as lists of rows.
void read_tables(const Reader& r, const std::string& family_ptr, const Json& f, Family& fam) {
  const std::string ptr = pointer_child(family_ptr, "tables");
  Json tables = r.mapping(family_ptr, f, "tables");
  for (auto it = tables.begin(); it != tables.end(); ++it) {
    const std::string one = pointer_child(ptr, it.key());
    if (!it.value().is_string())
      throw r.doc().error_at(one, "a table must be the path of a matrix file");
    r.relative_path(one, it.value().get<std::string>());
    fam.tables.push_back({it.key(), it.value().get<std::string>(), one});
  }
}

// [A-Za-z_][A-Za-z0-9_]*: an ITEM or FIELD of `each`.
bool is_ascii_name(std::string_view word) {
  auto letter = [](char c) { return (c | 0x20) >= 'a' && (c | 0x20) <= 'z'; };
  if (word.empty() || !(letter(word[0]) || word[0] == '_')) return false;
  for (char c : word)
    if (!(letter(c) || c == '_' || (c >= '0' && c <= '9'))) return false;
  return true;
}

// `each: ITEM in FIELD`, on a per_row family with a matrix.
void read_each(const Reader& r, const std::string& family_ptr, const Json& f, Family& fam) {
  if (!f.contains("each")) return;
  const std::string ptr = pointer_child(family_ptr, "each");
  const std::string text = r.string(family_ptr, f, "each", true);
  const std::vector<std::string> words = jinja::py_split_whitespace(text);
  if (words.size() != 3 || words[1] != "in" || !is_ascii_name(words[0]) ||
      !is_ascii_name(words[2]))
    throw r.doc().error_at(ptr, "'each' must read 'ITEM in FIELD': one output per item of the "
                                "row's list FIELD, seen as ITEM");
  if (fam.matrix.empty() || fam.mode != FamilyMode::PerRow)
    throw r.doc().error_at(ptr, "'each' needs a 'matrix' and mode per_row");
  fam.each = Each{words[0], words[2], ptr};
}

}  // namespace

std::span<const LimitSetting> limit_settings() {
  // The engine's limits, from jinja's one list, then the project's own.
  static const std::vector<LimitSetting> settings = [] {
    std::vector<LimitSetting> all;
    for (const jinja::LimitOption& o : jinja::limit_options())
      all.push_back({o.name, o.help, o.member, nullptr});
    all.push_back({"max_rows", "Rows of one matrix after expansion (product, shards, tables)",
                   nullptr, [](ProjectLimits& l) -> size_t& { return l.matrix.max_rows; }});
    all.push_back({"max_run_output", "Bytes of all the outputs of one run", nullptr,
                   [](ProjectLimits& l) -> size_t& { return l.max_run_output; }});
    return all;
  }();
  return settings;
}

Manifest load_manifest(const files::Tree& project, const std::string& dir,
                       const std::vector<LimitOverride>& overrides) {
  Manifest m;
  std::optional<std::string> text = project.read(kManifestName);
  if (!text)
    throw files::FileError(kManifestName, "cannot read the manifest: " + files::reason(ENOENT) +
                                              " (in the project directory '" +
                                              files::printable(dir) + "')");
  auto doc = std::make_shared<data::Document>(data::parse_data(std::move(*text), kManifestName));
  m.doc = doc;
  const Json& top = doc->root();
  Reader r(*doc);
  r.keys("", top,
         {"engine", "limits", "template_dirs", "output_dir", "header", "fix_command", "vars",
          "families", "lint"},
         "the manifest");
  // Our own default is StrictUndefined: a typo in a template must fail, not render "".
  m.engine.strict_undefined = true;
  if (top.contains("engine")) {
    read_engine(r, "/engine", top["engine"], m.engine);
    check_delimiters(r, "/engine", top["engine"], m.engine);
  }
  if (top.contains("limits")) {
    read_limits(r, "/limits", r.mapping_at("/limits", top["limits"], "`limits`"), m);
  }
  for (const LimitOverride& o : overrides) {
    for (const LimitSetting& s : limit_settings())
      if (s.name == o.name) s.in(m) = o.value;
  }

  if (top.contains("template_dirs")) {
    const Json& dirs = top["template_dirs"];
    if (!dirs.is_array() || dirs.empty())
      throw doc->error_at("/template_dirs", "'template_dirs' must be a non-empty list of paths");
    for (size_t i = 0; i < dirs.size(); ++i) {
      std::string p = pointer_child("/template_dirs", i);
      if (!dirs[i].is_string()) throw doc->error_at(p, "a template dir must be a string");
      r.relative_path(p, dirs[i].get<std::string>());
      m.template_dirs.push_back(dirs[i].get<std::string>());
    }
  } else {
    m.template_dirs.push_back("templates");
  }
  m.output_dir = r.string("", top, "output_dir", false, m.output_dir);
  r.relative_path("/output_dir", m.output_dir);
  m.output_dir = files::join_path(files::split_path(m.output_dir));
  m.header = top.contains("header") ? r.string("", top, "header", false) : "";
  m.fix_command = r.string("", top, "fix_command", false, m.fix_command);
  // Printed in check's report (and its GitHub annotations): one line, nothing hidden.
  if (files::has_control(m.fix_command))
    throw doc->error_at("/fix_command", "'fix_command' must be one line without control characters");
  m.vars = r.mapping("", top, "vars");

  if (!top.contains("families") || !top["families"].is_array() || top["families"].empty())
    throw doc->error_at(top.contains("families") ? "/families" : "",
                        "'families' must be a non-empty list of workflow families");
  const Json& fams = top["families"];
  std::vector<std::string> names;
  for (size_t i = 0; i < fams.size(); ++i) {
    std::string p = pointer_child("/families", i);
    const Json& f = fams[i];
    r.keys(p, f,
           {"name", "template", "matrix", "where", "mode", "each", "output", "tables", "vars",
            "doc"},
           "a family");
    Family fam;
    fam.ptr = p;
    fam.name = r.string(p, f, "name", true);
    for (const auto& n : names)
      if (n == fam.name)
        throw doc->error_at(pointer_child(p, "name"), "two families are named '" + fam.name + "'");
    names.push_back(fam.name);
    fam.template_name = r.string(p, f, "template", true);
    check_template_name(*doc, pointer_child(p, "template"), fam.template_name);
    fam.matrix = r.string(p, f, "matrix", false);
    if (!fam.matrix.empty()) r.relative_path(pointer_child(p, "matrix"), fam.matrix);
    fam.where = r.string(p, f, "where", false);
    std::string mode = r.string(p, f, "mode", false, "per_row");
    if (mode == "per_row")
      fam.mode = FamilyMode::PerRow;
    else if (mode == "all_rows")
      fam.mode = FamilyMode::AllRows;
    else
      throw doc->error_at(pointer_child(p, "mode"),
                          data::unknown_key_message("mode", mode, {"per_row", "all_rows"}));
    if (fam.matrix.empty() && (f.contains("where") || f.contains("mode")))
      throw doc->error_at(p, "'where' and 'mode' need a 'matrix'");
    fam.output = r.string(p, f, "output", true);
    fam.vars = r.mapping(p, f, "vars");
    read_tables(r, p, f, fam);
    read_each(r, p, f, fam);
    m.families.push_back(std::move(fam));
  }
  if (top.contains("lint")) {
    m.lint = lint::read_config(*doc, "/lint");
    check_interfaces(project, *doc, m.lint);
  }
  return m;
}

}  // namespace wfgen::pipeline
