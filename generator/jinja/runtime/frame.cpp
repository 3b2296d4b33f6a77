#include "jinja/runtime/frame.h"

namespace wfgen::jinja {

const Value& missing_value() {
  // Never destroyed: frames may still hold it while statics are torn down.
  static const Value* missing = new Value(Value::undefined("missing", false));
  return *missing;
}

}  // namespace wfgen::jinja
