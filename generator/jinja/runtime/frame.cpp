#include "jinja/runtime/frame.h"

namespace wfgen::jinja {

const Value& missing_value() {
  // One per thread: copying a Value changes its (non-atomic) reference count, and threads
  // may render at once, each with its own values. Frames still holding it when the thread
  // ends keep the object alive through their own references.
  thread_local const Value missing = Value::undefined("missing", false);
  return missing;
}

}  // namespace wfgen::jinja
