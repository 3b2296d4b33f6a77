#include "pipeline/header.h"

#include <cstdint>

namespace wfgen::pipeline {

namespace {
constexpr std::string_view kFingerprintTag = "(fingerprint ";
constexpr std::string_view kFrom = " from ";
constexpr std::string_view kDoNotEdit = "; DO NOT EDIT ";
}  // namespace

std::string fingerprint(std::string_view text) {
  uint64_t h = 14695981039346656037ull;
  for (unsigned char c : text) {
    h ^= c;
    h *= 1099511628211ull;
  }
  static const char* digits = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, h >>= 4) out[i] = digits[h & 15];
  return out;
}

std::string compose_output(std::string_view sources, std::string_view header,
                           std::string_view body) {
  std::string rest;
  size_t start = 0;
  while (start < header.size()) {
    size_t nl = header.find('\n', start);
    std::string_view line =
        header.substr(start, nl == std::string_view::npos ? header.size() - start : nl - start);
    rest += line.empty() ? "#" : "# ";
    rest += line;
    rest += '\n';
    if (nl == std::string_view::npos) break;
    start = nl + 1;
  }
  while (!body.empty() && body.back() == '\n') body.remove_suffix(1);
  if (!body.empty()) {
    rest += body;
    rest += '\n';
  }
  std::string out(kMarker);
  out += kFrom;
  out += sources;
  out += kDoNotEdit;
  out += kFingerprintTag;
  out += fingerprint(rest);
  out += ")\n";
  return out + rest;
}

HeaderInfo inspect(std::string_view content) {
  HeaderInfo info;
  if (content.substr(0, kMarker.size()) != kMarker) return info;
  info.generated = true;
  size_t nl = content.find('\n');
  std::string_view first = content.substr(0, nl);
  std::string_view rest =
      nl == std::string_view::npos ? std::string_view() : content.substr(nl + 1);
  size_t tag = first.rfind(kFingerprintTag);
  if (tag == std::string_view::npos) return info;
  std::string_view recorded = first.substr(tag + kFingerprintTag.size());
  info.intact = recorded.size() == 17 && recorded.back() == ')' &&
                recorded.substr(0, 16) == fingerprint(rest);
  return info;
}

std::string marker_sources(std::string_view content) {
  if (content.substr(0, kMarker.size()) != kMarker) return {};
  std::string_view first = content.substr(0, content.find('\n'));
  first.remove_prefix(kMarker.size());
  if (first.substr(0, kFrom.size()) != kFrom) return {};
  first.remove_prefix(kFrom.size());
  size_t end = first.rfind(kDoNotEdit);
  return end == std::string_view::npos ? std::string() : std::string(first.substr(0, end));
}

}  // namespace wfgen::pipeline
