#include "lint/config.h"

#include "data/reader.h"
#include "data/suggest.h"
#include "lint/registry.h"

namespace wfgen::lint {

using data::Json;
using data::pointer_child;

namespace {

void only_keys(const data::Document& doc, const std::string& ptr, const Json& obj,
               const std::vector<std::string>& allowed, std::string_view what) {
  if (!obj.is_object()) throw doc.error_at(ptr, std::string(what) + " must be a mapping");
  for (auto it = obj.begin(); it != obj.end(); ++it) {
    bool ok = false;
    for (const auto& a : allowed) ok = ok || a == it.key();
    if (!ok)
      throw doc.error_at(pointer_child(ptr, it.key()),
                         data::unknown_key_message("key", it.key(), allowed), true);
  }
}

std::string text(const data::Document& doc, const std::string& ptr, const Json& obj,
                 const std::string& key) {
  if (!obj.contains(key)) return {};
  const Json& v = obj[key];
  if (!v.is_string() || v.get_ref<const std::string&>().empty())
    throw doc.error_at(pointer_child(ptr, key), "'" + key + "' must be a non-empty string");
  return v.get<std::string>();
}

Waiver read_waiver(const data::Document& doc, const std::string& ptr, const Json& w) {
  only_keys(doc, ptr, w, {"rule", "family", "file", "reason"}, "a waiver");
  Waiver out;
  out.rule = text(doc, ptr, w, "rule");
  if (out.rule.empty()) throw doc.error_at(ptr, "a waiver needs 'rule'");
  if (!find_rule(out.rule)) {
    std::vector<std::string> names;
    for (const Rule* r : all_rules()) names.emplace_back(r->name());
    throw doc.error_at(pointer_child(ptr, "rule"),
                       data::unknown_key_message("rule", out.rule, names));
  }
  out.family = text(doc, ptr, w, "family");
  out.file = text(doc, ptr, w, "file");
  if (out.family.empty() == out.file.empty())
    throw doc.error_at(ptr, "a waiver names exactly one of 'family' or 'file'");
  out.reason = text(doc, ptr, w, "reason");
  if (out.reason.empty())
    throw doc.error_at(ptr, "a waiver needs a 'reason': say why the finding is accepted");
  return out;
}

// Matches one path segment against one pattern segment (`*`, `?`, literal bytes).
bool segment_match(std::string_view pat, std::string_view seg) {
  size_t p = 0, s = 0, star = std::string_view::npos, mark = 0;
  while (s < seg.size()) {
    if (p < pat.size() && (pat[p] == '?' || pat[p] == seg[s])) {
      ++p, ++s;
    } else if (p < pat.size() && pat[p] == '*') {
      star = p++;
      mark = s;
    } else if (star != std::string_view::npos) {
      p = star + 1;
      s = ++mark;
    } else {
      return false;
    }
  }
  while (p < pat.size() && pat[p] == '*') ++p;
  return p == pat.size();
}

std::vector<std::string_view> split(std::string_view s) {
  std::vector<std::string_view> out;
  size_t start = 0;
  for (;;) {
    size_t slash = s.find('/', start);
    out.push_back(s.substr(start, slash == std::string_view::npos ? s.npos : slash - start));
    if (slash == std::string_view::npos) return out;
    start = slash + 1;
  }
}

bool match_segments(const std::vector<std::string_view>& pat, size_t i,
                    const std::vector<std::string_view>& path, size_t j) {
  if (i == pat.size()) return j == path.size();
  if (pat[i] == "**") {
    for (size_t k = j; k <= path.size(); ++k)
      if (match_segments(pat, i + 1, path, k)) return true;
    return false;
  }
  return j < path.size() && segment_match(pat[i], path[j]) &&
         match_segments(pat, i + 1, path, j + 1);
}

}  // namespace

bool glob_match(std::string_view pattern, std::string_view path) {
  return match_segments(split(pattern), 0, split(path), 0);
}

const Waiver* Config::waiver_for(std::string_view rule, std::string_view file,
                                 std::string_view family) const {
  for (const Waiver& w : waivers) {
    if (w.rule != rule) continue;
    if (!w.family.empty() ? w.family == family : glob_match(w.file, file)) return &w;
  }
  return nullptr;
}

Config read_config(const data::Document& doc, const std::string& ptr) {
  const Json& section = doc.root()[Json::json_pointer(ptr)];
  only_keys(doc, ptr, section, {"waivers", "trusted_owners", "interfaces"}, "'lint'");
  Config cfg;
  if (section.contains("waivers")) {
    std::string wp = pointer_child(ptr, "waivers");
    const Json& ws = section["waivers"];
    if (!ws.is_array()) throw doc.error_at(wp, "'waivers' must be a list");
    for (size_t i = 0; i < ws.size(); ++i)
      cfg.waivers.push_back(read_waiver(doc, pointer_child(wp, i), ws[i]));
  }
  if (section.contains("trusted_owners")) {
    std::string tp = pointer_child(ptr, "trusted_owners");
    const Json& owners = section["trusted_owners"];
    if (!owners.is_array()) throw doc.error_at(tp, "'trusted_owners' must be a list of owners");
    for (size_t i = 0; i < owners.size(); ++i) {
      if (!owners[i].is_string() || owners[i].get_ref<const std::string&>().empty())
        throw doc.error_at(pointer_child(tp, i), "an owner must be a non-empty string");
      cfg.trusted_owners.push_back(owners[i].get<std::string>());
    }
  }
  if (section.contains("interfaces")) {
    std::string ip = pointer_child(ptr, "interfaces");
    const Json& ifs = section["interfaces"];
    if (!ifs.is_object())
      throw doc.error_at(ip, "'interfaces' must map a reusable workflow to its interface file");
    for (auto it = ifs.begin(); it != ifs.end(); ++it) {
      if (it.key().find('@') != std::string::npos)
        throw doc.error_at(pointer_child(ip, it.key()),
                           "name the reusable workflow without its '@ref'", true);
      std::string file = text(doc, ip, ifs, it.key());
      data::Reader(doc).relative_path(pointer_child(ip, it.key()), file);
      cfg.interfaces[it.key()] = std::move(file);
    }
  }
  return cfg;
}

}  // namespace wfgen::lint
