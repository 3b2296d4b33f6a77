// Interned names: one id per name for the whole process, read back without a lock while
// other threads intern new names.
#include "jinja/syntax/interned_names.h"

#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

namespace wfgen::jinja {
namespace {

TEST(InternedNames, OneIdPerNameAndItsNameBack) {
  const uint32_t a = intern_symbol("interned_names_test_a");
  const uint32_t b = intern_symbol("interned_names_test_b");
  EXPECT_NE(a, b);
  EXPECT_EQ(intern_symbol("interned_names_test_a"), a);
  EXPECT_EQ(symbol_name(a), "interned_names_test_a");
  EXPECT_EQ(symbol_name(b), "interned_names_test_b");
  EXPECT_EQ(find_symbol("interned_names_test_b"), b);
  EXPECT_EQ(find_symbol("interned_names_test_never_interned"), UINT32_MAX);
  // Names are compared by their bytes: an embedded NUL and an empty name are names too.
  const uint32_t nul = intern_symbol(std::string_view("x\0y", 3));
  EXPECT_EQ(symbol_name(nul), std::string("x\0y", 3));
  EXPECT_NE(intern_symbol(""), nul);
}

// Threads intern the same names and names of their own at once (past one chunk of names),
// and each reads every name back by its id as it goes: every thread gets the same id for
// a shared name, and a name read back is the name interned.
TEST(InternedNames, ThreadsShareIdsAndReadNamesWithoutALock) {
  constexpr int kThreads = 4;
  constexpr int kNames = 6000;  // more than a chunk (4,096 names) per thread
  std::vector<std::vector<uint32_t>> shared(kThreads), own(kThreads);
  std::vector<int> wrong(kThreads, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kNames; ++i) {
        const std::string s = "interned_shared_" + std::to_string(i);
        const std::string o = "interned_own_" + std::to_string(t) + "_" + std::to_string(i);
        shared[t].push_back(intern_symbol(s));
        own[t].push_back(intern_symbol(o));
        wrong[t] += symbol_name(shared[t].back()) != s;
        wrong[t] += symbol_name(own[t].back()) != o;
      }
    });
  }
  for (std::thread& th : threads) th.join();
  for (int t = 0; t < kThreads; ++t) {
    EXPECT_EQ(wrong[t], 0) << "thread " << t;
    EXPECT_EQ(shared[t], shared[0]) << "thread " << t;
    for (int u = 0; u < t; ++u) EXPECT_NE(own[t][0], own[u][0]);
  }
  EXPECT_EQ(symbol_name(own[3][kNames - 1]), "interned_own_3_" + std::to_string(kNames - 1));
}

}  // namespace
}  // namespace wfgen::jinja
