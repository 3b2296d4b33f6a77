#include "pipeline/show.h"

#include <algorithm>
#include <map>
#include <set>

#include "data/json_convert.h"
#include "data/suggest.h"
#include "data/yaml_writer.h"
#include "jinja/error.h"
#include "matrix/matrix_set.h"
#include "pipeline/view.h"

namespace wfgen::pipeline {

namespace {

namespace fs = std::filesystem;
using data::Json;

std::string dump_json(const Json& doc) {
  return doc.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

std::string count(size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// The rows to print: which matrix, which of its rows, and how they were picked.
struct Selection {
  std::string matrix;
  std::string family;      // "" when shown by matrix file
  std::string output;      // "" unless shown by output
  std::vector<int> rows;   // indices into the matrix's rows, in order
};

class Shower {
 public:
  // Matrices are read through the project's reader, which view_project opens first.
  Shower(const fs::path& root, const ShowOptions& opt)
      : root_(root),
        opt_(opt),
        matrices_([this](const std::string& path) { return view_.project->read(path); }, eval_) {}

  void run(RunResult& r) {
    ContextHook hook;
    if (opt_.vars)  // keep the variables of what the target may name: an output, a family
      hook = [&](const Output& o, const jinja::Value& v) {
        if (names_output(o.path, opt_.target) || o.family == opt_.target) vars_[o.path] = v;
      };
    view_ = view_project(root_, hook);
    if (opt_.target.empty()) {
      if (opt_.vars) fail("--vars needs an OUTPUT");
      if (!opt_.where.empty()) fail("--where needs a FAMILY, OUTPUT or MATRIX");
      r.out = families();
      return;
    }
    if (opt_.vars) {
      r.out = variables();
      return;
    }
    r.out = rows(select());
  }

 private:
  [[noreturn]] static void fail(const std::string& message) {
    throw ProjectError("wfgen show: error: " + message + "\n");
  }

  // A matrix the manifest or a rendered output names (so it exists).
  const matrix::Matrix& matrix(const std::string& path) {
    const matrix::Matrix* m = matrices_.find(path);
    if (!m) fail("matrix '" + path + "' does not exist");
    return *m;
  }

  Selection select() {
    Selection s;
    if (const Family* f = view_.find_family(opt_.target)) {
      if (f->matrix.empty())
        fail("family '" + f->name + "' has no matrix (--vars shows what its output is rendered with)");
      s.matrix = f->matrix;
      s.family = f->name;
      std::set<int> rows;
      for (const Output& o : view_.outputs)
        if (o.family == f->name) rows.insert(o.rows.begin(), o.rows.end());
      s.rows.assign(rows.begin(), rows.end());
      return s;
    }
    if (const Output* o = view_.find_output(opt_.target)) {
      if (o->matrix.empty())
        fail(o->path + " is made from no matrix (family '" + o->family +
             "'; --vars shows what it is rendered with)");
      s.matrix = o->matrix;
      s.family = o->family;
      s.output = o->path;
      s.rows = o->rows;
      return s;
    }
    std::string path = fs::path(opt_.target).lexically_normal().generic_string();
    bool inside = !path.empty() && path.rfind("../", 0) != 0 && path != ".." &&
                  fs::path(path).is_relative();
    if (const matrix::Matrix* m = inside ? matrices_.find(path) : nullptr) {
      s.matrix = path;
      for (size_t i = 0; i < m->rows.size(); ++i) s.rows.push_back(static_cast<int>(i));
      return s;
    }
    std::vector<std::string> names;
    for (const Family& f : view_.manifest.families) names.push_back(f.name);
    for (const Output& o : view_.outputs) names.push_back(fs::path(o.path).filename().string());
    std::string near = data::closest_match(opt_.target, names);
    fail("no family, output or matrix file is named '" + opt_.target + "'" +
         (near.empty() ? " (`wfgen show` lists the families, `wfgen list` the outputs)"
                       : " (did you mean '" + near + "'?)"));
  }

  // Whether --where keeps `row`.
  bool kept(const Json& row) {
    if (opt_.where.empty()) return true;
    try {
      return eval_.holds_for_row(opt_.where, jinja::Value::dict(), row, keys_);
    } catch (const jinja::TemplateError& e) {
      fail("in --where '" + opt_.where + "': " + e.message());
    }
  }

  std::string rows(const Selection& s) {
    const matrix::Matrix& m = matrix(s.matrix);
    // The outputs made from each row (of this family, when shown by family or output).
    std::map<int, std::vector<std::string>> made;
    for (const Output& o : view_.outputs)
      if (o.matrix == s.matrix && (s.family.empty() || o.family == s.family))
        for (int i : o.rows) made[i].push_back(o.path);

    Json doc = Json::object();
    doc["matrix"] = s.matrix;
    if (!s.family.empty()) doc["family"] = s.family;
    if (!s.output.empty()) doc["output"] = s.output;
    if (!opt_.where.empty()) doc["where"] = opt_.where;
    Json list = Json::array();
    std::string yaml;
    for (int i : s.rows) {
      const matrix::Row& row = m.rows[static_cast<size_t>(i)];
      if (!kept(row.values)) continue;
      data::Mark at = m.origin(row);
      std::string pos = m.file() + ":" + std::to_string(at.line) + ":" + std::to_string(at.col);
      Json item = Json::object();
      item["row"] = i + 1;
      item["at"] = pos;
      std::string comment = "# row " + std::to_string(i + 1) + ", " + pos;
      if (auto it = made.find(i); it != made.end()) {
        item["outputs"] = it->second;
        comment += " ->";
        for (size_t k = 0; k < it->second.size(); ++k) comment += (k ? ", " : " ") + it->second[k];
      }
      item["values"] = row.values;
      list.push_back(std::move(item));
      Json one = Json::array({row.values});
      yaml += comment + "\n" + data::to_yaml(one);
    }
    doc["rows"] = list;
    if (opt_.format == ShowFormat::Json) return dump_json(doc);

    std::string head = "# " + s.matrix;
    if (!s.output.empty())
      head += ", the rows " + s.output + " is made from";
    else if (!s.family.empty())
      head += ", the rows of family " + s.family;
    size_t total = s.rows.size();
    head += ": " + (opt_.where.empty() ? count(total, "row", "rows")
                                       : std::to_string(list.size()) + " of " +
                                             count(total, "row", "rows") + " where " + opt_.where);
    return head + "\n" + (list.empty() ? "[]\n" : yaml);
  }

  std::string variables() {
    if (!opt_.where.empty()) fail("--where filters rows, not --vars");
    const Output* o = view_.find_output(opt_.target);
    if (!o) {
      const Family* f = view_.find_family(opt_.target);
      std::vector<const Output*> of;
      for (const Output& out : view_.outputs)
        if (f && out.family == f->name) of.push_back(&out);
      if (of.size() != 1)
        fail("--vars needs one OUTPUT" +
             std::string(f ? ": family '" + f->name + "' makes " + count(of.size(), "output", "outputs")
                           : ", and no output is named '" + opt_.target + "'"));
      o = of[0];
    }
    Json vars;
    try {
      vars = data::from_value(vars_.at(o->path));
    } catch (const std::invalid_argument& e) {
      fail("the variables of " + o->path + " are not data: " + e.what());
    }
    if (opt_.format == ShowFormat::Json) {
      Json doc = Json::object();
      doc["output"] = o->path;
      doc["family"] = o->family;
      doc["template"] = o->template_name;
      doc["variables"] = vars;
      return dump_json(doc);
    }
    return "# the variables " + o->template_name + " renders " + o->path + " with\n" +
           data::to_yaml(vars);
  }

  std::string families() {
    Json list = Json::array();
    for (const Family& f : view_.manifest.families) {
      Json item = Json::object();
      item["family"] = f.name;
      item["template"] = f.template_name;
      size_t outputs = 0;
      std::set<int> rows;
      for (const Output& o : view_.outputs)
        if (o.family == f.name) {
          ++outputs;
          rows.insert(o.rows.begin(), o.rows.end());
          item["template"] = o.template_name;  // where it was found: "templates/x.yml.j2"
        }
      if (!f.matrix.empty()) {
        item["matrix"] = f.matrix;
        if (!f.where.empty()) item["where"] = f.where;
        item["rows"] = rows.size();
        item["matrix_rows"] = matrix(f.matrix).rows.size();
      }
      if (!f.tables.empty()) {
        Json tables = Json::object();
        for (const TableRef& t : f.tables) tables[t.name] = t.matrix;
        item["tables"] = tables;
      }
      item["outputs"] = outputs;
      list.push_back(std::move(item));
    }
    if (opt_.format == ShowFormat::Json) return dump_json(Json{{"families", list}});
    return "# the families of " + std::string(kManifestName) +
           ": template, matrix, the rows it renders (of the matrix's), tables, outputs\n" +
           data::to_yaml(list);
  }

  fs::path root_;
  const ShowOptions& opt_;
  matrix::ExpressionEvaluator eval_;
  jinja::StringPool keys_;  // the keys of the rows --where reads
  matrix::MatrixSet matrices_;
  ProjectView view_;
  std::map<std::string, jinja::Value> vars_;
};

}  // namespace

RunResult show_project(const fs::path& root, const ShowOptions& options) {
  return run_reporting_errors([&](RunResult& r) { Shower(root, options).run(r); });
}

}  // namespace wfgen::pipeline
