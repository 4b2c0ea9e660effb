"""tropic.maxplus and tropic.minplus against numpy brute force."""

import numpy as np
import pytest

import tropic
from conftest import SEEDS


def brute(A, B, best):
    return best(A[..., :, :, np.newaxis] + B[..., np.newaxis, :, :], axis=-2)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("product,best", [(tropic.maxplus, np.max), (tropic.minplus, np.min)])
def test_integer_products_are_exact(seed, product, best):
    rng = np.random.default_rng(seed)
    for _ in range(10):
        m, k, n = rng.integers(1, 40, size=3)
        A = rng.integers(-10**6, 10**6, size=(m, k))
        B = rng.integers(-10**6, 10**6, size=(k, n), dtype=np.int32)
        out = product(A, B)
        assert out.dtype == np.int64
        assert np.array_equal(out, brute(A.astype(np.int64), B.astype(np.int64), best))


@pytest.mark.parametrize("product,best,zero", [(tropic.maxplus, np.max, -np.inf),
                                               (tropic.minplus, np.min, np.inf)])
def test_float_products_with_infinities(product, best, zero):
    rng = np.random.default_rng(SEEDS[-1])
    A = rng.integers(-50, 50, size=(17, 9)).astype(np.float64)
    B = rng.integers(-50, 50, size=(9, 13)).astype(np.float64)
    A[rng.random(A.shape) < 0.3] = zero
    B[rng.random(B.shape) < 0.3] = zero
    A[3, :] = zero  # a row without a finite term
    out = product(A, B)
    assert out.dtype == np.float64
    assert np.array_equal(out, brute(A, B, best))
    assert np.all(out[3] == zero)


def test_extreme_values_stay_exact():
    limit = tropic._engine.INT_LIMIT
    A = np.array([[limit, -limit]])
    B = np.array([[limit], [-limit]])
    assert tropic.maxplus(A, B)[0, 0] == 2 * limit
    assert tropic.minplus(A, B)[0, 0] == -2 * limit


def test_stacks_multiply_pairwise_and_accumulate_into_C():
    rng = np.random.default_rng(5)
    A = rng.integers(-100, 100, size=(6, 8, 5))
    B = rng.integers(-100, 100, size=(6, 5, 7))
    C = rng.integers(-100, 100, size=(6, 8, 7))
    out = tropic.maxplus(A, B, C)
    assert np.array_equal(out, np.maximum(C, brute(A, B, np.max)))
    assert np.array_equal(tropic.minplus(A, B, C, threads=1),
                          np.minimum(C, brute(A, B, np.min)))


def test_a_larger_product_on_every_thread():
    rng = np.random.default_rng(11)
    A = rng.integers(-1000, 1000, size=(300, 200))
    B = rng.integers(-1000, 1000, size=(200, 250))
    assert np.array_equal(tropic.maxplus(A, B, backend="cpu"), brute(A, B, np.max))


@pytest.mark.parametrize("A,B,message", [
    (np.ones((2, 3)), np.ones((2, 3)), "A's columns must be B's rows"),
    (np.full((2, 2), 0.5), np.ones((2, 2)), "whole numbers"),
    (np.full((2, 2), np.inf), np.ones((2, 2)), "not a value of this semiring"),
    (np.full((2, 2), 2**30), np.ones((2, 2)), "within"),
    (np.ones(3), np.ones((3, 1)), "2 or 3 dimensions"),
    (np.array([["a"]]), np.ones((1, 1)), "numbers"),
])
def test_bad_operands_are_value_errors(A, B, message):
    with pytest.raises(ValueError, match=message):
        tropic.maxplus(A, B)


def exact_product(A, B, C, bits):
    """A @ B + C in Python integers, wrapped to `bits` as two's complement."""
    out = np.matmul(A.astype(object), B.astype(object)) + C.astype(object)
    wrap = lambda v: (int(v) + 2**(bits - 1)) % 2**bits - 2**(bits - 1)  # noqa: E731
    return np.vectorize(wrap, otypes=[object])(out).astype(np.int64)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("dtype,bits", [(np.int32, 32), (np.int64, 64)])
def test_plustimes_integers_wrap_exactly_with_every_algorithm(seed, dtype, bits):
    rng = np.random.default_rng(seed)
    info = np.iinfo(dtype)
    m, k, n = rng.integers(1, 60, size=3)
    A = rng.integers(info.min, info.max, size=(m, k), dtype=dtype, endpoint=True)
    B = rng.integers(info.min, info.max, size=(k, n), dtype=dtype, endpoint=True)
    C = rng.integers(info.min, info.max, size=(m, n), dtype=dtype, endpoint=True)
    expected = exact_product(A, B, C, bits)
    for algorithm, threshold in [("classical", 0), ("strassen", 1), ("strassen", 7), ("auto", 4)]:
        out = tropic.plustimes(A, B, C, algorithm=algorithm, threshold=threshold)
        assert out.dtype == dtype
        assert np.array_equal(out.astype(np.int64), expected), (algorithm, threshold)


@pytest.mark.parametrize("dtype,tolerance", [(np.float32, 1e-4), (np.float64, 1e-12)])
def test_plustimes_floats_round_within_their_precision(dtype, tolerance):
    rng = np.random.default_rng(SEEDS[-1])
    A = rng.uniform(-1, 1, size=(130, 97)).astype(dtype)
    B = rng.uniform(-1, 1, size=(97, 111)).astype(dtype)
    expected = A.astype(np.float64) @ B.astype(np.float64)
    for options in [{}, {"algorithm": "strassen", "threshold": 8, "allow_float_strassen": True}]:
        out = tropic.plustimes(A, B, threads=2, **options)
        assert out.dtype == dtype
        assert np.max(np.abs(out - expected)) <= tolerance * np.max(np.abs(expected)), options


def test_plustimes_types_and_errors():
    assert tropic.plustimes(np.ones((2, 2), dtype=np.int8), np.ones((2, 2))).dtype == np.float64
    assert tropic.plustimes([[1, 2]], [[3], [4]]).tolist() == [[11]]
    assert tropic.plustimes(np.ones((1, 1), dtype=np.float16), [[2.0]]).dtype in (np.float32,
                                                                                   np.float64)
    with pytest.raises(ValueError, match="allow_float_strassen"):
        tropic.plustimes(np.ones((4, 4)), np.ones((4, 4)), algorithm="strassen")
    with pytest.raises(ValueError, match="A's columns must be B's rows"):
        tropic.plustimes(np.ones((2, 3)), np.ones((2, 3)))
    with pytest.raises(ValueError, match="algorithm='fast'"):
        tropic.plustimes(np.ones((2, 2)), np.ones((2, 2)), algorithm="fast")
    with pytest.raises(ValueError, match="not complex128"):
        tropic.plustimes(np.ones((2, 2), dtype=complex), np.ones((2, 2)))
