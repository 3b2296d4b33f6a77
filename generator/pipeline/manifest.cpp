#include "pipeline/manifest.h"

#include <cerrno>

#include "data/load.h"
#include "files/error.h"
#include "matrix/spec.h"
#include "matrix/suggest.h"

namespace wfgen::pipeline {

using data::pointer_child;

namespace {

class Reader {
 public:
  explicit Reader(const data::Document& doc) : doc_(doc) {}

  void keys(const std::string& ptr, const Json& obj, const std::vector<std::string>& allowed,
            std::string_view what) const {
    if (!obj.is_object()) throw doc_.error_at(ptr, std::string(what) + " must be a mapping");
    for (auto it = obj.begin(); it != obj.end(); ++it) {
      bool ok = false;
      for (const auto& a : allowed) ok = ok || a == it.key();
      if (!ok)
        throw doc_.error_at(pointer_child(ptr, it.key()),
                            matrix::unknown_key_message("key", it.key(), allowed), true);
    }
  }

  std::string string(const std::string& ptr, const Json& obj, const std::string& key, bool required,
                     std::string fallback = {}) const {
    if (!obj.contains(key)) {
      if (required) throw doc_.error_at(ptr, "missing required key '" + key + "'");
      return fallback;
    }
    const Json& v = obj[key];
    if (!v.is_string() || v.get_ref<const std::string&>().empty())
      throw doc_.error_at(pointer_child(ptr, key), "'" + key + "' must be a non-empty string");
    return v.get<std::string>();
  }

  bool boolean(const std::string& ptr, const Json& obj, const std::string& key,
               bool fallback) const {
    if (!obj.contains(key)) return fallback;
    if (!obj[key].is_boolean())
      throw doc_.error_at(pointer_child(ptr, key), "'" + key + "' must be true or false");
    return obj[key].get<bool>();
  }

  Json mapping(const std::string& ptr, const Json& obj, const std::string& key) const {
    if (!obj.contains(key)) return Json::object();
    if (!obj[key].is_object())
      throw doc_.error_at(pointer_child(ptr, key), "'" + key + "' must be a mapping");
    return obj[key];
  }

  // A path under the root: relative, no '..', no control characters.
  void relative_path(const std::string& ptr, const std::string& path) const {
    std::filesystem::path p(path);
    bool bad = p.is_absolute() || path.empty();
    for (const auto& part : p) bad = bad || part == "..";
    if (bad || has_control(path))
      throw doc_.error_at(ptr, "'" + files::printable(path) +
                                   "' must be a relative path inside the project");
  }

  static bool has_control(std::string_view s) {
    for (unsigned char c : s)
      if (c < 0x20 || c == 0x7f) return true;
    return false;
  }

  const data::Document& doc_;
};

void read_engine(const Reader& r, const std::string& ptr, const Json& e,
                 jinja::EnvironmentOptions& o) {
  r.keys(
      ptr, e,
      {"variable_start", "variable_end", "block_start", "block_end", "comment_start", "comment_end",
       "trim_blocks", "lstrip_blocks", "keep_trailing_newline", "strict_undefined"},
      "`engine`");
  o.variable_start = r.string(ptr, e, "variable_start", false, o.variable_start);
  o.variable_end = r.string(ptr, e, "variable_end", false, o.variable_end);
  o.block_start = r.string(ptr, e, "block_start", false, o.block_start);
  o.block_end = r.string(ptr, e, "block_end", false, o.block_end);
  o.comment_start = r.string(ptr, e, "comment_start", false, o.comment_start);
  o.comment_end = r.string(ptr, e, "comment_end", false, o.comment_end);
  o.trim_blocks = r.boolean(ptr, e, "trim_blocks", o.trim_blocks);
  o.lstrip_blocks = r.boolean(ptr, e, "lstrip_blocks", o.lstrip_blocks);
  o.keep_trailing_newline = r.boolean(ptr, e, "keep_trailing_newline", o.keep_trailing_newline);
  o.strict_undefined = r.boolean(ptr, e, "strict_undefined", o.strict_undefined);
}

}  // namespace

Manifest load_manifest(const files::Tree& project, const std::string& dir) {
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
         {"engine", "template_dirs", "output_dir", "header", "fix_command", "vars", "families"},
         "the manifest");
  // Our own default is StrictUndefined: a typo in a template must fail, not render "".
  m.engine.strict_undefined = true;
  if (top.contains("engine")) read_engine(r, "/engine", top["engine"], m.engine);

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
  if (Reader::has_control(m.fix_command))
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
    r.keys(p, f, {"name", "template", "matrix", "where", "mode", "output", "vars", "doc"},
           "a family");
    Family fam;
    fam.ptr = p;
    fam.name = r.string(p, f, "name", true);
    for (const auto& n : names)
      if (n == fam.name)
        throw doc->error_at(pointer_child(p, "name"), "two families are named '" + fam.name + "'");
    names.push_back(fam.name);
    fam.template_name = r.string(p, f, "template", true);
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
                          matrix::unknown_key_message("mode", mode, {"per_row", "all_rows"}));
    if (fam.matrix.empty() && (f.contains("where") || f.contains("mode")))
      throw doc->error_at(p, "'where' and 'mode' need a 'matrix'");
    fam.output = r.string(p, f, "output", true);
    fam.vars = r.mapping(p, f, "vars");
    m.families.push_back(std::move(fam));
  }
  return m;
}

}  // namespace wfgen::pipeline
