// Output: every piece length (the inline short copies, memcpy for long ones) and growth
// keep the bytes exactly as appended.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "jinja/error.h"
#include "jinja/runtime/environment.h"
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

// Records what a streamed Output sends, chunk by chunk.
class RecordingSink : public OutputSink {
 public:
  void write(std::string_view bytes) override { chunks.emplace_back(bytes); }
  std::string joined() const {
    std::string all;
    for (const std::string& c : chunks) all += c;
    return all;
  }
  std::vector<std::string> chunks;
};

TEST(StreamedOutput, SendsEveryByteInOrderInChunksOfAtMostTheChunkSize) {
  RecordingSink sink;
  Output out;
  out.stream_to(sink, 64);
  std::string expected;
  for (size_t n = 0; n <= 40; ++n) {
    std::string piece(n, static_cast<char>('a' + n % 26));
    out.append(piece);
    out.push_back('\n');
    expected += piece + "\n";
  }
  EXPECT_LE(out.size(), 64u);  // never more than a chunk is held
  out.flush();
  EXPECT_EQ(out.size(), 0u);
  EXPECT_EQ(out.total(), expected.size());
  EXPECT_EQ(sink.joined(), expected);
  for (const std::string& c : sink.chunks) EXPECT_LE(c.size(), 64u);
  EXPECT_GT(sink.chunks.size(), expected.size() / 64);
}

TEST(StreamedOutput, APieceLargerThanAChunkGoesWhole) {
  RecordingSink sink;
  Output out;
  out.stream_to(sink, 16);
  out.append("head");
  out.append(std::string(100, 'x'));
  out.append("tail");
  out.flush();
  EXPECT_EQ(sink.joined(), "head" + std::string(100, 'x') + "tail");
  EXPECT_EQ(sink.chunks.front(), "head");
}

TEST(StreamedOutput, TheLimitCountsTheBytesAlreadySent) {
  RecordingSink sink;
  Output out;
  out.stream_to(sink, 32);
  out.set_limit(100, "max_output");
  out.append(std::string(90, 'a'));
  try {
    out.append(std::string(20, 'b'));
    FAIL() << "no error past the limit";
  } catch (const TemplateError& e) {
    EXPECT_EQ(std::string(e.what()),
              "the output would be 110 bytes long (limit max_output = 100)");
  }
  // Appends of one byte each stop at the limit too (the fast path never passes it).
  Output bytes;
  RecordingSink sink2;
  bytes.stream_to(sink2, 8);
  bytes.set_limit(20, "max_output");
  int appended = 0;
  try {
    for (; appended < 100; ++appended) bytes.push_back('x');
  } catch (const TemplateError&) {
  }
  EXPECT_EQ(appended, 20);
}

// A render streamed in chunks gives the bytes of the render kept whole, including
// captured blocks, macros called with direct output, and includes.
TEST(StreamedOutput, ARenderStreamedEqualsTheRenderInMemory) {
  EnvironmentOptions options;
  auto loader = std::make_shared<MapLoader>(std::map<std::string, std::string, std::less<>>{
      {"inc.j2", "[{{ i }}:{% for c in 'abc' %}{{ c * i }}{% endfor %}]"},
      {"main.j2",
       "{% macro m(x) %}<{{ x }}{{ caller() if caller else '' }}>{% endmacro %}"
       "{% for i in range(300) %}{% set s %}{{ i * 7 }}{% endset %}{{ s }}{{ m(i) }}"
       "{% call m(i) %}c{{ i }}{% endcall %}{% include 'inc.j2' %}\n{% endfor %}"}});
  Environment env(options, loader);
  std::string whole = env.render("main.j2", Value::dict());
  RecordingSink sink;
  Output out;
  out.stream_to(sink, 100);
  env.render(*env.get_template("main.j2"), Value::dict(), out);
  out.flush();
  EXPECT_EQ(sink.joined(), whole);
  // Streamed in many chunks (the included `c * i` pieces exceed a chunk and go whole).
  EXPECT_GT(sink.chunks.size(), 500u);
}

}  // namespace
}  // namespace wfgen::jinja
