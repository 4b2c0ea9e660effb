"""The tropical engine: matrix products over (max,+) and (min,+) on numpy arrays, and ordinary
(plus-times) products with Strassen-Winograd.

The engine computes on 32-bit integers. Integer arrays go in as they are; float arrays may hold
the semiring's zero (-inf for max-plus, +inf for min-plus) and otherwise whole numbers. Values
must lie within +-INT_LIMIT (268,435,455), so that every sum, and so every result, is exact.
"""

from __future__ import annotations

from typing import Optional

import numpy as np

from . import _tropic
from ._run import Devices, make_run

# Finite inputs within +-INT_LIMIT: a sum of two of them stays inside the engine's exact range.
INT_LIMIT = _tropic.INT32_BOUND // 2


def _operand(name: str, x, zero: float) -> np.ndarray:
    """x as a C-contiguous int32 stack (count x rows x cols), infinities as the engine's zero."""
    array = np.asarray(x)
    if array.ndim not in (2, 3):
        raise ValueError(f"{name}: a matrix or a stack of matrices (2 or 3 dimensions), "
                         f"not {array.ndim}")
    if array.dtype.kind == "f":
        infinite = np.isinf(array)
        if np.any(infinite & (array != zero)):
            raise ValueError(f"{name}: {-zero} is not a value of this semiring (its zero is {zero})")
        finite = np.where(infinite, 0, array)
        if np.any(np.isnan(finite)) or np.any(finite != np.round(finite)):
            raise ValueError(f"{name}: the engine computes on whole numbers; scale and round "
                             f"the values (e.g. np.round(x * 100))")
    elif array.dtype.kind in "iub":
        infinite, finite = None, array
    else:
        raise ValueError(f"{name}: numbers, not {array.dtype}")
    if finite.size and np.max(np.abs(finite.astype(np.int64, copy=False)
                                     if finite.dtype.kind != "f" else finite)) > INT_LIMIT:
        raise ValueError(f"{name}: values must lie within +-{INT_LIMIT}")
    out = finite.astype(np.int32)
    if infinite is not None:
        out[infinite] = _tropic.INT32_NEG_INF if zero < 0 else _tropic.INT32_POS_INF
    out = np.ascontiguousarray(out)
    return out if out.ndim == 3 else out[np.newaxis]


def _product(max_plus: bool, A, B, C, backend, threads, devices) -> np.ndarray:
    zero = -np.inf if max_plus else np.inf
    a, b = _operand("A", A, zero), _operand("B", B, zero)
    stacked = np.ndim(A) == 3 or np.ndim(B) == 3
    if a.shape[0] != b.shape[0]:
        raise ValueError(f"A holds {a.shape[0]} matrices and B {b.shape[0]}")
    if a.shape[2] != b.shape[1]:
        raise ValueError(f"A is {a.shape[1]} x {a.shape[2]} and B {b.shape[1]} x {b.shape[2]}: "
                         f"A's columns must be B's rows")
    shape = (a.shape[0], a.shape[1], b.shape[2])
    floats = any(np.asarray(x).dtype.kind == "f" for x in (A, B) if x is not None)
    sentinel = _tropic.INT32_NEG_INF if max_plus else _tropic.INT32_POS_INF
    if C is None:
        c = np.full(shape, sentinel, dtype=np.int32)
    else:
        floats = floats or np.asarray(C).dtype.kind == "f"
        c = _operand("C", C, zero).copy()
        if c.shape != shape:
            raise ValueError(f"C is {' x '.join(map(str, c.shape[1:]))}, the product "
                             f"{shape[1]} x {shape[2]}")
    _tropic.multiply_accumulate(max_plus, a, b, c, make_run(backend, threads, devices, None))
    empty = c == sentinel
    out = c.astype(np.float64) if floats else c.astype(np.int64)
    if floats:
        out[empty] = zero
    return out if stacked else out[0]


def maxplus(A, B, C=None, backend: str = "auto", threads: int = 0,
            devices: Devices = None) -> np.ndarray:
    """The max-plus product: out[i, j] = max_k A[i, k] + B[k, j], and max(C[i, j], ...) when C is
    given. A and B are matrices, or stacks of them (count x rows x cols), multiplied pairwise.
    Integer arrays give int64, float arrays float64 (-inf where no term is finite). Runs on the
    CPU's threads or a CUDA device (backend "auto", "cpu" or "cuda")."""
    return _product(True, A, B, C, backend, threads, devices)


def minplus(A, B, C=None, backend: str = "auto", threads: int = 0,
            devices: Devices = None) -> np.ndarray:
    """The min-plus product: out[i, j] = min_k A[i, k] + B[k, j], and min(C[i, j], ...) when C is
    given; otherwise as maxplus (+inf where no term is finite)."""
    return _product(False, A, B, C, backend, threads, devices)


def _plus_times_type(arrays) -> np.dtype:
    """The type a plus-times product computes in: int32, int64, float32 or float64."""
    kind = np.result_type(*arrays)
    if kind.kind in "biu":
        return np.dtype(np.int32) if kind == np.int32 else np.dtype(np.int64)
    if kind.kind == "f":
        return np.dtype(np.float32) if kind.itemsize <= 4 else np.dtype(np.float64)
    raise ValueError(f"plustimes multiplies integers and floats, not {kind}")


def plustimes(A, B, C=None, algorithm: str = "auto", threshold: int = 0,
              allow_float_strassen: bool = False, backend: str = "auto", threads: int = 0,
              devices: Devices = None) -> np.ndarray:
    """The ordinary matrix product A @ B (plus C when given), on the CPU's threads or a CUDA
    device. The type is that of the operands: int32 and int64 stay exact and wrap as two's
    complement on overflow (every algorithm gives the same bits), other integers compute in
    int64, float32 and float64 round (float16 computes in float32). algorithm: "auto"
    (Strassen-Winograd above the threshold for integers, and for floats when
    allow_float_strassen), "classical" or "strassen" (floats need allow_float_strassen);
    threshold 0: the backend's default."""
    arrays = [np.asarray(x) for x in (A, B) + (() if C is None else (C,))]
    for name, x in zip("ABC", arrays):
        if x.ndim != 2:
            raise ValueError(f"{name}: a matrix (2 dimensions), not {x.ndim}")
    dtype = _plus_times_type(arrays)
    a, b = (np.ascontiguousarray(x, dtype=dtype) for x in arrays[:2])
    if a.shape[1] != b.shape[0]:
        raise ValueError(f"A is {a.shape[0]} x {a.shape[1]} and B {b.shape[0]} x {b.shape[1]}: "
                         f"A's columns must be B's rows")
    shape = (a.shape[0], b.shape[1])
    if C is None:
        c = np.zeros(shape, dtype=dtype)
    else:
        c = np.array(arrays[2], dtype=dtype, order="C", copy=True)
        if c.shape != shape:
            raise ValueError(f"C is {c.shape[0]} x {c.shape[1]}, the product "
                             f"{shape[0]} x {shape[1]}")
    if isinstance(threshold, bool) or not isinstance(threshold, int) or threshold < 0:
        raise ValueError(f"threshold={threshold!r}: give 0 (the default) or a size")
    _tropic.plus_times(a, b, c, algorithm, threshold, bool(allow_float_strassen),
                       make_run(backend, threads, devices, None))
    return c
