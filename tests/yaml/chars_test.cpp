// The scanner's character scans: find_plain_stop (16 bytes a step where it can) must stop
// exactly where the byte-by-byte reading of the character table does.
#include <gtest/gtest.h>

#include <string>

#include "yaml/chars.h"

namespace wfgen::yaml {
namespace {

// The reference: one byte at a time, by the table.
const char* table_stop(const char* p, const char* end, uint8_t stop) {
  while (p < end && !(char_class(*p) & stop)) ++p;
  return p;
}

// YAML's word characters (ns-word-char) and '_': the table's class against the grammar's
// ranges, for every byte.
TEST(YamlChars, WordCharactersAreAsciiLettersDigitsHyphenAndUnderscore) {
  for (int b = 0; b < 256; ++b) {
    const char c = static_cast<char>(b);
    const bool word = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                      c == '-' || c == '_';
    EXPECT_EQ(is_word_char(c), word) << "byte " << b;
  }
}

TEST(YamlChars, PlainStopAgreesWithTheTableAtEveryOffset) {
  // Every byte that ends a run in either context, and some that do not ('#', '?', '-').
  const std::string stops = " \t\r\n:,[]{}#?-'\"";
  for (uint8_t stop : {uint8_t{kPlainBlockStop}, uint8_t{kPlainFlowStop}}) {
    for (char c : stops) {
      // The stop byte at every position of a 40-byte text, read from every start, with the
      // text cut at every length: chunks of 16, the tail after them, and the end itself.
      for (size_t at = 0; at < 40; ++at) {
        std::string text(40, 'x');
        text[at] = c;
        for (size_t len = 0; len <= text.size(); ++len)
          for (size_t from = 0; from <= len; ++from) {
            const char* b = text.data() + from;
            const char* e = text.data() + len;
            ASSERT_EQ(find_plain_stop(b, e, stop) - text.data(), table_stop(b, e, stop) - text.data())
                << "stop byte " << int(c) << " at " << at << ", scan [" << from << ", " << len
                << ") in " << (stop == kPlainFlowStop ? "flow" : "block") << " context";
          }
      }
    }
  }
}

TEST(YamlChars, PlainStopReadsEveryByteValue) {
  // Bytes above 0x7F (UTF-8) and every ASCII value, each 20 bytes into a run.
  for (int c = 1; c < 256; ++c) {
    std::string text(20, 'a');
    text += static_cast<char>(c);
    text += std::string(20, 'b');
    for (uint8_t stop : {uint8_t{kPlainBlockStop}, uint8_t{kPlainFlowStop}}) {
      const char* b = text.data();
      const char* e = b + text.size();
      EXPECT_EQ(find_plain_stop(b, e, stop), table_stop(b, e, stop)) << "byte " << c;
    }
  }
}

}  // namespace
}  // namespace wfgen::yaml
