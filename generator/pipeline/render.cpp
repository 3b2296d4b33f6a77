#include "pipeline/render.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>

#include "data/json_convert.h"
#include "data/load.h"
#include "data/suggest.h"
#include "files/error.h"
#include "files/template_loader.h"
#include "jinja/error.h"
#include "jinja/python/ops.h"
#include "matrix/matrix_set.h"
#include "pipeline/header.h"

namespace wfgen::pipeline {

using data::pointer_child;

namespace {

constexpr size_t kMaxNameBytes = 255;  // NAME_MAX of Linux file systems

// Templates are looked up in the template dirs but read anywhere inside the project
// (a link from templates/ to a shared file elsewhere in it is fine, one out is not),
// and named "DIR/NAME" in messages, so messages do not depend on the checkout's place.
std::shared_ptr<files::TreeLoader> project_loader(std::shared_ptr<const files::Tree> project,
                                                  const std::vector<std::string>& dirs) {
  std::vector<files::TreeLoader::SearchDir> search;
  for (const auto& dir : dirs) search.push_back({project, dir});
  return std::make_shared<files::TreeLoader>(dirs, std::move(search));
}

// An output path as the file system will see it: "d//x.yml" and "d/./x.yml" are "d/x.yml".
// Empty when it cannot be a file inside the output dir; `why` then says why.
std::string normal_output_path(const std::string& rel, std::string& why) {
  for (unsigned char c : rel)
    if (c < 0x20 || c == 0x7f) {
      why = "contains a control character";
      return {};
    }
  std::filesystem::path rp(rel);
  bool bad = rel.empty() || rp.is_absolute() || rel.back() == '/';
  for (const auto& part : rp) bad = bad || part == ".." || part == ".";
  if (bad) return {};
  std::vector<std::string> pieces = files::split_path(rel);
  for (const auto& piece : pieces)
    if (piece.size() > kMaxNameBytes) {
      why = "has a name longer than " + std::to_string(kMaxNameBytes) + " bytes";
      return {};
    }
  return files::join_path(pieces);
}

// "row 3" or "row 3, receiver 2": which row (and item) made an output.
std::string row_name(const Output& o) {
  return "row " + std::to_string(o.row + 1) + (o.item.empty() ? "" : ", " + o.item);
}

std::string note_rendering(const std::string& path, const Output& o) {
  std::string note = "  note: while rendering " + path;
  if (!o.matrix.empty() && o.row >= 0)
    note += " (" + row_name(o) + " of " + o.matrix + ", at " + o.matrix + ":" +
            std::to_string(o.row_origin.line) + ":" + std::to_string(o.row_origin.col) + ")";
  return note + "\n";
}

class ProjectRenderer {
 public:
  ProjectRenderer(std::shared_ptr<const files::Tree> project, const Manifest& m,
                  const ContextHook& hook)
      : project_(std::move(project)),
        m_(m),
        hook_(hook),
        loader_(project_loader(project_, m.template_dirs)),
        env_(m.engine, loader_),
        eval_(m.engine.limits),
        matrices_([this](const std::string& path) { return project_->read(path); }, eval_,
                  m.limits.matrix) {}

  std::vector<Output> run() {
    std::vector<Output> outputs;
    std::map<std::string, std::string> owners;  // path -> who made it, for collisions
    for (const Family& fam : m_.families) render_family(fam, outputs, owners);
    std::sort(outputs.begin(), outputs.end(),
              [](const Output& a, const Output& b) { return a.path < b.path; });
    return outputs;
  }

 private:
  const data::Document& doc() const { return *m_.doc; }

  [[noreturn]] void fail_at(const std::string& ptr, const std::string& msg, bool key = false) {
    throw ProjectError(doc().error_at(ptr, msg, key).format());
  }
  // An error of the expression or pattern written at `ptr`, at its spot in the manifest.
  [[noreturn]] void fail_in(const std::string& ptr, const jinja::TemplateError& e,
                            const std::string& context) {
    throw ProjectError(matrix::expression_error(doc(), ptr, e, context).format());
  }

  void render_family(const Family& fam, std::vector<Output>& outputs,
                     std::map<std::string, std::string>& owners) {
    std::shared_ptr<const jinja::Template> tmpl;
    std::string template_file;
    try {
      auto found = loader_->find(fam.template_name);
      if (!found)
        fail_at(pointer_child(fam.ptr, "template"),
                "template '" + fam.template_name + "' does not exist in " + dirs_text());
      template_file = found->filename;
      tmpl = env_.get_template(fam.template_name);
    } catch (const jinja::TemplateError& e) {
      throw ProjectError(e.format());
    }
    std::shared_ptr<const jinja::Template> out_tmpl;
    try {
      out_tmpl = env_.from_string(fam.output,
                                  std::string(kManifestName) + " (output of " + fam.name + ")");
    } catch (const jinja::TemplateError& e) {
      fail_in(pointer_child(fam.ptr, "output"), e, "bad output pattern");
    }

    jinja::Value base = jinja::Value::dict();
    auto put_all = [](jinja::Value& dict, const Json& obj) {
      for (auto it = obj.begin(); it != obj.end(); ++it)
        dict.dict_obj().set(jinja::Value::string(it.key()), data::to_value(it.value()));
    };
    put_all(base, m_.vars);
    put_all(base, fam.vars);
    for (const TableRef& t : fam.tables) {
      const matrix::Matrix& table = matrix_at(t.matrix, t.ptr);
      std::vector<jinja::Value> list;
      list.reserve(table.rows.size());
      for (const matrix::Row& r : table.rows) list.push_back(data::to_value(r.values));
      base.dict_obj().set(jinja::Value::string(t.name), jinja::Value::list(std::move(list)));
    }

    Output proto;
    proto.family = fam.name;
    proto.template_name = template_file;
    proto.matrix = fam.matrix;

    if (fam.matrix.empty()) {
      render_one(fam, *tmpl, *out_tmpl, base, proto, outputs, owners);
      return;
    }
    const matrix::Matrix& mx = matrix_at(fam.matrix, pointer_child(fam.ptr, "matrix"));
    std::vector<std::pair<int, jinja::Value>> rows;
    for (size_t i = 0; i < mx.rows.size(); ++i) {
      jinja::Value ctx = copy(base);
      put_all(ctx, mx.rows[i].values);
      if (!fam.where.empty()) {
        try {
          if (!jinja::truthy(eval_.evaluate(fam.where, ctx))) continue;
        } catch (const jinja::TemplateError& e) {
          fail_in(pointer_child(fam.ptr, "where"), e, "in 'where'");
        }
      }
      rows.emplace_back(static_cast<int>(i), ctx);
    }
    if (rows.empty())
      fail_at(pointer_child(fam.ptr, "where"), "'where' selects no row of " + fam.matrix);
    if (fam.mode == FamilyMode::AllRows) {
      jinja::Value ctx = copy(base);
      std::vector<jinja::Value> list;
      for (auto& r : rows) {
        list.push_back(data::to_value(mx.rows[r.first].values));
        proto.rows.push_back(r.first);
      }
      ctx.dict_obj().set(jinja::Value::string("rows"), jinja::Value::list(std::move(list)));
      render_one(fam, *tmpl, *out_tmpl, ctx, proto, outputs, owners);
      return;
    }
    if (fam.each) check_each(*fam.each, mx);
    for (auto& [index, ctx] : rows) {
      Output o = proto;
      o.row = index;
      o.rows = {index};
      o.row_origin = mx.origin(mx.rows[index]);
      if (!fam.each) {
        render_one(fam, *tmpl, *out_tmpl, ctx, o, outputs, owners);
        continue;
      }
      const matrix::Row& row = mx.rows[index];
      const Json& items = row.values.at(fam.each->field);
      for (size_t k = 0; items.is_array() && k < items.size(); ++k) {
        Output one = o;
        one.item = fam.each->item + " " + std::to_string(k + 1);
        std::string at = pointer_child(pointer_child(row.origin_ptr, fam.each->field), k);
        if (mx.doc->root().contains(Json::json_pointer(at))) one.row_origin = mx.doc->value_mark(at);
        jinja::Value item_ctx = copy(ctx);
        item_ctx.dict_obj().set(jinja::Value::string(fam.each->item), data::to_value(items[k]));
        render_one(fam, *tmpl, *out_tmpl, item_ctx, one, outputs, owners);
      }
    }
  }

  // `each: ITEM in FIELD` names a list (or table) field of the matrix; a null is no items.
  void check_each(const Each& each, const matrix::Matrix& mx) {
    const matrix::FieldSpec* f = mx.spec->field(each.field);
    if (!f)
      fail_at(each.ptr,
              data::unknown_key_message("field", each.field, mx.spec->row_keys()) + " in " + mx.file());
    if (f->type != matrix::FieldType::List && f->type != matrix::FieldType::Table)
      fail_at(each.ptr, "'each' needs a list or table field; '" + each.field + "' is a " +
                            std::string(matrix::type_name(f->type)));
  }

  // The expanded matrix at `path`, named at `ptr` of the manifest.
  const matrix::Matrix& matrix_at(const std::string& path, const std::string& ptr) {
    const matrix::Matrix* m = nullptr;
    try {
      m = matrices_.find(path);
    } catch (const data::DataError& e) {
      throw ProjectError(e.format());
    }
    if (!m) fail_at(ptr, "matrix '" + path + "' does not exist");
    return *m;
  }

  static jinja::Value copy(const jinja::Value& dict) {
    jinja::Value out = jinja::Value::dict();
    for (const auto& [k, v] : dict.dict_obj().entries()) out.dict_obj().set(k, v);
    return out;
  }

  void render_one(const Family& fam, const jinja::Template& tmpl, const jinja::Template& out_tmpl,
                  const jinja::Value& ctx, Output o, std::vector<Output>& outputs,
                  std::map<std::string, std::string>& owners) {
    std::string rel;
    try {
      rel = env_.render(out_tmpl, ctx);
    } catch (const jinja::TemplateError& e) {
      fail_in(pointer_child(fam.ptr, "output"), e,
              "in the output pattern" +
                  (o.row >= 0 ? " (row " + std::to_string(o.row + 1) + ")" : std::string()));
    }
    std::string why;
    std::string normal = normal_output_path(rel, why);
    if (normal.empty())
      fail_at(pointer_child(fam.ptr, "output"),
              "output pattern gives '" + files::printable(rel) + "', which " +
                  (why.empty() ? "is not a file path inside " +
                                     (m_.output_dir.empty() ? "the project" : m_.output_dir)
                               : why));
    o.path = m_.output_dir.empty() ? normal : m_.output_dir + "/" + normal;
    std::string who = describe(o);
    auto [it, fresh] = owners.emplace(o.path, who);
    if (!fresh) {
      if (o.row >= 0 && !o.matrix.empty())
        throw ProjectError(
            data::DataError(o.matrix, o.row_origin,
                            std::string(o.item.empty() ? "two rows" : "two outputs") + " write " +
                                o.path + ": this one and " + it->second,
                            row_line(o))
                .format());
      fail_at(pointer_child(fam.ptr, "output"),
              "two outputs are " + o.path + ": " + who + " and " + it->second);
    }
    if (hook_) hook_(o, ctx);
    std::string body;
    try {
      body = env_.render(tmpl, ctx);
    } catch (const jinja::TemplateError& e) {
      throw ProjectError(e.format() + note_rendering(o.path, o));
    }
    std::string sources = o.template_name + (o.matrix.empty() ? "" : " + " + o.matrix);
    o.content = compose_output(sources, m_.header, body, comment_style(o.path));
    run_output_ += o.content.size();
    if (run_output_ > m_.limits.max_run_output)
      throw ProjectError(
          data::DataError(kManifestName, {},
                          jinja::limit_message("the outputs of this run would be more than " +
                                                   std::to_string(m_.limits.max_run_output) +
                                                   " bytes",
                                               "max_run_output", m_.limits.max_run_output))
              .format() +
          note_rendering(o.path, o));
    outputs.push_back(std::move(o));
  }

  std::string row_line(const Output& o) {
    std::optional<std::string> text = project_->read(o.matrix);
    return text ? data::line_of(*text, o.row_origin.line) : std::string();
  }

  static std::string describe(const Output& o) {
    if (o.row < 0) return "family '" + o.family + "'";
    return row_name(o) + " of family '" + o.family + "' (" + o.matrix + ":" +
           std::to_string(o.row_origin.line) + ":" + std::to_string(o.row_origin.col) + ")";
  }

  std::string dirs_text() const {
    std::string s;
    for (size_t i = 0; i < m_.template_dirs.size(); ++i)
      s += (i ? ", " : "") + m_.template_dirs[i] + "/";
    return s;
  }

  std::shared_ptr<const files::Tree> project_;
  const Manifest& m_;
  const ContextHook& hook_;
  std::shared_ptr<files::TreeLoader> loader_;
  jinja::Environment env_;
  matrix::ExpressionEvaluator eval_;
  matrix::MatrixSet matrices_;
  size_t run_output_ = 0;  // bytes of the outputs rendered so far
};

}  // namespace

std::vector<Output> render_project(std::shared_ptr<const files::Tree> project,
                                   const Manifest& manifest, const ContextHook& hook) {
  return ProjectRenderer(std::move(project), manifest, hook).run();
}

}  // namespace wfgen::pipeline
