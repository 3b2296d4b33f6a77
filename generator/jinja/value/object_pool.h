// Allocation of runtime objects (frames, strings, lists, macros...). A render creates
// and drops hundreds of small objects of a few sizes; recycling them through
// per-size free lists costs a few instructions where malloc and free cost a hundred.
// Sanitizer builds use plain new/delete so that use-after-free is still caught.
#pragma once

#include <cstddef>

namespace wfgen::jinja::object_pool {

void* allocate(size_t size);
void deallocate(void* p, size_t size) noexcept;

}  // namespace wfgen::jinja::object_pool
