#include "jinja/python/index.h"

#include <cstdint>
#include <string>

#include "jinja/error.h"
#include "jinja/python/ops.h"

namespace wfgen::jinja {

int64_t to_index(const Value& v) {
  if (v.kind() == Kind::Int) return v.as_int();
  if (v.is_bool()) return v.as_bool() ? 1 : 0;
  if (v.kind() == Kind::BigInt) {
    throw_error(ErrorKind::Runtime, "Python int too large to convert to C ssize_t");
  }
  throw_type_error("'" + std::string(type_name(v)) +
                   "' object cannot be interpreted as an integer");
}

int64_t to_c_int(const Value& v) {
  if (v.kind() == Kind::BigInt ||
      (v.kind() == Kind::Int && (v.as_int() < INT32_MIN || v.as_int() > INT32_MAX))) {
    throw_error(ErrorKind::Runtime, "Python int too large to convert to C int");
  }
  if (v.kind() == Kind::Int) return v.as_int();
  if (v.is_bool()) return v.as_bool() ? 1 : 0;
  throw_type_error("'" + std::string(type_name(v)) +
                   "' object cannot be interpreted as an integer");
}

}  // namespace wfgen::jinja
