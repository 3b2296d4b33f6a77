#!/usr/bin/env python3
"""The file-safety fault suite: wfgen run as an attacker and an unlucky user would run it,
through the CLI. Links out of the project, planted temporary names, a manifest as output,
things in the way of outputs, immutable files, a full disk, a closed or full stdout, FIFOs
and devices as inputs, forged annotations, two generates at once, and kill -9 at random
points of a 3,000-output generate. Every case asserts the exact message and the state of
the files after it; a checksum of everything outside the output dirs proves nothing else
changed.

    test_file_safety.py --wfgen BIN --root REPO --shared SHARED

Cases that need root (chattr +i, mounting a tmpfs) find out whether they may and otherwise
run their fallback (a rename failure injected with WFGEN_TEST_FAULTS, ulimit -f), printing
which path ran. Nothing is skipped.
"""
import argparse
import fcntl
import hashlib
import os
import random
import re
import resource
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time

from script_support import snapshot

FAILURES = []
WFGEN = None
TEMP_NAME = re.compile(r"^\.wfgen-(tmp|bak)-[0-9a-f]{16}$")


def expect(cond, what, detail=""):
    print(("ok   " if cond else "FAIL ") + what, flush=True)
    if not cond:
        FAILURES.append(what)
        if detail:
            print("     " + str(detail).replace("\n", "\n     "))


def expect_eq(actual, expected, what):
    expect(actual == expected, what, f"expected: {expected!r}\nactual:   {actual!r}")


def run(args, cwd=None, timeout=60, env=None, **kw):
    full_env = dict(os.environ)
    full_env.pop("WFGEN_TEST_FAULTS", None)
    full_env.update(env or {})
    return subprocess.run([WFGEN] + args, cwd=cwd, capture_output=True, text=True,
                          timeout=timeout, env=full_env, **kw)


PROJECT_RUNS = [0]


def project_run(project, args, out_dir="generated", **kw):
    """`wfgen ARGS -C PROJECT`, checking that nothing outside the output dir changed."""
    before = tree_sum(project, skip={out_dir})
    r = run(args + ["-C", project], **kw)
    PROJECT_RUNS[0] += 1
    if tree_sum(project, skip={out_dir}) != before:
        expect(False, f"wfgen {' '.join(args)} on {project} changed files outside {out_dir}")
    return r


def write(path, text, mode="w"):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, mode) as f:
        f.write(text)


def read(path):
    with open(path, "rb") as f:
        return f.read()


def tree_sum(top, skip=()):
    """A checksum of every entry below `top` (names, types, modes, contents, link targets),
    leaving out the relative paths in `skip` and wfgen's own files (lock, journal, temporary
    files: leftovers() looks for those)."""
    h = hashlib.sha256()
    for dirpath, dirnames, filenames in os.walk(top):
        rel_dir = os.path.relpath(dirpath, top)
        dirnames[:] = sorted(d for d in dirnames if os.path.normpath(os.path.join(rel_dir, d)) not in skip)
        for name in sorted(dirnames + filenames):
            rel = os.path.normpath(os.path.join(rel_dir, name))
            if rel in skip or rel in (".wfgen.lock", ".wfgen.journal") or TEMP_NAME.match(name):
                continue
            path = os.path.join(dirpath, name)
            st = os.lstat(path)
            h.update(f"{rel}\0{stat.S_IFMT(st.st_mode)}\0{stat.S_IMODE(st.st_mode)}\0".encode())
            if stat.S_ISLNK(st.st_mode):
                h.update(os.readlink(path).encode())
            elif stat.S_ISREG(st.st_mode):
                h.update(read(path))
    return h.hexdigest()


def leftovers(top):
    found = []
    for dirpath, _, filenames in os.walk(top):
        found += [os.path.join(dirpath, f) for f in filenames if TEMP_NAME.match(f)]
    return found


# A whole workflow (generate lints what it writes; this one has no finding).
WORKFLOW = ("name: job !{{ n }}\\non: push\\njobs:\\n  a:\\n    runs-on: ubuntu-latest\\n"
            "    steps: [{run: make}]\\npermissions: {contents: read}\\n")


def make_project(top, rows=2, body=WORKFLOW, output="job-!{{ n }}.yml"):
    """A project of one family with `rows` outputs."""
    shutil.rmtree(top, ignore_errors=True)
    write(os.path.join(top, "wfgen.yml"),
          "engine: {variable_start: '!{{'}\n"
          "families:\n"
          "  - name: jobs\n"
          "    template: job.yml.j2\n"
          "    matrix: matrices/jobs.yml\n"
          f"    output: \"{output}\"\n")
    write(os.path.join(top, "matrices", "jobs.yml"),
          "fields: {n: int}\naxes:\n  n: [" + ", ".join(str(i) for i in range(rows)) + "]\n")
    write(os.path.join(top, "templates", "job.yml.j2"), body.replace("\\n", "\n"))
    return top


def generate_ok(project, what):
    r = project_run(project, ["generate"])
    expect(r.returncode == 0, what, r.stdout + r.stderr)
    return r


# ---------------------------------------------------------------------------------------------
# Links, names and things in the way


def case_links(work, outside):
    p = make_project(os.path.join(work, "links"))
    generate_ok(p, "links: first generate")
    gen = os.path.join(p, "generated")

    # A link whose target carries the marker, outside: never stale, never deleted.
    os.symlink(os.path.join(outside, "old.yml"), os.path.join(gen, "lnk.yml"))
    # Links planted at names of wfgen's temporary files: never written through.
    os.symlink(os.path.join(outside, "planted"), os.path.join(gen, ".wfgen-tmp-0000000000000000"))
    os.symlink(os.path.join(outside, "planted"), os.path.join(gen, ".wfgen-bak-0000000000000000"))
    write(os.path.join(p, "templates", "job.yml.j2"),
          WORKFLOW.replace("!{{ n }}", "!{{ n }} v2").replace("\\n", "\n"))
    r = project_run(p, ["check"])
    expect_eq(r.stdout.splitlines()[-1], "wfgen check: 2 file(s) out of date (2 outputs). To fix, run: ./regenerate.sh",
              "links: a link is neither stale nor a leftover")
    r = project_run(p, ["generate"])
    expect_eq(r.stdout, "updated generated/job-0.yml\nupdated generated/job-1.yml\n"
                        "wfgen generate: 2 outputs, 2 changes\n", "links: generate writes beside the links")
    expect(os.path.exists(os.path.join(outside, "old.yml")) and not os.path.exists(os.path.join(outside, "planted")),
           "links: nothing outside deleted or created")
    expect(os.path.islink(os.path.join(gen, "lnk.yml")), "links: the link itself is left alone")

    # A directory link in the output dir that leads out of the project.
    os.symlink(os.path.join(outside, "d"), os.path.join(gen, "sub"))
    write(os.path.join(p, "wfgen.yml"), read(os.path.join(p, "wfgen.yml")).decode().replace(
        'output: "job-', 'output: "sub/job-'))
    before = tree_sum(p)
    r = project_run(p, ["generate"])
    expect_eq((r.returncode, r.stderr),
              (1, f"generated/sub: error: is a symbolic link to {outside}/d, outside the project directory; "
                  "wfgen follows no link out of it\nwfgen generate: nothing was written\n"),
              "links: a directory link out of the project is refused")
    expect(os.listdir(os.path.join(outside, "d")) == [] and tree_sum(p) == before,
           "links: nothing written inside or outside")

    # An include that reads /proc/self/environ through a link.
    os.symlink("/proc/self/environ", os.path.join(p, "templates", "leak.j2"))
    write(os.path.join(p, "templates", "job.yml.j2"), "name: x\n{% include 'leak.j2' %}\n")
    r = project_run(p, ["check", "--format", "github"], env={"WFGEN_SECRET": "s3cr3t-value"})
    # (in the github format the error's text sits where the runner reads no command)
    expect_eq(r.stderr.splitlines()[0], "::stop-commands::wfgen-resume-0",
              "links: the error's text runs no workflow command")
    expect_eq(r.stderr.splitlines()[1],
              "templates/job.yml.j2:2:4: error: templates/leak.j2: is a symbolic link to /proc/self/environ, "
              "outside the project directory; wfgen follows no link out of it",
              "links: an include through a link out is refused, both paths named")
    expect("s3cr3t-value" not in r.stdout + r.stderr, "links: the environment does not leak")


def case_lint_links(work):
    """What lint reads on its own stays inside its root: a callee, a folder, .github/workflows."""
    outside = os.path.join(work, "lint-outside")  # not the shared one: its checksum is kept
    callee = "on: workflow_call\npermissions: {}\njobs:\n  a:\n    uses: ./.github/workflows/leak.yml\n"
    write(os.path.join(outside, "callee.yml"), callee)
    p = os.path.join(work, "lint-links")
    shutil.rmtree(p, ignore_errors=True)
    write(os.path.join(p, "wfgen.yml"), "families:\n  - name: f\n    template: t.yml.j2\n"
                                        "    output: .github/workflows/w1.yml\n")
    write(os.path.join(p, "templates", "t.yml.j2"), callee)
    wf = os.path.join(p, "generated", ".github", "workflows")
    os.makedirs(wf)
    os.symlink(os.path.join(outside, "callee.yml"), os.path.join(wf, "leak.yml"))
    link_out = (f"generated/.github/workflows/leak.yml: is a symbolic link to {outside}/callee.yml, "
                "outside the project directory; wfgen follows no link out of it")
    r = project_run(p, ["check"])
    expect_eq((r.returncode, r.stdout.splitlines()[1:4]),
              (1, ["generated/.github/workflows/w1.yml:6:11: error: the called workflow is not read: "
                   + link_out + " [reusable-call]",
                   "      uses: ./.github/workflows/leak.yml", "            ^"]),
              "lint links: check does not read a callee through a link out of the project")
    # wfgen lint PATH: the callee is read inside the caller's repository (generated/).
    write(os.path.join(wf, "w1.yml"), callee)
    r = run(["lint", "generated/.github/workflows/w1.yml"], cwd=p)
    expect_eq((r.returncode, r.stdout.splitlines()[0]),
              (1, "generated/.github/workflows/w1.yml:5:11: error: the called workflow is not read: "
                  f"generated/.github/workflows/leak.yml: is a symbolic link to {outside}/callee.yml, "
                  "outside the repository generated of the calling workflow; wfgen follows no link out of it "
                  "[reusable-call]"),
              "lint links: wfgen lint does not read a callee through a link out of its repository")
    # A folder walked: the link out is an error naming it and its target.
    r = run(["lint", "generated"], cwd=p)
    expect_eq((r.returncode, r.stdout, r.stderr),
              (1, "", f"wfgen lint: generated/.github/workflows/leak.yml: error: is a symbolic link to "
                      f"{outside}/callee.yml, outside the directory being linted (generated); wfgen follows "
                      "no link out of it\n"),
              "lint links: a folder walk does not follow a link out of the folder")
    # -C DIR without a manifest: DIR/.github/workflows as a link out of DIR.
    q = os.path.join(work, "lint-repo")
    shutil.rmtree(q, ignore_errors=True)
    os.makedirs(os.path.join(q, ".github"))
    os.makedirs(os.path.join(outside, "workflows"), exist_ok=True)
    write(os.path.join(outside, "workflows", "x.yml"), "on: push\n")
    os.symlink(os.path.join(outside, "workflows"), os.path.join(q, ".github", "workflows"))
    r = run(["lint", "-C", q])
    expect_eq((r.returncode, r.stderr),
              (1, f"wfgen lint: {q}/.github/workflows: error: is a symbolic link to {outside}/workflows, "
                  f"outside the directory being linted ({q}); wfgen follows no link out of it\n"),
              "lint links: .github/workflows as a link out of the directory is refused")
    # A FIFO named: refused with what it is, as `wfgen data` says it.
    fifo = os.path.join(work, "lint-fifo")
    os.mkfifo(fifo)
    r = run(["lint", fifo], timeout=20)
    expect_eq((r.returncode, r.stderr),
              (1, f"wfgen lint: {fifo}: error: cannot read: not a regular file (it is a FIFO)\n"),
              "lint links: a FIFO named to lint says what it is")


def families(*outputs):
    """A manifest of one single-output family per output pattern (named a, b, c...)."""
    return "families:\n" + "".join(
        f"  - {{name: {chr(97 + i)}, template: job.yml.j2, output: \"{o}\", vars: {{n: {i + 1}}}}}\n"
        for i, o in enumerate(outputs))


def case_destinations(work):
    p = make_project(os.path.join(work, "dest"))
    manifest = os.path.join(p, "wfgen.yml")

    write(manifest, "output_dir: .\nfamilies:\n  - {name: m, template: job.yml.j2, output: wfgen.yml, vars: {n: 1}}\n")
    write(os.path.join(p, "templates", "job.yml.j2"), "name: job {{ n }}\n")
    before = tree_sum(p)
    r = project_run(p, ["generate"])
    expect_eq(r.stderr, "wfgen.yml: error: is the manifest (wfgen.yml); no output may replace it\n"
                        "wfgen generate: nothing was written\n", "dest: the manifest is no output")
    expect(tree_sum(p) == before, "dest: the manifest is untouched")

    write(manifest, families("d//x.yml", "d/x.yml"))
    r = project_run(p, ["generate"])
    expect_eq(r.stderr.splitlines()[0], "wfgen.yml:3:45: error: two outputs are generated/d/x.yml: "
                                        "family 'b' and family 'a'", "dest: two spellings of one path")

    write(manifest, families("a.yml", "b.yml", "c\\0.yml"))
    r = project_run(p, ["generate"])
    expect_eq(r.stderr.splitlines()[0], "wfgen.yml:4:45: error: output pattern gives 'c\\x00.yml', "
                                        "which contains a control character", "dest: a NUL in an output name")

    write(manifest, families("a.yml", "b.yml"))
    os.makedirs(os.path.join(p, "generated", "b.yml"))
    r = project_run(p, ["generate"])
    expect_eq(r.stderr, "generated/b.yml: error: is a directory, not a regular file; wfgen writes only "
                        "regular files (move it away)\nwfgen generate: nothing was written\n",
              "dest: a directory at an output path")
    expect(os.listdir(os.path.join(p, "generated")) == ["b.yml"], "dest: nothing written before it")
    os.rmdir(os.path.join(p, "generated", "b.yml"))

    write(os.path.join(p, "generated", "b.yml"), "mine\n")
    r = project_run(p, ["generate"])
    expect_eq(r.stderr, "generated/b.yml: error: exists, but wfgen did not write it (its first line is "
                        "not wfgen's marker); move it away, or run generate --force to overwrite it\n"
                        "wfgen generate: nothing was written\n", "dest: a file wfgen did not write")
    expect(read(os.path.join(p, "generated", "b.yml")) == b"mine\n" and
           not os.path.exists(os.path.join(p, "generated", "a.yml")), "dest: left as it was")
    r = project_run(p, ["generate", "--force"])
    expect_eq(r.stdout, "created generated/a.yml\noverwrote (--force) a file wfgen did not write: "
                        "generated/b.yml\nwfgen generate: 2 outputs, 2 changes\n", "dest: --force overwrites it")

    # A rename that fails after others succeeded: an immutable file (root), or an injected EIO.
    write(os.path.join(p, "templates", "job.yml.j2"), "name: job {{ n }} v2\n")
    target = os.path.join(p, "generated", "b.yml")
    before = tree_sum(p)
    immutable = subprocess.run(["chattr", "+i", target], capture_output=True).returncode == 0 \
        if shutil.which("chattr") else False
    if immutable:
        print("     (immutable file: chattr +i)")
        r = project_run(p, ["generate"])
        subprocess.run(["chattr", "-i", target])
        expect_eq(r.stderr, "generated/b.yml: error: is immutable (chattr +i or +a); wfgen cannot replace it\n"
                            "wfgen generate: nothing was written\n", "dest: an immutable output is named first")
        expect(tree_sum(p) == before, "dest: nothing written (immutable)")
    else:
        print("     (chattr +i is not allowed here: the same failure injected instead)")
    r = project_run(p, ["generate"], env={"WFGEN_TEST_FAULTS": "rename:2"})
    expect_eq(r.stderr, "generated/b.yml: error: cannot replace: Input/output error\n"
                        "restored the 1 file already changed: generated/a.yml\n"
                        "wfgen generate: nothing was written\n", "dest: a failed rename restores the others")
    expect(tree_sum(p) == before, "dest: every file as before the failed generate")


# ---------------------------------------------------------------------------------------------
# Reports


def case_reports(work):
    p = make_project(os.path.join(work, "reports"))
    generate_ok(p, "reports: first generate")
    gen = os.path.join(p, "generated")
    write(os.path.join(gen, "old\n::warning title=x::y.yml"), "# @generated by wfgen\n")
    write(os.path.join(gen, "a,line=1::x.yml"), "# @generated by wfgen\n")
    r = project_run(p, ["check", "--format", "github"])
    commands = [l for l in r.stdout.splitlines() if l.startswith("::")]
    expect_eq(commands, [
        "::error file=generated/a%2Cline=1%3A%3Ax.yml::generated/a,line=1::x.yml is stale: no source makes "
        "it any more. Run ./regenerate.sh and commit the result.",
        "::error file=generated/old%0A%3A%3Awarning title=x%3A%3Ay.yml::generated/old\\n::warning "
        "title=x::y.yml is stale: no source makes it any more. Run ./regenerate.sh and commit the result.",
        "::stop-commands::wfgen-resume-0",  # the report's text, as it is, runs no command
        "::wfgen-resume-0::",
    ], "reports: file names cannot forge workflow commands")
    write(os.path.join(gen, ".wfgen-tmp-0123456789abcdef"), "partial, no marker")
    r = project_run(p, ["check"])
    expect_eq(r.stdout.splitlines()[-2],
              "wfgen check: 1 file left over by an interrupted generate: generated/.wfgen-tmp-0123456789abcdef; "
              "the next wfgen generate removes them", "reports: leftovers in a line of their own")
    r = project_run(p, ["generate"])
    expect_eq(r.stdout.splitlines()[0], "wfgen generate: removed 1 file left over by an interrupted generate",
              "reports: generate removes a leftover without the marker")
    expect(leftovers(p) == [], "reports: no leftover after generate")

    write(os.path.join(p, "wfgen.yml"), "fix_command: \"make\\n::warning::x\"\nfamilies: []\n")
    r = project_run(p, ["check", "--format", "github"])
    expect_eq(r.stderr.splitlines()[1], "wfgen.yml:1:14: error: 'fix_command' must be one line without "
                                        "control characters", "reports: a fix_command with a newline")
    write(os.path.join(p, "wfgen.yml"), "families:\n  - {name: \"a\\tb\\nc\", template: job.yml.j2, "
                                        "output: x.yml, vars: {n: 1}}\n")
    write(os.path.join(p, "templates", "job.yml.j2"), "name: {{ n }}\n")
    r = project_run(p, ["list"])
    expect_eq(r.stdout, "generated/x.yml\ta\\tb\\nc\ttemplates/job.yml.j2\n", "reports: list escapes names")
    r = run(["check", "-C", os.path.join(work, "nope")])
    expect_eq(r.stderr, f"{work}/nope: error: cannot open the project directory: No such file or directory\n",
              "reports: -C names the directory and the reason")


# ---------------------------------------------------------------------------------------------
# render


def case_render(work, outside):
    d = os.path.join(work, "render")
    os.makedirs(os.path.join(d, "inc"))
    write(os.path.join(d, "t.j2"), "hello {{ name }}\n{% include 'part.j2' %}\n")
    write(os.path.join(d, "inc", "part.j2"), "part\n")
    write(os.path.join(d, "data.yml"), "name: world\n")
    base = ["render", "t.j2", "-d", "data.yml", "-I", "inc"]

    out = os.path.join(d, "out.yml")
    r = run(base + ["-o", "out.yml"], cwd=d)
    expect(r.returncode == 0 and read(out) == b"hello world\npart", "render: -o writes the file", r.stderr)
    expect(leftovers(d) == [], "render: no temporary file left")
    r = run(base + ["-o", "-"], cwd=d)
    expect_eq(r.stdout, "hello world\npart", "render: -o - is stdout")

    with open("/dev/full", "w") as full:
        r = subprocess.run([WFGEN] + base, cwd=d, stdout=full, stderr=subprocess.PIPE, text=True, timeout=30)
    expect_eq((r.returncode, r.stderr), (1, "wfgen: error: cannot write to stdout: No space left on device\n"),
              "render: a full stdout is an error")
    r = subprocess.run([WFGEN] + base, cwd=d, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                       timeout=30, preexec_fn=lambda: os.close(1))
    expect_eq((r.returncode, r.stderr), (1, "wfgen: error: cannot write to stdout: Bad file descriptor\n"),
              "render: a closed stdout is an error")

    r = run(base + ["-o", "/dev/full"], cwd=d)
    expect_eq(r.stderr, "/dev/full: error: cannot write: not a regular file (it is a character device); "
                        "only a regular file is replaced\n", "render: -o refuses a device")
    expect(stat.S_ISCHR(os.lstat("/dev/full").st_mode), "render: the device is still a device")
    os.symlink(os.path.join(outside, "victim"), os.path.join(d, "link.yml"))
    r = run(base + ["-o", "link.yml"], cwd=d)
    expect_eq(r.stderr, "link.yml: error: cannot write: not a regular file (it is a symbolic link); "
                        "only a regular file is replaced\n", "render: -o refuses a link")
    expect(read(os.path.join(outside, "victim")) == b"precious\n" and os.path.islink(os.path.join(d, "link.yml")),
           "render: the link and its target are untouched")
    os.mkfifo(os.path.join(d, "fifo"))
    r = run(base + ["-o", "fifo"], cwd=d, timeout=10)
    expect_eq(r.stderr, "fifo: error: cannot write: not a regular file (it is a FIFO); only a regular file "
                        "is replaced\n", "render: -o refuses a FIFO")
    r = run(base + ["-o", "inc"], cwd=d)
    expect_eq(r.stderr, "inc: error: cannot write: not a regular file (it is a directory); only a regular "
                        "file is replaced\n", "render: -o refuses a directory")
    r = run(base + ["-o", "nodir/out"], cwd=d)
    expect_eq(r.stderr, "nodir/out: error: cannot write: cannot open its directory nodir: No such file or "
                        "directory\n", "render: -o into a missing directory says why")

    # Streaming: an output of several chunks (1 MiB each) arrives whole, in -o and on stdout;
    # a render that fails after chunks were written to -o's temporary file leaves the
    # target as it was and no temporary file.
    write(os.path.join(d, "big.j2"), "{% for i in range(300000) %}line {{ i }}\n{% endfor %}")
    write(os.path.join(d, "big_bad.j2"), "{% for i in range(300000) %}line {{ i }}\n{% endfor %}\n{{ 1 // 0 }}")
    expected = "".join(f"line {i}\n" for i in range(300000)).encode()
    r = run(["render", "big.j2", "-o", "out.yml"], cwd=d)
    expect(r.returncode == 0 and read(out) == expected, "render: a streamed -o output is whole", r.stderr)
    r = subprocess.run([WFGEN, "render", "big.j2"], cwd=d, capture_output=True, timeout=60)
    expect(r.returncode == 0 and r.stdout == expected, "render: a streamed stdout output is whole")
    r = run(["render", "big_bad.j2", "-o", "out.yml"], cwd=d)
    expect_eq((r.returncode, r.stderr.splitlines()[0] if r.stderr else ""),
              (1, "big_bad.j2:3:6: error: integer division or modulo by zero"),
              "render: a render failing after streamed chunks is an error")
    expect(read(out) == expected and leftovers(d) == [],
           "render: a failed streamed render leaves the target as it was and no temporary file")

    r = run(["render", "inc"], cwd=d)
    expect_eq(r.stderr, "inc: error: cannot read: not a regular file (it is a directory)\n",
              "render: a directory as template")
    r = run(["render", "fifo"], cwd=d, timeout=10)
    expect_eq(r.stderr, "fifo: error: cannot read: not a regular file (it is a FIFO)\n",
              "render: a FIFO as template, no hang")
    r = run(["render", "t.j2", "-I", "inc", "-d", "/dev/zero"], cwd=d, timeout=10)
    expect_eq(r.stderr, "/dev/zero: error: cannot read: not a regular file (it is a character device)\n",
              "render: /dev/zero as data, no hang")
    r = run(["render", "t.j2", "-I", "inc", "-d", "inc"], cwd=d)
    expect_eq(r.stderr, "inc: error: cannot read: not a regular file (it is a directory)\n",
              "render: a directory as data")
    r = run(["render", "t.j2", "--max-input-size", "8"], cwd=d)
    expect_eq(r.stderr, "t.j2: error: larger than the input size limit of 8 bytes (raise it with "
                        "--max-input-size)\n", "render: the size limit")
    os.remove(os.path.join(d, "inc", "part.j2"))
    os.symlink("/proc/self/environ", os.path.join(d, "inc", "part.j2"))
    r = run(base, cwd=d)
    expect_eq(r.stderr.splitlines()[0], "t.j2:2:4: error: inc/part.j2: is a symbolic link to /proc/self/environ, "
                                        "outside the include directory 'inc'; wfgen follows no link out of it",
              "render: an include through a link out of its -I dir")


# ---------------------------------------------------------------------------------------------
# A full disk


def mount_tmpfs(path, size):
    if os.geteuid() != 0 or not shutil.which("mount"):
        return False
    return subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", path],
                          capture_output=True).returncode == 0


def case_disk_full(work):
    """A full file system (a small tmpfs, where mounting is allowed) and a file size limit
    (ulimit -f, everywhere): the write fails, every output stays as it was."""
    big = "name: job !{{ n }}\\n" + "# " + "x" * 40000 + "\\n"  # 40 x 40 KB: more than 1 MiB
    for kind in ("tmpfs", "ulimit"):
        p = make_project(os.path.join(work, "full-" + kind), rows=40, body="name: job !{{ n }}\\n")
        gen = os.path.join(p, "generated")
        os.makedirs(gen)
        if kind == "tmpfs":
            if not mount_tmpfs(gen, "1m"):
                print("     (disk full: mounting a tmpfs is not allowed here; the file size limit below "
                      "stands in for it)")
                continue
            print("     (disk full: a 1 MiB tmpfs on the output dir)")
            limit, reason = None, "No space left on device"
        else:
            print("     (file size limit: ulimit -f 2 KiB)")

            def limit():
                signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # write() then fails with EFBIG
                resource.setrlimit(resource.RLIMIT_FSIZE, (2048, 2048))

            reason = "File too large"
        try:
            generate_ok(p, f"full ({kind}): small outputs fit")
            write(os.path.join(p, "templates", "job.yml.j2"), big.replace("\\n", "\n"))
            before = tree_sum(p)
            r = subprocess.run([WFGEN, "generate", "-C", p], capture_output=True, text=True, timeout=60,
                               preexec_fn=limit)
            expect(re.fullmatch(r"generated/job-\d+\.yml: error: cannot write: " + reason +
                                r"\nwfgen generate: nothing was written\n", r.stderr) is not None,
                   f"full ({kind}): the failure is named with its reason", r.stderr)
            expect(tree_sum(p) == before and leftovers(gen) == [],
                   f"full ({kind}): every output as before, nothing left over")
        finally:
            if kind == "tmpfs":
                subprocess.run(["umount", gen])


# ---------------------------------------------------------------------------------------------
# Concurrency and kill -9


def case_lock(work):
    p = make_project(os.path.join(work, "lock"), rows=300)
    fd = os.open(os.path.join(p, ".wfgen.lock"), os.O_RDWR | os.O_CREAT, 0o644)
    fcntl.flock(fd, fcntl.LOCK_EX)
    r = project_run(p, ["generate", "--no-wait"])
    expect_eq((r.returncode, r.stderr),
              (1, "wfgen generate: error: another wfgen run holds the project lock (.wfgen.lock); run again "
                  "when it has finished, or without --no-wait to wait for it\nwfgen generate: nothing was written\n"),
              "lock: --no-wait fails at once")
    # The lock is released once generate says it waits (a timer would race a slow start).
    child = subprocess.Popen([WFGEN, "generate", "-C", p], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    said = child.stderr.readline()
    os.close(fd)
    _, rest = child.communicate(timeout=60)
    expect_eq((child.returncode, said + rest), (0, "wfgen generate: waiting for another wfgen run on this project "
                                                   "(.wfgen.lock)\n"), "lock: generate waits for the lock")
    # Two generates at once on changed sources: both succeed, one after the other.
    write(os.path.join(p, "templates", "job.yml.j2"), "name: job !{{ n }} v2\n")
    procs = [subprocess.Popen([WFGEN, "generate", "-C", p], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True) for _ in range(2)]
    results = [(q.wait(timeout=120), q.stdout.read(), q.stderr.read()) for q in procs]
    for q in procs:
        q.stdout.close()
        q.stderr.close()
    expect([rc for rc, _, _ in results] == [0, 0], "lock: two concurrent generates both succeed", results)
    changes = sorted(out.splitlines()[-1] for _, out, _ in results)
    expect_eq(changes, ["wfgen generate: 300 outputs, 0 changes", "wfgen generate: 300 outputs, 300 changes"],
              "lock: one wrote everything, the other found nothing to do")
    r = project_run(p, ["check"])
    expect(r.returncode == 0 and leftovers(p) == [], "lock: in sync, nothing left over", r.stdout[-500:])




def case_kill(work, rounds):
    """kill -9 at random points of a 3,000-output generate; every output old or new."""
    rows = 3000
    body_v1 = "name: job !{{ n }} v1\\non: push\\njobs:\\n  a:\\n    runs-on: ubuntu-latest\\n" \
              "    steps: [{run: echo !{{ n }}}]\\npermissions: {contents: read}\\n"
    body_v2 = body_v1.replace("v1", "v2").replace("ubuntu-latest", "ubuntu-24.04")
    # v2 also moves the rows: 100 outputs become stale, 100 are new.
    matrix_v1 = "fields: {n: int}\naxes:\n  n: [" + ", ".join(str(i) for i in range(rows)) + "]\n"
    matrix_v2 = "fields: {n: int}\naxes:\n  n: [" + ", ".join(str(i) for i in range(100, rows + 100)) + "]\n"
    versions = {}
    for name, body, matrix in (("v1", body_v1, matrix_v1), ("v2", body_v2, matrix_v2)):
        q = make_project(os.path.join(work, "kill-" + name), rows=rows, body=body, output="d!{{ n % 10 }}/job-!{{ n }}.yml")
        write(os.path.join(q, "matrices", "jobs.yml"), matrix)
        start = time.monotonic()
        # Within 128 open files: a descriptor per output directory, none per output.
        r = subprocess.run([WFGEN, "generate", "-C", q], capture_output=True, text=True, timeout=300,
                           preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (128, 128)))
        expect(r.returncode == 0, f"kill: the {name} outputs, written within 128 open files", r.stderr)
        versions[name] = (body, matrix, snapshot(os.path.join(q, "generated")), time.monotonic() - start)
    p = os.path.join(work, "kill")
    shutil.copytree(os.path.join(work, "kill-v1"), p)
    gen = os.path.join(p, "generated")
    sources = tree_sum(p, skip={"generated", "templates", "matrices"})
    current = "v1"
    rng = random.Random(int(os.environ.get("WFGEN_KILL_SEED", "0")) or random.randrange(1 << 30))
    journal = os.path.join(p, ".wfgen.journal")
    for i in range(rounds):
        target = "v2" if current == "v1" else "v1"
        body, matrix, expected, duration = versions[target]
        write(os.path.join(p, "templates", "job.yml.j2"), body.replace("\\n", "\n"))
        write(os.path.join(p, "matrices", "jobs.yml"), matrix)
        t_round = time.monotonic()
        proc = subprocess.Popen([WFGEN, "generate", "-C", p], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if i % 2:  # in the commit: once the journal is there
            when = "after the journal"
            deadline = time.monotonic() + 60
            while not os.path.exists(journal) and proc.poll() is None and time.monotonic() < deadline:
                time.sleep(0.0005)
            time.sleep(rng.uniform(0, 0.02))
        else:
            delay = rng.uniform(0, duration * 2)
            when = f"at {delay:.2f}s"
            time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        t_kill = time.monotonic()
        state = snapshot(gen)
        old = versions[current][2]
        torn = [f for f, data in state.items()
                if not TEMP_NAME.match(os.path.basename(f)) and data != old.get(f) and data != expected.get(f)]
        expect(torn == [], f"kill {i + 1} ({when}): every output old or new, never torn", torn[:5])
        r = project_run(p, ["check"])
        expect(r.returncode in (0, 1) and not r.stderr, f"kill {i + 1}: check reports, no error", r.stderr)
        r = project_run(p, ["generate"], timeout=300)
        expect(r.returncode == 0, f"kill {i + 1}: the next generate succeeds", r.stderr)
        expect(snapshot(gen) == expected and leftovers(p) == [] and not os.path.exists(journal),
               f"kill {i + 1}: then every output is new and nothing is left over")
        print(f"     (round {i + 1}: {t_kill - t_round:.1f} s to the kill, {time.monotonic() - t_kill:.1f} s after)")
        current = target
    expect(tree_sum(p, skip={"generated", "templates", "matrices"}) == sources, "kill: nothing else changed")


def main():
    global WFGEN
    ap = argparse.ArgumentParser()
    ap.add_argument("--wfgen", required=True)
    ap.add_argument("--root", required=True)
    ap.add_argument("--shared", required=True)
    ap.add_argument("--kill-rounds", type=int, default=4)
    a = ap.parse_args()
    WFGEN = os.path.abspath(a.wfgen)
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="wfgen-fault-") as work:
        # What lies outside every project: links planted in the projects point here.
        outside = os.path.join(work, "outside")
        write(os.path.join(outside, "old.yml"), "# @generated by wfgen\nold\n")
        write(os.path.join(outside, "victim"), "precious\n")
        os.makedirs(os.path.join(outside, "d"))
        outside_sum = tree_sum(outside)
        for case in (lambda: case_links(work, outside), lambda: case_destinations(work),
                     lambda: case_reports(work), lambda: case_render(work, outside),
                     lambda: case_lint_links(work),
                     lambda: case_disk_full(work), lambda: case_lock(work),
                     lambda: case_kill(work, a.kill_rounds)):
            t = time.monotonic()
            case()
            print(f"     ({time.monotonic() - t:.1f} s)")
        expect(tree_sum(outside) == outside_sum, "nothing outside the projects changed")
        expect(PROJECT_RUNS[0] > 0, f"nothing outside the output dir changed in {PROJECT_RUNS[0]} project runs")
    print(f"{len(FAILURES)} failure(s), {time.monotonic() - start:.1f} s")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
