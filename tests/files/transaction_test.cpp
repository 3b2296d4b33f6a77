// Transaction: all or nothing, with the failures a file system can have injected.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "files/error.h"
#include "files/fault.h"
#include "files/transaction.h"
#include "support/temp_dir.h"

namespace fs = std::filesystem;
using wfgen::files::Transaction;
using wfgen::files::TransactionError;
using wfgen::files::Tree;
using wfgen::testing::slurp;
using wfgen::testing::spit;
using wfgen::testing::TempDir;

namespace {

// Every entry below `dir` with its content ("<dir>" for directories).
std::map<std::string, std::string> snapshot(const fs::path& dir) {
  std::map<std::string, std::string> out;
  for (auto& e : fs::recursive_directory_iterator(dir))
    out[fs::relative(e.path(), dir).string()] =
        e.is_directory() ? "<dir>" : slurp(e.path());
  return out;
}

class TransactionTest : public ::testing::Test {
 protected:
  void SetUp() override {
    spit(dir / "gen/a.yml", "a old\n");
    spit(dir / "gen/b.yml", "b old\n");
    spit(dir / "gen/stale.yml", "stale\n");
    before = snapshot(dir.path());
  }
  void TearDown() override { wfgen::files::set_faults(""); }

  // a, b replaced; new/c.yml created; stale.yml deleted.
  void plan(Transaction& t, const Tree& tree) {
    t.write(tree.locate("gen/a.yml", false), "a new\n");
    t.write(tree.locate("gen/b.yml", false), "b new\n");
    t.write(tree.locate("gen/new/c.yml", false), "c new\n");
    t.remove(tree.locate("gen/stale.yml", false));
  }

  TempDir dir;
  std::map<std::string, std::string> before;
};

}  // namespace

TEST_F(TransactionTest, CommitsEverything) {
  Tree tree(dir.path(), "the project directory");
  Transaction t(tree, ".journal");
  plan(t, tree);
  t.commit();
  EXPECT_EQ(snapshot(dir.path()), (std::map<std::string, std::string>{
                                      {"gen", "<dir>"},
                                      {"gen/a.yml", "a new\n"},
                                      {"gen/b.yml", "b new\n"},
                                      {"gen/new", "<dir>"},
                                      {"gen/new/c.yml", "c new\n"},
                                  }));
}

TEST_F(TransactionTest, AFailedRenameRestoresWhatWasDone) {
  wfgen::files::set_faults("rename:3");
  Tree tree(dir.path(), "the project directory");
  Transaction t(tree, ".journal");
  plan(t, tree);
  try {
    t.commit();
    FAIL();
  } catch (const TransactionError& e) {
    EXPECT_FALSE(e.changed());
    EXPECT_STREQ(e.what(),
                 "gen/new/c.yml: error: cannot replace: Input/output error\n"
                 "restored the 2 files already changed: gen/b.yml, gen/a.yml\n");
  }
  EXPECT_EQ(snapshot(dir.path()), before);  // no temp, backup, directory or journal left
}

TEST_F(TransactionTest, AFailedPrepareChangesNothing) {
  wfgen::files::set_faults("sync:1");
  Tree tree(dir.path(), "the project directory");
  Transaction t(tree, ".journal");
  plan(t, tree);
  try {
    t.commit();
    FAIL();
  } catch (const TransactionError& e) {
    EXPECT_FALSE(e.changed());
    EXPECT_STREQ(e.what(), ".: error: cannot sync the file system: Input/output error\n");
  }
  EXPECT_EQ(snapshot(dir.path()), before);
}

TEST_F(TransactionTest, AFailedRestoreKeepsTheJournalAndRecoverFinishesIt) {
  wfgen::files::set_faults("rename:4,restore:2");
  Tree tree(dir.path(), "the project directory");
  {
    Transaction t(tree, ".journal");
    plan(t, tree);
    try {
      t.commit();
      FAIL();
    } catch (const TransactionError& e) {
      EXPECT_TRUE(e.changed());
      std::string what = e.what();
      EXPECT_EQ(what.substr(0, what.find("(Input")),
                "gen/stale.yml: error: cannot delete: Input/output error\n"
                "restored the 2 files already changed: gen/new/c.yml, gen/a.yml\n"
                "could not restore gen/b.yml ");
      EXPECT_NE(what.find("; its previous content is in gen/.wfgen-bak-"), std::string::npos);
      EXPECT_NE(what.find(".journal keeps what is left to undo: the next generate restores it\n"),
                std::string::npos);
    }
  }
  EXPECT_TRUE(fs::exists(dir / ".journal"));
  EXPECT_EQ(slurp(dir / "gen/b.yml"), "b new\n");
  wfgen::files::set_faults("");
  EXPECT_EQ(Transaction::recover(tree, ".journal"), std::optional<size_t>(1));
  EXPECT_EQ(snapshot(dir.path()), before);
  EXPECT_EQ(Transaction::recover(tree, ".journal"), std::nullopt);  // nothing left to undo
}

TEST_F(TransactionTest, RecoverUndoesAKilledCommit) {
  // As a kill -9 in the middle leaves it: a journal, a file changed, its backup beside it.
  wfgen::files::set_faults("rename:3,restore:1");
  Tree tree(dir.path(), "the project directory");
  {
    Transaction t(tree, ".journal");
    plan(t, tree);
    EXPECT_THROW(t.commit(), TransactionError);
  }
  wfgen::files::set_faults("");
  ASSERT_TRUE(fs::exists(dir / ".journal"));
  EXPECT_EQ(slurp(dir / "gen/b.yml"), "b new\n");
  EXPECT_EQ(Transaction::recover(tree, ".journal"), std::optional<size_t>(1));
  EXPECT_EQ(snapshot(dir.path()), before);
}

TEST_F(TransactionTest, AJournalItCannotReadIsNotGuessedAt) {
  spit(dir / ".journal", "something else\n");
  Tree tree(dir.path(), "the project directory");
  try {
    Transaction::recover(tree, ".journal");
    FAIL();
  } catch (const wfgen::files::FileError& e) {
    EXPECT_STREQ(e.what(), ".journal: error: is not a journal this wfgen can read; look at it, "
                           "then remove it");
  }
}
