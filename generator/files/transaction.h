// Transaction: writes and deletes many files of one Tree as a unit, all or nothing.
//
//   prepare  directories, temporary files (written whole), a backup of every file that
//            will be replaced or deleted (a hard link: no copy), then one sync. A failure
//            here removes all of it: nothing visible changed.
//   journal  what to undo, written to a temporary file, synced and renamed into place.
//   apply    each temporary file renamed over its target, each deletion an unlink. A
//            failure restores every file already changed from its backup, in reverse.
//   finish   sync, the journal removed (the commit point), the backups removed.
//
// A process killed between journal and finish leaves the journal; recover() (the next
// run, under the project lock) puts every file back as it was before the killed run.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "files/temp_file.h"
#include "files/tree.h"

namespace wfgen::files {

// A commit that failed. The message says exactly what happened, one line per fact.
class TransactionError : public std::runtime_error {
 public:
  TransactionError(std::string message, bool changed)
      : std::runtime_error(std::move(message)), changed_(changed) {}
  // True when some file could not be put back: the tree is not as it was.
  bool changed() const { return changed_; }

 private:
  bool changed_;
};

class Transaction {
 public:
  // `journal`: the journal's name at the tree's top.
  Transaction(const Tree& tree, std::string journal);

  // Plans a write of `content` at `where` (a location the caller has validated: absent,
  // or an existing regular file).
  void write(Location where, std::string content);
  // Plans the deletion of the regular file at `where`.
  void remove(Location where);
  bool empty() const { return ops_.empty(); }

  // Does what is planned (see above). Throws TransactionError.
  void commit();

  // Undoes what the journal of a killed run lists. nullopt when there is no journal,
  // else how many files were put back. Throws FileError when it cannot (the journal is
  // then kept for the next try).
  static std::optional<size_t> recover(const Tree& tree, const std::string& journal);

 private:
  struct Op {
    Location loc;
    std::string content;
    bool remove = false;
    std::optional<TempFile> temp;
    std::string backup;  // name of the hard link to the file it replaces, in the same dir
    bool backed_up = false;
  };

  void prepare(std::vector<std::string>& made_dirs);
  void write_journal(const std::vector<std::string>& made_dirs);
  void sync_all();
  void undo_prepare(const std::vector<std::string>& made_dirs);
  [[noreturn]] void roll_back(size_t done, const std::string& failure,
                              const std::vector<std::string>& made_dirs);
  void remove_backups();
  int remove_journal();  // 0 or errno

  const Tree& tree_;
  std::string journal_;
  std::vector<Op> ops_;
  bool journal_written_ = false;
};

}  // namespace wfgen::files
