#include "files/fault.h"

#include <cstdlib>
#include <map>
#include <string>

namespace wfgen::files {

namespace {

struct Faults {
  std::map<std::string, long, std::less<>> fail_at;  // point -> which call fails (1-based)
  std::map<std::string, long, std::less<>> calls;
};

Faults parse(std::string_view spec) {
  Faults f;
  while (!spec.empty()) {
    size_t comma = spec.find(',');
    std::string_view item = spec.substr(0, comma);
    size_t colon = item.find(':');
    if (colon != std::string_view::npos)
      f.fail_at[std::string(item.substr(0, colon))] =
          std::strtol(std::string(item.substr(colon + 1)).c_str(), nullptr, 10);
    spec = comma == std::string_view::npos ? std::string_view() : spec.substr(comma + 1);
  }
  return f;
}

Faults& faults() {
  static Faults f = [] {
    const char* env = std::getenv("WFGEN_TEST_FAULTS");
    return parse(env ? env : "");
  }();
  return f;
}

}  // namespace

bool inject_fault(std::string_view point) {
  Faults& f = faults();
  if (f.fail_at.empty()) return false;
  auto it = f.fail_at.find(point);
  if (it == f.fail_at.end()) return false;
  return ++f.calls[std::string(point)] == it->second;
}

void set_faults(std::string_view spec) {
  faults() = parse(spec);
}

}  // namespace wfgen::files
