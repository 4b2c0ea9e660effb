"""tropic.fold_ensemble against `tropic fold -p` (and --MEA), and against ViennaRNA."""

import math
import numpy as np
import pytest

import tropic
from conftest import SEEDS, cli_json, random_batch


def pairs_of(record):
    return [(i - 1, j - 1, p) for i, j, p in record["pairs"]]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("kwargs,flags", [({}, []), ({"dangles": 0, "mea": 0.5},
                                                     ["--dangles", "0", "--MEA=0.5"])])
def test_many_match_the_tool(seed, kwargs, flags):
    seqs = random_batch(seed, 12, lengths=(1, 150))
    ensembles = tropic.fold_ensemble(seqs, **kwargs)
    expected = cli_json("fold", "-p", *flags, records=seqs)
    assert ensembles.structures == [r["structure"] for r in expected]
    assert np.round(ensembles.energies, 2).tolist() == [r["energy"] for r in expected]
    assert np.allclose(ensembles.ensemble_energies, [r["ensemble_energy"] for r in expected],
                       atol=1e-8)
    assert ensembles.pairing_tendencies == [r["pairing_tendency"] for r in expected]
    assert ensembles.centroids == [r["centroid"]["structure"] for r in expected]
    assert np.allclose(ensembles.diversities, [r["diversity"] for r in expected], atol=1e-6)
    assert np.allclose(ensembles.mfe_frequencies, [r["mfe_frequency"] for r in expected],
                       rtol=1e-9)
    if "mea" in kwargs:
        assert ensembles.mea_structures == [r["mea"]["structure"] for r in expected]
        assert np.allclose(ensembles.meas, [r["mea"]["mea"] for r in expected], atol=1e-6)
    for k, record in enumerate(expected):
        rows = ensembles.pair_record == k
        ours = list(zip(ensembles.pair_i[rows].tolist(), ensembles.pair_j[rows].tolist(),
                        ensembles.pair_p[rows].tolist()))
        theirs = pairs_of(record)
        assert [(i, j) for i, j, _ in ours] == [(i, j) for i, j, _ in theirs]
        assert np.allclose([p for *_, p in ours], [p for *_, p in theirs], rtol=1e-7)


def test_one_sequence_gives_a_dense_matrix():
    seq = "GGGGAAAACCCCAUAUGCGCAAAAGCGC"
    one = tropic.fold_ensemble(seq)
    many = tropic.fold_ensemble([seq])
    assert one.structure == many.structures[0]
    assert one.probabilities.shape == (len(seq), len(seq))
    assert np.array_equal(one.probabilities, many.probabilities(0))
    assert np.all(np.tril(one.probabilities) == 0)
    paired = one.probabilities.sum(axis=0) + one.probabilities.sum(axis=1)
    assert np.all(paired <= 1 + 1e-9)


def test_ensembles_become_a_data_frame():
    pytest.importorskip("pandas")
    many = tropic.fold_ensemble(["GGGGAAAACCCC", "GGGCGCAAGCCC"])
    frame = many.to_frame()
    assert frame["centroids"].tolist() == many.centroids
    assert frame["ensemble_energies"].tolist() == many.ensemble_energies.tolist()
    assert not any(name.startswith("pair_") for name in frame.columns)


def test_probabilities_equal_viennas():
    RNA = pytest.importorskip("RNA")
    for seq in random_batch(SEEDS[-1], 5, lengths=(20, 120)):
        one = tropic.fold_ensemble(seq, bpp_threshold=0)
        compound = RNA.fold_compound(seq)
        structure, mfe = compound.mfe()
        compound.exp_params_rescale(mfe)
        compound.pf()
        # ViennaRNA's ensemble energy in double precision (pf() returns a float).
        kT = compound.exp_params.kT / 1000.0
        ensemble_energy = (compound.eval_structure(structure)
                           + kT * math.log(compound.pr_structure(structure)))
        assert one.ensemble_energy == pytest.approx(ensemble_energy, abs=1e-6)
        vienna = np.array(compound.bpp())[1:, 1:]
        assert np.allclose(one.probabilities, vienna, atol=1e-6), seq
