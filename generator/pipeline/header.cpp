#include "pipeline/header.h"

#include <array>
#include <cstdint>

#include "pipeline/xxh64.h"

namespace wfgen::pipeline {

namespace {

constexpr std::string_view kFingerprintTag = "(fingerprint ";

// File name endings with a comment style other than `#` lines.
struct StyleByName {
  std::string_view ending;
  CommentStyle style;
};
constexpr std::array<StyleByName, 5> kStyles = {{
    {".md", CommentStyle::Html},
    {".markdown", CommentStyle::Html},
    {".html", CommentStyle::Html},
    {".htm", CommentStyle::Html},
    {".json", CommentStyle::None},
}};

bool ends_with(std::string_view s, std::string_view end) {
  return s.size() >= end.size() && s.substr(s.size() - end.size()) == end;
}

// The header's lines, each as a comment of `style`.
std::string header_comment(std::string_view header, CommentStyle style) {
  std::string out;
  if (header.empty()) return out;
  if (style == CommentStyle::Html) out += "<!--\n";
  size_t start = 0;
  while (start < header.size()) {
    size_t nl = header.find('\n', start);
    std::string_view line =
        header.substr(start, nl == std::string_view::npos ? header.size() - start : nl - start);
    if (style == CommentStyle::Html) {
      std::string text(line);
      // `-->` would end the comment early.
      for (size_t at = 0; (at = text.find("-->", at)) != std::string::npos; at += 4)
        text.replace(at, 3, "-- >");
      out += text;
    } else {
      out += line.empty() ? "#" : "# ";
      out += line;
    }
    out += '\n';
    if (nl == std::string_view::npos) break;
    start = nl + 1;
  }
  if (style == CommentStyle::Html) out += "-->\n";
  return out;
}

// The fingerprint of files written before 2026-11-29: FNV-1a 64. Still recognized, so
// that a file an earlier wfgen wrote is not taken for a hand edit.
uint64_t legacy_fnv1a(std::string_view text) {
  uint64_t h = 14695981039346656037ull;
  for (unsigned char c : text) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

std::string hex16(uint64_t h) {
  static const char* digits = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, h >>= 4) out[i] = digits[h & 15];
  return out;
}

}  // namespace

CommentStyle comment_style(std::string_view path) {
  for (const auto& s : kStyles)
    if (ends_with(path, s.ending)) return s.style;
  return CommentStyle::Hash;
}

std::string fingerprint(std::string_view text) { return hex16(xxh64(text)); }

std::string compose_output(std::string_view sources, std::string_view header,
                           std::string_view body, CommentStyle style) {
  const std::string comment = style == CommentStyle::None ? "" : header_comment(header, style);
  while (!body.empty() && body.back() == '\n') body.remove_suffix(1);
  const std::string_view body_end = body.empty() ? "" : "\n";
  // The marker line with room for the fingerprint, then the rest, which the fingerprint is
  // of: the body (345 KB for PyTorch's largest workflow) is copied once, into the output.
  std::string out;
  size_t digits = 0;
  if (style != CommentStyle::None) {
    out = style == CommentStyle::Html ? kHtmlMarker : kMarker;
    out += " from ";
    out += sources;
    out += "; DO NOT EDIT ";
    out += kFingerprintTag;
    digits = out.size();
    out.append(16, '0');
    out += style == CommentStyle::Html ? ") -->\n" : ")\n";
  }
  const size_t rest = out.size();
  out.reserve(rest + comment.size() + body.size() + body_end.size());
  out += comment;
  out += body;
  out += body_end;
  if (style != CommentStyle::None)
    out.replace(digits, 16, fingerprint(std::string_view(out).substr(rest)));
  return out;
}

std::optional<size_t> body_offset(std::string_view content, std::string_view body) {
  while (!body.empty() && body.back() == '\n') body.remove_suffix(1);  // as compose_output
  const size_t written = body.empty() ? 0 : body.size() + 1;
  if (content.size() < written) return std::nullopt;
  const size_t at = content.size() - written;
  if (content.substr(at, body.size()) != body) return std::nullopt;
  return at;
}

bool starts_with_marker(std::string_view head) {
  return head.substr(0, kMarker.size()) == kMarker ||
         head.substr(0, kHtmlMarker.size()) == kHtmlMarker;
}

HeaderInfo inspect(std::string_view content, CommentStyle style) {
  HeaderInfo info;
  if (style == CommentStyle::None) return {true, true};
  if (!starts_with_marker(content)) return info;
  info.generated = true;
  size_t nl = content.find('\n');
  std::string_view first = content.substr(0, nl);
  std::string_view rest =
      nl == std::string_view::npos ? std::string_view() : content.substr(nl + 1);
  size_t tag = first.rfind(kFingerprintTag);
  if (tag == std::string_view::npos) return info;
  std::string_view recorded = first.substr(tag + kFingerprintTag.size());
  std::string_view close = first.substr(0, kHtmlMarker.size()) == kHtmlMarker ? ") -->" : ")";
  info.intact = recorded.size() == 16 + close.size() && recorded.substr(16) == close &&
                (recorded.substr(0, 16) == fingerprint(rest) ||
                 recorded.substr(0, 16) == hex16(legacy_fnv1a(rest)));
  return info;
}

std::string marker_sources(std::string_view content) {
  constexpr std::string_view kFrom = " from ";
  constexpr std::string_view kDoNotEdit = "; DO NOT EDIT ";
  if (content.substr(0, kMarker.size()) != kMarker) return {};
  std::string_view first = content.substr(0, content.find('\n'));
  first.remove_prefix(kMarker.size());
  if (first.substr(0, kFrom.size()) != kFrom) return {};
  first.remove_prefix(kFrom.size());
  size_t end = first.rfind(kDoNotEdit);
  return end == std::string_view::npos ? std::string() : std::string(first.substr(0, end));
}

}  // namespace wfgen::pipeline
