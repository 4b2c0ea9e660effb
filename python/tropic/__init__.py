"""tropic: RNA folding and sequence analysis on CPU and GPU, from Python.

Batch-first and numpy-native over tropic's C++ library: every function takes one item or many,
computes with the GIL released, on the CPU's threads or a CUDA device (backend="auto", "cpu" or
"cuda"), and gives the same results as the `tropic` command-line tool. Errors: ValueError for bad
input or options (with the tool's message), MemoryError when the work fits in no memory,
RuntimeError for anything else. docs/python.md has the guide.
"""

from __future__ import annotations

import json

from . import _analysis, _tropic
from ._analysis import *  # noqa: F401,F403  (align, Database, MapIndex, cnv, ...)
from ._analysis import map  # noqa: A004  (not in __all__: it would hide the builtin)
from ._engine import maxplus, minplus, plustimes
from ._rna import Ensemble, Ensembles, Folds, eval, fold, fold_ensemble, sample, subopt

__version__: str = _tropic.__version__


def build_info() -> dict:
    """The build and what it runs on, as `tropic --version --json` gives it: version,
    cuda_compiled, the SIMD levels (simd_built, simd_cpu, simd_engine_kernels), cpu_threads and
    devices (one dict per CUDA device: index, name, compute_capability, multiprocessors,
    total_memory and free_memory in bytes)."""
    return json.loads(_tropic.build_report_json())


def build_report() -> str:
    """What `tropic --version` prints: the version, the CUDA backend, the SIMD levels, the CPU
    threads and the CUDA devices, one "key: value" line each."""
    return _tropic.build_report()


__all__ = [
    "__version__",
    "build_info",
    "build_report",
    "Ensemble",
    "Ensembles",
    "Folds",
    "eval",
    "fold",
    "fold_ensemble",
    "maxplus",
    "minplus",
    "plustimes",
    "sample",
    "subopt",
]
__all__ += _analysis.__all__
