#include "matrix/spec.h"

#include "matrix/suggest.h"

namespace wfgen::matrix {

using data::pointer_child;

std::string_view type_name(FieldType t) {
  switch (t) {
    case FieldType::String:
      return "string";
    case FieldType::Int:
      return "int";
    case FieldType::Float:
      return "float";
    case FieldType::Bool:
      return "bool";
    case FieldType::List:
      return "list";
    case FieldType::Map:
      return "map";
    case FieldType::Any:
      return "any";
    case FieldType::Table:
      return "table";
  }
  return "any";
}

bool type_accepts(FieldType t, const Json& v) {
  switch (t) {
    case FieldType::String:
      return v.is_string();
    case FieldType::Int:
      return v.is_number_integer();
    case FieldType::Float:
      return v.is_number();
    case FieldType::Bool:
      return v.is_boolean();
    case FieldType::List:
      return v.is_array();
    case FieldType::Map:
      return v.is_object();
    case FieldType::Any:
      return true;
    case FieldType::Table:
      return v.is_array();
  }
  return false;
}

std::string_view json_type_name(const Json& v) {
  if (v.is_string()) return "string";
  if (v.is_boolean()) return "bool";
  if (v.is_number_integer()) return "int";
  if (v.is_number()) return "float";
  if (v.is_array()) return "list";
  if (v.is_object()) return "map";
  return "null";
}

const FieldSpec* MatrixSpec::field(std::string_view name) const {
  for (const auto& f : fields)
    if (f.name == name) return &f;
  return nullptr;
}

bool MatrixSpec::is_axis(std::string_view name) const {
  for (const auto& a : axes)
    if (a.first == name) return true;
  return false;
}

std::vector<std::string> MatrixSpec::row_keys() const {
  std::vector<std::string> keys;
  for (const auto& f : fields) keys.push_back(f.name);
  if (expand_shards) keys.push_back("shards");
  return keys;
}

namespace {

const std::vector<std::string> kTopKeys = {"description", "fields",  "axes",   "include",
                                           "exclude",     "entries", "derive", "expand_shards"};
const std::vector<std::string> kFieldKeys = {"type",   "default", "doc",
                                             "fields", "derive",  "expand_shards"};
const std::vector<std::string> kTypeNames = {"string", "int", "float", "bool",
                                             "list",   "map", "any",   "table"};

void check_keys(const data::Document& doc, const std::string& ptr, const Json& obj,
                const std::vector<std::string>& allowed, std::string_view what) {
  for (auto it = obj.begin(); it != obj.end(); ++it) {
    bool ok = false;
    for (const auto& a : allowed) ok = ok || a == it.key();
    if (!ok)
      throw doc.error_at(pointer_child(ptr, it.key()), unknown_key_message(what, it.key(), allowed),
                         true);
  }
}

const Json& expect_object(const data::Document& doc, const std::string& ptr, const Json& v,
                          std::string_view what) {
  if (!v.is_object())
    throw doc.error_at(
        ptr, std::string(what) + " must be a mapping, not " + std::string(json_type_name(v)));
  return v;
}

FieldType parse_type(const data::Document& doc, const std::string& ptr, const Json& v) {
  if (!v.is_string())
    throw doc.error_at(ptr,
                       "a field type must be a string (one of: string, int, float, bool, "
                       "list, map, any, table)");
  const std::string& s = v.get_ref<const std::string&>();
  for (size_t i = 0; i < kTypeNames.size(); ++i)
    if (kTypeNames[i] == s) return static_cast<FieldType>(i);
  throw doc.error_at(ptr, unknown_key_message("type", s, kTypeNames));
}

void parse_fields(const data::Document& doc, const std::string& ptr, const Json& fields,
                  MatrixSpec& spec);

FieldSpec parse_field(const data::Document& doc, const std::string& ptr, const std::string& name,
                      const Json& decl, bool expand_shards) {
  FieldSpec f;
  f.name = name;
  f.ptr = ptr;
  if (expand_shards && (name == "shards" || name == "shard" || name == "num_shards"))
    throw doc.error_at(
        ptr, "field '" + name + "' is reserved: `expand_shards` makes shard and num_shards", true);
  if (decl.is_string()) {
    f.type = parse_type(doc, ptr, decl);
  } else {
    expect_object(doc, ptr, decl, "a field declaration");
    check_keys(doc, ptr, decl, kFieldKeys, "field option");
    if (!decl.contains("type")) throw doc.error_at(ptr, "field '" + name + "' needs a `type`");
    f.type = parse_type(doc, pointer_child(ptr, "type"), decl["type"]);
    if (decl.contains("default")) {
      f.has_default = true;
      f.default_value = decl["default"];
      const std::string dptr = pointer_child(ptr, "default");
      if (!f.default_value.is_null() && !type_accepts(f.type, f.default_value))
        throw doc.error_at(dptr, "default of field '" + name + "' must be of type " +
                                     std::string(type_name(f.type)) + ", not " +
                                     std::string(json_type_name(f.default_value)));
    }
    bool table_only =
        decl.contains("fields") || decl.contains("derive") || decl.contains("expand_shards");
    if (table_only && f.type != FieldType::Table)
      throw doc.error_at(ptr,
                         "only `type: table` fields may declare fields, derive or "
                         "expand_shards");
  }
  if (f.type == FieldType::Table) {
    if (!decl.is_object() || !decl.contains("fields"))
      throw doc.error_at(ptr, "table field '" + name + "' needs `fields`");
    f.table = parse_spec(doc, ptr, false);
  }
  return f;
}

void parse_fields(const data::Document& doc, const std::string& ptr, const Json& fields,
                  MatrixSpec& spec) {
  expect_object(doc, ptr, fields, "`fields`");
  if (fields.empty()) throw doc.error_at(ptr, "`fields` declares no field");
  for (auto it = fields.begin(); it != fields.end(); ++it)
    spec.fields.push_back(
        parse_field(doc, pointer_child(ptr, it.key()), it.key(), it.value(), spec.expand_shards));
}

}  // namespace

std::shared_ptr<MatrixSpec> parse_spec(const data::Document& doc, const std::string& ptr,
                                       bool top_level) {
  auto spec = std::make_shared<MatrixSpec>();
  spec->ptr = ptr;
  const Json* root = &doc.root();
  if (!ptr.empty()) root = &doc.root().at(Json::json_pointer(ptr));
  expect_object(doc, ptr, *root, top_level ? "a matrix file" : "a table declaration");
  if (top_level) check_keys(doc, ptr, *root, kTopKeys, "key");

  if (root->contains("expand_shards")) {
    const Json& v = (*root)["expand_shards"];
    if (!v.is_boolean())
      throw doc.error_at(pointer_child(ptr, "expand_shards"),
                         "`expand_shards` must be true or false");
    spec->expand_shards = v.get<bool>();
  }
  if (!root->contains("fields")) throw doc.error_at(ptr, "a matrix needs `fields`");
  parse_fields(doc, pointer_child(ptr, "fields"), (*root)["fields"], *spec);

  if (top_level && root->contains("axes")) {
    const std::string aptr = pointer_child(ptr, "axes");
    const Json& axes = expect_object(doc, aptr, (*root)["axes"], "`axes`");
    for (auto it = axes.begin(); it != axes.end(); ++it) {
      const std::string one = pointer_child(aptr, it.key());
      const FieldSpec* f = spec->field(it.key());
      if (!f)
        throw doc.error_at(one,
                           unknown_key_message("axis", it.key(), spec->row_keys()) +
                               ": every axis must be a declared field",
                           true);
      if (!it.value().is_array())
        throw doc.error_at(one, "axis '" + it.key() + "' must be a list of values");
      if (it.value().empty())
        throw doc.error_at(one, "axis '" + it.key() + "' is empty, so the product has no rows");
      for (size_t i = 0; i < it.value().size(); ++i)
        if (!type_accepts(f->type, it.value()[i]))
          throw doc.error_at(pointer_child(one, i), "axis '" + it.key() + "' values must be " +
                                                        std::string(type_name(f->type)) + ", not " +
                                                        std::string(json_type_name(it.value()[i])));
      spec->axes.emplace_back(it.key(), one);
    }
  }
  if (top_level && root->contains("include")) spec->include_ptr = pointer_child(ptr, "include");
  if (top_level && root->contains("exclude")) spec->exclude_ptr = pointer_child(ptr, "exclude");
  if (!spec->exclude_ptr.empty() && spec->axes.empty())
    throw doc.error_at(spec->exclude_ptr, "`exclude` needs `axes` to exclude from", true);

  if (root->contains("derive")) {
    const std::string dptr = pointer_child(ptr, "derive");
    const Json& derive = expect_object(doc, dptr, (*root)["derive"], "`derive`");
    for (auto it = derive.begin(); it != derive.end(); ++it) {
      const std::string one = pointer_child(dptr, it.key());
      FieldSpec* f = nullptr;
      for (auto& fs : spec->fields)
        if (fs.name == it.key()) f = &fs;
      if (!f)
        throw doc.error_at(one,
                           unknown_key_message("field", it.key(), spec->row_keys()) +
                               ": a derived field must be declared in `fields`",
                           true);
      if (f->has_default)
        throw doc.error_at(one, "field '" + it.key() + "' has a default and a derivation; keep one",
                           true);
      if (!it.value().is_string() || it.value().get_ref<const std::string&>().empty())
        throw doc.error_at(one, "a derivation must be a Jinja expression in a string");
      f->derived = true;
      spec->derive.push_back({it.key(), it.value().get<std::string>(), one});
    }
  }
  return spec;
}

}  // namespace wfgen::matrix
