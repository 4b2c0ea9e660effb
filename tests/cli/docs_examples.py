#!/usr/bin/env python3
"""Runs every example of README.md, docs/*.md and data/examples/README.md and compares it with
what the page shows.

    docs_examples.py <path-to-tropic> <repo-root> [PAGE.md ...]

The pages follow two conventions, and this test is what keeps them honest:

- In a fenced code block, a line that starts with "$ " is a command, run with bash in a fresh
  folder per page (where `data/` and `workflows/` are the repository's folders, `tropic` is on the PATH and
  `./build/tropic` is the tool under test). The lines after it, up to the next command or the
  end of the block, are its output: compared line by line with the command's standard output,
  white space runs counted as one space; a line "..." stands for any number of lines. Output lines
  that start with "tropic: " or "tropic <command>: " are what the tool says on standard error and
  are looked for there. A command must end with exit code 0 unless its output shows
  "tropic: error:". A command that asks for `--backend cuda` is skipped, visibly, on a machine
  without a GPU.
- A block whose first line is "tropic <command> [..." (a synopsis, "tropic cnv call ..." too)
  names options: each --option in it must be in `tropic <command> --help`.

Exit code: 0 when every example ran as shown, 1 otherwise (each difference is printed).
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

COMMAND_TIMEOUT = 120


def code_blocks(text):
    """(first line number, [lines]) of every fenced code block."""
    blocks, current, start = [], None, 0
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("```"):
            if current is None:
                current, start = [], number + 1
            else:
                blocks.append((start, current))
                current = None
        elif current is not None:
            current.append(line)
    return blocks


def examples(block):
    """(command, expected output lines) for every "$ " line of a block."""
    found = []
    for line in block:
        if line.startswith("$ "):
            found.append((line[2:], []))
        elif found:
            found[-1][1].append(line)
    for _, expected in found:
        while expected and not expected[-1].strip():
            expected.pop()
    return found


def normalized(line):
    return " ".join(line.split())


def is_stderr_line(line):
    return re.match(r"^tropic( [a-z][a-z0-9]*)*: ", line) is not None


def matches(expected, actual):
    """True when the actual lines are the expected ones, "..." standing for any run of lines."""
    expected = [normalized(line) for line in expected]
    actual = [normalized(line) for line in actual]
    while actual and not actual[-1]:
        actual.pop()

    def match(e, a):
        if e == len(expected):
            return a == len(actual)
        if expected[e] == "...":
            return any(match(e + 1, k) for k in range(a, len(actual) + 1))
        return a < len(actual) and expected[e] == actual[a] and match(e + 1, a + 1)

    return match(0, 0)


def have_gpu(tropic):
    result = subprocess.run([tropic, "device", "--json"], capture_output=True, text=True)
    return '"devices":[]' not in result.stdout.replace(" ", "") and result.returncode == 0


def prepare_folder(tropic, repo):
    folder = Path(tempfile.mkdtemp(prefix="tropic-docs-"))
    (folder / "data").symlink_to(Path(repo) / "data")
    (folder / "workflows").symlink_to(Path(repo) / "workflows")
    (folder / "build").mkdir()
    (folder / "build" / "tropic").symlink_to(Path(tropic).resolve())
    (folder / "bin").mkdir()
    (folder / "bin" / "tropic").symlink_to(Path(tropic).resolve())
    return folder


def run_page(page, tropic, repo, gpu):
    """The problems of one page, as messages; also the number of commands run."""
    problems, ran = [], 0
    text = page.read_text(encoding="utf-8")
    folder = prepare_folder(tropic, repo)
    env = dict(os.environ)
    env["PATH"] = f"{folder / 'bin'}:{env.get('PATH', '')}"
    try:
        for start, block in code_blocks(text):
            where = f"{page.name}:{start}"
            if block and re.match(r"^tropic [a-z]", block[0]) and "[" in " ".join(block):
                problems += check_synopsis(block, tropic, where)
                continue
            for command, expected in examples(block):
                if "--backend cuda" in command and not gpu:
                    print(f"SKIP (no GPU): {where}: $ {command}")
                    continue
                ran += 1
                problems += check_example(command, expected, folder, env, where)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return problems, ran


def check_example(command, expected, folder, env, where):
    try:
        result = subprocess.run(["bash", "-c", command], cwd=folder, env=env,
                                capture_output=True, timeout=COMMAND_TIMEOUT)
    except subprocess.TimeoutExpired:
        return [f"{where}: $ {command}\n  did not finish in {COMMAND_TIMEOUT} s"]
    stdout = result.stdout.decode("utf-8", "replace").splitlines()
    stderr = result.stderr.decode("utf-8", "replace").splitlines()
    problems = []
    wants_error = any(line.startswith("tropic: error:") for line in expected)
    if (result.returncode != 0) != wants_error:
        problems.append(f"{where}: $ {command}\n  exit code {result.returncode}; stderr:\n    " +
                        "\n    ".join(stderr[-5:]))
    expected_out = [line for line in expected if not is_stderr_line(line)]
    expected_err = [line for line in expected if is_stderr_line(line)]
    if expected_out and not matches(expected_out, stdout):
        problems.append(f"{where}: $ {command}\n  stdout differs from the page:\n  page:\n    " +
                        "\n    ".join(expected_out) + "\n  actual:\n    " +
                        "\n    ".join(stdout[:40]))
    if expected_err:
        shown = [line for line in stderr if is_stderr_line(line)]
        if not matches(expected_err, shown):
            problems.append(f"{where}: $ {command}\n  stderr differs from the page:\n  page:\n"
                            "    " + "\n    ".join(expected_err) + "\n  actual:\n    " +
                            "\n    ".join(shown[:20]))
    return problems


def help_options(tropic, line):
    """The command a synopsis line names ("fold", "cnv call") and the options its --help lists."""
    words = [w for w in line.split()[1:3] if re.match(r"^[a-z][a-z0-9]*$", w)]
    command = words if words[:1] == ["cnv"] else words[:1]
    help_text = subprocess.run([tropic, *command, "--help"], capture_output=True,
                               text=True).stdout
    return command, set(re.findall(r"--[A-Za-z][A-Za-z0-9-]*", help_text))


def check_synopsis(block, tropic, where):
    problems = []
    for line in block:
        if re.match(r"^tropic [a-z]", line):
            command, known = help_options(tropic, line)
        for option in re.findall(r"--[A-Za-z][A-Za-z0-9-]*", line):
            if option not in known:
                problems.append(f"{where}: the synopsis names {option}, which "
                                f"`tropic {' '.join(command)} --help` does not list")
    return problems


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    tropic, repo = sys.argv[1], Path(sys.argv[2]).resolve()
    # docs/workflows.md runs Snakemake: its own test (tests/workflows/test_docs.sh) runs it.
    pages = [Path(p) for p in sys.argv[3:]] or [
        repo / "README.md",
        *sorted(p for p in (repo / "docs").glob("*.md") if p.name != "workflows.md"),
        repo / "data" / "examples" / "README.md"]
    gpu = have_gpu(tropic)
    problems, ran = [], 0
    for page in pages:
        page_problems, page_ran = run_page(page, tropic, repo, gpu)
        problems += page_problems
        ran += page_ran
    for problem in problems:
        print("FAIL:", problem)
    print(f"{ran} example commands run on {len(pages)} pages; {len(problems)} problem(s)")
    if len(sys.argv) == 3 and ran < 20:
        print("FAIL: fewer than 20 example commands were found")
        return 1
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
