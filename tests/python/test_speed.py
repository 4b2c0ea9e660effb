"""The fold throughput benchmark (bench/python/bench_fold_module.py) runs and agrees with the tool,
on a small batch. Not a timed test: the lead runs the full 100,000 x 200 nt comparison."""

import os
import subprocess
import sys
from pathlib import Path

from conftest import tool_path


def test_the_benchmark_runs_on_a_small_batch():
    script = Path(__file__).resolve().parents[2] / "bench" / "python" / "bench_fold_module.py"
    out = subprocess.run([sys.executable, str(script), tool_path(), "--count", "300",
                          "--length", "60", "--repeats", "1", "--backend", "cpu"],
                         capture_output=True, text=True, env=os.environ)
    assert out.returncode == 0, out.stderr
    assert "module / tool:" in out.stdout
