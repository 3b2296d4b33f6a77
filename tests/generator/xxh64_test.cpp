// The fingerprint's hash (pipeline/xxh64.h) against xxhsum, the CLI of xxHash's reference
// implementation (Debian's xxhash package, installed by .ci/deps.sh test): every length
// through each of the function's paths (under 32 bytes, 4- and 8-byte tails, whole
// stripes) and a megabyte.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <vector>
#include <string>

#include "pipeline/header.h"
#include "pipeline/xxh64.h"

namespace fs = std::filesystem;
using wfgen::pipeline::xxh64;

namespace {

// Deterministic bytes of every value, seeded per length.
std::string bytes_of_length(size_t n) {
  std::string s(n, '\0');
  uint32_t x = static_cast<uint32_t>(n) * 2654435761u + 1;
  for (char& c : s) {
    x = x * 1664525u + 1013904223u;
    c = static_cast<char>(x >> 24);
  }
  return s;
}

// xxhsum's XXH64 of each file of `dir`, by file name (its progress display and errors
// go to `errors`).
std::map<std::string, std::string> xxhsum(const fs::path& dir, const fs::path& errors) {
  const std::string command =
      "cd '" + dir.string() + "' && xxhsum -H1 * 2>'" + errors.string() + "'";
  std::map<std::string, std::string> sums;
  std::FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) {
    ADD_FAILURE() << "cannot run: " << command;
    return sums;
  }
  char line[512];
  while (std::fgets(line, sizeof line, pipe)) {
    const std::string l(line);
    if (l.size() > 19 && l.compare(16, 2, "  ") == 0) sums[l.substr(18, l.size() - 19)] = l.substr(0, 16);
  }
  const int status = pclose(pipe);
  std::ifstream err(errors);
  const std::string message((std::istreambuf_iterator<char>(err)), std::istreambuf_iterator<char>());
  EXPECT_EQ(status, 0) << "xxhsum (Debian package xxhash, installed by .ci/deps.sh test) "
                          "failed or is missing: "
                       << message;
  return sums;
}

std::string hex(uint64_t h) {
  char digits[17];
  std::snprintf(digits, sizeof digits, "%016llx", static_cast<unsigned long long>(h));
  return digits;
}

}  // namespace

TEST(Xxh64, EqualsTheReferenceImplementationAtEveryLength) {
  const fs::path dir = fs::temp_directory_path() / ("wfgen-xxh64-" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::map<std::string, std::string> ours;
  std::vector<size_t> lengths;
  for (size_t n = 0; n <= 100; ++n) lengths.push_back(n);
  for (size_t n : {127u, 128u, 129u, 1000u, 4099u, (1u << 20) + 7}) lengths.push_back(n);
  for (size_t n : lengths) {
    const std::string data = bytes_of_length(n);
    const std::string name = "len-" + std::to_string(n);
    std::ofstream(dir / name, std::ios::binary) << data;
    ours[name] = hex(xxh64(data));
  }
  const fs::path errors = dir.string() + ".stderr";
  const auto sums = xxhsum(dir, errors);
  fs::remove_all(dir);
  fs::remove(errors);
  ASSERT_EQ(sums.size(), ours.size());
  for (const auto& [name, sum] : ours) {
    auto it = sums.find(name);
    ASSERT_NE(it, sums.end()) << name;
    EXPECT_EQ(sum, it->second) << name;
  }
}

TEST(Xxh64, TheFingerprintIsTheHashOfTheRestOfTheFile) {
  const std::string out =
      wfgen::pipeline::compose_output("t + m", "a header", "name: x\non: push\n");
  const size_t tag = out.find("(fingerprint ") + 13;
  EXPECT_EQ(out.substr(tag, 16), hex(xxh64(std::string_view(out).substr(out.find('\n') + 1))));
}
