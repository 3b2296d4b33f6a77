#include "matrix/spec.h"

#include <algorithm>
#include <array>
#include <unordered_set>

#include "data/suggest.h"
#include "jinja/limits.h"
#include "matrix/constraints.h"

namespace wfgen::matrix {

using data::pointer_child;
using data::Reader;

namespace {

// One row per field type: its name in matrix files and what it accepts.
struct FieldTypeInfo {
  FieldType type;
  std::string_view name;
  bool (*accepts)(const Json&);
};

constexpr std::array<FieldTypeInfo, 8> kFieldTypes = {{
    {FieldType::String, "string", [](const Json& v) { return v.is_string(); }},
    {FieldType::Int, "int", [](const Json& v) { return v.is_number_integer(); }},
    {FieldType::Float, "float", [](const Json& v) { return v.is_number(); }},
    {FieldType::Bool, "bool", [](const Json& v) { return v.is_boolean(); }},
    {FieldType::List, "list", [](const Json& v) { return v.is_array(); }},
    {FieldType::Map, "map", [](const Json& v) { return v.is_object(); }},
    {FieldType::Any, "any", [](const Json&) { return true; }},
    {FieldType::Table, "table", [](const Json& v) { return v.is_array(); }},
}};

const FieldTypeInfo& info(FieldType t) {
  return kFieldTypes[static_cast<size_t>(t)];
}

std::vector<std::string> type_names() {
  std::vector<std::string> names;
  for (const auto& t : kFieldTypes) names.emplace_back(t.name);
  return names;
}

}  // namespace

std::string_view type_name(FieldType t) {
  return info(t).name;
}

bool type_accepts(FieldType t, const Json& v) {
  return info(t).accepts(v);
}

const FieldSpec* MatrixSpec::field(std::string_view name) const {
  for (const auto& f : fields)
    if (f.name == name) return &f;
  return nullptr;
}

bool MatrixSpec::is_axis(std::string_view name) const {
  for (const auto& a : axes)
    if (a.name == name) return true;
  return false;
}

std::vector<std::string> MatrixSpec::row_keys() const {
  std::vector<std::string> keys;
  for (const auto& f : fields) keys.push_back(f.name);
  if (expand_shards) keys.push_back("shards");
  return keys;
}

std::vector<std::string> MatrixSpec::finished_keys() const {
  std::vector<std::string> keys;
  for (const auto& f : fields) {
    if (f.name != expand_table) {
      keys.push_back(f.name);
      continue;
    }
    for (const auto& k : f.table->finished_keys())
      if (!field(k)) keys.push_back(k);  // a shared map name is the row's field
  }
  return keys;
}

const FieldSpec* MatrixSpec::finished_field(std::string_view name) const {
  const FieldSpec* f = field(name);
  if (f && f->name != expand_table) return f;
  if (!expand_table.empty())
    if (const FieldSpec* t = field(expand_table)) return t->table->finished_field(name);
  return nullptr;
}

namespace {

const std::vector<std::string> kTopKeys = {"description", "fields",        "tables",
                                           "axes",        "include",       "exclude",
                                           "entries",     "derive",        "checks",
                                           "expand_shards", "expand_table"};
const std::vector<std::string> kConstraintKeys = {"one_of", "pattern", "min",    "max",
                                                  "items",  "keys",    "values"};
const std::vector<std::string> kTableKeys = {"fields", "derive", "checks", "expand_shards",
                                             "expand_table"};
const std::vector<std::string> kCheckKeys = {"assert", "message", "at"};

std::vector<std::string> field_keys() {
  std::vector<std::string> keys = {"type", "default", "doc", "unique"};
  keys.insert(keys.end(), kConstraintKeys.begin(), kConstraintKeys.end());
  keys.insert(keys.end(), kTableKeys.begin(), kTableKeys.end());
  return keys;
}

std::vector<std::string> element_keys() {
  std::vector<std::string> keys = {"type"};
  keys.insert(keys.end(), kConstraintKeys.begin(), kConstraintKeys.end());
  return keys;
}

class SpecParser {
 public:
  SpecParser(const data::Document& doc, const Resolvers& refs) : doc_(doc), r_(doc), refs_(refs) {}

  std::shared_ptr<MatrixSpec> spec(const std::string& ptr, bool top_level) {
    // Tables in tables: each level is a few levels of data, and of recursion here.
    size_t limit = jinja::active_limits().max_depth;
    if (++depth_ > limit)
      throw doc_.error_at(ptr, jinja::limit_message("tables nested more than " +
                                                        std::to_string(limit) + " levels deep",
                                                    "max_depth", limit));
    struct Leave {
      size_t& depth;
      ~Leave() { --depth; }
    } leave{depth_};
    auto spec = std::make_shared<MatrixSpec>();
    spec->ptr = ptr;
    const Json& root = ptr.empty() ? doc_.root() : doc_.root().at(Json::json_pointer(ptr));
    r_.mapping_at(ptr, root, top_level ? "a matrix file" : "a table declaration");
    if (top_level) r_.keys(ptr, root, kTopKeys, "a matrix file");

    const size_t own_names = row_names_.size();
    spec->expand_shards = r_.boolean(ptr, root, "expand_shards", false);
    if (!root.contains("fields")) throw doc_.error_at(ptr, "a matrix needs `fields`");
    fields(pointer_child(ptr, "fields"), root["fields"], *spec);
    if (top_level && root.contains("tables"))
      tables(pointer_child(ptr, "tables"), root["tables"], *spec);
    if (root.contains("expand_table")) expand_table(ptr, root, *spec);
    // Names that only make sense once the row's fields are all known.
    for (const FieldSpec& f : spec->fields)
      for (const std::string& w : f.unique_within)
        if (!spec->finished_field(w))
          throw doc_.error_at(pointer_child(f.ptr, "unique"),
                              data::unknown_key_message("field", w, spec->finished_keys()) +
                                  ": `unique` names the fields a value is unique among");
    for (size_t i = own_names; i < row_names_.size(); ++i) {
      const auto& [at, name, why] = row_names_[i];
      if (!spec->finished_field(name))
        throw doc_.error_at(at, data::unknown_key_message("field", name, spec->finished_keys()) +
                                    ": " + why);
    }
    row_names_.resize(own_names);
    if (top_level && root.contains("axes")) axes(pointer_child(ptr, "axes"), root["axes"], *spec);
    if (top_level && root.contains("include")) spec->include_ptr = pointer_child(ptr, "include");
    if (top_level && root.contains("exclude")) spec->exclude_ptr = pointer_child(ptr, "exclude");
    if (!spec->exclude_ptr.empty() && spec->axes.empty())
      throw doc_.error_at(spec->exclude_ptr, "`exclude` needs `axes` to exclude from", true);
    if (root.contains("derive")) derive(pointer_child(ptr, "derive"), root["derive"], *spec);
    if (root.contains("checks")) checks(pointer_child(ptr, "checks"), root["checks"], *spec);
    return spec;
  }

 private:
  FieldType type(const std::string& ptr, const Json& v) {
    if (!v.is_string())
      throw doc_.error_at(ptr, "a field type must be a string (one of: string, int, float, bool, "
                               "list, map, any, table)");
    const std::string& s = v.get_ref<const std::string&>();
    for (const auto& t : kFieldTypes)
      if (t.name == s) return t.type;
    throw doc_.error_at(ptr, data::unknown_key_message("type", s, type_names()));
  }

  void fields(const std::string& ptr, const Json& decls, MatrixSpec& spec) {
    r_.mapping_at(ptr, decls, "`fields`");
    if (decls.empty()) throw doc_.error_at(ptr, "`fields` declares no field");
    for (auto it = decls.begin(); it != decls.end(); ++it)
      spec.fields.push_back(
          field(pointer_child(ptr, it.key()), it.key(), it.value(), spec.expand_shards));
  }

  // `expand_table: FIELD`: each row is made once per row of its table FIELD, whose fields
  // join the row's own, so they must not share a name.
  void expand_table(const std::string& ptr, const Json& root, MatrixSpec& spec) {
    const std::string eptr = pointer_child(ptr, "expand_table");
    std::string name = r_.string(ptr, root, "expand_table", true);
    const FieldSpec* t = spec.field(name);
    if (!t || t->type != FieldType::Table) {
      std::vector<std::string> tables;
      for (const FieldSpec& f : spec.fields)
        if (f.type == FieldType::Table) tables.push_back(f.name);
      throw doc_.error_at(eptr, data::unknown_key_message("table field", name, tables) +
                                    ": `expand_table` names a `type: table` field");
    }
    // A shared name is allowed for maps: the nested row's map is merged over the row's
    // (settings for every nested row, overridden per nested row).
    for (const std::string& k : t->table->finished_keys()) {
      const FieldSpec* own = spec.field(k);
      if (own && !(own->type == FieldType::Map && t->table->finished_field(k)->type == FieldType::Map))
        throw doc_.error_at(pointer_child(pointer_child(t->ptr, "fields"), k),
                            "field '" + k + "' of table '" + name +
                                "' is also a field of the row it expands (only two maps may "
                                "share a name: the nested one is merged over the row's)",
                            true);
    }
    spec.expand_table = name;
  }

  FieldSpec field(const std::string& ptr, const std::string& name, const Json& decl,
                  bool expand_shards) {
    FieldSpec f;
    f.name = name;
    f.ptr = ptr;
    if (expand_shards && (name == "shards" || name == "shard" || name == "num_shards"))
      throw doc_.error_at(
          ptr, "field '" + name + "' is reserved: `expand_shards` makes shard and num_shards",
          true);
    if (decl.is_string()) {
      f.type = type(ptr, decl);
    } else {
      r_.keys(ptr, decl, field_keys(), "a field declaration", "field option");
      if (!decl.contains("type")) throw doc_.error_at(ptr, "field '" + name + "' needs a `type`");
      f.type = type(pointer_child(ptr, "type"), decl["type"]);
      if (decl.contains("doc")) f.doc = r_.string(ptr, decl, "doc", false);
      f.rules = constraints(ptr, decl, f.type);
      unique(ptr, decl, f);
      if (decl.contains("default")) {
        f.has_default = true;
        f.default_value = decl["default"];
        const std::string dptr = pointer_child(ptr, "default");
        if (!f.default_value.is_null() && !type_accepts(f.type, f.default_value))
          throw doc_.error_at(dptr, "default of field '" + name + "' must be of type " +
                                        std::string(type_name(f.type)) + ", not " +
                                        std::string(json_type_name(f.default_value)));
        if (!f.default_value.is_null() && f.type != FieldType::Table)
          if (auto broken = check_constraints(f.type, f.rules, f.default_value))
            throw doc_.error_at(dptr + broken->where,
                                "default of field '" + name + "': " + broken->message,
                                broken->at_key);
      }
      bool table_only = false;
      for (const auto& k : kTableKeys) table_only = table_only || decl.contains(k);
      if (table_only && f.type != FieldType::Table)
        throw doc_.error_at(ptr, "only `type: table` fields may declare fields, derive, checks, "
                                 "expand_shards or expand_table");
      if (f.type == FieldType::Table && !f.rules.empty())
        throw doc_.error_at(ptr, "a table field's rows are checked by their own `fields`; "
                                 "one_of, pattern, min, max, items, keys and values do not apply");
    }
    if (f.type == FieldType::Table) {
      if (!decl.is_object() || !decl.contains("fields"))
        throw doc_.error_at(ptr, "table field '" + name + "' needs `fields`");
      f.table = spec(ptr, false);
    }
    return f;
  }

  // `unique: true`, or `unique: FIELD` / `[FIELDS]`: unique among rows equal on those fields.
  void unique(const std::string& ptr, const Json& decl, FieldSpec& f) {
    if (!decl.contains("unique")) return;
    const std::string uptr = pointer_child(ptr, "unique");
    const Json& u = decl["unique"];
    if (u.is_boolean()) {
      f.unique = u.get<bool>();
      return;
    }
    f.unique = true;
    if (u.is_string()) {
      f.unique_within.push_back(u.get<std::string>());
      return;
    }
    f.unique_within = field_names(uptr, u, "`unique` must be true, a field name, or a list of field names");
  }

  // A field name or a non-empty list of them.
  std::vector<std::string> field_names(const std::string& ptr, const Json& v, const char* what) {
    if (v.is_string()) return {v.get<std::string>()};
    bool ok = v.is_array() && !v.empty();
    for (const Json& x : v) ok = ok && x.is_string();
    if (!ok) throw doc_.error_at(ptr, what);
    std::vector<std::string> names;
    for (const Json& x : v) names.push_back(x.get<std::string>());
    return names;
  }

  Constraints constraints(const std::string& ptr, const Json& decl, FieldType t) {
    Constraints c;
    if (decl.contains("one_of")) one_of(pointer_child(ptr, "one_of"), decl["one_of"], t, c);
    if (decl.contains("pattern")) {
      const std::string pptr = pointer_child(ptr, "pattern");
      if (t != FieldType::String && t != FieldType::Any)
        throw doc_.error_at(pptr, "`pattern` applies to strings, not to a " +
                                      std::string(type_name(t)) + " field");
      c.pattern = r_.string(ptr, decl, "pattern", true);
      try {
        c.regex = std::make_shared<const jinja::Regex>(c.pattern);
      } catch (const jinja::RegexError& e) {
        throw doc_.error_at(pptr, std::string("invalid regular expression: ") + e.what() +
                                      " (at character " + std::to_string(e.offset() + 1) +
                                      " of the pattern)");
      }
    }
    for (const char* bound : {"min", "max"}) {
      if (!decl.contains(bound)) continue;
      const Json& v = decl[bound];
      if (!v.is_number())
        throw doc_.error_at(pointer_child(ptr, bound), std::string("`") + bound +
                                                           "` must be a number");
      (bound[1] == 'i' ? c.min : c.max) = v.get<double>();
    }
    if (c.min && c.max && *c.min > *c.max)
      throw doc_.error_at(pointer_child(ptr, "max"), "`max` is below `min`");
    auto element = [&](const char* key, FieldType parent, std::optional<ElementSpec>& out) {
      if (!decl.contains(key)) return;
      const std::string eptr = pointer_child(ptr, key);
      if (t != parent)
        throw doc_.error_at(eptr, std::string("`") + key + "` applies to " +
                                      std::string(type_name(parent)) + " fields");
      out = element_spec(eptr, decl[key]);
      if (std::string_view(key) == "keys" && out->type != FieldType::String &&
          out->type != FieldType::Any)
        throw doc_.error_at(eptr, "map keys are strings");
    };
    element("items", FieldType::List, c.items);
    element("keys", FieldType::Map, c.keys);
    element("values", FieldType::Map, c.values);
    return c;
  }

  // `items: string` or `items: {type: string, one_of: [...], ...}`.
  ElementSpec element_spec(const std::string& ptr, const Json& decl) {
    ElementSpec e;
    if (decl.is_string()) {
      e.type = type(ptr, decl);
      return e;
    }
    r_.keys(ptr, decl, element_keys(), "an element declaration", "element option");
    e.type = decl.contains("type") ? type(pointer_child(ptr, "type"), decl["type"])
                                   : FieldType::Any;
    if (e.type == FieldType::Table)
      throw doc_.error_at(pointer_child(ptr, "type"), "a table field holds the nested rows");
    Constraints c = constraints(ptr, decl, e.type);
    if (!c.empty()) e.rules = std::make_shared<const Constraints>(std::move(c));
    return e;
  }

  // `one_of: [a, b]`, `{matrix: matrices/x.yml, field: name}` (another matrix's rows),
  // `{field: name, match: [f]}` (this table's rows) or `{file: PATH, keys_at: POINTER}`.
  void one_of(const std::string& ptr, const Json& v, FieldType t, Constraints& c) {
    if (v.is_array()) {
      if (v.empty()) throw doc_.error_at(ptr, "`one_of` lists no value");
      for (size_t i = 0; i < v.size(); ++i) {
        if (!type_accepts(t, v[i]) || v[i].is_array() || v[i].is_object())
          throw doc_.error_at(pointer_child(ptr, i),
                              "`one_of` values must be " + std::string(type_name(t)) +
                                  " scalars, not " + std::string(json_type_name(v[i])));
        c.one_of.push_back(v[i]);
      }
      index_one_of(c);
      return;
    }
    r_.mapping_at(ptr, v, "`one_of` (a list of values, or a mapping)");
    r_.keys(ptr, v, {"matrix", "field", "match", "file", "keys_at"}, "`one_of`");
    if (v.contains("file")) {
      for (const char* other : {"matrix", "field", "match"})
        if (v.contains(other))
          throw doc_.error_at(pointer_child(ptr, other),
                              std::string("`") + other + "` does not go with `file`", true);
      std::string path = r_.string(ptr, v, "file", true);
      std::string at = r_.string(ptr, v, "keys_at", true);
      r_.relative_path(pointer_child(ptr, "file"), path);
      if (!at.empty() && at[0] != '/')
        throw doc_.error_at(pointer_child(ptr, "keys_at"),
                            "`keys_at` is a JSON pointer: '/on/workflow_call/inputs'");
      if (!refs_.file_keys)
        throw doc_.error_at(ptr, "`one_of: {file: ...}` needs a project to find " + path + " in");
      c.one_of = refs_.file_keys(path, at, doc_, ptr);
      c.one_of_source = "the keys of " + (at.empty() ? std::string("the root") : at) + " in " + path;
      index_one_of(c);
      return;
    }
    if (v.contains("keys_at"))
      throw doc_.error_at(pointer_child(ptr, "keys_at"), "`keys_at` goes with `file`", true);
    std::string field = r_.string(ptr, v, "field", true);
    const bool other = v.contains("matrix");
    std::vector<std::string> match;
    if (v.contains("match")) {
      const std::string mptr = pointer_child(ptr, "match");
      match = field_names(mptr, v["match"], "`match` must be a field name or a list of field names");
      for (const std::string& m : match)
        row_names_.push_back({mptr, m, other ? "`match` names fields both matrices have"
                                             : "`match` names fields of this table's rows"});
    }
    if (!other) {  // this table's rows: checked once they are all made
      c.sibling_field = field;
      c.sibling_match = std::move(match);
      row_names_.push_back({pointer_child(ptr, "field"), field,
                            "`one_of: {field: ...}` names a field of this table's rows"});
      return;
    }
    std::string path = r_.string(ptr, v, "matrix", true);
    r_.relative_path(pointer_child(ptr, "matrix"), path);
    c.one_of_match = std::move(match);
    if (!refs_.values)
      throw doc_.error_at(ptr, "`one_of: {matrix: ...}` needs a project to find " + path + " in");
    c.one_of_source = "the '" + field + "' values of " + path;
    std::vector<Json> values = refs_.values(path, field, c.one_of_match, doc_, ptr);
    const bool projected = !c.one_of_match.empty();  // [value, match values...] per row
    if (projected) c.one_of_rows = std::move(values);
    // Each value once, in the order of its first row (a search, but for the strings).
    std::unordered_set<std::string_view> seen;  // into the rows, which stay until the end
    for (const Json& row : projected ? c.one_of_rows : values) {
      const Json& v = projected ? row[0] : row;
      if (v.is_string() ? seen.insert(v.get_ref<const std::string&>()).second
                        : std::find(c.one_of.begin(), c.one_of.end(), v) == c.one_of.end())
        c.one_of.push_back(v);
    }
    index_one_of(c);
  }

  // `tables: {name: PATH}`: the rows of other matrices, as variables of this one's expressions.
  void tables(const std::string& tptr, const Json& decl, MatrixSpec& spec) {
    r_.mapping_at(tptr, decl, "`tables`");
    for (auto it = decl.begin(); it != decl.end(); ++it) {
      const std::string one = pointer_child(tptr, it.key());
      if (spec.field(it.key()))
        throw doc_.error_at(one, "table '" + it.key() + "' has the name of a field", true);
      if (!it.value().is_string())
        throw doc_.error_at(one, "a table is the path of a matrix file");
      const std::string& path = it.value().get_ref<const std::string&>();
      r_.relative_path(one, path);
      if (!refs_.rows)
        throw doc_.error_at(one, "`tables` needs a project to find " + path + " in");
      spec.tables.emplace_back(it.key(), &refs_.rows(path, doc_, one));
    }
  }

  // `name: [values]` or `name: {values: [...], when: EXPR}`.
  void axes(const std::string& aptr, const Json& decl, MatrixSpec& spec) {
    r_.mapping_at(aptr, decl, "`axes`");
    for (auto it = decl.begin(); it != decl.end(); ++it) {
      Axis axis{it.key(), pointer_child(aptr, it.key()), "", ""};
      const FieldSpec* f = spec.field(it.key());
      if (!f)
        throw doc_.error_at(axis.ptr,
                            data::unknown_key_message("axis", it.key(), spec.row_keys()) +
                                ": every axis must be a declared field",
                            true);
      const Json* values = &it.value();
      if (values->is_object()) {
        r_.keys(axis.ptr, *values, {"values", "when"}, "an axis", "axis option");
        if (!values->contains("values"))
          throw doc_.error_at(axis.ptr, "axis '" + axis.name + "' needs `values`");
        if (values->contains("when")) {
          axis.when_ptr = pointer_child(axis.ptr, "when");
          axis.when = r_.string(axis.ptr, *values, "when", true);
          if (!f->has_default)
            throw doc_.error_at(axis.when_ptr,
                                "axis '" + axis.name + "' applies only `when` its condition holds, "
                                "so field '" + axis.name +
                                    "' needs a default (its value everywhere else)");
        }
        axis.ptr = pointer_child(axis.ptr, "values");
        values = &(*values)["values"];
      }
      if (!values->is_array())
        throw doc_.error_at(axis.ptr, "axis '" + axis.name + "' must be a list of values");
      if (values->empty())
        throw doc_.error_at(axis.ptr,
                            "axis '" + axis.name + "' is empty, so the product has no rows");
      for (size_t i = 0; i < values->size(); ++i)
        if (!type_accepts(f->type, (*values)[i]))
          throw doc_.error_at(pointer_child(axis.ptr, i),
                              "axis '" + axis.name + "' values must be " +
                                  std::string(type_name(f->type)) + ", not " +
                                  std::string(json_type_name((*values)[i])));
      spec.axes.push_back(std::move(axis));
    }
  }

  void derive(const std::string& dptr, const Json& decl, MatrixSpec& spec) {
    r_.mapping_at(dptr, decl, "`derive`");
    for (auto it = decl.begin(); it != decl.end(); ++it) {
      const std::string one = pointer_child(dptr, it.key());
      FieldSpec* f = nullptr;
      for (auto& fs : spec.fields)
        if (fs.name == it.key()) f = &fs;
      if (!f)
        throw doc_.error_at(one,
                            data::unknown_key_message("field", it.key(), spec.row_keys()) +
                                ": a derived field must be declared in `fields`",
                            true);
      if (f->has_default)
        throw doc_.error_at(
            one, "field '" + it.key() + "' has a default and a derivation; keep one", true);
      if (!it.value().is_string() || it.value().get_ref<const std::string&>().empty())
        throw doc_.error_at(one, "a derivation must be a Jinja expression in a string");
      f->derived = true;
      spec.derive.push_back({it.key(), it.value().get<std::string>(), one});
    }
  }

  void checks(const std::string& cptr, const Json& decl, MatrixSpec& spec) {
    if (!decl.is_array() || decl.empty())
      throw doc_.error_at(cptr, "`checks` must be a non-empty list of {assert, message}");
    for (size_t i = 0; i < decl.size(); ++i) {
      const std::string one = pointer_child(cptr, i);
      r_.keys(one, decl[i], kCheckKeys, "a check");
      RowCheck c;
      c.ptr = one;
      c.expr = r_.string(one, decl[i], "assert", true);
      c.message = r_.string(one, decl[i], "message", true);
      c.at = r_.string(one, decl[i], "at", false);
      if (!c.at.empty() && !spec.finished_field(c.at))
        throw doc_.error_at(pointer_child(one, "at"),
                            data::unknown_key_message("field", c.at, spec.finished_keys()));
      spec.checks.push_back(std::move(c));
    }
  }

  const data::Document& doc_;
  Reader r_;
  const Resolvers& refs_;
  // Fields this table's rows must have, [pointer, name, why], checked once its fields and
  // `expand_table` are known: `match` names and `one_of: {field: ...}` references.
  std::vector<std::array<std::string, 3>> row_names_;
  size_t depth_ = 0;  // tables open
};

}  // namespace

std::shared_ptr<MatrixSpec> parse_spec(const data::Document& doc, const std::string& ptr,
                                       bool top_level, const Resolvers& refs) {
  return SpecParser(doc, refs).spec(ptr, top_level);
}

}  // namespace wfgen::matrix
