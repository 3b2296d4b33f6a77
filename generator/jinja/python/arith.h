// Python's operators on Values: + - * / // % ** and unary - +, with int overflow
// promoted to BigInt, str/list concatenation and repetition, and `str % args`.
#pragma once

#include <cstdint>

#include "jinja/value/value.h"

namespace wfgen::jinja {

class Runtime;

// Python's arithmetic operators (the syntax tree's BinOp starts with the same ones).
enum class ArithOp : uint8_t { Add, Sub, Mul, Div, FloorDiv, Mod, Pow };

Value binary_op(Runtime& rt, ArithOp op, const Value& a, const Value& b);
Value negate(const Value& v);
Value unary_plus(const Value& v);
// `a in b` (Python's `__contains__`).
bool contains(const Value& container, const Value& item);

}  // namespace wfgen::jinja
