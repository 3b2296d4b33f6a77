// Output: every piece length (the inline short copies, memcpy for long ones) and growth
// keep the bytes exactly as appended.
#include <gtest/gtest.h>

#include <string>

#include "jinja/runtime/output.h"

namespace wfgen::jinja {
namespace {

TEST(Output, AppendsPiecesOfEveryLengthInOrder) {
  Output out;
  std::string expected;
  // Lengths 0..80 cover each copy path (bytes, 4-, 8-, 16-byte moves, memcpy), and the
  // total forces several growths from the empty buffer.
  for (int round = 0; round < 40; ++round) {
    for (size_t n = 0; n <= 80; ++n) {
      std::string piece;
      for (size_t i = 0; i < n; ++i) piece.push_back(static_cast<char>('a' + (i + n + round) % 26));
      out.append(piece);
      expected += piece;
    }
    out.push_back('\n');
    expected.push_back('\n');
  }
  ASSERT_EQ(out.size(), expected.size());
  EXPECT_EQ(out.view(), expected);
  EXPECT_EQ(out.str(), expected);
}

TEST(Output, ClearKeepsTheBufferAndReserveDoesNotWrite) {
  Output out;
  EXPECT_TRUE(out.empty());
  out.reserve(1 << 20);
  EXPECT_TRUE(out.empty());
  out.append("header: value\n");
  const char* before = out.data();
  out.clear();
  EXPECT_TRUE(out.empty());
  out.append("x");
  EXPECT_EQ(out.data(), before);
  EXPECT_EQ(out.view(), "x");
}

TEST(Output, GrowingKeepsEarlierBytes) {
  Output out;
  std::string first(255, 'y');  // just under the first allocation
  out.append(first);
  std::string big(5000, 'z');  // one piece larger than doubling gives
  out.append(big);
  EXPECT_EQ(out.view(), first + big);
}

}  // namespace
}  // namespace wfgen::jinja
