// The lint corpus: every file in tests/lint/corpus/bad holds one mistake and names, on its
// first line (`# expect: RULE LINE:COL`), the one error it must give; every file in
// tests/lint/corpus/good gives no finding at all.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "lint/linter.h"
#include "support/shared_dir.h"

namespace fs = std::filesystem;
using wfgen::lint::Finding;

namespace {

fs::path corpus(const char* kind) {
  return wfgen::testing::source_dir() / "tests" / "lint" / "corpus" / kind;
}

std::vector<fs::path> files_in(const fs::path& dir) {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".yml") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

wfgen::lint::LintResult lint_file(const fs::path& p) {
  return wfgen::lint::Linter().run({{p.filename().string(), wfgen::testing::read_file(p), {}, {}}});
}

}  // namespace

TEST(LintCorpus, EveryBadFileGivesExactlyItsExpectedError) {
  auto files = files_in(corpus("bad"));
  ASSERT_GE(files.size(), 60u);
  for (const fs::path& p : files) {
    SCOPED_TRACE(p.filename().string());
    std::string text = wfgen::testing::read_file(p);
    std::istringstream first(text.substr(0, text.find('\n')));
    std::string hash, tag, rule, where;
    first >> hash >> tag >> rule >> where;
    ASSERT_EQ(tag, "expect:") << "the first line must be `# expect: RULE LINE:COL`";
    auto result = lint_file(p);
    std::vector<std::string> errors;
    for (const Finding& f : result.findings)
      if (f.fails(false))
        errors.push_back(f.rule + " " + std::to_string(f.line) + ":" + std::to_string(f.col) + " " +
                         f.message);
    ASSERT_EQ(errors.size(), 1u) << ::testing::PrintToString(errors);
    EXPECT_EQ(errors[0].substr(0, errors[0].find(' ', rule.size() + 1)), rule + " " + where)
        << errors[0];
  }
}

TEST(LintCorpus, GoodFilesGiveNoFinding) {
  auto files = files_in(corpus("good"));
  ASSERT_GE(files.size(), 4u);
  for (const fs::path& p : files) {
    SCOPED_TRACE(p.filename().string());
    auto result = lint_file(p);
    std::vector<std::string> all;
    for (const Finding& f : result.findings)
      all.push_back(f.rule + " " + std::to_string(f.line) + ":" + std::to_string(f.col) + " " +
                    f.message);
    EXPECT_TRUE(all.empty()) << ::testing::PrintToString(all);
  }
}

// One run over the whole corpus and the real reference workflows (callers and the
// reusable workflows they call among them) gives the same findings, in the same order,
// on one thread as on several.
TEST(LintCorpus, FindingsDoNotDependOnTheThreadCount) {
  std::vector<fs::path> files = files_in(corpus("bad"));
  for (const fs::path& p : files_in(corpus("good"))) files.push_back(p);
  for (const char* set : {"pytorch", "therock", "crcr"})
    for (const fs::path& p : files_in(wfgen::testing::shared_dir() / "reference" / set))
      files.push_back(p);
  auto run = [&](unsigned threads) {
    std::vector<wfgen::lint::SourceFile> sources;
    for (const fs::path& p : files)
      sources.push_back({p.parent_path().filename().string() + "/" + p.filename().string(),
                         wfgen::testing::read_file(p), "", {{"t.j2", 1, 1, "template"}}});
    std::vector<std::string> out;
    for (const Finding& f : wfgen::lint::Linter().run(std::move(sources), threads).findings) {
      std::string s = f.file + ":" + std::to_string(f.line) + ":" + std::to_string(f.col) + " [" +
                      f.rule + "] " + f.message;
      for (const auto& n : f.notes) s += " | " + n.file + ":" + std::to_string(n.line) + " " + n.text;
      out.push_back(s);
    }
    return out;
  };
  std::vector<std::string> one = run(1);
  ASSERT_GE(one.size(), 100u);
  EXPECT_EQ(run(3), one);
  EXPECT_EQ(run(0), one);
}
