// Feed: a list one thread (the planner) appends to while other threads take its items in
// order, each item once, so that workers start on the first outputs while the planner is
// still expanding the matrices of the next families. Items never move once added: a
// taker keeps the pointer it got and fills in the item's results.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <vector>

namespace wfgen::pipeline {

template <class T>
class Feed {
 public:
  // Appends `items`, visible to take() from now on.
  void add(std::vector<T>& items) {
    if (items.empty()) return;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      for (T& item : items) items_.push_back(std::move(item));
    }
    items.clear();
    more_.notify_all();
  }

  // No item will be added after this: takers waiting for one return.
  void close() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      closed_ = true;
    }
    more_.notify_all();
  }

  // The next item nobody took, with its index; waits while the feed is open and every item
  // is taken. nullptr once the feed is closed and every item taken.
  T* take(size_t& index) {
    std::unique_lock<std::mutex> lock(mutex_);
    more_.wait(lock, [&] { return next_ < items_.size() || closed_; });
    if (next_ == items_.size()) return nullptr;
    index = next_++;
    return &items_[index];
  }

  size_t size() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return items_.size();
  }

  // Every item, in order: only once the feed is closed and no taker is left.
  std::deque<T>& items() { return items_; }

 private:
  mutable std::mutex mutex_;
  std::condition_variable more_;
  std::deque<T> items_;
  size_t next_ = 0;
  bool closed_ = false;
};

}  // namespace wfgen::pipeline
