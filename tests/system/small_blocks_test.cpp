// The process's operator new (system/small_blocks.h): blocks up to 1 KB come from the
// range, aligned, distinct, reused once freed, across threads, and given back by threads
// that end; larger blocks and sanitizer builds are malloc's. `::operator new` is called
// directly: a new-expression's allocation may be elided by the compiler.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <new>
#include <set>
#include <thread>
#include <vector>

#include "system/kept_threads.h"
#include "system/small_blocks.h"

using wfgen::system::is_small_block;
using wfgen::system::small_block_stats;

namespace {

// Whether this build's operator new is ours (not a sanitizer's).
constexpr bool kOurs = WFGEN_SMALL_BLOCKS != 0;

struct Held {
  void* p;
  size_t size;
};

// Runs `there(round)` on a thread of its own, then `here(round)` on this one, round after
// round, never both at once (a maker and a freer, a helper and a check's main thread).
template <class There, class Here>
void take_turns(int rounds, There there, Here here) {
  std::atomic<int> turn{0};  // even: the other thread's, odd: this one's
  std::thread other([&] {
    for (int round = 0; round < rounds; ++round) {
      while (turn.load() != 2 * round) std::this_thread::yield();
      there(round);
      turn.store(2 * round + 1);
    }
  });
  for (int round = 0; round < rounds; ++round) {
    while (turn.load() != 2 * round + 1) std::this_thread::yield();
    here(round);
    turn.store(2 * round + 2);
  }
  other.join();
}

}  // namespace

TEST(SmallBlocks, OursUnlessASanitizerBringsItsOwn) {
  void* p = ::operator new(24);
  EXPECT_EQ(small_block_stats().active, kOurs);
  EXPECT_EQ(small_block_stats().reserved, kOurs);
  EXPECT_EQ(is_small_block(p), kOurs);
  ::operator delete(p);
}

TEST(SmallBlocks, EverySizeUpTo1KBIsAlignedDistinctAndKeepsItsBytes) {
  std::vector<Held> held;
  for (size_t size = 0; size <= 1024; ++size)
    for (int copy = 0; copy < 3; ++copy) held.push_back({::operator new(size), size});
  std::set<uintptr_t> starts;
  for (size_t i = 0; i < held.size(); ++i) {
    EXPECT_EQ(reinterpret_cast<uintptr_t>(held[i].p) % 16, 0u) << held[i].size;
    EXPECT_EQ(is_small_block(held[i].p), kOurs) << held[i].size;
    EXPECT_TRUE(starts.insert(reinterpret_cast<uintptr_t>(held[i].p)).second);
    std::memset(held[i].p, static_cast<int>(i & 0xff), held[i].size);
  }
  // Written all at once and read back: no block overlaps another.
  for (size_t i = 0; i < held.size(); ++i) {
    auto* bytes = static_cast<unsigned char*>(held[i].p);
    for (size_t b = 0; b < held[i].size; ++b)
      ASSERT_EQ(bytes[b], static_cast<unsigned char>(i & 0xff)) << held[i].size << " byte " << b;
  }
  for (const Held& h : held) ::operator delete(h.p, h.size);
}

TEST(SmallBlocks, LargerBlocksAreMallocs) {
  for (size_t size : {1025u, 4096u, 1u << 20}) {
    void* p = ::operator new(size);
    EXPECT_FALSE(is_small_block(p)) << size;
    std::memset(p, 1, size);
    ::operator delete(p);
  }
}

TEST(SmallBlocks, AFreedBlockIsTheNextOfItsSize) {
  void* a = ::operator new(40);
  ::operator delete(a, 40);
  void* b = ::operator new(48);  // the same 16-byte step
  EXPECT_EQ(a == b, kOurs);
  void* c = ::operator new(64);  // another step
  EXPECT_NE(b, c);
  ::operator delete(b);
  ::operator delete(c);
}

TEST(SmallBlocks, ABlockFreedOnAnotherThreadIsThatThreadsToReuse) {
  void* made = nullptr;
  std::thread([&] { made = ::operator new(200); }).join();
  ::operator delete(made);
  void* again = ::operator new(200);
  EXPECT_EQ(again == made, kOurs);
  ::operator delete(again);
}

TEST(SmallBlocks, ThreadsThatEndGiveTheirBlocksBack) {
  auto work = [] {
    std::vector<void*> blocks;
    for (int i = 0; i < 3000; ++i) blocks.push_back(::operator new(16 + (i % 5) * 100));
    for (void* p : blocks) ::operator delete(p);
  };
  std::thread(work).join();
  const size_t after_one = small_block_stats().spans_taken;
  for (int t = 0; t < 200; ++t) std::thread(work).join();
  // Each thread takes the blocks and span ends the ones before it gave back: 200 more
  // threads need no more spans (a few for this thread's own allocations at most).
  EXPECT_LE(small_block_stats().spans_taken, after_one + 2);
  EXPECT_EQ(after_one > 0, kOurs);
}

TEST(SmallBlocks, BlocksFreedByAnotherThreadGoBackToTheThreadThatMakesThem) {
  // A maker that lives on, a freer that only frees (the planner and a renderer): what the
  // freer holds past 64 KB of a size is handed over, and the maker takes it back.
  std::vector<void*> batch;
  size_t spans_after_first = 0;
  take_turns(
      50,
      [&](int round) {  // the maker
        batch.clear();
        for (int i = 0; i < 10000; ++i) batch.push_back(::operator new(100));
        if (round == 0) spans_after_first = small_block_stats().spans_taken;
      },
      [&](int) {  // the freer
        for (void* p : batch) ::operator delete(p, 100);
      });
  // 10,000 blocks of 112 bytes are 18 spans: kept by the freer, each round would take
  // as many new ones.
  EXPECT_LE(small_block_stats().spans_taken, spans_after_first + 4);
}

TEST(SmallBlocks, AThreadThatFreesWhatAnotherMadeKeepsNoMoreThanItsShare) {
  // As in a check: the main thread makes and frees blocks of its own, and frees what a
  // helper made (the listing of the output dir); the helper makes more every run. What the
  // main thread frees past 64 KB goes back to the helper, run after run: no new spans.
  // (Counting its frees from the last list it took, it kept up to 64 KB more at each
  // take, and the helper took new spans in every run: 60 spans in 400 checks.)
  constexpr size_t kSize = 80;
  std::vector<void*> made;
  size_t spans_after_ten = 0;
  take_turns(
      60,
      [&](int) {  // the helper
        made.clear();
        for (int i = 0; i < 300; ++i) made.push_back(::operator new(kSize));
      },
      [&](int round) {  // the main thread
        std::vector<void*> own;
        for (int i = 0; i < 5000; ++i) own.push_back(::operator new(kSize));
        for (void* p : own) ::operator delete(p, kSize);
        own.clear();
        for (void* p : made) ::operator delete(p, kSize);
        if (round == 9) spans_after_ten = small_block_stats().spans_taken;
      });
  EXPECT_LE(small_block_stats().spans_taken, spans_after_ten + 2);
}

TEST(SmallBlocks, AKeptThreadHandsOverWhatItFreedWhenItsTaskEnds) {
  // A kept thread frees four blocks the main thread made (far below what it would hand
  // over as it frees), then waits for its next task; a new thread's first block of that
  // size is the last of them. (Idle, the kept thread would have held them.)
  constexpr size_t kSize = 1000;  // a size nothing else here uses
  void* made[4];
  for (void*& p : made) p = ::operator new(kSize);
  wfgen::system::run_on_kept_thread([&] {
    for (void* p : made) ::operator delete(p, kSize);
  }).join();
  void* first = nullptr;
  std::thread([&] {
    first = ::operator new(kSize);
    ::operator delete(first, kSize);
  }).join();
  EXPECT_EQ(first == made[3], kOurs);
}

TEST(SmallBlocks, ThreadsTradingBlocksNeverGetOneTwice) {
  // Four threads allocate blocks of every size class, fill each with a stamp of its own,
  // and trade them through one queue: whoever frees a block first checks its stamp, so a
  // block handed out twice, or written by the allocator while in use, shows.
  struct Stamped {
    unsigned char* p;
    size_t size;
    unsigned char stamp;
  };
  std::mutex lock;
  std::vector<Stamped> queue;
  std::atomic<size_t> broken{0};
  auto check_and_free = [&](const Stamped& b) {
    for (size_t i = 0; i < b.size; ++i)
      if (b.p[i] != b.stamp) {
        ++broken;
        break;
      }
    ::operator delete(b.p, b.size);
  };
  auto work = [&](unsigned seed) {
    uint32_t x = seed;
    for (int i = 0; i < 40000; ++i) {
      x = x * 1664525u + 1013904223u;
      const size_t size = (x >> 8) % 1100;  // past 1 KB too: malloc's blocks mix in
      Stamped b{static_cast<unsigned char*>(::operator new(size)), size,
                static_cast<unsigned char>(x >> 24)};
      std::memset(b.p, b.stamp, size);
      Stamped other{nullptr, 0, 0};
      {
        std::lock_guard<std::mutex> hold(lock);
        queue.push_back(b);
        if (queue.size() > 64) {
          const size_t at = (x >> 4) % queue.size();
          other = queue[at];
          queue[at] = queue.back();
          queue.pop_back();
        }
      }
      if (other.p) check_and_free(other);
    }
  };
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < 4; ++t) threads.emplace_back(work, 17 + t);
  for (auto& t : threads) t.join();
  for (const Stamped& b : queue) check_and_free(b);
  EXPECT_EQ(broken.load(), 0u);
}

TEST(SmallBlocks, ZeroBytesIsADistinctBlock) {
  void* a = ::operator new(0);
  void* b = ::operator new(0);
  EXPECT_NE(a, nullptr);
  EXPECT_NE(a, b);
  ::operator delete(a);
  ::operator delete(b);
}

TEST(SmallBlocks, WhatCannotBeHadIsBadAllocOrNull) {
  // (A sanitizer's operator new aborts on such a size instead, unless told otherwise.)
  if (kOurs) {
    const size_t too_much = SIZE_MAX / 2;
    EXPECT_EQ(::operator new(too_much, std::nothrow), nullptr);
    EXPECT_EQ(::operator new[](too_much, std::nothrow), nullptr);
    EXPECT_THROW((void)::operator new(too_much), std::bad_alloc);
  }
  void* small = ::operator new(8, std::nothrow);
  EXPECT_EQ(is_small_block(small), kOurs);
  ::operator delete(small, std::nothrow);
}
