"""What the script tests share: their command line, the ok/FAIL report, and a temporary
copy of the project to edit.

    from script_support import Checks, copy_project, parse_args, snapshot
"""
import argparse
import os
import shutil


def parse_args():
    """--wfgen BIN --root REPO --shared SHARED, as ctest passes them."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--wfgen", required=True)
    ap.add_argument("--root", required=True)
    ap.add_argument("--shared", required=True)
    return ap.parse_args()


class Checks:
    """Prints `ok   WHAT` or `FAIL WHAT` (and the detail) per check; `finish()` is the exit code."""

    def __init__(self):
        self.failures = []

    def expect(self, cond, what, detail=""):
        print(("ok   " if cond else "FAIL ") + what)
        if not cond:
            self.failures.append(what)
            if detail:
                print(detail)
        return cond

    def finish(self):
        print(f"{'FAILED' if self.failures else 'PASSED'}: {len(self.failures)} failure(s)")
        return 1 if self.failures else 0


def copy_project(root, dest):
    """The sources and outputs of the project at `root` (manifest, templates, matrices,
    generated/), copied into the existing directory `dest`."""
    for name in ("wfgen.yml", "templates", "matrices", "generated"):
        src = os.path.join(root, name)
        (shutil.copytree if os.path.isdir(src) else shutil.copy)(src, os.path.join(dest, name))


# wfgen's project lock: created by the first generate and kept (it is in .gitignore).
PROJECT_LOCK = ".wfgen.lock"


def snapshot(root, sub=""):
    """Every file under root/sub as {path relative to root: bytes}, except the project lock:
    what a failed command must leave as it was."""
    files = {}
    for dirpath, _, names in os.walk(os.path.join(root, sub)):
        for n in names:
            p = os.path.join(dirpath, n)
            rel = os.path.relpath(p, root)
            if rel == PROJECT_LOCK:
                continue
            with open(p, "rb") as f:
                files[rel] = f.read()
    return files


def is_sanitized(binary):
    """Whether `binary` was built with AddressSanitizer (its shadow memory needs a huge address
    space, so address-space caps cannot apply to it)."""
    with open(binary, "rb") as f:
        data = f.read()
    return b"__asan_init" in data or b"AddressSanitizer" in data


def memory_limit_prefix(binary, limit_bytes=1 << 30):
    """Command prefix capping a runaway render's address space (the machine is shared); empty for
    sanitizer builds or without prlimit."""
    if is_sanitized(binary):
        return []
    prlimit = shutil.which("prlimit")
    return [prlimit, f"--as={limit_bytes}"] if prlimit else []
