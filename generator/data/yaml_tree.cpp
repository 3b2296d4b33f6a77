// yaml-cpp's event parser -> YamlNode tree. The events carry marks, tags and anchors but
// not the scalar style, which is read back from the text at the node's position.
// yaml-cpp's headers trip GCC's -Wdangling-pointer false positive.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdangling-pointer"
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/parser.h>
#pragma GCC diagnostic pop

#include <istream>
#include <streambuf>
#include <unordered_map>

#include "data/yaml_tree.h"

namespace wfgen::data {

namespace {

// Reads the text in place (std::istringstream would copy it).
class ViewBuf : public std::streambuf {
 public:
  explicit ViewBuf(std::string_view text) {
    char* p = const_cast<char*>(text.data());
    setg(p, p, p + text.size());
  }
};

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
bool is_octal(char c) {
  return c >= '0' && c <= '7';
}
bool is_hex(char c) {
  return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
bool all_of(std::string_view s, bool (*pred)(char)) {
  if (s.empty()) return false;
  for (char c : s)
    if (!pred(c)) return false;
  return true;
}

bool is_float_word(std::string_view v) {
  std::string_view body = v;
  if (!body.empty() && (body[0] == '-' || body[0] == '+')) body.remove_prefix(1);
  if (body == ".inf" || body == ".Inf" || body == ".INF") return true;
  if (v == ".nan" || v == ".NaN" || v == ".NAN") return true;
  // [0-9]+(\.[0-9]*)? | \.[0-9]+ , then ([eE][-+]?[0-9]+)?
  size_t i = 0, n = body.size(), digits = 0;
  while (i < n && is_digit(body[i])) ++i, ++digits;
  if (i < n && body[i] == '.') {
    ++i;
    while (i < n && is_digit(body[i])) ++i, ++digits;
  }
  if (digits == 0) return false;
  if (i < n && (body[i] == 'e' || body[i] == 'E')) {
    ++i;
    if (i < n && (body[i] == '-' || body[i] == '+')) ++i;
    size_t exp = 0;
    while (i < n && is_digit(body[i])) ++i, ++exp;
    if (exp == 0) return false;
  }
  return i == n;
}

Mark to_mark(const YAML::Mark& m) {
  if (m.line < 0) return {};
  return {m.line + 1, m.column + 1};
}

bool starts_with_null_word(std::string_view rest) {
  for (std::string_view w : {"~", "null", "Null", "NULL"}) {
    if (rest.substr(0, w.size()) != w) continue;
    if (rest.size() == w.size()) return true;
    char c = rest[w.size()];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',' || c == ']' || c == '}' ||
        c == '#')
      return true;
  }
  return false;
}

}  // namespace

ScalarType core_schema_type(std::string_view s) {
  if (s.empty() || s == "~" || s == "null" || s == "Null" || s == "NULL") return ScalarType::Null;
  if (s == "true" || s == "True" || s == "TRUE" || s == "false" || s == "False" || s == "FALSE")
    return ScalarType::Bool;
  if (s.size() > 2 && s[0] == '0' && s[1] == 'o' && all_of(s.substr(2), is_octal))
    return ScalarType::Int;
  if (s.size() > 2 && s[0] == '0' && s[1] == 'x' && all_of(s.substr(2), is_hex))
    return ScalarType::Int;
  std::string_view digits = s;
  if (digits[0] == '-' || digits[0] == '+') digits.remove_prefix(1);
  if (all_of(digits, is_digit)) return ScalarType::Int;
  if (is_float_word(s)) return ScalarType::Float;
  return ScalarType::String;
}

const YamlNode& YamlNode::resolved() const {
  const YamlNode* n = this;
  // Aliases name nodes already complete when the alias is read, so there are no cycles;
  // the bound only guards against a malformed tree.
  for (int hops = 0; n->kind_ == YamlKind::Alias && n->target_ && hops < 64; ++hops) n = n->target_;
  return *n;
}

ScalarType YamlNode::scalar_type() const {
  const YamlNode& n = resolved();
  if (n.kind_ == YamlKind::Null) return ScalarType::Null;
  if (n.kind_ != YamlKind::Scalar) return ScalarType::String;
  static const std::string kCore = "tag:yaml.org,2002:";
  if (n.tag_ == "?") return core_schema_type(n.value_);
  if (n.tag_ == kCore + "null") return ScalarType::Null;
  if (n.tag_ == kCore + "bool") return ScalarType::Bool;
  if (n.tag_ == kCore + "int") return ScalarType::Int;
  if (n.tag_ == kCore + "float") return ScalarType::Float;
  return ScalarType::String;
}

bool YamlNode::is_string() const {
  return is_scalar() && scalar_type() == ScalarType::String;
}

const YamlNode* YamlNode::find(std::string_view key) const {
  const YamlNode& n = resolved();
  for (const YamlPair& p : n.pairs_) {
    const YamlNode& k = p.key->resolved();
    if (k.kind_ == YamlKind::Scalar && k.value_ == key) return &p.value->resolved();
  }
  return nullptr;
}

// Receives yaml-cpp's events and builds the nodes of one stream.
class YamlTreeBuilder : public YAML::EventHandler {
 public:
  YamlTreeBuilder(YamlStream& out, std::string_view text) : out_(out), text_(text) {}

  void OnDocumentStart(const YAML::Mark& mark) override {
    doc_start_ = to_mark(mark);
    anchors_.clear();
  }
  void OnDocumentEnd() override {
    out_.documents_.push_back({doc_start_, doc_root_});
    doc_root_ = nullptr;
  }

  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    YamlNode& n = make(YamlKind::Null, mark, anchor);
    n.tag_ = "?";
    n.empty_ = !starts_with_null_word(text_.substr(std::min(n.offset_, text_.size())));
    // An empty value has no text of its own: yaml-cpp marks it at the next token, which
    // is misleading; point at the key it belongs to instead.
    if (n.empty_ && !stack_.empty() && stack_.back()->kind_ == YamlKind::Mapping &&
        pending_key_.back()) {
      n.mark_ = pending_key_.back()->mark_;
      n.offset_ = pending_key_.back()->offset_;
    }
    attach(n);
  }

  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    YamlNode& n = make(YamlKind::Alias, mark, 0);
    auto it = anchors_.find(anchor);
    n.target_ = it == anchors_.end() ? nullptr : it->second;
    attach(n);
  }

  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                const std::string& value) override {
    YamlNode& n = make(YamlKind::Scalar, mark, anchor);
    n.tag_ = tag;
    n.value_ = value;
    switch (n.offset_ < text_.size() ? text_[n.offset_] : '\0') {
      case '\'':
        n.style_ = YamlStyle::SingleQuoted;
        break;
      case '"':
        n.style_ = YamlStyle::DoubleQuoted;
        break;
      case '|':
        n.style_ = YamlStyle::Literal;
        break;
      case '>':
        n.style_ = YamlStyle::Folded;
        break;
      default:
        n.style_ = YamlStyle::Plain;
    }
    attach(n);
  }

  void OnSequenceStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value style) override {
    open(YamlKind::Sequence, mark, tag, anchor, style);
  }
  void OnSequenceEnd() override { close(); }

  void OnMapStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value style) override {
    open(YamlKind::Mapping, mark, tag, anchor, style);
  }
  void OnMapEnd() override { close(); }

  void OnAnchor(const YAML::Mark&, const std::string& name) override { anchor_name_ = name; }

 private:
  YamlNode& make(YamlKind kind, const YAML::Mark& mark, YAML::anchor_t anchor) {
    YamlNode& n = out_.nodes_.emplace_back();
    n.kind_ = kind;
    n.offset_ = mark.pos < 0 ? 0 : static_cast<size_t>(mark.pos);
    n.mark_ = n.start_ = to_mark(mark);
    skip_properties(n);
    if (anchor) {
      anchors_[anchor] = &n;
      n.anchor_ = std::move(anchor_name_);
    }
    anchor_name_.clear();
    return n;
  }

  // yaml-cpp marks a node at its anchor or tag; move the mark to the content, where a
  // reader looks for the value.
  void skip_properties(YamlNode& n) {
    size_t p = n.offset_;
    int line = n.mark_.line, col = n.mark_.col;
    while (p < text_.size() && (text_[p] == '&' || text_[p] == '!')) {
      while (p < text_.size() && text_[p] != ' ' && text_[p] != '\t' && text_[p] != '\n' &&
             text_[p] != '\r')
        ++p, ++col;
      while (p < text_.size() &&
             (text_[p] == ' ' || text_[p] == '\t' || text_[p] == '\n' || text_[p] == '\r')) {
        if (text_[p] == '\n')
          ++line, col = 1;
        else
          ++col;
        ++p;
      }
    }
    if (p == n.offset_ || p >= text_.size()) return;
    n.offset_ = p;
    n.mark_ = {line, col};
  }

  void open(YamlKind kind, const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
            YAML::EmitterStyle::value style) {
    YamlNode& n = make(kind, mark, anchor);
    n.tag_ = tag;
    n.style_ = style == YAML::EmitterStyle::Flow ? YamlStyle::Flow : YamlStyle::Block;
    attach(n);
    stack_.push_back(&n);
    pending_key_.push_back(nullptr);
  }

  void close() {
    stack_.pop_back();
    pending_key_.pop_back();
  }

  void attach(YamlNode& n) {
    if (stack_.empty()) {
      doc_root_ = &n;
      return;
    }
    YamlNode& parent = *stack_.back();
    if (parent.kind_ == YamlKind::Sequence) {
      parent.items_.push_back(&n);
    } else if (!pending_key_.back()) {
      pending_key_.back() = &n;
    } else {
      parent.pairs_.push_back({pending_key_.back(), &n});
      pending_key_.back() = nullptr;
    }
  }

  YamlStream& out_;
  std::string_view text_;
  Mark doc_start_;
  const YamlNode* doc_root_ = nullptr;
  std::vector<YamlNode*> stack_;
  std::vector<const YamlNode*> pending_key_;  // per open collection: a key awaiting its value
  std::unordered_map<YAML::anchor_t, const YamlNode*> anchors_;
  std::string anchor_name_;
};

YamlStream parse_yaml_stream(std::string_view text) {
  YamlStream out;
  ViewBuf buf(text);
  std::istream in(&buf);
  YamlTreeBuilder builder(out, text);
  try {
    YAML::Parser parser(in);
    while (parser.HandleNextDocument(builder)) {
    }
  } catch (const YAML::Exception& e) {
    out.error_ = YamlSyntaxError{to_mark(e.mark), e.msg};
  }
  return out;
}

}  // namespace wfgen::data
