#include <map>
#include <unordered_set>

#include "data/json_convert.h"
#include "data/load.h"
#include "data/suggest.h"
#include "jinja/error.h"
#include "jinja/limits.h"
#include "jinja/python/ops.h"
#include "matrix/constraints.h"
#include "matrix/matrix.h"

namespace wfgen::matrix {

using data::pointer_child;

namespace {

// A row under construction: its values plus where each value came from.
struct Draft {
  Json values = Json::object();
  std::unordered_map<std::string, std::string> src;  // key -> pointer of its value
  std::string origin;
};

class Expander {
 public:
  Expander(const data::Document& doc, ExpressionEvaluator& eval, const MatrixLimits& limits)
      : doc_(doc), eval_(eval), max_rows_(limits.max_rows) {}

  // `allow_empty`: nested tables may have no rows; a whole matrix may not.
  std::vector<Row> expand(const MatrixSpec& spec, const std::string& entries_ptr,
                          bool allow_empty = false) {
    std::vector<Draft> drafts = product(spec);
    size_t product_rows = drafts.size();
    if (!spec.exclude_ptr.empty()) exclude(spec, drafts);
    if (!spec.include_ptr.empty()) include(spec, drafts, product_rows);
    const Json* entries = lookup(entries_ptr);
    if (entries) {
      if (!entries->is_array())
        throw doc_.error_at(entries_ptr, "entries must be a list of mappings, not " +
                                             std::string(json_type_name(*entries)));
      for (size_t i = 0; i < entries->size(); ++i)
        drafts.push_back(from_mapping(spec, pointer_child(entries_ptr, i), "an entry"));
    }
    if (drafts.empty() && !allow_empty) {
      std::string at = entries ? entries_ptr : spec.ptr;
      throw doc_.error_at(at, spec.axes.empty() ? "the matrix has no rows (no entries)"
                                                : "the matrix has no rows (every combination "
                                                  "is excluded)");
    }
    std::vector<Row> rows;
    std::vector<size_t> row_draft;  // which draft made each row (shards share one)
    rows.reserve(drafts.size());
    for (size_t i = 0; i < drafts.size(); ++i) {
      finish(spec, drafts[i], rows);
      row_draft.resize(rows.size(), i);
    }
    check_unique(spec, drafts, rows, row_draft);
    return rows;
  }

 private:
  const Json* lookup(const std::string& ptr) const {
    Json::json_pointer p(ptr);
    return doc_.root().contains(p) ? &doc_.root().at(p) : nullptr;
  }

  // Counts `n` more rows (of the matrix or a nested table) made from what is at `ptr`.
  void count_rows(uint64_t n, const std::string& ptr, std::string_view what) {
    if (n <= max_rows_ - rows_made_) {
      rows_made_ += n;
      return;
    }
    std::string message = n > max_rows_ ? std::string(what) + " " + std::to_string(n) + " rows"
                                         : "the matrix and its tables would have more than " +
                                               std::to_string(max_rows_) + " rows";
    throw doc_.error_at(ptr, jinja::limit_message(message, "max_rows", max_rows_));
  }

  std::vector<Draft> product(const MatrixSpec& spec) {
    std::vector<Draft> rows;
    if (spec.axes.empty()) return rows;
    // The size of the product, before making it.
    uint64_t combinations = 1;
    for (const auto& [name, ptr] : spec.axes) {
      uint64_t n = lookup(ptr)->size();
      combinations = n && combinations > UINT64_MAX / n ? UINT64_MAX : combinations * n;
    }
    if (combinations > max_rows_)
      throw doc_.error_at(pointer_child(spec.ptr, "axes"),
                          jinja::limit_message("the axes make " +
                                                   (combinations == UINT64_MAX
                                                        ? std::string("more than 2^64")
                                                        : std::to_string(combinations)) +
                                                   " combinations",
                                               "max_rows", max_rows_));
    rows.emplace_back();
    rows.back().origin = pointer_child(spec.ptr, "axes");
    for (const auto& [name, ptr] : spec.axes) {
      const Json& values = *lookup(ptr);
      std::vector<Draft> next;
      next.reserve(rows.size() * values.size());
      for (const Draft& r : rows)
        for (size_t i = 0; i < values.size(); ++i) {
          Draft d = r;
          d.values[name] = values[i];
          d.src[name] = pointer_child(ptr, i);
          next.push_back(std::move(d));
        }
      rows = std::move(next);
    }
    return rows;
  }

  // An exclude/include item must be a mapping of known keys.
  const Json& item_mapping(const MatrixSpec& spec, const std::string& ptr, bool axes_only,
                           std::string_view what) {
    const Json& item = *lookup(ptr);
    if (!item.is_object() || item.empty())
      throw doc_.error_at(ptr, std::string(what) + " item must be a non-empty mapping");
    std::vector<std::string> allowed;
    if (axes_only)
      for (const auto& a : spec.axes) allowed.push_back(a.first);
    else
      allowed = spec.row_keys();
    for (auto it = item.begin(); it != item.end(); ++it) {
      bool ok = false;
      for (const auto& a : allowed) ok = ok || a == it.key();
      if (!ok)
        throw doc_.error_at(pointer_child(ptr, it.key()),
                            data::unknown_key_message(axes_only ? "axis" : "key", it.key(), allowed),
                            true);
    }
    return item;
  }

  const Json& list_at(const std::string& ptr, std::string_view what) {
    const Json& list = *lookup(ptr);
    if (!list.is_array())
      throw doc_.error_at(ptr, "`" + std::string(what) + "` must be a list of mappings");
    return list;
  }

  // GitHub: remove every combination that matches all the pairs of an exclude item.
  void exclude(const MatrixSpec& spec, std::vector<Draft>& rows) {
    const Json& list = list_at(spec.exclude_ptr, "exclude");
    for (size_t i = 0; i < list.size(); ++i) {
      const std::string ptr = pointer_child(spec.exclude_ptr, i);
      const Json& item = item_mapping(spec, ptr, true, "an exclude");
      size_t before = rows.size();
      std::erase_if(rows, [&](const Draft& d) { return matches(item, d.values); });
      if (rows.size() == before)
        throw doc_.error_at(ptr, "exclude matches no combination of the axes");
    }
  }

  static bool matches(const Json& item, const Json& values) {
    for (auto it = item.begin(); it != item.end(); ++it) {
      auto found = values.find(it.key());
      if (found == values.end() || *found != it.value()) return false;
    }
    return true;
  }

  // GitHub: an include item extends every original combination whose axis values it
  // agrees with (never overwriting an axis value); when it extends none, it is a new row.
  void include(const MatrixSpec& spec, std::vector<Draft>& rows, size_t) {
    const Json& list = list_at(spec.include_ptr, "include");
    size_t originals = rows.size();
    for (size_t i = 0; i < list.size(); ++i) {
      const std::string ptr = pointer_child(spec.include_ptr, i);
      const Json& item = item_mapping(spec, ptr, false, "an include");
      bool extended = false;
      for (size_t r = 0; r < originals; ++r) {
        Draft& d = rows[r];
        bool agrees = true;
        for (auto it = item.begin(); it != item.end() && agrees; ++it)
          if (spec.is_axis(it.key())) agrees = d.values[it.key()] == it.value();
        if (!agrees) continue;
        extended = true;
        for (auto it = item.begin(); it != item.end(); ++it) {
          if (spec.is_axis(it.key())) continue;
          d.values[it.key()] = it.value();
          d.src[it.key()] = pointer_child(ptr, it.key());
        }
      }
      if (!extended) rows.push_back(from_mapping(spec, ptr, "an include"));
    }
  }

  Draft from_mapping(const MatrixSpec& spec, const std::string& ptr, std::string_view what) {
    const Json& item = *lookup(ptr);
    if (!item.is_object())
      throw doc_.error_at(
          ptr, std::string(what) + " must be a mapping, not " + std::string(json_type_name(item)));
    Draft d;
    d.origin = ptr;
    for (auto it = item.begin(); it != item.end(); ++it) {
      d.values[it.key()] = it.value();
      d.src[it.key()] = pointer_child(ptr, it.key());
    }
    (void)spec;
    return d;
  }

  // Checks keys and types, fills defaults, expands nested tables and shards, derives.
  void finish(const MatrixSpec& spec, Draft& d, std::vector<Row>& out) {
    std::vector<std::string> keys = spec.row_keys();
    for (auto it = d.values.begin(); it != d.values.end(); ++it) {
      const std::string& k = it.key();
      if (!spec.field(k) && !(spec.expand_shards && k == "shards"))
        throw doc_.error_at(d.src[k], data::unknown_key_message("key", k, keys), true);
    }
    Json row = Json::object();
    for (const FieldSpec& f : spec.fields) {
      auto found = d.values.find(f.name);
      if (found == d.values.end()) {
        if (f.has_default && f.type == FieldType::Table && !f.default_value.is_null())
          row[f.name] = table_json(*f.table, pointer_child(f.ptr, "default"));
        else if (f.has_default)
          row[f.name] = f.default_value;
        else if (!f.derived)
          throw doc_.error_at(d.origin, "missing required field '" + f.name + "'");
        continue;
      }
      const std::string& src = d.src[f.name];
      const Json& v = *found;
      bool null_ok = v.is_null() && f.has_default && f.default_value.is_null();
      if (!null_ok && !type_accepts(f.type, v))
        throw doc_.error_at(src, "field '" + f.name + "' must be of type " +
                                     std::string(type_name(f.type)) + ", not " +
                                     std::string(json_type_name(v)));
      if (f.type == FieldType::Table && !v.is_null()) {
        row[f.name] = table_json(*f.table, src);
      } else {
        row[f.name] = v;
      }
    }
    int64_t shards = 1;
    if (spec.expand_shards && d.values.contains("shards")) {
      const Json& s = d.values["shards"];
      if (!s.is_number_integer() || s.get<int64_t>() < 1)
        throw doc_.error_at(d.src["shards"], "`shards` must be an int >= 1");
      shards = s.get<int64_t>();
    }
    count_rows(static_cast<uint64_t>(shards), shards > 1 ? d.src["shards"] : d.origin,
               shards > 1 ? "`shards` makes" : "the row makes");
    for (int64_t i = 1; i <= shards; ++i) {
      Json copy = row;
      if (spec.expand_shards) {
        copy["shard"] = i;
        copy["num_shards"] = shards;
      }
      derive(spec, d, copy);
      check_row(spec, d, copy);
      out.push_back({std::move(copy), d.origin});
    }
  }

  // Where a row's field is written: the value the row set, else the row itself.
  std::string field_ptr(const Draft& d, const std::string& field) const {
    auto it = d.src.find(field);
    return it != d.src.end() ? it->second : d.origin;
  }

  // The constraints of every field, then the spec's `checks`, on a finished row.
  void check_row(const MatrixSpec& spec, const Draft& d, const Json& row) {
    for (const FieldSpec& f : spec.fields) {
      if (f.type == FieldType::Table || f.rules.empty()) continue;
      auto v = row.find(f.name);
      if (v == row.end() || v->is_null()) continue;
      auto broken = check_constraints(f.type, f.rules, *v, &row);
      if (!broken) continue;
      bool set = d.src.count(f.name) > 0;
      std::string what = f.derived && !set ? "derived field '" : "field '";
      throw doc_.error_at(field_ptr(d, f.name) + (set ? broken->where : ""),
                          what + f.name + "': " + broken->message, set && broken->at_key);
    }
    for (const RowCheck& c : spec.checks) {
      bool ok = false;
      try {
        ok = jinja::truthy(eval_.evaluate(c.expr, data::to_value(row)));
      } catch (const jinja::TemplateError& e) {
        throw expression_error(doc_, pointer_child(c.ptr, "assert"), e, "in check");
      }
      if (!ok) throw doc_.error_at(c.at.empty() ? d.origin : field_ptr(d, c.at), c.message);
    }
  }

  // `unique`: no two rows (of different drafts: shards repeat their entry's values) share
  // a value among the rows that agree on `unique_within`.
  void check_unique(const MatrixSpec& spec, const std::vector<Draft>& drafts,
                    const std::vector<Row>& rows, const std::vector<size_t>& row_draft) {
    for (const FieldSpec& f : spec.fields) {
      if (!f.unique) continue;
      std::map<std::string, size_t> first;  // (within values, value) -> row
      for (size_t i = 0; i < rows.size(); ++i) {
        const Json& values = rows[i].values;
        auto v = values.find(f.name);
        if (v == values.end() || v->is_null()) continue;
        Json key = Json::array();
        for (const auto& w : f.unique_within) key.push_back(values.value(w, Json()));
        key.push_back(*v);
        auto [it, fresh] = first.emplace(key.dump(), i);
        if (fresh || row_draft[it->second] == row_draft[i]) continue;
        data::Mark was = doc_.value_mark(field_ptr(drafts[row_draft[it->second]], f.name));
        std::string among;
        for (size_t w = 0; w < f.unique_within.size(); ++w)
          among += (w ? ", " : " among rows with the same ") + f.unique_within[w];
        throw doc_.error_at(field_ptr(drafts[row_draft[i]], f.name),
                            "field '" + f.name + "' must be unique" + among + ": " +
                                (v->is_string() ? "'" + v->get<std::string>() + "'" : v->dump()) +
                                " is already used at line " + std::to_string(was.line) +
                                ", column " + std::to_string(was.col));
      }
    }
  }

  Json table_json(const MatrixSpec& spec, const std::string& ptr) {
    Json nested = Json::array();
    for (Row& r : expand(spec, ptr, true)) nested.push_back(std::move(r.values));
    return nested;
  }

  void derive(const MatrixSpec& spec, const Draft& d, Json& row) {
    if (spec.derive.empty()) return;
    // Fields an entry set itself are kept: a derivation is a computed default.
    for (const DerivedField& df : spec.derive) {
      if (d.values.contains(df.name)) continue;
      jinja::Value result;
      try {
        result = eval_.evaluate(df.expr, data::to_value(row));
      } catch (const jinja::TemplateError& e) {
        throw expression_error(doc_, df.ptr, e, "in derived field '" + df.name + "'");
      }
      Json v;
      try {
        v = data::from_value(result);
      } catch (const std::invalid_argument& e) {
        throw doc_.error_at(df.ptr, "derived field '" + df.name + "' is " + e.what());
      } catch (const jinja::TemplateError& e) {  // a limit: nested too deep, too many items
        throw doc_.error_at(df.ptr, "derived field '" + df.name + "': " + e.message());
      }
      const FieldSpec* f = spec.field(df.name);
      if (!type_accepts(f->type, v))
        throw doc_.error_at(df.ptr, "derived field '" + df.name + "' must be of type " +
                                        std::string(type_name(f->type)) + ", but is " +
                                        std::string(json_type_name(v)) + " " + v.dump());
      // Keep declaration order: the derived key was absent, so rebuild in order.
      Json ordered = Json::object();
      for (const FieldSpec& fs : spec.fields) {
        if (fs.name == df.name)
          ordered[fs.name] = v;
        else if (row.contains(fs.name))
          ordered[fs.name] = std::move(row[fs.name]);
      }
      for (auto it = row.begin(); it != row.end(); ++it)
        if (!ordered.contains(it.key())) ordered[it.key()] = std::move(it.value());
      row = std::move(ordered);
    }
  }

  const data::Document& doc_;
  ExpressionEvaluator& eval_;
  uint64_t max_rows_;
  uint64_t rows_made_ = 0;  // rows made so far, nested tables' included
};

}  // namespace

Matrix expand_matrix(std::shared_ptr<const data::Document> doc, ExpressionEvaluator& eval,
                     const RowValues& row_values, const MatrixLimits& limits) {
  Matrix m;
  m.doc = doc;
  m.spec = parse_spec(*doc, "", true, row_values);
  Expander ex(*doc, eval, limits);
  m.rows = ex.expand(*m.spec, "/entries");
  return m;
}

Matrix load_matrix(const std::filesystem::path& path, const std::string& display,
                   ExpressionEvaluator& eval, const RowValues& row_values,
                   const MatrixLimits& limits) {
  auto doc = std::make_shared<data::Document>(data::load_document(path, display));
  return expand_matrix(std::move(doc), eval, row_values, limits);
}

}  // namespace wfgen::matrix
