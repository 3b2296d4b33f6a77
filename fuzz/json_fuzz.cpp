// The JSON loaders on any bytes: the direct one (`-d data.json`) and the positioned one
// (matrices, the manifest). Both must refuse or accept the same texts (the positioned one
// cannot hold integers beyond 64 bits, so it may refuse more), and never fail otherwise.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "data/error.h"
#include "data/json_direct.h"
#include "data/load.h"
#include "fuzz/fuzz_limits.h"
#include "jinja/error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  wfgen::jinja::Limits limits = wfgen::fuzz::fuzz_limits();
  wfgen::jinja::LimitsScope scope(limits);
  bool direct_ok = true, positioned_ok = true;
  try {
    wfgen::data::parse_json_value(text, "data.json");
  } catch (const wfgen::data::DataError&) {
    direct_ok = false;
  }
  try {
    wfgen::data::parse_json(text, "data.json");
  } catch (const wfgen::data::DataError&) {
    positioned_ok = false;
  }
  if (positioned_ok && !direct_ok) std::abort();  // the direct loader refused valid JSON
  return 0;
}
