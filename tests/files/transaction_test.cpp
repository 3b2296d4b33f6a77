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

  // Commits the plan with `faults` injected; the error's message and whether it says the
  // tree was left changed.
  using Failure = std::pair<std::string, bool>;
  Failure failed_commit(const Tree& tree, const std::string& faults) {
    wfgen::files::set_faults(faults);
    Transaction t(tree, ".journal");
    plan(t, tree);
    try {
      t.commit();
    } catch (const TransactionError& e) {
      wfgen::files::set_faults("");
      return {e.what(), e.changed()};
    }
    ADD_FAILURE() << "the commit did not fail";
    return {};
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
  Tree tree(dir.path(), "the project directory");
  EXPECT_EQ(failed_commit(tree, "rename:3"),
            Failure("gen/new/c.yml: error: cannot replace: Input/output error\n"
                                         "restored the 2 files already changed: gen/b.yml, gen/a.yml\n",
                                         false));
  EXPECT_EQ(snapshot(dir.path()), before);  // no temp, backup, directory or journal left
}

TEST_F(TransactionTest, AFailedPrepareChangesNothing) {
  Tree tree(dir.path(), "the project directory");
  EXPECT_EQ(failed_commit(tree, "sync:1"),
            Failure(
                ".: error: cannot sync the file system: Input/output error\n", false));
  EXPECT_EQ(snapshot(dir.path()), before);
}

TEST_F(TransactionTest, AFailedRestoreKeepsTheJournalAndRecoverFinishesIt) {
  Tree tree(dir.path(), "the project directory");
  auto [what, changed] = failed_commit(tree, "rename:4,restore:2");
  EXPECT_TRUE(changed);
  EXPECT_EQ(what.substr(0, what.find("(Input")),
            "gen/stale.yml: error: cannot delete: Input/output error\n"
            "restored the 2 files already changed: gen/new/c.yml, gen/a.yml\n"
            "could not restore gen/b.yml ");
  EXPECT_NE(what.find("; its previous content is in gen/.wfgen-bak-"), std::string::npos);
  EXPECT_NE(what.find(".journal keeps what is left to undo: the next generate restores it\n"),
            std::string::npos);
  EXPECT_TRUE(fs::exists(dir / ".journal"));
  EXPECT_EQ(slurp(dir / "gen/b.yml"), "b new\n");
  EXPECT_EQ(Transaction::recover(tree, ".journal"), std::optional<size_t>(1));
  EXPECT_EQ(snapshot(dir.path()), before);
  EXPECT_EQ(Transaction::recover(tree, ".journal"), std::nullopt);  // nothing left to undo
}

TEST_F(TransactionTest, RecoverUndoesAKilledCommit) {
  // As a kill -9 in the middle leaves it: a journal, files changed, backups beside them.
  Tree tree(dir.path(), "the project directory");
  EXPECT_TRUE(failed_commit(tree, "rename:4,restore:1").second);
  ASSERT_TRUE(fs::exists(dir / ".journal"));
  EXPECT_EQ(slurp(dir / "gen/new/c.yml"), "c new\n");
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

// A journal is read as untrusted (a commit can carry one): a backup it names must be a
// name of ours beside the file, or nothing outside the project could be kept from moving
// in. Nothing is undone, and the file outside stays where it is.
TEST_F(TransactionTest, AJournalNamingABackupOutsideItsDirectoryIsRefused) {
  const fs::path outside = dir.path().string() + "-outside";
  spit(outside / "secret", "SECRET\n");
  const std::string victim = (outside / "secret").string();
  for (const std::string& backup : {victim, std::string("../../secret"),
                                    std::string("gen/.wfgen-bak-0123456789abcdef"),
                                    std::string(".wfgen-bak-0123")}) {
    SCOPED_TRACE(backup);
    spit(dir / ".journal", "wfgen journal 1\ndir gen/new\nrestore gen/a.yml " + backup + "\n");
    Tree tree(dir.path(), "the project directory");
    try {
      Transaction::recover(tree, ".journal");
      FAIL();
    } catch (const wfgen::files::FileError& e) {
      EXPECT_EQ(std::string(e.what()),
                ".journal: error: line 3 is no entry wfgen writes (restore gen/a.yml " + backup +
                    "); nothing was undone: look at it, then remove it");
    }
    EXPECT_EQ(slurp(outside / "secret"), "SECRET\n");
    EXPECT_EQ(slurp(dir / "gen/a.yml"), "a old\n");
  }
  fs::remove_all(outside);
}

TEST_F(TransactionTest, AJournalWithAnUnknownEntryIsRefused) {
  spit(dir / ".journal", "wfgen journal 1\nmove gen/a.yml gen/b.yml\n");
  Tree tree(dir.path(), "the project directory");
  try {
    Transaction::recover(tree, ".journal");
    FAIL();
  } catch (const wfgen::files::FileError& e) {
    EXPECT_STREQ(e.what(), ".journal: error: line 2 is no entry wfgen writes (move gen/a.yml "
                           "gen/b.yml); nothing was undone: look at it, then remove it");
  }
  EXPECT_EQ(snapshot(dir.path()).size(), before.size() + 1);  // the journal, kept
}
