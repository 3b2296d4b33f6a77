"""The two commands' package installs (.ci/deps.sh), with apt-get, dpkg-query and id faked
on PATH: `build` (./regenerate.sh) asks only for what building wfgen needs, `test` (.ci/test)
adds the test libraries; apt's output goes to a log, one line reaches the terminal, and
the log is printed when apt fails."""
import os
import subprocess
import tempfile

from script_support import Checks, parse_args

BUILD = "cmake g++ make nlohmann-json3-dev libcli11-dev"
TEST_ONLY = ["libgtest-dev", "libbenchmark-dev", "python3"]
ORACLE = ["python3-jinja2", "python3-yaml", "python3-jsonschema"]

FAKE_APT = """#!/bin/sh
echo "apt-get $*" >> "$FAKE_LOG"
echo "Reading package lists... Done"
echo "Building dependency tree... Done"
if [ "$1" = install ] && [ -n "$APT_FAIL" ]; then echo "E: Unable to locate package $APT_FAIL"; exit 100; fi
exit 0
"""


def write(path, text):
    with open(path, "w") as f:
        f.write(text)
    os.chmod(path, 0o755)


def main():
    args = parse_args()
    checks = Checks()
    deps = os.path.join(args.root, ".ci", "deps.sh")
    with tempfile.TemporaryDirectory() as tmp:
        bin_dir = os.path.join(tmp, "bin")
        os.mkdir(bin_dir)
        write(os.path.join(bin_dir, "apt-get"), FAKE_APT)
        write(os.path.join(bin_dir, "dpkg-query"), "#!/bin/sh\nexit 1\n")  # nothing installed
        write(os.path.join(bin_dir, "id"), "#!/bin/sh\necho 0\n")  # root

        def run(mode, fail=""):
            build = os.path.join(tmp, "build-" + mode + ("-fail" if fail else ""))
            calls = os.path.join(tmp, "calls-" + mode + ("-fail" if fail else ""))
            env = dict(os.environ, PATH=bin_dir + ":" + os.environ["PATH"], WFGEN_BUILD_DIR=build,
                       FAKE_LOG=calls, APT_FAIL=fail)
            p = subprocess.run(["bash", "-c", f'. "{deps}" {mode}'], env=env,
                               capture_output=True, text=True)
            installed = []
            if os.path.exists(calls):
                with open(calls) as f:
                    for line in f:
                        if line.startswith("apt-get install"):
                            installed = line.split()[4:]  # after: install -y --no-install-recommends
            return p, installed, os.path.join(build, "apt.log")

        p, installed, log = run("build")
        checks.expect(p.returncode == 0, "build: succeeds", p.stderr)
        checks.expect(installed == BUILD.split(), "build: installs only what building wfgen needs",
                      f"installed: {installed}")
        checks.expect(p.stderr == f"wfgen: installing {BUILD} (log: {log})\n" and p.stdout == "",
                      "build: one line on the terminal", repr(p.stdout + p.stderr))
        with open(log) as f:
            text = f.read()
        checks.expect("Reading package lists... Done" in text, "build: apt's output is in the log", text)

        p, installed, log = run("test")
        checks.expect(p.returncode == 0, "test: succeeds", p.stderr)
        checks.expect(installed[:len(BUILD.split()) + len(TEST_ONLY)] == BUILD.split() + TEST_ONLY,
                      "test: adds the test libraries", f"installed: {installed}")
        checks.expect(all(o not in installed for o in ORACLE) or installed[-3:] == ORACLE,
                      "test: the Python oracle only when python3 lacks it", f"installed: {installed}")

        p, installed, log = run("build", fail="cmake")
        checks.expect(p.returncode != 0, "failure: exits non-zero")
        checks.expect(p.stderr.startswith(f"wfgen: installing {BUILD} (log: {log})\n"
                                          "wfgen: failed: wfgen_apt_install ")
                      and "E: Unable to locate package cmake" in p.stderr,
                      "failure: prints the log", p.stderr)
    return checks.finish()


if __name__ == "__main__":
    raise SystemExit(main())
