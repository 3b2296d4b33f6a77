// compare_outputs reads the committed files on several threads: the statuses, the report
// and the error are the same for every thread count, and a file replaced keeps its mode.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <string>
#include <vector>

#include "generator/project_fixture.h"

namespace fs = std::filesystem;
using wfgen::pipeline::FileState;
using wfgen::pipeline::Mode;
using wfgen::pipeline::RunOptions;
using wfgen::pipeline::RunResult;
using wfgen::testing::slurp;
using wfgen::testing::spit;

namespace {

// The fixture's project with 48 rows (generated/job-n01.yml ... job-n48.yml, and all.yml):
// enough outputs for every thread to read some.
class CompareThreads : public wfgen::testing::Project {
 protected:
  void SetUp() override {
    Project::SetUp();
    std::string rows;
    for (int i = 1; i <= 48; ++i)
      rows += "  - {name: n" + std::string(i < 10 ? "0" : "") + std::to_string(i) + "}\n";
    spit(root / "matrices/jobs.yml",
         "fields: {name: string, runner: {type: string, default: ubuntu-latest}}\n"
         "entries:\n" +
             rows);
    ASSERT_EQ(generate().exit_code, 0);
  }
  RunResult run(Mode mode, unsigned threads, uint64_t max_input_size = 1 << 20) {
    RunOptions options;
    options.threads = threads;
    options.max_input_size = max_input_size;
    return wfgen::pipeline::run_project(root, mode, options);
  }
  // A check with a 4 KiB input limit fails with `error` on 1, 2 and 4 threads.
  void expect_error_on_any_thread_count(const std::string& error) {
    for (unsigned threads : {1u, 2u, 4u}) {
      RunResult r = run(Mode::Check, threads, 4096);
      EXPECT_EQ(r.exit_code, 1);
      EXPECT_EQ(r.err, error) << threads;
    }
  }
  fs::path out(int i) const {
    std::string name = (i < 10 ? "job-n0" : "job-n") + std::to_string(i) + ".yml";
    return root / "generated" / name;
  }
};

}  // namespace

TEST_F(CompareThreads, SameStatusesOnAnyThreadCount) {
  fs::remove(out(3));                            // missing
  spit(out(10), slurp(out(10)) + "# edited\n");  // edited by hand
  spit(out(20), "name: mine\n");                 // not ours
  std::string stale = slurp(out(30));
  spit(root / "generated/job-old.yml", stale);  // ours, no source
  RunResult one = run(Mode::Check, 1);
  ASSERT_EQ(one.exit_code, 1);
  std::vector<std::pair<std::string, FileState>> changed;
  for (const auto& f : one.files)
    if (f.state != FileState::InSync) changed.emplace_back(f.path, f.state);
  EXPECT_EQ(changed, (std::vector<std::pair<std::string, FileState>>{
                         {"generated/job-n03.yml", FileState::Missing},
                         {"generated/job-n10.yml", FileState::HandEdited},
                         {"generated/job-n20.yml", FileState::Unowned},
                         {"generated/job-old.yml", FileState::Stale}}));
  EXPECT_EQ(one.files.size(), 50u);  // 48 rows, all.yml, the stale file
  for (unsigned threads : {2u, 4u, 0u}) {
    RunResult many = run(Mode::Check, threads);
    EXPECT_EQ(many.out, one.out) << threads;
    ASSERT_EQ(many.files.size(), one.files.size());
    for (size_t i = 0; i < one.files.size(); ++i) {
      EXPECT_EQ(many.files[i].path, one.files[i].path);
      EXPECT_EQ(many.files[i].state, one.files[i].state) << one.files[i].path;
      EXPECT_EQ(many.files[i].diff, one.files[i].diff) << one.files[i].path;
    }
  }
}

TEST_F(CompareThreads, TheFirstErrorInOutputOrderOnAnyThreadCount) {
  // Two committed files over the size limit, and a link where a later output goes: the
  // error is the first in output order, as on one thread.
  const std::string big(5000, 'x');
  spit(out(5), big);
  spit(out(30), big);
  fs::remove(out(40));
  fs::create_symlink("all.yml", out(40));
  const std::string too_large =
      "generated/job-n05.yml: error: larger than the input size limit of 4096 bytes (raise it "
      "with --max-input-size)\n";
  expect_error_on_any_thread_count(too_large);
  // A link comes first now: the file over the limit after it is never read.
  fs::remove(out(5));
  fs::remove(out(40));
  fs::remove(out(12));
  fs::create_symlink("all.yml", out(12));
  const std::string link =
      "generated/job-n12.yml: error: is a symbolic link, not a regular file; wfgen writes only "
      "regular files (move it away)\n";
  expect_error_on_any_thread_count(link);
}

TEST_F(CompareThreads, AReplacedOutputKeepsItsMode) {
  // The mode comes from the status of the file as compare read it.
  spit(out(7), slurp(out(7)) + "# edited\n");
  ASSERT_EQ(::chmod(out(7).c_str(), 0600), 0);
  RunResult r = run(Mode::Generate, 2);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(slurp(out(7)).find("# edited"), std::string::npos);
  struct stat st {};
  ASSERT_EQ(::stat(out(7).c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0600u);
}
