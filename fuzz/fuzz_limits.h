// The limits the fuzz targets render under: far below the defaults, so that one input
// runs in milliseconds and a limit is reached (and its error path run) often.
#pragma once

#include "jinja/limits.h"

namespace wfgen::fuzz {

inline jinja::Limits fuzz_limits() {
  jinja::Limits l;
  l.max_nesting = 200;
  l.max_depth = 200;
  l.max_recursion = 40;
  l.max_string = 1 << 16;
  l.max_items = 1 << 16;
  l.max_int_digits = 4300;
  l.max_output = 1 << 16;
  return l;
}

}  // namespace wfgen::fuzz
