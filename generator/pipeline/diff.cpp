#include "pipeline/diff.h"

#include <algorithm>
#include <cstdint>
#include <unordered_map>

namespace wfgen::pipeline {

namespace {

// The search's cost bound, in diagonal steps: Myers costs O((N+M) D) time and, keeping
// every step for the way back, O(D^2) space. A file whose edit distance passes
// max(kMinEdits, kMaxWork / (N+M)) is shown as one replaced region.
constexpr size_t kMaxWork = size_t{1} << 21;
constexpr size_t kMinEdits = 256;

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

// Each distinct line becomes a small integer, so the search compares integers.
void intern(const std::vector<std::string_view>& a, const std::vector<std::string_view>& b,
            std::vector<uint32_t>& ia, std::vector<uint32_t>& ib) {
  std::unordered_map<std::string_view, uint32_t> ids;
  ids.reserve(a.size() + b.size());
  auto id = [&](std::string_view line) {
    return ids.emplace(line, static_cast<uint32_t>(ids.size())).first->second;
  };
  ia.reserve(a.size());
  ib.reserve(b.size());
  for (auto line : a) ia.push_back(id(line));
  for (auto line : b) ib.push_back(id(line));
}

// Lines flagged changed in each file, with zero sentinels before and after (GNU diff's
// layout, which shift_boundaries relies on).
struct Flags {
  explicit Flags(size_t n) : space(n + 4, 0), at(space.data() + 2) {}
  std::vector<char> space;
  char* at;
};

// Myers' greedy search for a shortest edit script of a[0,n) -> b[0,m), flagging the
// lines it deletes and inserts. False (nothing flagged) when it needs more than max_d
// edits.
bool myers(const uint32_t* a, long n, const uint32_t* b, long m, long max_d, char* ca, char* cb) {
  const long off = max_d + 1;
  std::vector<long> v(static_cast<size_t>(2 * max_d + 3), 0);
  std::vector<long> trace;  // step d's V[-d..d] at d*d
  for (long d = 0; d <= max_d; ++d) {
    for (long k = -d; k <= d; k += 2) {
      long x = (k == -d || (k != d && v[off + k - 1] < v[off + k + 1])) ? v[off + k + 1]
                                                                         : v[off + k - 1] + 1;
      long y = x - k;
      while (x < n && y < m && a[x] == b[y]) ++x, ++y;
      v[off + k] = x;
      if (x >= n && y >= m) {
        // Back from (n, m): each step's predecessor is read from the step before.
        for (long dd = d; dd > 0; --dd) {
          const long kk = x - y;
          auto prev = [&](long k2) { return trace[static_cast<size_t>((dd - 1) * (dd - 1) + k2 + dd - 1)]; };
          const bool down = kk == -dd || (kk != dd && prev(kk - 1) < prev(kk + 1));
          const long pk = down ? kk + 1 : kk - 1;
          const long px = prev(pk), py = px - pk;
          if (down)
            cb[py] = 1;
          else
            ca[px] = 1;
          x = px, y = py;
        }
        return true;
      }
    }
    trace.insert(trace.end(), v.begin() + (off - d), v.begin() + (off + d + 1));
  }
  return false;
}

// GNU diff's shift_boundaries: slides each run of changes so that equal edit scripts
// print alike (merged with neighbouring runs where possible, else as far down as they go,
// then back to line up with a run in the other file).
void shift_boundaries(char* changed, const char* other_changed, const uint32_t* equivs, long i_end) {
  long i = 0, j = 0;
  for (;;) {
    while (i < i_end && !changed[i]) {
      while (other_changed[j++]) continue;
      ++i;
    }
    if (i == i_end) break;
    long start = i, runlength, corresponding;
    while (changed[++i]) continue;
    while (other_changed[j]) ++j;
    do {
      runlength = i - start;
      while (start && equivs[start - 1] == equivs[i - 1]) {
        changed[--start] = 1;
        changed[--i] = 0;
        while (changed[start - 1]) --start;
        while (other_changed[--j]) continue;
      }
      corresponding = other_changed[j - 1] ? i : i_end;
      while (i != i_end && equivs[start] == equivs[i]) {
        changed[start++] = 0;
        changed[i++] = 1;
        while (changed[i]) ++i;
        while (other_changed[++j]) corresponding = i;
      }
    } while (runlength != i - start);
    while (corresponding < i) {
      changed[--start] = 1;
      changed[--i] = 0;
      while (other_changed[--j]) continue;
    }
  }
}

struct Change {
  size_t line0, deleted, line1, inserted;  // 0-based first lines
};

std::vector<Change> changes_of(const char* ca, size_t n, const char* cb, size_t m) {
  std::vector<Change> out;
  size_t i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && !ca[i] && !cb[j]) {
      ++i, ++j;
      continue;
    }
    Change c{i, 0, j, 0};
    while (i < n && ca[i]) ++i;
    while (j < m && cb[j]) ++j;
    c.deleted = i - c.line0;
    c.inserted = j - c.line1;
    out.push_back(c);
  }
  return out;
}

// "@@ -3,4" as GNU prints a range: "N" for one line, "N,0" (the line before) for none.
std::string range(size_t begin, size_t end) {
  if (end == begin) return std::to_string(begin) + ",0";
  if (end == begin + 1) return std::to_string(begin + 1);
  return std::to_string(begin + 1) + "," + std::to_string(end - begin);
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
  const auto a = split_lines(old_text), b = split_lines(new_text);
  std::vector<uint32_t> ia, ib;
  intern(a, b, ia, ib);
  const size_t n = a.size(), m = b.size();
  Flags fa(n), fb(m);

  // The search runs on what lies between the common head and tail.
  size_t pre = 0, suf = 0;
  while (pre < n && pre < m && ia[pre] == ib[pre]) ++pre;
  while (suf < n - pre && suf < m - pre && ia[n - 1 - suf] == ib[m - 1 - suf]) ++suf;
  const size_t mid_a = n - pre - suf, mid_b = m - pre - suf;
  const size_t max_d = std::min(mid_a + mid_b, std::max(kMinEdits, kMaxWork / std::max<size_t>(1, mid_a + mid_b)));
  if (!myers(ia.data() + pre, static_cast<long>(mid_a), ib.data() + pre, static_cast<long>(mid_b),
             static_cast<long>(max_d), fa.at + pre, fb.at + pre)) {
    d.coarse = true;
    std::fill(fa.at + pre, fa.at + pre + mid_a, 1);
    std::fill(fb.at + pre, fb.at + pre + mid_b, 1);
  }
  shift_boundaries(fa.at, fb.at, ia.data(), static_cast<long>(n));
  shift_boundaries(fb.at, fa.at, ib.data(), static_cast<long>(m));

  const std::vector<Change> changes = changes_of(fa.at, n, fb.at, m);
  d.text = "--- " + std::string(old_name) + "\n+++ " + std::string(new_name) + "\n";
  size_t shown = 0;
  for (size_t first = 0; first < changes.size();) {
    // A hunk: changes less than 2*context+1 unchanged lines apart, with context around.
    size_t last = first;
    while (last + 1 < changes.size() &&
           changes[last + 1].line0 - (changes[last].line0 + changes[last].deleted) < 2 * context + 1)
      ++last;
    const Change &f = changes[first], &l = changes[last];
    const size_t begin0 = f.line0 - std::min(context, f.line0);
    const size_t begin1 = f.line1 - (f.line0 - begin0);
    const size_t end0 = std::min(n, l.line0 + l.deleted + context);
    const size_t end1 = l.line1 + l.inserted + (end0 - (l.line0 + l.deleted));
    d.old_lines.push_back(static_cast<int>(begin0 + 1));

    std::string body;
    auto emit = [&](char sign, std::string_view line) {
      if (shown >= max_lines) {
        ++d.omitted;
        return;
      }
      ++shown;
      append_line(body, sign, line);
    };
    size_t i = begin0;
    for (size_t c = first; c <= last; ++c) {
      for (; i < changes[c].line0; ++i) emit(' ', a[i]);
      for (size_t k = 0; k < changes[c].deleted; ++k) emit('-', a[i++]);
      for (size_t k = 0; k < changes[c].inserted; ++k) emit('+', b[changes[c].line1 + k]);
    }
    for (; i < end0; ++i) emit(' ', a[i]);
    if (!body.empty())
      d.text += "@@ -" + range(begin0, end0) + " +" + range(begin1, end1) + " @@\n" + body;
    first = last + 1;
  }
  return d;
}

}  // namespace wfgen::pipeline
