"""tropic.fold against `tropic fold` on the same inputs, and against ViennaRNA's RNA module."""

import random

import numpy as np
import pytest

import tropic
from conftest import SEEDS, cli_json, random_batch, random_rna

MFE_OPTIONS = [
    ({}, []),
    ({"dangles": 0}, ["--dangles", "0"]),
    ({"noLP": True}, ["--noLP"]),
    ({"temperature": 25}, ["--temperature", "25"]),
    ({"max_bp_span": 40}, ["--max-bp-span", "40"]),
]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("kwargs,flags", MFE_OPTIONS)
def test_mfe_matches_the_tool(seed, kwargs, flags):
    seqs = random_batch(seed, 30)
    folds = tropic.fold(seqs, **kwargs)
    expected = cli_json("fold", *flags, records=seqs)
    assert folds.structures == [r["structure"] for r in expected]
    assert np.array_equal(np.round(folds.energies, 2), [r["energy"] for r in expected])
    assert folds.energies.dtype == np.float64


@pytest.mark.parametrize("seed", SEEDS)
def test_nussinov_matches_the_tool(seed):
    seqs = random_batch(seed, 30)
    folds = tropic.fold(seqs, model="nussinov", min_loop=2, weights="GC=3,AU=2,GU=1")
    expected = cli_json("fold", "--model", "nussinov", "--min-loop", "2", "--weights",
                        "GC=3,AU=2,GU=1", records=seqs)
    assert folds.structures == [r["structure"] for r in expected]
    assert folds.energies.tolist() == [r["score"] for r in expected]
    no_gu = tropic.fold(seqs, model="nussinov", no_gu=True)
    expected = cli_json("fold", "--model", "nussinov", "--no-gu", records=seqs)
    assert no_gu.structures == [r["structure"] for r in expected]


def test_one_sequence_gives_a_tuple_many_give_lists_and_arrays():
    structure, energy = tropic.fold("GGGGAAAACCCC")
    expected = cli_json("fold", records=["GGGGAAAACCCC"])[0]
    assert (structure, energy) == (expected["structure"], expected["energy"])
    assert isinstance(energy, float)
    many = tropic.fold(["GGGGAAAACCCC", "acgu"])
    assert many.structures[0] == structure and many.energies[0] == energy
    assert many.structures[1] == "...."
    named = tropic.fold({"a": "GGGGAAAACCCC", "b": "ACGU"})
    assert named.structures == many.structures
    empty = tropic.fold([])
    assert empty.structures == [] and empty.energies.shape == (0,)


def test_letters_are_read_as_the_tool_reads_them():
    # Lower case, T as U, IUPAC codes that never pair.
    seqs = ["ggggaaaacccc", "GGGGTTTTCCCC", "GGGGNNNNCCCC", "GGGRYAAACCCC"]
    assert tropic.fold(seqs).structures == [r["structure"] for r in cli_json("fold", records=seqs)]


def test_threads_and_backends_give_the_same_folds():
    seqs = random_batch(7, 50)
    one_thread = tropic.fold(seqs, threads=1, backend="cpu")
    two_threads = tropic.fold(seqs, threads=2)
    assert two_threads.structures == one_thread.structures
    assert np.array_equal(two_threads.energies, one_thread.energies)


def test_devices_are_none_an_index_a_list_or_all():
    seqs = random_batch(8, 20)
    alone = tropic.fold(seqs)
    for devices in (0, [0], [0, 0], "all"):
        assert tropic.fold(seqs, devices=devices).structures == alone.structures


def test_folds_become_a_data_frame():
    pandas = pytest.importorskip("pandas")
    folds = tropic.fold({"a": "GGGGAAAACCCC", "b": "ACGU"})
    frame = folds.to_frame()
    assert isinstance(frame, pandas.DataFrame)
    assert frame["structure"].tolist() == folds.structures
    assert frame["energy"].tolist() == folds.energies.tolist()


def test_progress_reports_long_records_on_the_calling_interpreter():
    calls = []
    seq = random_rna(random.Random(3), 2100)
    tropic.fold(seq, backend="cpu", progress=lambda item, fraction: calls.append((item, fraction)))
    assert calls and calls[-1] == (0, 1.0)
    assert all(a[1] <= b[1] for a, b in zip(calls, calls[1:]))


def test_an_exception_in_the_progress_callback_stops_the_fold():
    class Stop(Exception):
        pass

    def stop(item, fraction):
        raise Stop(f"stopped at {fraction}")

    seq = random_rna(random.Random(4), 2100)
    with pytest.raises(Stop):
        tropic.fold(seq, backend="cpu", progress=stop)


@pytest.mark.parametrize("seed", SEEDS)
def test_mfe_equals_viennas(seed):
    RNA = pytest.importorskip("RNA")
    rng = random.Random(seed)
    seqs = [random_rna(rng, rng.randint(5, 250), rng.uniform(0.2, 0.8)) for _ in range(40)]
    for dangles in (2, 0):
        folds = tropic.fold(seqs, dangles=dangles)
        for seq, structure, energy in zip(seqs, folds.structures, folds.energies):
            md = RNA.md()
            md.dangles = dangles
            compound = RNA.fold_compound(seq, md)
            vienna_structure, vienna_mfe = compound.mfe()
            assert energy == pytest.approx(vienna_mfe, abs=0.01 + 1e-9), (seed, seq)
            # Co-optimal structures may differ: tropic's must have the MFE under ViennaRNA.
            if structure != vienna_structure:
                assert compound.eval_structure(structure) == pytest.approx(vienna_mfe, abs=0.011)
