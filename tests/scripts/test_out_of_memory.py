#!/usr/bin/env python3
"""Running out of memory is an error, never an abort: a render whose limits were raised past
what the process may allocate ends in exit 1 with wfgen's out-of-memory message, and writes
nothing.

    test_out_of_memory.py --wfgen BIN --root REPO --shared SHARED

The memory is capped for the wfgen process only: with `prlimit --as` in a normal build, and
in a sanitizer build (whose shadow memory needs a huge address space) with ASan's own
`max_allocation_size_mb` and `allocator_may_return_null`, under which a too-large
allocation fails instead of aborting.
"""
import os
import subprocess
import sys
import tempfile

from script_support import Checks, is_sanitized, parse_args

MESSAGE = ("error: out of memory (lower the limits: wfgen.yml's `limits:` or the --max-... "
           "flags; see docs/limits.md)\n")




def run_capped(cmd, asan_max_allocation_mb, address_space, timeout):
    """Runs `cmd` with its memory capped (prlimit, or ASan's allocation cap in a sanitizer
    build); returns the result and its stderr without ASan's own warning that it let an
    allocation fail (that line is the sanitizer's, not wfgen's)."""
    env = dict(os.environ)
    if is_sanitized(cmd[0]):
        env["ASAN_OPTIONS"] = (env.get("ASAN_OPTIONS", "") + ":allocator_may_return_null=1"
                               f":max_allocation_size_mb={asan_max_allocation_mb}").lstrip(":")
        capped = cmd
    else:
        capped = ["prlimit", f"--as={address_space}"] + cmd
    r = subprocess.run(capped, capture_output=True, text=True, env=env, timeout=timeout)
    stderr = "".join(line for line in r.stderr.splitlines(keepends=True)
                     if not (line.startswith("==") and "AddressSanitizer failed to allocate" in line))
    return r, stderr


def main():
    args = parse_args()
    checks = Checks()
    wfgen = args.wfgen
    with tempfile.TemporaryDirectory() as d:
        # A captured block of 90 MB: its buffer doubles to 128 MB, past the cap.
        tpl = os.path.join(d, "t.j2")
        with open(tpl, "w") as f:
            f.write("{% set s %}{{ 'x' * 30000000 }}{{ 'y' * 30000000 }}{{ 'z' * 30000000 }}"
                    "{% endset %}{{ s | length }}\n")
        out = os.path.join(d, "out.yml")
        cmd = [wfgen, "render", tpl, "--max-string", "1000000000", "--max-output", "1000000000",
               "-o", out]
        r, stderr = run_capped(cmd, 100, 160 << 20, 60)
        checks.expect((r.returncode, stderr, r.stdout) == (1, MESSAGE, ""),
                      "out of memory: exit 1 with the message, nothing on stdout",
                      f"exit {r.returncode}\nstderr: {r.stderr[:2000]}")
        checks.expect(not os.path.exists(out) and sorted(os.listdir(d)) == ["t.j2"],
                      "out of memory: no output and no temporary file written", str(os.listdir(d)))
        # The same render without the cap succeeds: the cap, not the template, made it fail.
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
        checks.expect(r.returncode == 0 and open(out).read() == "90000000",
                      "without the cap the same render succeeds", r.stderr[:2000])
        # Lint parses its files on one thread per core: a file too large for the cap, among
        # others, ends the same way (the worker's failure is the run's, never an abort).
        # Only without a sanitizer: lint's allocations are operator new's, and ASan's
        # throwing operator new reports an allocation over its cap as a fatal error instead
        # of throwing (the render above fails in malloc, which ASan lets return null).
        if is_sanitized(wfgen):
            return checks.finish()
        files = []
        for i in range(6):
            path = os.path.join(d, f"w{i}.yml")
            with open(path, "w") as f:
                f.write("on: push\npermissions: {}\njobs:\n  a:\n    runs-on: x\n    steps:\n")
                count = 400000 if i == 0 else 1
                f.write("".join(f"      - run: echo {n}\n" for n in range(count)))
            files.append(path)
        lint = [wfgen, "lint"] + files
        r, stderr = run_capped(lint, None, 120 << 20, 120)  # it needs ~150 MB
        checks.expect((r.returncode, stderr, r.stdout) == (1, MESSAGE, ""),
                      "lint out of memory while its files parse on threads: exit 1 with the message",
                      f"exit {r.returncode}\nstderr: {r.stderr[:2000]}\nstdout: {r.stdout[:500]}")
        # Without the cap the same lint runs to its findings: the large file is over
        # GitHub's 512 KB (its one error), the others are clean.
        r = subprocess.run(lint, capture_output=True, text=True, timeout=120)
        checks.expect(r.returncode == 1 and "[file-size]" in r.stdout and
                      r.stdout.endswith("wfgen lint: 6 files, 1 error, 0 warnings\n"),
                      "without the cap the same lint runs to its findings",
                      r.stdout[-2000:] + r.stderr[-2000:])
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
