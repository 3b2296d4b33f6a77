#!/usr/bin/env python3
"""Differential test of wfgen's YAML reader against PyYAML (the test oracle).

    test_yaml_differential.py --wfgen BIN --root REPO --shared SHARED [--seed N] [--count N]

Three corpora are read by both, through `wfgen data --lines` and a PyYAML loader set to what
wfgen reads (below), and the data must be equal exactly (types, values, key order), or both
must refuse the text:
  1. every .yml/.yaml file in ../shared and in the repository;
  2. TRICKY: hand-written cases (block scalars with every chomping/indentation indicator,
     folding, escapes, flow in block, anchors and merges, comments in odd places, empty
     values, keys with colons, the `on`/yes/no/null spellings);
  3. a seeded random generator of YAML documents (styles, nesting, anchors, merges,
     comments). The seed defaults to today's date; pass --seed to replay a failure.

The oracle is PyYAML's SafeLoader with YAML 1.2 core-schema resolvers (null, true/false,
decimal/0o/0x ints, floats with .inf/.nan; `on`/`yes`/`1_000`/`2001-12-14` are strings), keys
read as their text ("null" for a null key) and duplicate keys refused, as wfgen reads them.
Remaining intentional differences (docs/yaml.md) are kept out of the generated corpora:
PyYAML reads YAML 1.1 syntax (NEL/LS/PS line breaks, no tabs as separators, alphanumeric
anchor names), and accepts tags wfgen refuses (!!set, !!omap, !!binary, !!timestamp).
"""
import argparse
import datetime
import json
import math
import os
import random
import re
import subprocess
import sys
import tempfile

import yaml
from yaml.constructor import ConstructorError
from yaml.nodes import MappingNode, ScalarNode

NULL_TAG = "tag:yaml.org,2002:null"


class Core12Loader(yaml.SafeLoader):
    """PyYAML reading data as wfgen does: YAML 1.2 core schema, keys as text."""


Core12Loader.yaml_implicit_resolvers = {}
for tag, regexp, first in [
    (NULL_TAG, r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
    ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", list("tTfF")),
    ("tag:yaml.org,2002:int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", list("-+0123456789")),
    ("tag:yaml.org,2002:float",
     r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
     r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$", list("-+0123456789.")),
    ("tag:yaml.org,2002:merge", r"^(?:<<)$", ["<"]),
]:
    Core12Loader.add_implicit_resolver(tag, re.compile(regexp), first)


def core_int(text):
    if text.startswith("0o"):
        return int(text[2:], 8)
    if text.startswith("0x"):
        return int(text[2:], 16)
    if re.fullmatch(r"[-+]?[0-9]+", text):
        return int(text, 10)
    raise ValueError(text)


def construct_int(loader, node):
    text = loader.construct_scalar(node)
    try:
        return core_int(text)
    except ValueError:
        raise ConstructorError(None, None, f"'{text}' is not a valid int", node.start_mark)


def construct_float(loader, node):
    text = loader.construct_scalar(node)
    body = text.lstrip("+-")
    if body in (".inf", ".Inf", ".INF"):
        return -math.inf if text.startswith("-") else math.inf
    if text in (".nan", ".NaN", ".NAN"):
        return math.nan
    try:
        return float(core_int(text))
    except ValueError:
        pass
    if not re.fullmatch(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?", text):
        raise ConstructorError(None, None, f"'{text}' is not a valid float", node.start_mark)
    return float(text)


def construct_bool(loader, node):
    text = loader.construct_scalar(node)
    if text in ("true", "True", "TRUE"):
        return True
    if text in ("false", "False", "FALSE"):
        return False
    raise ConstructorError(None, None, f"'{text}' is not a valid bool", node.start_mark)


def construct_null(loader, node):
    text = loader.construct_scalar(node)
    if text not in ("", "~", "null", "Null", "NULL"):
        raise ConstructorError(None, None, f"'{text}' is not a valid null", node.start_mark)
    return None


def refuse_duplicate_keys(node):
    """Refuses a key written twice in a mapping, checked once, before PyYAML's flatten_mapping
    rewrites the mapping's pairs in place (merged pairs first): a mapping that is merged into
    another may be flattened there before it is constructed itself."""
    if getattr(node, "keys_checked", False):
        return
    node.keys_checked = True
    seen = set()
    for key_node, _ in node.value:
        if isinstance(key_node, ScalarNode):
            key = "null" if key_node.tag == NULL_TAG else key_node.value
            if key in seen:
                raise ConstructorError(None, None, f"duplicate key {key!r}", key_node.start_mark)
            seen.add(key)


def flatten_mapping(self, node):
    refuse_duplicate_keys(node)
    yaml.SafeLoader.flatten_mapping(self, node)


def construct_mapping(self, node, deep=False):
    if not isinstance(node, MappingNode):
        raise ConstructorError(None, None, "expected a mapping", node.start_mark)
    self.flatten_mapping(node)
    mapping = {}
    for key_node, value_node in node.value:
        if not isinstance(key_node, ScalarNode):
            raise ConstructorError(None, None, "mapping keys must be scalars", key_node.start_mark)
        key = "null" if key_node.tag == NULL_TAG else key_node.value
        mapping[key] = self.construct_object(value_node, deep=deep)
    return mapping


Core12Loader.add_constructor("tag:yaml.org,2002:int", construct_int)
Core12Loader.add_constructor("tag:yaml.org,2002:float", construct_float)
Core12Loader.add_constructor("tag:yaml.org,2002:bool", construct_bool)
Core12Loader.add_constructor("tag:yaml.org,2002:null", construct_null)
Core12Loader.construct_mapping = construct_mapping
Core12Loader.flatten_mapping = flatten_mapping
for refused in ["set", "omap", "pairs", "binary", "timestamp"]:
    Core12Loader.yaml_constructors.pop("tag:yaml.org,2002:" + refused, None)


def oracle(text):
    """('data', value) or ('error', message)."""
    try:
        value = yaml.load(text, Loader=Core12Loader)
    except (yaml.YAMLError, ValueError, RecursionError) as e:
        return ("error", str(e).splitlines()[0] if str(e) else type(e).__name__)
    if too_big(value):
        return ("error", "integer beyond 64 bits")
    return ("data", value)


def too_big(v):
    if isinstance(v, bool):
        return False
    if isinstance(v, int):
        return not (-2**63 <= v < 2**64)
    if isinstance(v, list):
        return any(too_big(x) for x in v)
    if isinstance(v, dict):
        return any(too_big(x) for x in v.values())
    return False


def normalize(v):
    """wfgen prints JSON, where inf and nan become null."""
    if isinstance(v, float) and not math.isfinite(v):
        return None
    if isinstance(v, list):
        return [normalize(x) for x in v]
    if isinstance(v, dict):
        return {k: normalize(x) for k, x in v.items()}
    return v


def same(a, b):
    """Equal with types (True is not 1, 1 is not 1.0) and key order."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


# ----------------------------------------------------------------------------------------
# Hand-written cases

TRICKY = {
    "chomp_clip": "a: |\n  one\n  two\n\n\nb: 1\n",
    "chomp_strip": "a: |-\n  one\n  two\n\n\nb: 1\n",
    "chomp_keep": "a: |+\n  one\n  two\n\n\nb: 1\n",
    "chomp_keep_eof": "a: |+\n  one\n\n",
    "folded_clip": "a: >\n  one\n  two\n\n  three\n    indented\n  four\nb: 1\n",
    "folded_strip": "a: >-\n  one\n  two\n\n\n",
    "folded_keep": "a: >+\n  one\n  two\n\n\n",
    "indent_indicator": "a: |2\n    leading spaces\n  back\n",
    "indent_indicator_chomp": "a: |-2\n    x\n  y\n\n",
    "indent_indicator_reverse": "a: >+1\n  x\n y\n\n",
    "block_leading_blank_lines": "a: |\n\n\n  text\n",
    "block_empty": "a: |\nb: >\n",
    "block_with_comment_header": "a: | # a comment\n  text\n",
    "block_in_sequence": "- |\n  one\n  two\n- >-\n  three\n  four\n",
    "block_tabs_content": "a: |\n  \ttab first\n  x\t y\n",
    "folded_more_indented": "a: >\n  para one\n  continues\n\n    code\n    code2\n\n  para two\n",
    "plain_multiline": "a: this is\n  a folded\n\n  plain scalar\nb: 2\n",
    "plain_multiline_top": "just a\nplain scalar\n",
    "single_quoted": "a: 'it''s here'\nb: 'multi\n  line\n\n  folded'\nc: ''\n",
    "double_escapes": 'a: "tab\\there\\nnl \\x41 \\u00e9 \\U0001F600 \\\\ \\" \\/ \\e \\0 \\a \\b \\v \\f \\r \\_ \\N \\L \\P"\n',
    "double_folding": 'a: "one\n  two\n\n  three  \n  four"\n',
    "double_escaped_break": 'a: "one \\\n  two\\\n   three"\n',
    "double_space_escape": 'a: "x\\ \n  y"\n',
    "flow_in_block": "a: [1, 2, {b: c, d: [e, f]}]\ng: {h: i, j: [k]}\n",
    "flow_multiline": "a: [\n  1,\n  2,\n  ]\nb: {\n  c: d,\n  e: f\n}\n",
    "flow_pairs_in_sequence": "a: [b: 1, c: 2, d]\n",
    "flow_empty": "a: []\nb: {}\nc: [[], {}]\n",
    "flow_trailing_comma": "a: [1, 2,]\nb: {c: 1,}\n",
    "flow_json_like": '{"a": 1, "b": [true, false, null], "c": {"d": "e"}}\n',
    "flow_adjacent_value": '{"a":1, "b":[x]}\n',
    "flow_plain_colon": "a: [x:y, http://h.com/p, a:b:c]\n",
    "flow_empty_values": "a: {b, c: , d: x}\n",
    "anchors_aliases": "base: &b\n  x: 1\n  y: [1, 2]\nuse: *b\nlist: [*b, *b]\n",
    "anchor_scalar": "a: &v hello\nb: *v\nc: &n\nd: *n\n",
    "merge_one": "base: &b {x: 1, y: 2}\nd:\n  z: 0\n  <<: *b\n  x: 9\n",
    "merge_list": "a: &a {x: 1, y: 1}\nb: &b {y: 2, z: 2}\nc:\n  <<: [*a, *b]\n  w: 0\n",
    "merge_nested": "a: &a {x: 1}\nb: &b\n  <<: *a\n  y: 2\nc:\n  <<: *b\n  z: 3\n",
    "merge_inline": "a:\n  <<: {x: 1}\n  y: 2\n",
    # e overrides a merged key, and is merged into d before its own turn comes
    "merge_override_merged_again": "a: &a {x: 1}\nb:\n  c:\n    e: &e\n      <<: *a\n      x: 2\n"
                                   "  d: {<<: *e}\n",
    "quoted_merge_key_is_a_string": "a:\n  '<<': 1\n",
    "comments_everywhere": "# head\na: 1 # after\n# between\nb: # after key\n  - x # item\n  # inside\n  - y\n\nc: \"v\" # after quoted\nd: [1, # in flow\n  2]\ne: a#b\n# tail\n",
    "empty_values": "a:\nb: ~\nc: null\nd: ''\ne:\n-\n- x\n",
    "keys_with_colons": "'a: b': 1\n\"c:d\": 2\ne:f: 3\nhttp://x: 4\n",
    "key_spellings": "on: 1\noff: 2\nyes: 3\nno: 4\ny: 5\nn: 6\nNULL: 7\n~x: 8\ntrue: 9\n1: 10\n0x1F: 11\n",
    "bool_null_spellings": "[true, True, TRUE, false, False, FALSE, on, off, yes, no, Yes, NO, y, n, null, Null, NULL, ~, nUll, tRue]\n",
    "numbers": "[0, -0, +1, 007, 0o17, 0x1F, 0xff, 1.5, .5, 1., -.5, 1e3, 1E-3, +1.5e+3, .inf, -.Inf, +.INF, 1_000, 0b101, 1:30, 0o8, 0xg, 1e, .e3, 12e03, 9223372036854775807, 9223372036854775808, 18446744073709551615, -9223372036854775808]\n",
    "float_out_of_range": "a: 1e999\nb: -1e999\nc: 1e-999\n",
    "tags_core": "a: !!str 12\nb: !!int '12'\nc: !!float 1\nd: !!bool \"true\"\ne: !!null ''\nf: !!map {x: 1}\ng: !!seq [1]\nh: !!str\nj: !<tag:yaml.org,2002:str> 5\n",
    "tag_directive": "%TAG !e! tag:yaml.org,2002:\n---\na: !e!str 1\n",
    "yaml_directive": "%YAML 1.2\n---\na: 1\n",
    "explicit_document": "---\na: 1\n...\n",
    "document_end_only": "a: 1\n...\n",
    "bom": "\ufeffa: 1\n",
    "crlf": "a: 1\r\nb: |\r\n  x\r\n  y\r\nc: \"p\r\n  q\"\r\n",
    "explicit_keys": "? a\n: 1\n? b\n? c\n: 3\n",
    "sequence_of_mappings": "- a: 1\n  b: 2\n- c: 3\n-   d: 4\n    e: 5\n",
    "indentless_sequence": "a:\n- 1\n- 2\nb:\n- - x\n  - y\n",
    "nested_sequences": "- - - a\n    - b\n  - c\n- d\n",
    "unicode": "ключ: значение\n日本: 語\nemoji: \"\\u263A ☺\"\n",
    "long_key": "a" * 1000 + ": 1\n",
    "empty_document": "",
    "comments_only": "# nothing\n\n# here\n",
    "just_scalar": "42\n",
    "dash_scalars": "- -1\n- -x\n- - -\n- '-'\n",
    "special_plain": "a: -x\nb: x-\nc: ?x\nd: :x\ne: a, b\nf: x]\ng: 'x: y'\nh: x  y\n",
    "trailing_spaces": "a: x   \nb: 'y'   \nc:   \n",
    "github_workflow": "name: CI\non:\n  push:\n    branches: [main]\n  pull_request:\njobs:\n  build:\n    runs-on: ${{ matrix.os }}\n    steps:\n      - uses: actions/checkout@v4\n      - run: |\n          echo \"${{ github.sha }}\"\n          make -j2\n",
    # Errors both must report.
    "err_duplicate": "a: 1\na: 2\n",
    "err_unterminated_double": 'a: "abc\n',
    "err_unterminated_single": "a: 'abc\n",
    "err_unclosed_flow": "a: [1, 2\n",
    "err_bad_indent": "a: 1\n  b: 2\n",
    "err_two_documents": "a: 1\n---\nb: 2\n",
    "err_undefined_alias": "a: *nope\n",
    "err_bad_escape": 'a: "\\q"\n',
    "err_unknown_tag": "a: !custom x\n",
    "err_set_tag": "a: !!set {x, y}\n",
    "err_bad_int": "a: !!int abc\n",
    "err_complex_key": "? [a, b]\n: 1\n",
    "err_bad_merge": "a:\n  <<: 1\n",
    "err_missing_colon": "a: 1\nb\nc: 2\n",
    "err_document_marker_in_quotes": "a: 'x\n---\ny'\n",
}


# ----------------------------------------------------------------------------------------
# Random documents

PLAIN_WORDS = ["alpha", "beta gamma", "x", "on", "off", "yes", "No", "y", "null", "~", "True",
               "false", "12", "-3", "0x1F", "0o17", "007", "1.5", "1e3", ".inf", "-.INF", ".nan",
               "1_000", "2001-12-14", "a:b", "a#b", "http://h/p?q=1", "-x", "x-y", "a - b",
               "${{ matrix.os }}", "ubuntu-latest", "café", "日本", "it's", 'say "hi"']
FLOW_UNSAFE = set(",[]{}")
QUOTE_WORDS = ["", " lead", "trail ", "a: b", "# no comment", "line\nbreak", "tab\there",
               "back\\slash", 'dq"', "sq'", "é", "\u263a", "null", "123", "- item", "{x}", "[y]",
               "multi\n\nbreaks", "  ", "\x07bell", "\U0001F600", "x\r\ny"]
KEYS = ["name", "on", "runs-on", "if", "key with spaces", "a:b", "true", "null", "~", "1",
        "0x1F", "on:", "yes", "python-version", "é", "_x", "-", "steps"]


class Gen:
    def __init__(self, r):
        self.r = r
        self.anchors = []      # names of anchored nodes (any kind)
        self.map_anchors = []  # names of anchored mappings
        self.count = 0

    def anchor(self, is_map):
        if self.r.random() < 0.12:
            self.count += 1
            name = f"a{self.count}"
            return name
        return None

    def comment(self):
        return " # c" if self.r.random() < 0.1 else ""

    # --- scalars
    def plain_ok(self, s, flow):
        if not s or s != s.strip() or "\n" in s or "\t" in s or "\r" in s:
            return False
        if s[0] in "-?:,[]{}#&*!|>'\"%@`" and not (s[0] in "-?:" and len(s) > 1 and s[1] != " "):
            return False
        if ": " in s or " #" in s or s.endswith(":"):
            return False
        # PyYAML also ends a plain scalar at '?' in flow context (YAML does not).
        if flow and (FLOW_UNSAFE & set(s) or "?" in s or s[0] in ":"):
            return False
        return True

    def double(self, s):
        out = []
        for ch in s:
            if ch == "\\":
                out.append("\\\\")
            elif ch == '"':
                out.append('\\"')
            elif ch == "\n":
                out.append(self.r.choice(["\\n", "\\x0a", "\\u000A"]))
            elif ch == "\t":
                out.append(self.r.choice(["\\t", "\t"]))
            elif ch == "\r":
                out.append("\\r")
            elif ord(ch) < 0x20:
                out.append(f"\\x{ord(ch):02x}")
            elif ord(ch) > 0xFFFF:
                out.append(self.r.choice([ch, f"\\U{ord(ch):08x}"]))
            elif ord(ch) > 0x7F:
                out.append(self.r.choice([ch, f"\\u{ord(ch):04X}"]))
            else:
                out.append(ch)
        return '"' + "".join(out) + '"'

    def single(self, s):
        return "'" + s.replace("'", "''") + "'"

    def scalar_text(self, flow, indent):
        r = self.r
        pick = r.random()
        if pick < 0.45:
            s = r.choice(PLAIN_WORDS)
            if self.plain_ok(s, flow):
                return s
            return self.single(s)
        s = r.choice(QUOTE_WORDS + PLAIN_WORDS)
        if "\r" in s or any(ord(c) < 0x20 and c not in "\n\t" for c in s):
            return self.double(s)
        if pick < 0.7 or "\t" in s:
            return self.double(s)
        if "\n" in s:
            # Newlines in single quotes are written as folded breaks: one more break.
            pad = " " * (indent + 2)
            return "'" + s.replace("'", "''").replace("\n", "\n\n" + pad) + "'"
        return self.single(s)

    def block_scalar(self, indent):
        r = self.r
        lines = []
        for _ in range(r.randint(1, 4)):
            kind = r.random()
            if kind < 0.15:
                lines.append("")
            elif kind < 0.3:
                lines.append("  more indented " + r.choice(PLAIN_WORDS))
            else:
                lines.append(r.choice(["echo ${{ x }}", "make -j2", "a: b", "# not a comment",
                                       "'quoted'", "x  y", "- item", r.choice(PLAIN_WORDS)]))
        while lines and lines[0] == "":
            lines.pop(0)
        if not lines:
            lines = ["x"]
        style = r.choice("|>")
        chomp = r.choice(["", "-", "+"])
        explicit = lines[0].startswith(" ") or r.random() < 0.2
        header = style + (str(2) if explicit else "") + chomp
        pad = " " * (indent + 2)
        body = "".join((pad + l if l else "") + "\n" for l in lines)
        body += "\n" * r.randint(0, 2)
        return header + self.comment() + "\n" + body, True

    # --- nodes: each returns (text, ends_with_newline)
    def value(self, depth, indent, flow):
        r = self.r
        if not flow and self.anchors and r.random() < 0.08:
            return "*" + r.choice(self.anchors), False
        if flow and self.anchors and r.random() < 0.05:
            return "*" + r.choice(self.anchors), False
        kind = r.random()
        if depth > 3 or kind < 0.45:
            if not flow and r.random() < 0.12:
                return self.block_scalar(indent)
            return self.scalar_text(flow, indent), False
        if kind < 0.72:
            return self.mapping(depth, indent, flow or r.random() < 0.25)
        return self.sequence(depth, indent, flow or r.random() < 0.25)

    def key_text(self, k, flow):
        if self.plain_ok(k, flow) and not k.endswith(":"):
            return k
        return self.double(k) if self.r.random() < 0.5 else self.single(k)

    def mapping(self, depth, indent, flow):
        r = self.r
        n = r.randint(0, 4)
        keys, seen = [], set()
        for _ in range(n):
            raw = self.r.choice(KEYS)
            identity = "null" if raw in ("null", "~") else raw
            if identity not in seen:
                seen.add(identity)
                keys.append(self.key_text(raw, flow))
        name = self.anchor(True)
        prefix = f"&{name} " if name else ""
        merge = self.map_anchors and r.random() < 0.2
        if flow or not keys:
            parts = []
            if merge:
                parts.append("<<: *" + r.choice(self.map_anchors))
            for k in keys:
                v, _ = self.value(depth + 1, indent, True)
                parts.append(f"{k}: {v}")
            text = prefix + "{" + ", ".join(parts) + "}"
            if name:
                self.anchors.append(name)
                self.map_anchors.append(name)
            return text, False
        step = r.choice([2, 2, 4, 1, 3]) if indent >= 0 else 2
        pad = " " * (indent + step)
        lines = []
        if merge:
            lines.append(pad + "<<: *" + r.choice(self.map_anchors) + "\n")
        for k in keys:
            v, nl = self.value(depth + 1, indent + step, False)
            if nl and not v.startswith(("|", ">")):
                lines.append(pad + k + ":" + v)
            else:
                lines.append(pad + k + ": " + v + ("" if nl else self.comment() + "\n"))
        if name:
            self.anchors.append(name)
            self.map_anchors.append(name)
        return (" " + prefix.rstrip() if name else "") + self.comment() + "\n" + "".join(lines), True

    def sequence(self, depth, indent, flow):
        r = self.r
        n = r.randint(0, 4)
        name = self.anchor(False)
        prefix = f"&{name} " if name else ""
        if flow or n == 0:
            items = [self.value(depth + 1, indent, True)[0] for _ in range(n)]
            text = prefix + "[" + ", ".join(items) + "]"
            if name:
                self.anchors.append(name)
            return text, False
        step = r.choice([2, 2, 4]) if indent >= 0 else 2
        pad = " " * (indent + step)
        lines = []
        for _ in range(n):
            v, nl = self.value(depth + 1, indent + step, False)
            if nl and not v.startswith(("|", ">")):
                lines.append(pad + "-" + v)
            else:
                lines.append(pad + "- " + v + ("" if nl else self.comment() + "\n"))
        if name:
            self.anchors.append(name)
        return (" " + prefix.rstrip() if name else "") + self.comment() + "\n" + "".join(lines), True

    def document(self):
        text, _ = self.mapping(0, -2, False) if self.r.random() < 0.85 else self.sequence(0, -2, False)
        text = text.lstrip(" ")
        if text.startswith("\n"):
            text = text[1:]
        if self.r.random() < 0.1:
            text = "---\n" + text
        if self.r.random() < 0.1:
            text = "# leading comment\n" + text
        return text


# ----------------------------------------------------------------------------------------

def corpus_files(root, shared):
    out = []
    for base in (shared, root):
        for d, dirs, names in os.walk(base):
            dirs[:] = sorted(x for x in dirs if x not in (".git", "node_modules")
                             and not x.startswith("build"))
            for n in sorted(names):
                if n.endswith((".yml", ".yaml")):
                    out.append(os.path.join(d, n))
    return out


def run_wfgen(wfgen, paths):
    results = {}
    for i in range(0, len(paths), 400):
        chunk = paths[i:i + 400]
        r = subprocess.run([wfgen, "data", "--lines", *chunk], capture_output=True, text=True)
        for line in r.stdout.split("\n"):
            if not line:
                continue
            o = json.loads(line)
            results[o["file"]] = ("data", o["data"]) if "data" in o else ("error", o["error"])
        missing = [p for p in chunk if p not in results]
        if missing:
            raise SystemExit(f"FAIL wfgen data gave no answer for {missing[:3]}: {r.stderr[:2000]}")
    return results


def compare(name, text, ours):
    theirs = oracle(text)
    if theirs[0] == "error" or ours[0] == "error":
        if theirs[0] == ours[0]:
            return None
        return f"{name}: wfgen {ours[0]}: {ours[1]!r}\n    PyYAML {theirs[0]}: {theirs[1]!r}"
    expected = normalize(theirs[1])
    if same(ours[1], expected):
        return None
    return (f"{name}: data differs\n    wfgen:  {json.dumps(ours[1])[:600]}\n"
            f"    PyYAML: {json.dumps(expected)[:600]}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--wfgen", required=True)
    ap.add_argument("--root", required=True)
    ap.add_argument("--shared", required=True)
    ap.add_argument("--seed", type=int, default=int(datetime.date.today().strftime("%Y%m%d")))
    ap.add_argument("--count", type=int, default=600)
    a = ap.parse_args()
    if not os.path.isdir(os.path.join(a.shared, "reference")):
        print(f"FAIL {a.shared}/reference is missing: shared/ is required for this test")
        return 1

    files = corpus_files(a.root, a.shared)
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        cases = {}
        for name, text in TRICKY.items():
            cases[f"tricky:{name}"] = text
        r = random.Random(a.seed)
        for i in range(a.count):
            cases[f"random:{a.seed}:{i}"] = Gen(r).document()
        paths = {}
        for i, (name, text) in enumerate(cases.items()):
            p = os.path.join(tmp, f"case{i}.yml")
            with open(p, "w", encoding="utf-8", newline="") as f:
                f.write(text)
            paths[name] = p
        results = run_wfgen(a.wfgen, files + list(paths.values()))

        stats = {"data": 0, "error": 0}
        for path in files:
            with open(path, encoding="utf-8", newline="") as f:
                text = f.read()
            problem = compare(os.path.relpath(path, os.path.dirname(a.root)), text, results[path])
            stats[results[path][0]] += 1
            if problem:
                failures.append(problem)
        for name, text in cases.items():
            ours = results[paths[name]]
            stats[ours[0]] += 1
            problem = compare(name, text, ours)
            if name.startswith("tricky:err_") and ours[0] != "error":
                problem = problem or f"{name}: expected an error"
            if problem:
                failures.append(problem + "\n    text: " + json.dumps(text)[:800])

    print(f"{len(files)} files, {len(TRICKY)} tricky cases, {a.count} random documents "
          f"(seed {a.seed}): {stats['data']} read, {stats['error']} refused by both")
    for f in failures[:40]:
        print("FAIL " + f)
    print(f"{'FAILED' if failures else 'PASSED'}: {len(failures)} difference(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
