#include "pipeline/diff.h"

#include <algorithm>

namespace wfgen::pipeline {

namespace {

std::vector<std::string_view> split_lines(std::string_view s) {
  std::vector<std::string_view> out;
  size_t start = 0;
  while (start < s.size()) {
    size_t nl = s.find('\n', start);
    if (nl == std::string_view::npos) nl = s.size() - 1;
    out.push_back(s.substr(start, nl - start + 1));
    start = nl + 1;
  }
  return out;
}

enum class Op { Same, Del, Add };
struct Edit {
  Op op;
  size_t a, b;  // indices into old/new
};

// LCS over the middle part (common prefix/suffix trimmed first). Beyond a size bound the
// middle is shown as a whole replacement: still a correct, if coarse, diff.
std::vector<Edit> edits(const std::vector<std::string_view>& a,
                        const std::vector<std::string_view>& b) {
  size_t pre = 0;
  while (pre < a.size() && pre < b.size() && a[pre] == b[pre]) ++pre;
  size_t suf = 0;
  while (suf < a.size() - pre && suf < b.size() - pre &&
         a[a.size() - 1 - suf] == b[b.size() - 1 - suf])
    ++suf;
  size_t n = a.size() - pre - suf, m = b.size() - pre - suf;
  std::vector<Edit> out;
  for (size_t i = 0; i < pre; ++i) out.push_back({Op::Same, i, i});
  if (n * m <= 4'000'000) {
    std::vector<std::vector<uint32_t>> L(n + 1, std::vector<uint32_t>(m + 1, 0));
    for (size_t i = n; i-- > 0;)
      for (size_t j = m; j-- > 0;)
        L[i][j] =
            a[pre + i] == b[pre + j] ? L[i + 1][j + 1] + 1 : std::max(L[i + 1][j], L[i][j + 1]);
    size_t i = 0, j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && a[pre + i] == b[pre + j]) {
        out.push_back({Op::Same, pre + i, pre + j}), ++i, ++j;
      } else if (i < n && (j == m || L[i + 1][j] >= L[i][j + 1])) {
        out.push_back({Op::Del, pre + i, pre + j}), ++i;
      } else {
        out.push_back({Op::Add, pre + i, pre + j}), ++j;
      }
    }
  } else {
    for (size_t i = 0; i < n; ++i) out.push_back({Op::Del, pre + i, pre});
    for (size_t j = 0; j < m; ++j) out.push_back({Op::Add, pre + n, pre + j});
  }
  for (size_t k = 0; k < suf; ++k) out.push_back({Op::Same, pre + n + k, pre + m + k});
  return out;
}

void append_line(std::string& out, char sign, std::string_view line) {
  out += sign;
  out += line;
  if (line.empty() || line.back() != '\n') out += "\n\\ No newline at end of file\n";
}

}  // namespace

Diff unified_diff(std::string_view old_text, std::string_view new_text, std::string_view old_name,
                  std::string_view new_name, size_t context, size_t max_lines) {
  Diff d;
  if (old_text == new_text) return d;
  auto a = split_lines(old_text), b = split_lines(new_text);
  std::vector<Edit> es = edits(a, b);
  d.text = "--- " + std::string(old_name) + "\n+++ " + std::string(new_name) + "\n";
  size_t shown = 0;
  size_t k = 0;
  while (k < es.size()) {
    while (k < es.size() && es[k].op == Op::Same) ++k;
    if (k == es.size()) break;
    // A hunk: from `context` lines before this change to `context` after the last change
    // that is within 2*context of the next.
    size_t begin = k >= context ? k - context : 0;
    size_t end = k;
    size_t last_change = k;
    while (end < es.size()) {
      if (es[end].op != Op::Same) last_change = end;
      if (end - last_change > 2 * context) break;
      ++end;
    }
    end = std::min(es.size(), last_change + context + 1);
    size_t a0 = es[begin].a, b0 = es[begin].b, na = 0, nb = 0;
    for (size_t i = begin; i < end; ++i) {
      if (es[i].op != Op::Add) ++na;
      if (es[i].op != Op::Del) ++nb;
    }
    d.old_lines.push_back(static_cast<int>(a0 + 1));
    std::string body;
    for (size_t i = begin; i < end; ++i) {
      if (shown >= max_lines) {
        ++d.omitted;
        continue;
      }
      ++shown;
      if (es[i].op == Op::Same) append_line(body, ' ', a[es[i].a]);
      if (es[i].op == Op::Del) append_line(body, '-', a[es[i].a]);
      if (es[i].op == Op::Add) append_line(body, '+', b[es[i].b]);
    }
    if (!body.empty()) {
      d.text += "@@ -" + std::to_string(na ? a0 + 1 : a0) + "," + std::to_string(na) + " +" +
                std::to_string(nb ? b0 + 1 : b0) + "," + std::to_string(nb) + " @@\n";
      d.text += body;
    }
    k = end;
  }
  if (d.omitted) d.text += "... (" + std::to_string(d.omitted) + " more diff lines)\n";
  return d;
}

}  // namespace wfgen::pipeline
