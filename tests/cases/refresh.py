#!/usr/bin/env python3
"""Recompute the `expected` / `error` fields of every case in tests/cases/*.yml with Python's Jinja2.

The case files are the table-driven conformance suite of `wfgen render`. Every expected value in them
comes from this script (never written by hand): it renders each case with Jinja2 3.1 configured the
way the CLI is (FileSystemLoader over the case's own directory, autoescape off, StrictUndefined on
request, the same delimiters and whitespace options) and rewrites the file in a canonical layout.

Case fields:
  name       unique within the file
  template   the template source, or a dict {filename: source}; the entry named `main*` (else the
             first) is the one rendered; the others are reachable by include/import/extends
  data       JSON-able context (optional), passed as the first -d file
  data_files list of {name, text}: more -d files (.json/.yml/.yaml), deep-merged in order
  include_dirs  list of -I directories (relative to the case root), searched before the root
  options    trim_blocks, lstrip_blocks, keep_trailing_newline, strict_undefined (booleans) and
             variable_start, variable_end, block_start, block_end, comment_start, comment_end
  expected   exact output (written by this script), or
  error      true when Jinja2 raises (written by this script), with
    jinja_error     Jinja2's exception type and str(exception) (its first line): wfgen prints the
                    message part, or the one known_differences.yml gives with its reason
    error_template, error_line   the template and line Jinja2 attributes the error to
    error_col       the column. Jinja2 reports none, so with --wfgen BIN this script records the
                    column wfgen reports where wfgen's template and line agree with Jinja2's (and
                    keeps the recorded one otherwise): a column that later moves fails the test

Usage: tests/cases/refresh.py [--wfgen BIN] [FILE.yml...]   (default: every tests/cases/*.yml)
       tests/cases/refresh.py --check                       (exit 1 if any file would change)
"""

import json
import os
import re
import sys
import tempfile
import traceback

import jinja2
import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
BOOL_OPTIONS = ("trim_blocks", "lstrip_blocks", "keep_trailing_newline", "strict_undefined")
DELIMITER_OPTIONS = {
    "variable_start": "variable_start_string",
    "variable_end": "variable_end_string",
    "block_start": "block_start_string",
    "block_end": "block_end_string",
    "comment_start": "comment_start_string",
    "comment_end": "comment_end_string",
}
FIELD_ORDER = ("name", "template", "include_dirs", "data", "data_files", "options", "expected", "error", "jinja_error",
               "error_template", "error_line", "error_col")
ERROR_FIELDS = ("expected", "error", "jinja_error", "error_template", "error_line", "error_col")
sys.path.insert(0, os.path.join(HERE, "..", "scripts"))
import test_cases  # noqa: E402 - the harness that runs wfgen on a case, shared with the test


def case_templates(case):
    """Return (files, main_name) for a case: files maps relative path -> source."""
    tpl = case["template"]
    if isinstance(tpl, str):
        return {"main.j2": tpl}, "main.j2"
    main = next((n for n in tpl if n == "main" or n.startswith("main.")), next(iter(tpl)))
    return dict(tpl), main


def write_files(root, files):
    for rel, src in files.items():
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(src.encode("utf-8"))


def deep_merge(base, extra):
    """The CLI's -d merge: mappings merge recursively, anything else replaces."""
    out = dict(base)
    for key, value in extra.items():
        if isinstance(out.get(key), dict) and isinstance(value, dict):
            out[key] = deep_merge(out[key], value)
        else:
            out[key] = value
    return out


def load_data_file(entry):
    """A `data_files` entry {name, text}: JSON or YAML by extension, like `wfgen render -d`."""
    if entry["name"].endswith(".json"):
        return json.loads(entry["text"])
    return yaml.safe_load(entry["text"]) or {}


def make_environment(root, options, include_dirs=()):
    # Like the CLI: the -I dirs in order, then the directory of TEMPLATE (here the case root).
    searchpath = [os.path.join(root, d) for d in include_dirs] + [root]
    kwargs = {"loader": jinja2.FileSystemLoader(searchpath), "autoescape": False}
    for opt in ("trim_blocks", "lstrip_blocks", "keep_trailing_newline"):
        kwargs[opt] = bool(options.get(opt, False))
    if options.get("strict_undefined"):
        kwargs["undefined"] = jinja2.StrictUndefined
    for short, long in DELIMITER_OPTIONS.items():
        if short in options:
            kwargs[long] = options[short]
    return jinja2.Environment(**kwargs)


def error_location(exc, root):
    """(template, line) Jinja2 attributes the error to, or (None, None)."""
    if isinstance(exc, jinja2.TemplateSyntaxError) and exc.lineno:
        name = exc.filename or exc.name
        if name and name.startswith(root + os.sep):
            name = os.path.relpath(name, root)
        return name, exc.lineno
    where = (None, None)
    for frame, lineno in traceback.walk_tb(exc.__traceback__):
        filename = frame.f_code.co_filename
        if filename.startswith(root + os.sep):
            where = (os.path.relpath(filename, root), lineno)
    return where


def render_case(case):
    """Render one case with Jinja2: returns ('ok', text) or ('error', message, template, line)."""
    files, main = case_templates(case)
    options = case.get("options") or {}
    unknown = set(options) - set(BOOL_OPTIONS) - set(DELIMITER_OPTIONS)
    if unknown:
        raise SystemExit(f"case {case['name']}: unknown options {sorted(unknown)}")
    data = case.get("data") or {}
    if json.loads(json.dumps(data)) != data:
        raise SystemExit(f"case {case['name']}: data is not JSON-able")
    for entry in case.get("data_files") or []:
        data = deep_merge(data, load_data_file(entry))
    with tempfile.TemporaryDirectory() as tmp:
        root = os.path.realpath(tmp)
        write_files(root, files)
        env = make_environment(root, options, case.get("include_dirs") or [])
        try:
            return ("ok", env.get_template(main).render(**data))
        except (Exception, RecursionError) as exc:  # noqa: BLE001 - any Jinja2 failure is a case
            name, line = error_location(exc, root)
            message = f"{type(exc).__name__}: {exc}".replace(root, "<dir>")
            message = (message.splitlines() or [""])[0][:200]
            return ("error", message, name, line)


def wfgen_column(wfgen, case, template, line):
    """The column wfgen reports for an error case, when its template and line are Jinja2's."""
    proc, tdir = test_cases.render_with_wfgen(wfgen, case)
    m = test_cases.ERROR_LINE.match(proc.stderr.decode("utf-8", "replace").split("\n", 1)[0])
    if proc.returncode != 1 or not m:
        return None
    if m.group("file").replace(tdir + os.sep, "") != template or int(m.group("line")) != line:
        return None
    return int(m.group("col"))


def refresh_case(case, wfgen=None):
    out = {k: v for k, v in case.items() if k not in ERROR_FIELDS}
    result = render_case(case)
    if result[0] == "ok":
        if re.search(r" at 0x[0-9a-f]+", result[1]):  # an object address: not reproducible
            raise SystemExit(f"case {case['name']}: output contains an object address")
        out["expected"] = result[1]
    else:
        out["error"] = True
        out["jinja_error"] = result[1]
        if result[2] is not None:
            out["error_template"] = result[2]
            out["error_line"] = result[3]
            same_place = (case.get("error_template"), case.get("error_line")) == result[2:4]
            col = wfgen_column(wfgen, case, *result[2:4]) if wfgen else None
            if col is None and same_place:
                col = case.get("error_col")
            if col is not None:
                out["error_col"] = col
    ordered = {k: out[k] for k in FIELD_ORDER if k in out}
    ordered.update({k: v for k, v in out.items() if k not in ordered})
    return ordered


class CaseDumper(yaml.SafeDumper):
    """Readable layout: multi-line strings as literal blocks, no key sorting, no line folding."""


def _str_representer(dumper, value):
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


CaseDumper.add_representer(str, _str_representer)


def dump_cases(cases):
    parts = []
    for case in cases:
        part = yaml.dump([case], Dumper=CaseDumper, sort_keys=False, allow_unicode=True,
                         width=4096, default_flow_style=None)
        if part.endswith("\n...\n"):
            # A keep-chomped (|+) block scalar ends the case: its trailing blank lines belong to
            # the value, so no document-end marker and no separating blank line.
            parts.append(part[: -len("...\n")])
        else:
            parts.append(part + "\n")
    text = "".join(parts) if parts else "[]\n"
    if yaml.safe_load(text) != cases:  # the layout must never change a template or expected value
        raise SystemExit("internal error: YAML round trip changed a case")
    return text


def load_cases(path):
    with open(path, encoding="utf-8") as f:
        cases = yaml.safe_load(f) or []
    if not isinstance(cases, list):
        raise SystemExit(f"{path}: expected a list of cases")
    names = set()
    for case in cases:
        if case.get("name") in names or "template" not in case:
            raise SystemExit(f"{path}: bad or duplicate case {case.get('name')!r}")
        names.add(case["name"])
    return cases


def main(argv):
    check = "--check" in argv
    argv = [a for a in argv if a != "--check"]
    wfgen = None
    if "--wfgen" in argv:
        i = argv.index("--wfgen")
        wfgen = os.path.abspath(argv[i + 1])
        del argv[i : i + 2]
    paths = argv
    if not paths:
        paths = sorted(os.path.join(HERE, f) for f in os.listdir(HERE)
                       if f.endswith(".yml") and f != test_cases.KNOWN_DIFFERENCES)
    changed, total, errors = [], 0, 0
    for path in paths:
        cases = [refresh_case(c, wfgen) for c in load_cases(path)]
        total += len(cases)
        errors += sum(1 for c in cases if c.get("error"))
        text = dump_cases(cases)
        with open(path, encoding="utf-8") as f:
            old = f.read()
        if old != text:
            changed.append(path)
            if not check:
                with open(path, "w", encoding="utf-8") as f:
                    f.write(text)
    verb = "would change" if check else "rewrote"
    print(f"{total} cases ({errors} error cases) in {len(paths)} files; {verb} {len(changed)}: "
          + ", ".join(os.path.basename(p) for p in changed))
    return 1 if check and changed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
