// A fuzzing entry point: parses arbitrary bytes in both modes with tight limits and walks
// what comes out. It must never crash, hang or leak, whatever the bytes, and the reader of
// the common block shape must agree with the full parser on every input (it aborts when
// they differ); a libFuzzer target is one line around it (fuzz/yaml_fuzz.cpp).
#pragma once

#include <cstddef>
#include <cstdint>

namespace wfgen::yaml {

void fuzz_one(const uint8_t* data, size_t size);

}  // namespace wfgen::yaml
