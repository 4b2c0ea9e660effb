"""Shared helpers of the module's tests: the tool to compare with, random sequences and seeds.

The module is imported here, at collection: without it every test file fails (never skips).
ctest runs each file with PYTHONPATH at the package staged in the build tree and TROPIC_CLI at
the build's `tropic` (cmake/TropicPython.cmake); run by hand, `tropic` on PATH is used.
"""

import json
import os
import random
import shutil
import subprocess

import pytest

import tropic  # noqa: F401  (fails the file when the module is missing)


def tool_path() -> str:
    path = os.environ.get("TROPIC_CLI") or shutil.which("tropic")
    if not path:
        pytest.fail("no tropic tool to compare with: set TROPIC_CLI or put tropic on PATH")
    return path


def run_cli(*args: str, stdin: str = "") -> str:
    """The tool's standard output; a failure fails the test with its message."""
    result = subprocess.run([tool_path(), *args], input=stdin, capture_output=True, text=True)
    if result.returncode != 0:
        pytest.fail(f"tropic {' '.join(args)} exited {result.returncode}: {result.stderr}")
    return result.stdout


def cli_json(*args: str, records: list[str]) -> list[dict]:
    """The tool's --json records for the FASTA records seq1, seq2, ... of `records`."""
    fasta = "".join(f">seq{k + 1}\n{s}\n" for k, s in enumerate(records))
    return [json.loads(line) for line in run_cli(*args, "--json", stdin=fasta).splitlines()]


def random_rna(rng: random.Random, length: int, gc: float = 0.5) -> str:
    return "".join(rng.choice("GC") if rng.random() < gc else rng.choice("AU")
                   for _ in range(length))


def random_batch(seed: int, count: int, lengths=(1, 300)) -> list[str]:
    rng = random.Random(seed)
    return [random_rna(rng, rng.randint(*lengths), rng.uniform(0.2, 0.8)) for _ in range(count)]


# Fixed seeds, and one drawn afresh for every run (printed, so that a failure can be replayed).
FRESH_SEED = random.SystemRandom().randrange(2**32)
SEEDS = [1, 20261127, FRESH_SEED]


def pytest_report_header(config):
    return f"tropic {tropic.__version__} from {tropic.__file__}; fresh seed {FRESH_SEED}"
