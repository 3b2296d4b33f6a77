// What the linter reads on its own stays inside its root (docs/file-safety.md, promise 1):
// a local callee inside its caller's repository (`wfgen lint PATH...`), a folder's
// workflows inside the folder walked; a symbolic link inside is followed, one out is
// refused, naming the link and its target.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <filesystem>

#include "files/error.h"
#include "lint/discover.h"
#include "lint/lint_test_util.h"
#include "support/temp_dir.h"

namespace fs = std::filesystem;
using wfgen::lint::CalleeRoot;
using wfgen::lint::DiskRoots;
using wfgen::lint::Linter;
using wfgen::testing::findings;
using wfgen::testing::spit;
using wfgen::testing::TempDir;
using V = std::vector<std::string>;

namespace {

// A workflow that calls each of `callees` (./.github/workflows/NAME.yml), one job each.
std::string caller(const V& callees) {
  std::string s = "on: workflow_call\npermissions: {}\njobs:\n";
  for (size_t i = 0; i < callees.size(); ++i)
    s += "  j" + std::to_string(i) + ":\n    uses: ./.github/workflows/" + callees[i] + ".yml\n";
  return s;
}

std::string message_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const wfgen::files::FileError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST(LintDiskFiles, ACalleeLinkOutOfTheCallersRepositoryIsAFindingAtUses) {
  TempDir d;
  const std::string repo = (d / "repo").generic_string();
  const std::string wf = repo + "/.github/workflows/";
  // Outside the repository: a workflow that calls itself (a loop finding if it were read).
  spit(d / "outside.yml", caller({"leak"}));
  fs::create_directories(wf);
  fs::create_symlink(d / "outside.yml", wf + "leak.yml");
  // Inside: a link to another folder of the repository, followed; that callee calls
  // itself, which reusable-limits reports only because it was read.
  spit(d / "repo/shared/in.yml", caller({"in"}));
  fs::create_symlink("../../shared/in.yml", wf + "in.yml");
  const std::string a = wf + "a.yml";
  auto r = Linter({}, DiskRoots{d.path(), CalleeRoot::CallerRepository})
               .run({{a, caller({"leak", "in"}), {}, {}}});
  EXPECT_EQ(findings(r, "reusable-call"),
            (V{"5:11: the called workflow is not read: " + wf + "leak.yml: is a symbolic link to " +
               (d / "outside.yml").string() + ", outside the repository " + repo +
               " of the calling workflow; wfgen follows no link out of it"}));
  EXPECT_EQ(findings(r, "reusable-limits"),
            (V{"7:11: the reusable workflows this call reaches call each other in a loop "
               "(in.yml -> in.yml); GitHub does not permit loops"}));
}

TEST(LintDiskFiles, ACalleeThatIsNotARegularFileIsAFinding) {
  TempDir d;
  const std::string wf = (d / "repo/.github/workflows/").generic_string();
  fs::create_directories(wf + "dir.yml");
  ASSERT_EQ(::mkfifo((wf + "fifo.yml").c_str(), 0600), 0);
  auto r = Linter({}, DiskRoots{d.path(), CalleeRoot::CallerRepository})
               .run({{wf + "a.yml", caller({"dir", "fifo", "absent"}), {}, {}}});
  EXPECT_EQ(findings(r, "reusable-call"),
            (V{"5:11: the called workflow is not read: " + wf +
                   "dir.yml: cannot read: not a regular file (it is a directory)",
               "7:11: the called workflow is not read: " + wf +
                   "fifo.yml: cannot read: not a regular file (it is a FIFO)"}));
}

TEST(LintDiskFiles, AFolderWalkFollowsLinksInsideAndRefusesLinksOut) {
  TempDir d;
  spit(d / "outside.yml", "on: push\n");
  spit(d / "lint/.github/workflows/a.yml", "on: push\n");
  spit(d / "lint/other/b.yml", "on: push\n");
  fs::create_symlink("../../other/b.yml", d / "lint/.github/workflows/b.yml");
  const std::string top = (d / "lint").generic_string();
  auto found = wfgen::lint::discover_workflows({top});
  EXPECT_EQ(found.files, (V{top + "/.github/workflows/a.yml", top + "/.github/workflows/b.yml",
                            top + "/other/b.yml"}));
  EXPECT_EQ(found.read(1, 1000), "on: push\n");

  fs::create_symlink(d / "outside.yml", d / "lint/.github/workflows/c.yml");
  EXPECT_EQ(message_of([&] { wfgen::lint::discover_workflows({top}); }),
            top + "/.github/workflows/c.yml: error: is a symbolic link to " +
                (d / "outside.yml").string() + ", outside the directory being linted (" + top +
                "); wfgen follows no link out of it");
}

TEST(LintDiskFiles, TheWorkflowsFolderOfADirectoryStaysInsideIt) {
  TempDir d;
  spit(d / "elsewhere/x.yml", "on: push\n");
  fs::create_directories(d / "repo/.github");
  fs::create_symlink(d / "elsewhere", d / "repo/.github/workflows");
  const std::string top = (d / "repo").generic_string();
  EXPECT_EQ(message_of([&] { wfgen::lint::discover_workflows_in(top, ".github/workflows"); }),
            top + "/.github/workflows: error: is a symbolic link to " + (d / "elsewhere").string() +
                ", outside the directory being linted (" + top +
                "); wfgen follows no link out of it");
  // A link to a folder inside is followed; files are shown under the name the user knows.
  fs::remove(d / "repo/.github/workflows");
  spit(d / "repo/ci/x.yml", "on: push\n");
  fs::create_symlink("../ci", d / "repo/.github/workflows");
  auto found = wfgen::lint::discover_workflows_in(top, ".github/workflows");
  EXPECT_EQ(found.files, (V{top + "/.github/workflows/x.yml"}));
  EXPECT_EQ(found.read(0, 1000), "on: push\n");
}

TEST(LintDiskFiles, ASpecialFileNamedIsReadAndRefusedWithWhatItIs) {
  TempDir d;
  ASSERT_EQ(::mkfifo((d / "fifo").c_str(), 0600), 0);
  const std::string fifo = (d / "fifo").generic_string();
  auto found = wfgen::lint::discover_workflows({"/dev/null", fifo, (d / "none").string()});
  EXPECT_EQ(found.files, (V{"/dev/null", fifo}));
  EXPECT_EQ(found.missing, (V{(d / "none").string()}));
  EXPECT_EQ(message_of([&] { found.read(0, 1000); }),
            "/dev/null: error: cannot read: not a regular file (it is a character device)");
  EXPECT_EQ(message_of([&] { found.read(1, 1000); }),
            fifo + ": error: cannot read: not a regular file (it is a FIFO)");
}

TEST(LintDiskFiles, CalleesOnDiskReadByManyThreadsAtOnceGiveWhatOneThreadGives) {
  // 24 callers in the run, each calling 8 of 40 callees that are only on disk and each
  // call itself (a loop, which reusable-limits reports at the call only once it has read
  // the callee): every callee is read from disk, by whichever thread asks first, while the
  // other threads read others.
  TempDir d;
  const std::string wf = (d / "repo/.github/workflows/").generic_string();
  fs::create_directories(wf);
  for (int c = 0; c < 40; ++c)
    spit(wf + "c" + std::to_string(c) + ".yml", caller({"c" + std::to_string(c)}));
  std::vector<wfgen::lint::SourceFile> callers;
  for (int k = 0; k < 24; ++k) {
    V callees;
    for (int j = 0; j < 8; ++j) callees.push_back("c" + std::to_string((k * 7 + j * 5) % 40));
    callers.push_back({wf + "k" + std::to_string(k) + ".yml", caller(callees), {}, {}});
  }
  auto run = [&](unsigned threads) {
    auto r = Linter({}, DiskRoots{d.path(), CalleeRoot::CallerRepository}).run(callers, threads);
    V out;
    for (const wfgen::lint::Finding& f : r.findings)
      out.push_back(f.file.substr(wf.size()) + ":" + std::to_string(f.line) + ":" +
                    std::to_string(f.col) + " [" + f.rule + "] " + f.message);
    return out;
  };
  const V one = run(1);
  ASSERT_EQ(one.size(), 24u * 8u);  // a loop at each call
  EXPECT_EQ(one[0],
            "k0.yml:5:11 [reusable-limits] the reusable workflows this call reaches call each "
            "other in a loop (c0.yml -> c0.yml); GitHub does not permit loops");
  for (int round = 0; round < 10; ++round) ASSERT_EQ(run(4), one) << round;
}
