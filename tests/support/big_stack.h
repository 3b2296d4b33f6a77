// Runs a function on a thread with a large stack. The deep-nesting tests assert the
// messages of max_nesting and max_depth; under a sanitizer, frames are several times
// larger and the C++ stack guard (jinja/limits.h) would speak first on a default stack.
// The calling thread's active limits are carried over.
#pragma once

#include <pthread.h>

#include <exception>
#include <functional>
#include <optional>
#include <stdexcept>

#include "jinja/limits.h"

namespace wfgen::testing {

template <class F>
auto on_big_stack(F&& fn, size_t bytes = size_t{512} << 20) {
  using Result = decltype(fn());
  struct Job {
    std::function<Result()> fn;
    jinja::Limits limits;
    std::optional<Result> result;
    std::exception_ptr error;
  } job{std::forward<F>(fn), jinja::active_limits(), {}, {}};
  auto run = [](void* p) -> void* {
    Job& j = *static_cast<Job*>(p);
    jinja::LimitsScope scope(j.limits);
    try {
      j.result.emplace(j.fn());
    } catch (...) {
      j.error = std::current_exception();
    }
    return nullptr;
  };
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, bytes);
  pthread_t thread;
  int rc = pthread_create(&thread, &attr, run, &job);
  pthread_attr_destroy(&attr);
  if (rc != 0) throw std::runtime_error("cannot start a thread with a large stack");
  pthread_join(thread, nullptr);
  if (job.error) std::rethrow_exception(job.error);
  return std::move(*job.result);
}

}  // namespace wfgen::testing
