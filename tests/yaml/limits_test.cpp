// Limits end in positioned errors, never a crash or a hang: nesting depth, alias expansion,
// scalar and document size.
#include "data/load.h"
#include "yaml/yaml_test_util.h"

namespace wfgen::yaml {
namespace {

using testing::error_of;

TEST(YamlLimits, DeepFlowNestingStopsAtTheLimit) {
  std::string deep(100'000, '[');
  EXPECT_EQ(error_of(deep), "x.yml:1:1001: error: collections nested deeper than 1000 levels");
  ParseOptions o;
  o.max_depth = 10;
  EXPECT_EQ(error_of("[[[[[[[[[[[x]]]]]]]]]]]", o), "x.yml:1:11: error: collections nested deeper than 10 levels");
  EXPECT_EQ(error_of("[[[[[[[[[x]]]]]]]]]", o), "");
}

TEST(YamlLimits, DeepBlockNestingStopsAtTheLimit) {
  std::string deep;
  for (int i = 0; i < 2000; ++i) deep += std::string(static_cast<size_t>(i), ' ') + "k:\n";
  EXPECT_EQ(error_of(deep), "x.yml:1001:1001: error: collections nested deeper than 1000 levels");
  std::string seqs;
  for (int i = 0; i < 1500; ++i) seqs += "- ";
  EXPECT_EQ(error_of(seqs + "x\n"), "x.yml:1:2001: error: collections nested deeper than 1000 levels");
}

TEST(YamlLimits, DeepNestingInCollectModeKeepsThePartialTree) {
  ParseOptions o;
  o.mode = Mode::Collect;
  o.max_depth = 3;
  Tree t = parse("a: [[[[x]]]]\n", o);
  ASSERT_EQ(t.diagnostics().size(), 1u);
  EXPECT_EQ(t.diagnostics()[0].kind, DiagKind::Limit);
  ASSERT_NE(t.root(), nullptr);
  EXPECT_TRUE(t.root()->find("a")->is_sequence());
}

TEST(YamlLimits, AliasBombStopsAtTheBudget) {
  std::string bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n";
  std::string prev = "a";
  for (char c = 'b'; c <= 'j'; ++c) {
    std::string name(1, c);
    bomb += name + ": &" + name + " [";
    for (int i = 0; i < 10; ++i) bomb += (i ? ", *" : "*") + prev;
    bomb += "]\n";
    prev = name;
  }
  EXPECT_LT(bomb.size(), 600u);
  // Each alias of `a` adds 11 nodes, of `b` 111, of `c` 1111...: the budget runs out at the
  // 8th alias on line `e` (110 + 1110 + 11110 + 8 x 11111 > 100000).
  EXPECT_EQ(error_of(bomb), "x.yml:5:36: error: aliases expand to more than 100000 nodes (the limit on alias expansion)");
  ParseOptions o;
  o.max_alias_nodes = 1000;
  EXPECT_EQ(error_of(bomb, o), "x.yml:3:40: error: aliases expand to more than 1000 nodes (the limit on alias expansion)");
}

TEST(YamlLimits, ScalarAndDocumentSize) {
  ParseOptions o;
  o.max_scalar_bytes = 8;
  EXPECT_EQ(error_of("a: 12345678\nb: \"123456789\"\n", o),
            "x.yml:2:4: error: scalar of 9 bytes, more than the limit of 8");
  o = {};
  o.max_document_bytes = 10;
  EXPECT_EQ(error_of("a: 12345678\n", o), "x.yml:1:1: error: document of 12 bytes, more than the limit of 10");
}

TEST(YamlLimits, DataDocumentsTakeTheOptions) {
  ParseOptions o;
  o.max_depth = 2;
  try {
    data::parse_yaml("a: [[1]]\n", "d.yml", o);
    FAIL();
  } catch (const data::DataError& e) {
    EXPECT_EQ(std::string(e.what()), "d.yml:1:5: error: collections nested deeper than 2 levels");
  }
}

}  // namespace
}  // namespace wfgen::yaml
