#!/usr/bin/env python3
"""Regenerates the CPython expectation tables of the C++ unit tests from this Python (3.11).

The tables live in the test files, one row per case: the input columns are curated by hand, the
expected columns are CPython's answer for those inputs and are only ever written by this script.
It reads each table's rows, evaluates the inputs with CPython and rewrites every expected column
whose value differs (a column that agrees keeps its text, so a run on current tables changes
nothing). The tables:

  tests/jinja/pyfloat_test.cpp    repr(x), '%{#}.{p}{t}' % x, round(x, n)
  tests/jinja/bigint_test.cpp     a+b, a-b, a*b, a//b, a%b, a**e, float(n), int(d), int(s, base), a/b
  tests/jinja/pyformat_test.cpp   fmt % args, fmt.format(*args, **kwargs), format(value, spec)
  tests/jinja/methods_test.cpp    getattr(self, name)(*args, **kwargs): repr, error, self afterwards
  tests/jinja/unicode_test.cpp    str case mappings and predicates; the two whole-Unicode hashes
  tests/generator/json_direct_test.cpp   repr(json.loads(text))

Usage: tests/tools/cpython_tables.py [--check]   (--check: exit 1 if a table would change)
"""

import json
import math
import os
import re
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


# ---- reading C++ tables ----------------------------------------------------------------------

def skip_literal(text, i):
    """Index just past the string/char literal starting at text[i]."""
    m = re.match(r'R"([^(]*)\(', text[i:])
    if m:
        end = text.index(")" + m.group(1) + '"', i + m.end())
        return end + len(m.group(1)) + 2
    quote = text[i]
    i += 1
    while text[i] != quote:
        i += 2 if text[i] == "\\" else 1
    return i + 1


def split_top(text, sep=","):
    """Splits at `sep` outside brackets, braces, parentheses and literals."""
    parts, depth, start, i = [], 0, 0, 0
    while i < len(text):
        c = text[i]
        if c in "\"'" or (c == "R" and text[i + 1:i + 2] == '"'):
            if c == "'" and i > 0 and (text[i - 1].isalnum()):  # digit separator: never used here
                i += 1
                continue
            i = skip_literal(text, i)
            continue
        if c == "/" and text[i + 1:i + 2] == "/":
            i = text.index("\n", i)
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == sep and depth == 0:
            parts.append(text[start:i])
            start = i + 1
        i += 1
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]


class Table:
    """One `const T NAME[] = { {...}, ... };` table: rows of column texts, with their spans."""

    def __init__(self, text, name):
        m = re.search(r"\b" + re.escape(name) + r"\[\]\s*=\s*\{", text)
        if not m:
            raise SystemExit(f"table {name} not found")
        self.start = m.end()
        depth, i = 1, self.start
        while depth:
            c = text[i]
            if c in "\"'" or (c == "R" and text[i + 1] == '"'):
                i = skip_literal(text, i)
                continue
            if c == "/" and text[i + 1] == "/":
                i = text.index("\n", i)
                continue
            depth += {"{": 1, "}": -1}.get(c, 0)
            i += 1
        self.end = i - 1
        self.rows = []  # (start, end, [column texts]) of each row's braces' contents
        body = text[self.start:self.end]
        pos = 0
        for part in split_top(body):
            at = body.index(part, pos)
            pos = at + len(part)
            assert part.startswith("{") and part.endswith("}"), part[:80]
            self.rows.append([self.start + at + 1, self.start + at + len(part) - 1,
                              split_top(part[1:-1])])


def cpp_bytes(text):
    """The bytes of a (concatenation of) C++ string literal(s)."""
    out, i = b"", 0
    while i < len(text):
        if text[i].isspace():
            i += 1
            continue
        end = skip_literal(text, i)
        lit = text[i:end]
        if lit.startswith("R"):
            out += lit[lit.index("(") + 1: lit.rindex(")")].encode("utf-8")
        else:
            body = lit[1:-1].encode("utf-8")
            out += re.sub(rb"\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)", unescape, body)
        i = end
    return out


def unescape(m):
    e = m.group(1)
    if e[:1] == b"x":
        return bytes([int(e[1:], 16)])
    if e[:1].isdigit():
        return bytes([int(e, 8)])
    return {b"n": b"\n", b"t": b"\t", b"r": b"\r", b"0": b"\0", b"a": b"\a", b"b": b"\b",
            b"f": b"\f", b"v": b"\v"}.get(e, e)


def cpp_str(text):
    return cpp_bytes(text).decode("utf-8", "surrogateescape")


def cpp_double(text):
    t = text.replace(" ", "")
    sign = -1.0 if t.startswith("-") else 1.0
    t = t.lstrip("-")
    if t in ("HUGE_VAL", "std::numeric_limits<double>::infinity()"):
        return sign * math.inf
    if t == "std::numeric_limits<double>::quiet_NaN()":
        return math.nan
    return sign * (float.fromhex(t) if "0x" in t else float(t))


def cpp_int(text):
    return int(text.replace("int64_t", "").strip("{}() ").rstrip("uUlL"), 0)


class ValueParser:
    """C++ Value-building expressions (Value::integer(...), tup({...}), lambdas...) as Python."""

    TOKEN = re.compile(r'\s*(R"[^(]*\(|"|\'|[A-Za-z_][\w:<>, ]*?(?=[({])|-?0x[0-9a-fA-Fp.+-]+|'
                       r"-?[0-9][0-9.eE+-]*[uUlL]*|[{}(),\[\]]|\w+)")

    def __init__(self, text):
        self.text, self.i = text, 0

    def peek(self):
        while self.i < len(self.text) and self.text[self.i].isspace():
            self.i += 1
        return self.text[self.i:self.i + 1]

    def expect(self, s):
        self.peek()
        if not self.text.startswith(s, self.i):
            raise ValueError(f"expected {s!r} at {self.text[self.i:self.i + 40]!r}")
        self.i += len(s)

    def string(self):
        start = self.i
        while self.peek() in ('"', "R") and (self.peek() == '"' or self.text[self.i + 1] == '"'):
            self.i = skip_literal(self.text, self.i)
        return cpp_str(self.text[start:self.i])

    def items(self, close="}"):
        out = []
        while self.peek() != close:
            out.append(self.value())
            if self.peek() == ",":
                self.expect(",")
        self.expect(close)
        return out

    def value(self):
        c = self.peek()
        if c == "[":  # a lambda: [] { return EXPR; }
            self.expect("[")
            self.expect("]")
            self.expect("{")
            self.expect("return")
            v = self.value()
            self.expect(";")
            self.expect("}")
            return v
        if c in ('"',) or (c == "R" and self.text[self.i + 1] == '"'):
            return self.string()
        if c == "{":
            self.expect("{")
            return self.items()
        m = re.match(r"(-?0x[0-9a-fA-F.]+p[+-]?\d+|-?\d+(\.\d*)?([eE][+-]?\d+)?)[uUlL]*",
                     self.text[self.i:])
        if m and not self.text[self.i:].startswith("-std"):
            self.i += m.end()
            return cpp_double(m.group(1)) if ("." in m.group(1) or "p" in m.group(1)
                                               or "e" in m.group(1).lower()
                                               and "0x" not in m.group(1)) else int(m.group(1), 0)
        m = re.match(r"-?[A-Za-z_][\w:]*(<[^(){}]*>)?(::\w+)*", self.text[self.i:])
        if not m:
            raise ValueError(f"cannot read {self.text[self.i:self.i + 40]!r}")
        name = m.group(0)
        self.i += m.end()
        if name in ("true", "false"):
            return name == "true"
        if name.lstrip("-") in ("HUGE_VAL", "INFINITY"):
            return -math.inf if name.startswith("-") else math.inf
        if name.lstrip("-") == "NAN":
            return math.nan
        if name.lstrip("-").startswith("std::numeric_limits<double>::"):
            self.expect("(")
            self.expect(")")
            return cpp_double(name + "()")
        if name.startswith("std::vector"):
            self.expect("{")
            return self.items()
        if name == "int64_t":
            self.expect("{")
            v = self.value()
            self.expect("}")
            return v
        self.expect("(")
        args = self.items(")")
        if name == "Value::integer" or name == "Value::floating":
            return args[0] if name == "Value::integer" else float(args[0])
        if name == "Value::string":
            return args[0]
        if name == "Value::boolean":
            return bool(args[0])
        if name == "Value::none":
            return None
        if name == "Value::dict":
            return {}
        if name in ("tup", "Value::tuple"):
            return tuple(args[0]) if args else ()
        if name in ("lst", "Value::list"):
            return list(args[0]) if args else []
        if name == "dct":
            return {k: v for k, v in args[0]}
        if name == "big":
            return int(args[0])
        raise ValueError(f"unknown constructor {name}")


def cpp_value(text):
    p = ValueParser(text)
    v = p.value()
    if p.peek():
        raise ValueError(f"trailing text in {text!r}")
    return v


# ---- writing columns ---------------------------------------------------------------------------

def lit_str(s):
    """A C++ literal for `s` (UTF-8): printable ASCII as is, anything else as \\x escapes."""
    out, hex_before = '"', False
    for b in s.encode("utf-8", "surrogateescape"):
        c = chr(b)
        if c in '"\\':
            out += "\\" + c
            hex_before = False
        elif 32 <= b < 127:
            if hex_before and c in "0123456789abcdefABCDEF":
                out += '" "'
            out += c
            hex_before = False
        else:
            out += f"\\x{b:02x}"
            hex_before = True
    return out + '"'


def lit_double(x):
    if math.isinf(x):
        return "HUGE_VAL" if x > 0 else "-HUGE_VAL"
    return float.hex(x)


def python_error(exc):
    return f"{type(exc).__name__}: {exc}"


# ---- the tables ---------------------------------------------------------------------------------

def outcome(fn):
    """(result, error): error is 'Type: message' when fn raises."""
    try:
        return fn(), ""
    except Exception as exc:  # noqa: BLE001 - the error is the expectation
        return None, python_error(exc)


def result_and_error(fn):
    """[result, ''] or ['', 'Type: message']."""
    result, error = outcome(fn)
    return [result if not error else "", error]


def percent_spec(t, precision, alternate):
    return "%" + ("#" if alternate else "") + (f".{precision}" if precision >= 0 else "") + t


def int_to_double(n):
    """float(n); beyond the float range the table keeps HUGE_VAL where Python overflows."""
    try:
        return float(n)
    except OverflowError:
        return math.inf if n > 0 else -math.inf


def int_true_divide(a, b):
    try:
        return False, a / b
    except OverflowError:
        return True, None


def fnv(data, h):
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def flags_hash():
    h = 0xCBF29CE484222325
    for cp in range(0x110000):
        c = chr(cp)
        flags = (c.isprintable() | c.isspace() << 1 | c.isalpha() << 2 | c.isdigit() << 3 |
                 c.isdecimal() << 4 | c.isnumeric() << 5 | c.isupper() << 6 | c.islower() << 7)
        h = fnv(bytes([flags]), h)
    return h


def mapping_hash():
    h = 0xCBF29CE484222325
    for cp in range(0x110000):
        if 0xD800 <= cp <= 0xDFFF:
            continue
        c = chr(cp)
        for m in (c.upper(), c.lower(), c.casefold(), c.title(), c.swapcase(), c.capitalize()):
            h = fnv(m.encode("utf-8"), h)
            h = fnv(b"\0", h)
    return h


def method_row(cols):
    self_value = cpp_value(cols[0])
    name = cpp_str(cols[1])
    args, kwargs = cpp_value(cols[2]), dict(cpp_value(cols[3]))
    if name == "sort" and "key" in kwargs:
        raise SystemExit("list.sort(key=...) rows need a callable: not expressible in the table")
    result, error = outcome(lambda: getattr(self_value, name)(*args, **kwargs))
    return [repr(result) if not error else "", error, repr(self_value)]


# file -> [(table, {column: (decode, encode)}, fn(cols) -> expected values in column order)]
STR = (cpp_str, lit_str)
BOOL = (lambda t: t == "true", lambda v: "true" if v else "false")
DOUBLE = (cpp_double, lit_double)
INT = (cpp_int, str)

TABLES = {
    "tests/jinja/pyfloat_test.cpp": [
        ("kReprCases", {1: STR}, lambda c: [repr(cpp_double(c[0]))]),
        ("kFormatCases", {4: STR}, lambda c: [
            percent_spec(c[1].strip("'"), int(c[2]), c[3] == "true") % cpp_double(c[0])]),
        ("kRoundCases", {2: DOUBLE}, lambda c: [round(cpp_double(c[0]), int(c[1]))]),
    ],
    "tests/jinja/bigint_test.cpp": [
        ("kArith", {2: STR, 3: STR, 4: STR, 5: STR, 6: STR}, lambda c: (
            lambda a, b: [str(a + b), str(a - b), str(a * b), str(a // b), str(a % b)])(
                int(cpp_str(c[0])), int(cpp_str(c[1])))),
        ("kPow", {2: STR}, lambda c: [str(int(cpp_str(c[0])) ** cpp_int(c[1]))]),
        ("kToDouble", {1: DOUBLE}, lambda c: [int_to_double(int(cpp_str(c[0])))]),
        ("kFromDouble", {1: STR}, lambda c: [str(int(cpp_double(c[0])))]),
        ("kBases", {2: STR}, lambda c: [str(int(cpp_str(c[0]), int(c[1])))]),
        ("kTrueDivide", {2: BOOL, 3: DOUBLE}, lambda c: (
            lambda r: [r[0], r[1] if not r[0] else 0.0])(
                int_true_divide(int(cpp_str(c[0])), int(cpp_str(c[1]))))),
    ],
    "tests/jinja/pyformat_test.cpp": [
        ("kPercentCases", {2: STR, 3: STR}, lambda c: (
            lambda fmt, args: result_and_error(lambda: fmt % args))(cpp_str(c[0]), cpp_value(c[1]))),
        ("kStrFormatCases", {3: STR, 4: STR}, lambda c: (
            lambda fmt, args, kwargs: result_and_error(lambda: fmt.format(*args, **kwargs)))(
                cpp_str(c[0]), cpp_value(c[1]), dict(cpp_value(c[2])))),
        ("kFormatValueCases", {2: STR, 3: STR}, lambda c: (
            lambda v, spec: result_and_error(lambda: format(v, spec)))(cpp_value(c[0]), cpp_str(c[1]))),
    ],
    "tests/jinja/methods_test.cpp": [
        ("kMethodCases", {4: STR, 5: STR, 6: STR}, method_row),
    ],
    "tests/jinja/unicode_test.cpp": [
        ("kStrCases", {1: STR, 2: STR, 3: STR, 4: STR, 5: STR, 6: STR, 7: BOOL, 8: BOOL, 9: BOOL,
                       10: INT}, lambda c: (
            lambda s: [s.upper(), s.lower(), s.title(), s.capitalize(), s.swapcase(), s.casefold(),
                       s.isupper(), s.islower(), s.istitle(), len(s)])(cpp_str(c[0]))),
    ],
    "tests/generator/json_direct_test.cpp": [
        ("kCases", {1: STR}, lambda c: [repr(json.loads(cpp_str(c[0])))]),
    ],
}
CONSTANTS = {"tests/jinja/unicode_test.cpp": {"kFlagsHash": flags_hash,
                                              "kMappingHash": mapping_hash}}


def same(old, new):
    if isinstance(new, float) and isinstance(old, float):
        return (math.isnan(old) and math.isnan(new)) or (old == new and
                                                        math.copysign(1, old) == math.copysign(1, new))
    return old == new


def regenerate(path):
    """Returns (new text, number of changed columns)."""
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        text = f.read()
    edits = []
    for name, columns, compute in TABLES.get(path, []):
        table = Table(text, name)
        for start, _, cols in table.rows:
            values = compute(cols)
            for (col, (decode, encode)), value in zip(sorted(columns.items()), values):
                if not same(decode(cols[col]), value):
                    edits.append((name, cols[col], encode(value), start, col))
    for name, compute in CONSTANTS.get(path, {}).items():
        m = re.search(r"\b" + name + r" = (0x[0-9a-f]+)ULL", text)
        if int(m.group(1), 16) != compute():
            edits.append((name, m.group(1), f"0x{compute():016x}", None, None))
    # Apply from the end so earlier offsets stay valid.
    for name, old, new, start, col in sorted(edits, key=lambda e: -(e[3] or 0)):
        at = text.index(old, start) if start is not None else text.index(old)
        text = text[:at] + new + text[at + len(old):]
        print(f"  {path}: {name}: {old[:60]!r} -> {new[:60]!r}")
    return text, len(edits)


def main(argv):
    check = "--check" in argv
    changed = 0
    for path in TABLES:
        text, n = regenerate(path)
        changed += n
        if n and not check:
            with open(os.path.join(ROOT, path), "w", encoding="utf-8") as f:
                f.write(text)
    print(f"{changed} expected values {'would change' if check else 'rewritten'} "
          f"(Python {sys.version.split()[0]})")
    return 1 if check and changed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
