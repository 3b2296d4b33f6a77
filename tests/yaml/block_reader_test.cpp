// BlockReader (yaml/block_reader.h) against the full parser: on every YAML file we have and
// on variants of them cut and damaged at every line, the tree, the diagnostics and a strict
// parse's error are the same with the reader as without it; every file wfgen generates takes
// the reader's path; and the shapes it leaves to the full parser are left.
#include <algorithm>
#include <filesystem>
#include <vector>

#include "support/shared_dir.h"
#include "yaml/block_reader.h"
#include "yaml/tree_compare.h"
#include "yaml/yaml_test_util.h"

namespace wfgen::yaml {
namespace {

namespace fs = std::filesystem;
using wfgen::testing::read_file;

// Did the reader take `text` (rather than leave it to the full parser)?
bool reader_takes(std::string_view text) {
  Tree tree;
  Arena arena;
  ParseOptions options;
  return read_common_block(text, options, tree, arena);
}

// The parse with the reader and without it, in collect mode and in strict mode: "" when
// they agree, else what differs.
std::string disagreement(std::string_view text, ParseOptions options = {}) {
  options.mode = Mode::Collect;
  options.block_reader = true;
  Tree with = parse(text, options, "x.yml");
  options.block_reader = false;
  Tree without = parse(text, options, "x.yml");
  if (std::string d = first_difference(with, without); !d.empty()) return "collect: " + d;
  std::string errors[2];
  for (int i = 0; i < 2; ++i) {
    options.mode = Mode::Strict;
    options.block_reader = i == 0;
    try {
      Tree t = parse(text, options, "x.yml");
      if (i == 0) with = std::move(t);
      else without = std::move(t);
    } catch (const data::DataError& e) {
      errors[i] = e.format();
    }
  }
  if (errors[0] != errors[1]) return "strict: '" + errors[0] + "' vs '" + errors[1] + "'";
  if (errors[0].empty())
    if (std::string d = first_difference(with, without); !d.empty()) return "strict: " + d;
  return "";
}

std::vector<fs::path> yaml_files(const fs::path& dir) {
  if (!fs::is_directory(dir)) throw std::runtime_error(dir.string() + " is missing");
  std::vector<fs::path> out;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.path().extension() == ".yml" || e.path().extension() == ".yaml") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

// Every output wfgen writes is of the shape the reader reads (that is the point of it: lint
// parses each one), and parses to the same tree both ways; so do the matrices, which the
// reader takes but for those with anchors.
TEST(BlockReader, TakesEveryGeneratedWorkflow) {
  size_t outputs = 0, matrices = 0, taken = 0;
  for (const fs::path& p : yaml_files(wfgen::testing::source_dir() / "generated")) {
    const std::string text = read_file(p);
    EXPECT_TRUE(reader_takes(text)) << p;
    EXPECT_EQ(disagreement(text), "") << p;
    ++outputs;
  }
  for (const fs::path& p : yaml_files(wfgen::testing::source_dir() / "matrices")) {
    const std::string text = read_file(p);
    EXPECT_EQ(disagreement(text), "") << p;
    const bool anchors = text.find(": &") != std::string::npos;
    EXPECT_EQ(reader_takes(text), !anchors) << p;
    ++matrices;
    taken += !anchors;
  }
  EXPECT_GT(outputs, 35u);
  EXPECT_GT(matrices, 10u);
  EXPECT_GT(taken * 2, matrices);
}

// The real workflows of ../shared: the same trees whichever path reads them (most take the
// reader's).
TEST(BlockReader, AgreesOnEveryReferenceWorkflow) {
  size_t files = 0, taken = 0;
  for (const fs::path& p : yaml_files(wfgen::testing::shared_dir())) {
    const std::string text = read_file(p);
    EXPECT_EQ(disagreement(text), "") << p;
    ++files;
    taken += reader_takes(text);
  }
  EXPECT_GT(files, 40u);
  EXPECT_GT(taken * 10, files * 9) << taken << " of " << files;
}

// Damage: each line of a file that uses every shape the reader knows cut short, removed,
// doubled, indented by one and dedented by one; and every prefix of it. Whatever the reader
// accepts must be what the full parser makes, and whatever it refuses is the full parser's.
TEST(BlockReader, AgreesOnDamagedTexts) {
  const std::string base =
      "# a comment\n"
      "name: CI\n"
      "on:\n"
      "  push:\n"
      "    branches: [main, 'release/*', \"v1\"]\n"
      "  pull_request: {types: [opened, \"synchronize\"], paths: []}\n"
      "env: {}\n"
      "jobs:\n"
      "  build:\n"
      "    runs-on: ${{ matrix.os }}  # trailing comment\n"
      "    strategy:\n"
      "      matrix:\n"
      "        os: [ubuntu-latest,\n"
      "             macos-14]\n"
      "        include:\n"
      "        - os: x\n"
      "          py: 3.10\n"
      "        -\n"
      "          os: y\n"
      "        - 'q': \"r\"\n"
      "    steps:\n"
      "      - uses: actions/checkout@v4\n"
      "      - run: |\n"
      "          echo one\n"
      "\n"
      "          echo two\n"
      "      - run: >-\n"
      "          folded\n"
      "          text\n"
      "        if: a == 'b' && c\n"
      "      - name: a long\n"
      "          plain value\n"
      "      -\n"
      "      - \"quoted\n"
      "        across\"\n"
      "      - ~\n"
      "      - key with spaces : 1\n"
      "    timeout-minutes: 30\n"
      "    empty:\n"
      "last: -1\n";
  ASSERT_TRUE(reader_takes(base));
  ASSERT_EQ(disagreement(base), "");
  std::vector<std::string> lines;
  for (size_t i = 0, j; i < base.size(); i = j + 1) {
    j = base.find('\n', i);
    lines.push_back(base.substr(i, j - i + 1));
  }
  auto joined = [&](size_t skip, const std::string& replacement) {
    std::string out;
    for (size_t i = 0; i < lines.size(); ++i) out += i == skip ? replacement : lines[i];
    return out;
  };
  size_t variants = 0, taken = 0;
  auto check = [&](const std::string& text) {
    EXPECT_EQ(disagreement(text), "") << text;
    ++variants;
    taken += reader_takes(text);
  };
  for (size_t i = 0; i < lines.size(); ++i) {
    const std::string& line = lines[i];
    check(joined(i, ""));
    check(joined(i, line + line));
    check(joined(i, " " + line));
    if (line.starts_with(" ")) check(joined(i, line.substr(1)));
    for (size_t cut = 1; cut + 1 < line.size(); ++cut) check(joined(i, line.substr(0, cut) + "\n"));
  }
  for (size_t n = 0; n <= base.size(); ++n) check(base.substr(0, n));
  EXPECT_GT(variants, 1000u);
  EXPECT_GT(taken, variants / 4);  // the damage is not all refused: the reader is compared
}

// The shapes the reader leaves to the full parser, and some it reads: both ways agree, and
// the reader's choice is the one written here.
TEST(BlockReader, LeavesWhatItDoesNotReadToTheFullParser) {
  struct Case {
    const char* text;
    bool taken;
  };
  const Case cases[] = {
      {"a: 1\n", true},
      {"- a\n- b: c\n  d: e\n", true},
      {"[a, {b: c}]\n", true},
      {"plain\n", true},
      {"a:\n- x\nb:\n  - y\n", true},
      {"a: \"x\\ty\"\nb: 'it''s'\n", true},
      {"a: |+\n  x\n\nb: >2\n    y\n", true},
      {"\xEF\xBB\xBF" "a: 1\r\nb: [x,\r\n  y]\r\n", true},
      {"", false},                          // no document
      {"# only a comment\n", false},
      {"---\na: 1\n", false},               // document markers and directives
      {"a: 1\n...\n", false},
      {"%YAML 1.2\n---\na: 1\n", false},
      {"a: &x 1\nb: *x\n", false},          // anchors, aliases, tags, merge keys
      {"a: !!str 1\n", false},
      {"<<: {a: 1}\n", false},
      {"? a\n: b\n", false},                // explicit keys
      {"- - a\n", false},                   // a sequence in a sequence on one line
      {"[a: 1]\n", false},                  // a single pair in a flow sequence
      {"{a, b: c}\n", false},               // a flow key without a value
      {"{a: }\n", false},
      {"[a]: b\n", false},                  // a flow collection as a key
      {"a: 1\na: 2\n", false},              // any finding: the full parser reports it
      {"a:\n\tb: 1\n", false},
      {"a: b: c\n", false},                 // errors
      {"a: 'unterminated\n", false},
      {"a: [1, 2\n", false},
      {"a: 1\n b: 2\n", false},
      {"a: 1\n- b\n", false},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(reader_takes(c.text), c.taken) << c.text;
    EXPECT_EQ(disagreement(c.text), "") << c.text;
  }
}

// The reader's limits are the parser's: nesting past max_depth, a key or value longer than
// max_scalar_bytes, are refused with the full parser's message, whichever path reads the rest.
TEST(BlockReader, LimitsAreTheFullParsers) {
  ParseOptions small;
  small.max_scalar_bytes = 3;
  for (const char* text : {"runs-on: x\n", "a: xyzw\n", "a:\n  - xyzw\n", "abc: [xy, wxyz]\n"})
    EXPECT_EQ(disagreement(text, small), "") << text;
  EXPECT_EQ(testing::error_of("on:\n  runs-on: x\n", small),
            "x.yml:2:3: error: scalar of 7 bytes, more than the limit of 3");

  std::string deep;
  for (int i = 0; i < 12; ++i) deep += std::string(static_cast<size_t>(2 * i), ' ') + "k:\n";
  deep += std::string(24, ' ') + "v: 1\n";
  ParseOptions options;
  options.max_depth = 10;
  EXPECT_EQ(disagreement(deep, options), "");
  EXPECT_EQ(testing::error_of(deep, options), "x.yml:11:21: error: collections nested deeper than 10 levels");
  options.max_depth = 1000;
  EXPECT_TRUE(reader_takes(deep));
  EXPECT_EQ(disagreement(deep, options), "");
}

}  // namespace
}  // namespace wfgen::yaml
