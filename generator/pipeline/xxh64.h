// XXH64 (Yann Collet's xxHash, 64-bit, seed 0), written from its specification: the
// fingerprint in every generated file's marker line. Four lanes of 8-byte words, so a
// megabyte hashes in a fraction of the time a byte-at-a-time hash (FNV-1a, the
// fingerprint before 2026-11-29) takes; the result is the same on every machine (words are
// read little-endian).
#pragma once

#include <cstdint>
#include <string_view>

namespace wfgen::pipeline {

uint64_t xxh64(std::string_view data);

}  // namespace wfgen::pipeline
