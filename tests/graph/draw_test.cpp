// Drawing: node ids Mermaid cannot misread, labels escaped for Mermaid and DOT, long
// values cut, several workflows boxed.
#include <gtest/gtest.h>

#include "data/load.h"
#include "graph/draw.h"

using namespace wfgen::graph;

namespace {

JobGraph graph_of(const std::string& text, const std::string& path = "w.yml") {
  return job_graph(wfgen::data::parse_yaml(text, path).root(), path);
}

}  // namespace

TEST(Draw, MermaidIdsAndEscapes) {
  JobGraph g = graph_of(R"(jobs:
  end: {runs-on: x, name: 'say "hi" <b> #1 && more'}
  o-x: {needs: end, runs-on: x}
  o_x: {needs: [end, o-x], runs-on: x}
)");
  EXPECT_EQ(draw({{&g, {}}}, DrawFormat::Mermaid),
            "flowchart LR\n"
            "  j_end[\"end<br/>say #quot;hi#quot; #lt;b#gt; #35;1 && more\"]\n"
            "  j_o_x[\"o-x\"]\n"
            "  j_o_x_2[\"o_x\"]\n"
            "  j_end --> j_o_x\n"
            "  j_end --> j_o_x_2\n"
            "  j_o_x --> j_o_x_2\n");
}

TEST(Draw, DotEscapesAndShapes) {
  JobGraph g = graph_of(R"(jobs:
  a: {uses: ./.github/workflows/r.yml, name: 'q"\x'}
  b: {needs: a, runs-on: x}
)");
  EXPECT_EQ(draw({{&g, {{"b", JobMark::Added}}}}, DrawFormat::Dot),
            "digraph jobs {\n"
            "  rankdir=LR;\n"
            "  node [shape=box, fontname=\"Helvetica\", fontsize=10];\n"
            "  \"a\" [label=\"a\\nq\\\"\\\\x\\ncalls r.yml\", shape=component];\n"
            "  \"b\" [label=\"b\", style=filled, fillcolor=\"#dafbe1\"];\n"
            "  \"a\" -> \"b\";\n"
            "}\n");
}

TEST(Draw, LabelsCutLongValuesAtCharacters) {
  JobGraph g = graph_of(
      "jobs:\n  j:\n    runs-on: x\n    if: \"" + std::string(70, 'c') + " == 'ü'\"\n");
  std::vector<std::string> label = job_label(g.jobs[0], 10);
  ASSERT_EQ(label.size(), 2u);
  EXPECT_EQ(label[1], "if: " + std::string(21, 'c') + "…");  // width + 16 for conditions
  JobGraph short_one = graph_of("jobs:\n  j:\n    runs-on: x\n    if: \"ü ü\"\n");
  EXPECT_EQ(job_label(short_one.jobs[0], 10)[1], "if: ü ü");
}

TEST(Draw, UnknownNeedsDrawNoEdge) {
  JobGraph g = graph_of("jobs:\n  a: {needs: ghost, runs-on: x}\n");
  EXPECT_EQ(draw({{&g, {}}}, DrawFormat::Mermaid), "flowchart LR\n  j_a[\"a\"]\n");
}

// A chain of 100,000 jobs draws each edge once (jobs are looked up by id through an
// index: a scan per need made this quadratic).
TEST(Draw, ALongChainDrawsEveryEdge) {
  constexpr int kJobs = 100'000;
  std::string text = "jobs:\n  j0: {runs-on: x}\n";
  for (int i = 1; i < kJobs; ++i)
    text += "  j" + std::to_string(i) + ": {runs-on: x, needs: j" + std::to_string(i - 1) + "}\n";
  JobGraph g = graph_of(text);
  std::string out = draw({{&g, {}}}, DrawFormat::Mermaid);
  size_t edges = 0;
  for (size_t at = out.find(" --> "); at != std::string::npos; at = out.find(" --> ", at + 1))
    ++edges;
  EXPECT_EQ(edges, static_cast<size_t>(kJobs - 1));
  EXPECT_NE(out.find("  j_j99998 --> j_j99999\n"), std::string::npos);
}
