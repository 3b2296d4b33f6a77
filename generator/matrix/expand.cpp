#include <algorithm>
#include <cmath>
#include <cstring>
#include <deque>
#include <map>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "data/json_convert.h"
#include "data/json_free.h"
#include "data/load.h"
#include "data/suggest.h"
#include "data/yaml_writer.h"
#include "jinja/error.h"
#include "jinja/limits.h"
#include "jinja/python/ops.h"
#include "matrix/constraints.h"
#include "matrix/github_semantics.h"
#include "matrix/matrix.h"

namespace wfgen::matrix {

using data::pointer_child;

namespace {

// Where each value of a draft is written: key -> JSON pointer. The keys are the document's
// or the spec's and the pointers the expander's, made once per item and shared by every
// draft that takes its values: copying a draft (once per combination) copies no string.
class Sources {
 public:
  void set(std::string_view key, const std::string* ptr) {
    for (auto& [k, p] : entries_)
      if (k == key) {
        p = ptr;
        return;
      }
    entries_.emplace_back(key, ptr);
  }
  const std::string* find(std::string_view key) const {
    for (const auto& [k, p] : entries_)
      if (k == key) return p;
    return nullptr;
  }
  bool has(std::string_view key) const { return find(key) != nullptr; }
  // The pointer of `key`'s value; "" (the document) when the draft does not know it.
  const std::string& at(std::string_view key) const {
    static const std::string unknown;
    const std::string* p = find(key);
    return p ? *p : unknown;
  }

 private:
  std::vector<std::pair<std::string_view, const std::string*>> entries_;
};

// A row under construction: its values plus where each value came from. Once finished,
// its row has taken the values; their keys stay, to tell what the entry set.
struct Draft {
  Draft() = default;
  Draft(const Draft&) = default;
  Draft(Draft&&) = default;
  Draft& operator=(const Draft&) = default;
  Draft& operator=(Draft&&) = default;
  ~Draft() { data::free_json(values); }

  Json values = Json::object();
  Sources src;
  std::string origin;
  bool unmatched_include = false;  // an include item that extended no combination
};

// The rows one table expands to, and for each: the entry that made it (rows of one entry,
// its shards or the rows of its `expand_table`, never collide in `unique`) and the draft
// that knows where its values are written.
struct Made {
  std::vector<Row> rows;
  std::vector<size_t> entry;
  std::vector<const Draft*> where;
  std::deque<Draft> variants;  // per nested row of an `expand_table`: the entry plus its item
};

class Expander {
 public:
  // `spec`: the matrix's top-level spec; its `tables` (other matrices' rows) are seen by
  // every expression.
  Expander(const data::Document& doc, ExpressionEvaluator& eval, const MatrixSpec& spec,
           const MatrixLimits& limits)
      : doc_(doc), eval_(eval), spec_(spec), max_rows_(limits.max_rows) {
    for (const auto& [name, rows] : spec.tables)
      tables_.emplace_back(jinja::Value::string(name), rows_value(*rows, keys_));
  }

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
    Made made;
    made.rows.reserve(drafts.size());
    for (size_t i = 0; i < drafts.size(); ++i) finish(spec, drafts[i], i, made);
    check_unique(spec, made);
    check_siblings(spec, made);
    return std::move(made.rows);
  }

 private:
  const Json* lookup(const std::string& ptr) const { return data::find_pointer(doc_.root(), ptr); }

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

  // The variables of an expression over `values`: its keys (those of `only`, when given),
  // then the tables.
  jinja::Value context(const Json& values, const std::vector<std::string>* only = nullptr) {
    jinja::Value ctx = jinja::Value::dict();
    ctx.dict_obj().reserve((only ? only->size() : values.size()) + tables_.size());
    set_row_fields(ctx.dict_obj(), values, only, keys_);
    for (const auto& [name, rows] : tables_) ctx.dict_obj().set(name, rows);
    return ctx;
  }

  // A row's variables for its derivations and checks, made when first needed (see
  // open_scope): of the row, the values of the names the spec's expressions mention (no
  // expression can read another: jinja::expression_names), the tables over them, then
  // each derived value they mention, set as made.
  struct RowScope {
    std::optional<ExpressionEvaluator::Scope> vars;  // empty until opened
    const std::vector<std::string>* names = nullptr;  // what it holds; null: the whole row
  };

  // The names the derivations and checks of `spec` mention, each once (fields, derived
  // fields, tables, globals): all a row's scope needs of it (a binary workflow's row holds
  // whole lists of build configs). Null when one of them does not compile: its error is
  // met where it is evaluated.
  const std::vector<std::string>* mentioned(const MatrixSpec& spec) {
    auto [at, fresh] = mentioned_.try_emplace(&spec);
    if (fresh) {
      try {
        std::vector<std::string> names;
        auto add = [&](const std::string& expr) {
          for (const std::string& n : eval_.names(expr))
            if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
        };
        for (const DerivedField& df : spec.derive) add(df.expr);
        for (const RowCheck& c : spec.checks) add(c.expr);
        at->second = std::move(names);
      } catch (const jinja::TemplateError&) {
      }
    }
    return at->second ? &*at->second : nullptr;
  }

  void open_scope(RowScope& s, const MatrixSpec& spec, const Json& row) {
    if (s.vars) return;
    s.names = mentioned(spec);
    s.vars.emplace(eval_, context(row, s.names));
  }

  // Sets `name` to `make()` in an open scope, unless no expression of the spec mentions it.
  template <class Make>
  static void set_in(RowScope& s, const std::string& name, Make&& make) {
    if (!s.names || std::find(s.names->begin(), s.names->end(), name) != s.names->end())
      s.vars->set(name, make());
  }

  // Whether `expr` (written at `ptr`) is true over `vars`, a dict.
  bool holds(const std::string& expr, const std::string& ptr, const std::string& what,
             const jinja::Value& vars) {
    try {
      return jinja::truthy(eval_.evaluate(expr, vars));
    } catch (const jinja::TemplateError& e) {
      throw expression_error(doc_, ptr, e, "in " + what);
    }
  }

  // Values of one expression kept by the values of the fields it names (`names`; null when
  // they are not kept: see keeps_values).
  template <class T>
  struct Kept {
    const std::vector<std::string>* names = nullptr;
    std::unordered_map<std::string, T> values;
  };

  std::vector<Draft> product(const MatrixSpec& spec) {
    std::vector<Draft> rows;
    if (spec.axes.empty()) return rows;
    // The size of the product, before making it (a bound, when an axis has `when`).
    uint64_t combinations = 1;
    for (const Axis& axis : spec.axes) {
      uint64_t n = lookup(axis.ptr)->size();
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
    for (const Axis& axis : spec.axes) {
      const Json& values = *lookup(axis.ptr);
      std::vector<const std::string*> at;
      for (size_t i = 0; i < values.size(); ++i) at.push_back(keep(pointer_child(axis.ptr, i)));
      std::vector<Draft> next;
      next.reserve(rows.size() * values.size());
      Kept<bool> applies;  // see axis_applies
      if (!axis.when.empty() && keeps_values()) applies.names = &eval_.names(axis.when);
      for (Draft& r : rows) {
        // A conditional axis leaves the combinations it does not apply to as they are.
        if (!axis.when.empty() && !axis_applies(axis, r.values, applies)) {
          next.push_back(std::move(r));
          continue;
        }
        for (size_t i = 0; i < values.size(); ++i) {
          Draft d = i + 1 < values.size() ? r : std::move(r);  // the last takes r itself
          d.values[axis.name] = values[i];
          d.src.set(axis.name, at[i]);
          next.push_back(std::move(d));
        }
      }
      rows = std::move(next);
    }
    return rows;
  }

  // Whether conditional `axis` applies to a combination of `values`. A condition of a
  // matrix that keeps values (keeps_values) is a function of the names it mentions: each
  // evaluation gets the combination's values anew and the same tables, so it is evaluated
  // once per distinct values of the fields it names, kept in `applies` (most combinations
  // repeat the few values a `when` reads).
  bool axis_applies(const Axis& axis, const Json& values, Kept<bool>& applies) {
    auto what = [&] { return "`when` of axis '" + axis.name + "'"; };  // for its errors
    std::string key;
    if (!memo_key(applies, values, key))
      return holds(axis.when, axis.when_ptr, what(), context(values));
    auto [known, fresh] = applies.values.try_emplace(std::move(key));
    if (fresh) known->second = holds(axis.when, axis.when_ptr, what(), context(values));
    return known->second;
  }

  // The key under which `kept` holds the value of its expression over `values` (and the
  // tables): the exact values of the fields it names, '-' for one `values` lacks. False
  // when it holds none, or a named value is a list or a mapping of more than a few
  // scalars, which costs more to key than to evaluate.
  template <class T>
  static bool memo_key(const Kept<T>& kept, const Json& values, std::string& key) {
    if (!kept.names) return false;
    key.reserve(64);
    for (const std::string& name : *kept.names) {
      auto v = values.find(name);
      if (v == values.end()) {
        key += '-';
        continue;
      }
      if (v->is_structured()) {
        if (v->size() > 64) return false;
        for (const Json& item : *v)
          if (item.is_structured()) return false;
      }
      append_exact(key, *v);
    }
    return true;
  }

  // Whether values of the matrix's expressions may be kept by the values they read: only
  // when every one of them (`when`s, derivations, checks, of its nested tables too: all
  // see the same tables) is pure (ExpressionEvaluator::is_pure). An impure one
  // (`builds.pop()`) could change a table, or a row's values, that another reads. One that
  // does not compile keeps none: it is reported where it is evaluated, as ever.
  bool keeps_values() {
    if (!keeps_values_) {
      try {
        keeps_values_ = all_pure(spec_);
      } catch (const jinja::TemplateError&) {
        keeps_values_ = false;
      }
    }
    return *keeps_values_;
  }

  bool all_pure(const MatrixSpec& spec) {
    for (const Axis& a : spec.axes)
      if (!a.when.empty() && !eval_.is_pure(a.when)) return false;
    for (const DerivedField& df : spec.derive)
      if (!eval_.is_pure(df.expr)) return false;
    for (const RowCheck& c : spec.checks)
      if (!eval_.is_pure(c.expr)) return false;
    for (const FieldSpec& f : spec.fields)
      if (f.table && !all_pure(*f.table)) return false;
    return true;
  }

  // Appends `v` to `key` so that two values append the same only when they are the same
  // value of the same type (dump() writes infinities and NaN all as null): each part is
  // tagged, numbers are their bytes, strings carry their length. The key lives only in
  // this run's memory.
  static void append_exact(std::string& key, const Json& v) {
    auto bytes = [&](auto x) {
      char b[sizeof x];
      std::memcpy(b, &x, sizeof x);
      key.append(b, sizeof x);
    };
    auto text = [&](const std::string& t) {
      bytes(t.size());
      key += t;
    };
    switch (v.type()) {
      case Json::value_t::null: key += 'n'; return;
      case Json::value_t::boolean: key += v.get<bool>() ? 't' : 'f'; return;
      case Json::value_t::number_integer: key += 'i'; return bytes(v.get<int64_t>());
      case Json::value_t::number_unsigned:  // the same int whichever way it was read
        if (v.get<uint64_t>() <= uint64_t(INT64_MAX)) {
          key += 'i';
          return bytes(v.get<int64_t>());
        }
        key += 'u';
        return bytes(v.get<uint64_t>());
      case Json::value_t::number_float:
        if (std::isnan(v.get<double>())) {  // every NaN alike, whatever its sign and payload
          key += 'N';
          return;
        }
        key += 'd';
        return bytes(v.get<double>());
      case Json::value_t::string: key += 's'; return text(v.get_ref<const std::string&>());
      case Json::value_t::array:
        key += '[';
        for (const Json& item : v) append_exact(key, item);
        key += ']';
        return;
      case Json::value_t::object:
        key += '{';
        for (auto it = v.begin(); it != v.end(); ++it) {
          text(it.key());
          append_exact(key, it.value());
        }
        key += '}';
        return;
      default:  // binary: never in data
        key += 'b';
        return text(v.dump());
    }
  }

  // A pointer string kept as long as the expander, for drafts to share.
  const std::string* keep(std::string ptr) { return &kept_.emplace_back(std::move(ptr)); }

  // An exclude/include item must be a mapping of known keys.
  const Json& item_mapping(const MatrixSpec& spec, const std::string& ptr, bool axes_only,
                           std::string_view what) {
    const Json& item = *lookup(ptr);
    if (!item.is_object() || item.empty())
      throw doc_.error_at(ptr, std::string(what) + " item must be a non-empty mapping");
    std::vector<std::string> allowed;
    if (axes_only)
      for (const auto& a : spec.axes) allowed.push_back(a.name);
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
    RowIndex index(rows.size(), [&](size_t r) -> const Json& { return rows[r].values; });
    std::vector<bool> gone(rows.size());
    for (size_t i = 0; i < list.size(); ++i) {
      const std::string ptr = pointer_child(spec.exclude_ptr, i);
      const Json& item = item_mapping(spec, ptr, true, "an exclude");
      size_t removed = 0;
      auto remove = [&](size_t r) {
        if (!gone[r]) gone[r] = true, ++removed;
      };
      if (const std::vector<size_t>* found = index.agreeing(item, keys_of(item, nullptr))) {
        for (size_t r : *found) remove(r);
      } else {
        for (size_t r = 0; r < rows.size(); ++r)
          if (!gone[r] && exclude_matches(item, rows[r].values)) remove(r);
      }
      if (!removed) throw doc_.error_at(ptr, "exclude matches no combination of the axes");
    }
    size_t kept = 0;
    for (size_t r = 0; r < rows.size(); ++r)
      if (!gone[r] && kept++ != r) rows[kept - 1] = std::move(rows[r]);
    rows.erase(rows.begin() + static_cast<std::ptrdiff_t>(kept), rows.end());
  }

  // The keys of `item`, sorted (items naming the same keys share an index), those that
  // are axes of `spec` only when it is given.
  static std::vector<std::string> keys_of(const Json& item, const MatrixSpec* axes_of) {
    std::vector<std::string> keys;
    for (auto it = item.begin(); it != item.end(); ++it)
      if (!axes_of || axes_of->is_axis(it.key())) keys.push_back(it.key());
    std::sort(keys.begin(), keys.end());
    return keys;
  }

  // GitHub: an include item extends every original combination whose axis values it
  // agrees with (never overwriting an axis value); when it extends none, it is a new row.
  void include(const MatrixSpec& spec, std::vector<Draft>& rows, size_t) {
    const Json& list = list_at(spec.include_ptr, "include");
    size_t originals = rows.size();
    // The originals' axis values stay as they are (an include adds other keys only).
    RowIndex index(originals, [&](size_t r) -> const Json& { return rows[r].values; });
    for (size_t i = 0; i < list.size(); ++i) {
      const std::string ptr = pointer_child(spec.include_ptr, i);
      const Json& item = item_mapping(spec, ptr, false, "an include");
      bool extended = false;
      auto is_axis = [&](const std::string& k) { return spec.is_axis(k); };
      // The item's values that are no axis, with where each is written.
      std::vector<std::pair<Json::const_iterator, const std::string*>> adds;
      for (auto it = item.begin(); it != item.end(); ++it)
        if (!spec.is_axis(it.key())) adds.emplace_back(it, keep(pointer_child(ptr, it.key())));
      auto extend = [&](Draft& d) {
        extended = true;
        for (const auto& [it, at] : adds) {
          d.values[it.key()] = it.value();
          d.src.set(it.key(), at);
        }
      };
      if (const std::vector<size_t>* found = index.agreeing(item, keys_of(item, &spec))) {
        for (size_t r : *found) extend(rows[r]);
      } else {
        for (size_t r = 0; r < originals; ++r)
          if (include_agrees(item, rows[r].values, is_axis)) extend(rows[r]);
      }
      if (!extended) {
        rows.push_back(from_mapping(spec, ptr, "an include"));
        rows.back().unmatched_include = true;
      }
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
      d.src.set(it.key(), keep(pointer_child(ptr, it.key())));
    }
    (void)spec;
    return d;
  }

  // Checks keys and types, fills defaults, expands nested tables, the `expand_table` and
  // shards, derives.
  void finish(const MatrixSpec& spec, Draft& d, size_t entry, Made& out) {
    for (auto it = d.values.begin(); it != d.values.end(); ++it) {
      const std::string& k = it.key();
      if (!spec.field(k) && !(spec.expand_shards && k == "shards"))
        throw doc_.error_at(d.src.at(k), data::unknown_key_message("key", k, spec.row_keys()),
                            true);
    }
    Json row = Json::object();
    // Fields are unique: each is appended, not looked up first as row[name] would.
    auto put = [&row](const std::string& name, Json value) {
      row.get_ref<Json::object_t&>().emplace_back(name, std::move(value));
    };
    std::vector<Row> nested;  // the rows of the `expand_table`
    for (const FieldSpec& f : spec.fields) {
      auto found = d.values.find(f.name);
      const bool expands = f.name == spec.expand_table;
      if (found == d.values.end()) {
        if (expands && f.has_default && !f.default_value.is_null())
          nested = expand(*f.table, pointer_child(f.ptr, "default"), true);
        else if (expands && f.has_default)
          ;
        else if (f.has_default && f.type == FieldType::Table && !f.default_value.is_null())
          put(f.name, table_json(*f.table, pointer_child(f.ptr, "default")));
        else if (f.has_default)
          put(f.name, f.default_value);
        else if (!f.derived)
          throw doc_.error_at(d.origin, "missing required field '" + f.name + "'" +
                                            (d.unmatched_include
                                                 ? " (this include item agrees with no "
                                                   "combination of the axes, so it is a new row)"
                                                 : ""));
        continue;
      }
      const std::string& src = d.src.at(f.name);
      const Json& v = *found;
      bool null_ok = v.is_null() && f.has_default && f.default_value.is_null();
      if (!null_ok && !type_accepts(f.type, v))
        throw doc_.error_at(src, "field '" + f.name + "' must be of type " +
                                     std::string(type_name(f.type)) + ", not " +
                                     std::string(json_type_name(v)));
      if (expands) {
        if (!v.is_null()) nested = expand(*f.table, src, true);
      } else if (f.type == FieldType::Table && !v.is_null()) {
        put(f.name, table_json(*f.table, src));
      } else if (f.name == "shards") {
        put(f.name, v);  // make_shards reads the draft's
      } else {
        put(f.name, std::move(*found));  // the draft's keys are read from here on, not its values
      }
    }
    if (spec.expand_table.empty()) {
      make_shards(spec, d, std::move(row), entry, out);
      return;
    }
    // One row per nested row: the entry's values, then the nested row's (a map the row
    // also has is merged over the row's, keeping the row's positions for its own keys).
    for (Row& n : nested) {
      Draft& v = out.variants.emplace_back(d);
      v.origin = n.origin_ptr;
      Json merged = row;
      for (auto it = n.values.begin(); it != n.values.end(); ++it) {
        if (spec.field(it.key())) {
          for (auto kv = it.value().begin(); kv != it.value().end(); ++kv)
            merged[it.key()][kv.key()] = kv.value();
          continue;
        }
        std::string at = pointer_child(n.origin_ptr, it.key());
        if (lookup(at)) v.src.set(*keep(it.key()), keep(std::move(at)));
        merged[it.key()] = std::move(it.value());
      }
      make_shards(spec, v, std::move(merged), entry, out);
    }
  }

  void make_shards(const MatrixSpec& spec, const Draft& d, Json row, size_t entry, Made& out) {
    int64_t shards = 1;
    if (spec.expand_shards && d.values.contains("shards")) {
      const Json& s = d.values.at("shards");
      if (!s.is_number_integer() || s.get<int64_t>() < 1)
        throw doc_.error_at(field_ptr(d, "shards"), "`shards` must be an int >= 1");
      shards = s.get<int64_t>();
    }
    count_rows(static_cast<uint64_t>(shards), shards > 1 ? field_ptr(d, "shards") : d.origin,
               shards > 1 ? "`shards` makes" : "the row makes");
    for (int64_t i = 1; i <= shards; ++i) {
      Json copy = i < shards ? row : std::move(row);  // the last shard takes the row itself
      if (spec.expand_shards) {
        copy["shard"] = i;
        copy["num_shards"] = shards;
      }
      // What the expressions see of the row: taken in once, when one is first evaluated
      // (derived values kept from an earlier row may make it unneeded), derived values
      // added as made.
      RowScope scope;
      derive(spec, d, copy, scope);
      check_row(spec, d, copy, scope);
      out.rows.push_back({std::move(copy), d.origin});
      out.entry.push_back(entry);
      out.where.push_back(&d);
    }
  }

  // Where a row's field is written: the value the row set, else the row itself.
  std::string field_ptr(const Draft& d, const std::string& field) const {
    const std::string* at = d.src.find(field);
    return at ? *at : d.origin;
  }

  // The constraints of every field, then the spec's `checks`, on a finished row.
  void check_row(const MatrixSpec& spec, const Draft& d, const Json& row, RowScope& scope) {
    for (const FieldSpec& f : spec.fields) {
      if (f.type == FieldType::Table || f.rules.empty()) continue;
      auto v = row.find(f.name);
      if (v == row.end() || v->is_null()) continue;
      auto broken = check_constraints(f.type, f.rules, *v, &row);
      if (!broken) continue;
      bool set = d.src.has(f.name);
      std::string what = f.derived && !set ? "derived field '" : "field '";
      throw doc_.error_at(field_ptr(d, f.name) + (set ? broken->where : ""),
                          what + f.name + "': " + broken->message, set && broken->at_key);
    }
    if (spec.checks.empty()) return;
    open_scope(scope, spec, row);
    for (const RowCheck& c : spec.checks) {
      bool holds;
      try {
        holds = jinja::truthy(scope.vars->evaluate(c.expr));
      } catch (const jinja::TemplateError& e) {
        throw expression_error(doc_, pointer_child(c.ptr, "assert"), e, "in check");
      }
      if (!holds) throw doc_.error_at(c.at.empty() ? d.origin : field_ptr(d, c.at), c.message);
    }
  }

  // The values of `fields` in `row`, as one key: rows agree on them when the keys are equal
  // (append_exact's: .inf, .nan and null are three values, as dump() would not tell).
  static std::string group_key(const Json& row, const std::vector<std::string>& fields) {
    static const Json null;  // a missing value's (a reference: no value is copied)
    std::string key;
    for (const auto& w : fields) {
      auto v = row.find(w);
      append_exact(key, v == row.end() ? null : *v);
    }
    return key;
  }

  static std::string among(const std::vector<std::string>& within) {
    std::string s;
    for (size_t w = 0; w < within.size(); ++w)
      s += (w ? ", " : " among rows with the same ") + within[w];
    return s;
  }

  // `unique`: no two rows (of different entries: shards repeat their entry's values) share
  // a value among the rows that agree on `unique_within`.
  void check_unique(const MatrixSpec& spec, const Made& made) {
    const std::vector<Row>& rows = made.rows;
    for (const FieldSpec& f : spec.fields) {
      if (!f.unique) continue;
      // (within values, value) -> the row and, for a list, the item that has it
      std::map<std::string, std::pair<size_t, size_t>> first;
      for (size_t i = 0; i < rows.size(); ++i) {
        const Json& values = rows[i].values;
        auto v = values.find(f.name);
        if (v == values.end() || v->is_null()) continue;
        const std::string group = group_key(values, f.unique_within);
        // A list field: each item is unique (a row's job ids, say), within the row too.
        const bool list = f.type == FieldType::List;
        const Json& items = list ? *v : Json::array({*v});
        for (size_t j = 0; j < items.size(); ++j) {
          std::string key = group;
          append_exact(key, items[j]);
          auto [it, fresh] = first.try_emplace(std::move(key), i, j);
          auto [i0, j0] = it->second;
          if (fresh || (made.entry[i0] == made.entry[i] && (i0 != i || j0 == j))) continue;
          auto at = [&](size_t row, size_t item) {
            const Draft& d = *made.where[row];
            std::string p = field_ptr(d, f.name);
            return list && d.src.has(f.name) ? pointer_child(p, item) : p;
          };
          data::Mark was = doc_.value_mark(at(i0, j0));
          const bool derived = f.derived && !made.where[i]->src.has(f.name);
          throw doc_.error_at(at(i, j),
                              std::string(derived ? "derived field '" : "field '") + f.name +
                                  "' must be unique" + among(f.unique_within) +
                                  ": " + (items[j].is_string() ? "'" + items[j].get<std::string>() + "'"
                                                               : data::to_yaml_inline(items[j])) +
                                  " is already used at line " + std::to_string(was.line) +
                                  ", column " + std::to_string(was.col));
        }
      }
    }
  }

  // `one_of: {field: NAME, match: [...]}` on a field or its items, keys or values: each
  // names the NAME (or an item of it, when a list) of a row that agrees on `match`.
  void check_siblings(const MatrixSpec& spec, const Made& made) {
    const std::vector<Row>& rows = made.rows;
    for (const FieldSpec& f : spec.fields) {
      if (f.type == FieldType::Table) continue;
      // The names of a sibling field in each group of rows (by their `match` values), made
      // in one pass over the rows: (field, match) -> group -> names.
      struct Names {
        std::vector<std::string> in_order;  // for the message's suggestion
        std::unordered_set<std::string> set;
      };
      using Groups = std::unordered_map<std::string, Names>;
      std::map<std::pair<std::string, std::vector<std::string>>, Groups> made_names;
      auto names = [&](const Constraints& c, const Json& row) -> const Names& {
        auto [it, fresh] = made_names.try_emplace({c.sibling_field, c.sibling_match});
        if (fresh)
          for (const Row& r : rows) {
            Names& n = it->second[group_key(r.values, c.sibling_match)];
            const Json& v = r.values.value(c.sibling_field, Json());
            for (const Json& x : v.is_array() ? v : Json::array({v})) {
              if (x.is_null()) continue;
              n.in_order.push_back(x.is_string() ? x.get<std::string>() : x.dump());
              n.set.insert(n.in_order.back());
            }
          }
        static const Names none;
        auto group = it->second.find(group_key(row, c.sibling_match));
        return group == it->second.end() ? none : group->second;
      };
      auto check = [&](const Constraints* c, const Json& v, size_t i, const std::string& where,
                       const std::string& label, bool at_key) {
        if (!c) return;  // the field, item, key or value has no sibling rule
        const Names& known_names = names(*c, rows[i].values);
        std::string name = v.is_string() ? v.get<std::string>() : v.dump();
        if (known_names.set.count(name)) return;
        const std::vector<std::string>& known = known_names.in_order;
        const Draft& d = *made.where[i];
        bool set = d.src.has(f.name);
        std::string near = data::closest_match(name, known);
        std::string scope;  // as `one_of: {matrix, match}` says it: " with workflow 'pull'"
        for (size_t m = 0; m < c->sibling_match.size(); ++m) {
          const Json& mv = rows[i].values.value(c->sibling_match[m], Json());
          scope += (m ? " and " : " with ") + c->sibling_match[m] + " " +
                   (mv.is_string() ? "'" + mv.get<std::string>() + "'" : mv.dump());
        }
        throw doc_.error_at(field_ptr(d, f.name) + (set ? where : ""),
                            std::string(f.derived && !set ? "derived field '" : "field '") +
                                f.name + "': " + label + (v.is_string() ? "'" + name + "'" : name) +
                                " is not one of the '" + c->sibling_field +
                                "' values of this table's rows" + scope +
                                (near.empty() ? "" : " (did you mean '" + near + "'?)"),
                            set && at_key);
      };
      // The rules that name a sibling field, of the value, its items, keys and values:
      // most fields have none, and their rows' lists and maps are not walked.
      auto sibling = [](const Constraints* c) {
        return c && !c->sibling_field.empty() ? c : nullptr;
      };
      auto rules = [&](const std::optional<ElementSpec>& e) {
        return sibling(e && e->rules ? e->rules.get() : nullptr);
      };
      const Constraints* whole = sibling(&f.rules);
      const Constraints* items = rules(f.rules.items);
      const Constraints* keys = rules(f.rules.keys);
      const Constraints* values = rules(f.rules.values);
      if (!whole && !items && !keys && !values) continue;
      for (size_t i = 0; i < rows.size(); ++i) {
        auto v = rows[i].values.find(f.name);
        if (v == rows[i].values.end() || v->is_null()) continue;
        check(whole, *v, i, "", "", false);
        if (v->is_array() && items)
          for (size_t j = 0; j < v->size(); ++j)
            check(items, (*v)[j], i, pointer_child("", j), "item " + std::to_string(j + 1) + ": ",
                  false);
        if (v->is_object() && (keys || values))
          for (auto it = v->begin(); it != v->end(); ++it) {
            check(keys, Json(it.key()), i, pointer_child("", it.key()), "key '" + it.key() + "': ",
                  true);
            check(values, it.value(), i, pointer_child("", it.key()),
                  "value of '" + it.key() + "': ", false);
          }
      }
    }
  }

  Json table_json(const MatrixSpec& spec, const std::string& ptr) {
    Json nested = Json::array();
    for (Row& r : expand(spec, ptr, true)) nested.push_back(std::move(r.values));
    return nested;
  }

  void derive(const MatrixSpec& spec, const Draft& d, Json& row, RowScope& scope) {
    if (spec.derive.empty()) return;
    // The scope, made when first needed, is what it would be had it been made before the
    // derivations: the row's values (a table named like a nested field over its value),
    // then each derived value set as made. The row holds the values kept before it was
    // made; those a table hides are set over it again.
    std::vector<const DerivedField*> set_before;
    auto open = [&] {
      if (scope.vars) return;
      open_scope(scope, spec, row);
      for (const DerivedField* df : set_before)
        for (const auto& [name, rows] : tables_)
          if (name.as_string() == df->name)
            set_in(scope, df->name, [&] { return data::to_value(row[df->name], keys_); });
    };
    // Fields an entry set itself are kept: a derivation is a computed default.
    for (const DerivedField& df : spec.derive) {
      if (d.values.contains(df.name)) continue;
      // A derivation is kept by the values of the fields it names, as a `when` is:
      // binary_builds.yml's 179 rows repeat ~10 values of most of them.
      Kept<std::optional<Json>>* kept = nullptr;
      std::string key;
      if (keeps_values()) {
        auto [at, fresh] = derived_.try_emplace(&df);
        if (fresh) at->second.names = &eval_.names(df.expr);
        if (memo_key(at->second, row, key)) kept = &at->second;
      }
      if (kept) {
        auto known = kept->values.find(key);
        if (known != kept->values.end() && known->second) {
          row[df.name] = *known->second;
          if (scope.vars)
            set_in(scope, df.name, [&] { return data::to_value(*known->second, keys_); });
          else
            set_before.push_back(&df);
          continue;
        }
      }
      open();
      jinja::Value result;
      try {
        result = scope.vars->evaluate(df.expr);
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
      // What is the same value as data and back is kept (a list of a table's rows, say);
      // anything else is taken as data gives it back (a tuple becomes a list, Markup a
      // plain string), as the row holds it.
      set_in(scope, df.name, [&] {
        return same_as_data(result) ? std::move(result) : data::to_value(v, keys_);
      });
      // A list or mapping is copied to be kept only once its key comes again (a binary
      // workflow's build configs never do); a scalar at once.
      if (kept) {
        auto [at, fresh] = kept->values.try_emplace(std::move(key));
        if (!fresh || !v.is_structured()) at->second = v;
      }
      row[df.name] = std::move(v);
    }
    if (!spec.checks.empty()) open();  // check_row's, with the kept values set over it
    in_field_order(spec, row);
  }

  // Puts the row's keys in the order their fields are declared (derived keys were added
  // at the end), keys that are no field after them as they were. Most rows already are.
  static void in_field_order(const MatrixSpec& spec, Json& row) {
    auto rank = [&](const std::string& key, size_t at) {
      const FieldSpec* f = spec.field(key);
      return f ? static_cast<size_t>(f - spec.fields.data()) : spec.fields.size() + at;
    };
    Json::object_t& entries = row.get_ref<Json::object_t&>();
    // Most rows already are: one pass over both tells, without ranking every key.
    size_t next = 0;  // the field the next key may be
    for (const auto& [key, value] : entries) {
      while (next < spec.fields.size() && spec.fields[next].name != key) ++next;
      if (next++ == spec.fields.size()) break;  // out of order, or no field
    }
    if (next <= spec.fields.size()) return;
    auto at = [&](size_t i) { return entries.begin() + static_cast<std::ptrdiff_t>(i); };
    std::vector<std::pair<size_t, size_t>> order;  // (rank, index)
    order.reserve(entries.size());
    for (size_t i = 0; i < entries.size(); ++i) order.emplace_back(rank(at(i)->first, i), i);
    if (std::is_sorted(order.begin(), order.end())) return;
    std::sort(order.begin(), order.end());
    Json::object_t sorted;
    sorted.reserve(entries.size());
    for (const auto& [r, i] : order) sorted.emplace_back(at(i)->first, std::move(at(i)->second));
    entries = std::move(sorted);
  }

  // Whether `v` (which data::from_value took) is the value its data converts back to.
  static bool same_as_data(const jinja::Value& v) {
    switch (v.kind()) {
      case jinja::Kind::None:
      case jinja::Kind::Bool:
      case jinja::Kind::Int:
      case jinja::Kind::Float:
        return true;
      case jinja::Kind::String:
        return !v.is_markup();  // as data, Markup is a plain string
      case jinja::Kind::List:
        return std::all_of(v.items().begin(), v.items().end(), same_as_data);
      case jinja::Kind::Dict:
        // As data, keys are strings (a number key would come back a string).
        return std::all_of(v.dict_obj().entries().begin(), v.dict_obj().entries().end(),
                           [](const auto& kv) {
                             return kv.first.is_string() && !kv.first.is_markup() &&
                                    same_as_data(kv.second);
                           });
      default:
        return false;
    }
  }

  const data::Document& doc_;
  ExpressionEvaluator& eval_;
  const MatrixSpec& spec_;  // the top level
  jinja::StringPool keys_;  // the rows' keys, shared by every row's variables
  std::vector<std::pair<jinja::Value, jinja::Value>> tables_;
  std::deque<std::string> kept_;  // see keep()
  // Derived values by the values of the fields their expression names (see derive()).
  std::unordered_map<const DerivedField*, Kept<std::optional<Json>>> derived_;
  std::unordered_map<const MatrixSpec*, std::optional<std::vector<std::string>>> mentioned_;
  std::optional<bool> keeps_values_;  // see keeps_values()
  uint64_t max_rows_;
  uint64_t rows_made_ = 0;  // rows made so far, nested tables' included
};

}  // namespace

jinja::Value rows_value(const std::vector<Row>& rows, jinja::StringPool& keys) {
  jinja::DepthGuard guard("converting data");  // the list is a level, as data's lists are
  std::vector<jinja::Value> list;
  list.reserve(rows.size());
  for (const Row& r : rows) list.push_back(data::to_value(r.values, keys));
  return jinja::Value::data_list(std::move(list));
}

Matrix::~Matrix() {
  for (Row& r : rows) data::free_json(r.values);
}

Matrix expand_matrix(std::shared_ptr<const data::Document> doc, ExpressionEvaluator& eval,
                     const Resolvers& refs, const MatrixLimits& limits) {
  Matrix m;
  m.doc = doc;
  m.spec = parse_spec(*doc, "", true, refs);
  Expander ex(*doc, eval, *m.spec, limits);
  m.rows = ex.expand(*m.spec, "/entries");
  return m;
}

Matrix load_matrix(const std::filesystem::path& path, const std::string& display,
                   ExpressionEvaluator& eval, const Resolvers& refs,
                   const MatrixLimits& limits) {
  auto doc = std::make_shared<data::Document>(data::load_document(path, display));
  return expand_matrix(std::move(doc), eval, refs, limits);
}

}  // namespace wfgen::matrix
