// libFuzzer target for the YAML parser:
//   cmake -S . -B build-fuzz -DCMAKE_CXX_COMPILER=clang++ -DWFGEN_BUILD_FUZZ=ON && \
//   cmake --build build-fuzz --target yaml_fuzz && build-fuzz/yaml_fuzz
#include "yaml/fuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  wfgen::yaml::fuzz_one(data, size);
  return 0;
}
