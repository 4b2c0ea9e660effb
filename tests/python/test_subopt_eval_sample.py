"""tropic.subopt, tropic.eval and tropic.sample against `tropic subopt`, `tropic eval` and
`tropic fold --sample`."""

import numpy as np
import pytest

import tropic
from conftest import SEEDS, cli_json, random_batch, run_cli


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("kwargs,flags", [({"delta": 1.5, "sorted": True}, ["-e", "1.5", "--sorted"]),
                                          ({"delta": 1.0}, ["-e", "1"]),
                                          ({"zuker": True}, ["-z"])])
def test_subopt_matches_the_tool(seed, kwargs, flags):
    seqs = random_batch(seed, 8, lengths=(1, 60))
    lists = tropic.subopt(seqs, **kwargs)
    expected = cli_json("subopt", *flags, records=seqs)
    assert len(lists) == len(expected)
    for (structures, energies), record in zip(lists, expected):
        assert structures == [s["structure"] for s in record["structures"]]
        assert np.round(energies, 2).tolist() == [s["energy"] for s in record["structures"]]


def test_subopt_of_one_sequence_is_one_list():
    structures, energies = tropic.subopt("GGGGAAAACCCCAUAUGCGCAAAAGCGC", delta=2, sorted=True)
    assert energies[0] == min(energies) and len(structures) == len(energies)


def test_subopt_over_max_structures_is_a_memory_error():
    with pytest.raises(MemoryError, match="structures"):
        tropic.subopt("GGGGAAAACCCCAUAUGCGCAAAAGCGC" * 3, delta=20, max_structures=10)


@pytest.mark.parametrize("seed", SEEDS)
def test_eval_matches_the_tool(seed):
    seqs = random_batch(seed, 20, lengths=(1, 200))
    structures = tropic.fold(seqs, dangles=0).structures
    energies, loops = tropic.eval(seqs, structures, loops=True)
    text = "".join(f">seq{k + 1}\n{s}\n{t}\n" for k, (s, t) in enumerate(zip(seqs, structures)))
    import json
    expected = [json.loads(line) for line in run_cli("eval", "-v", "--json", stdin=text).splitlines()]
    assert np.round(energies, 2).tolist() == [r["energy"] for r in expected]
    for ours, record in zip(loops, expected):
        theirs = record["loops"]
        assert [loop["kind"] for loop in ours] == [loop["kind"] for loop in theirs]
        assert [round(loop["energy"], 2) for loop in ours] == [loop["energy"] for loop in theirs]
    assert tropic.eval(seqs[0], structures[0]) == energies[0]


def test_eval_of_a_bad_structure_names_the_record():
    with pytest.raises(ValueError, match=r"^seqs: record 2: .*position"):
        tropic.eval(["GGGGAAAACCCC", "GGGGAAAACCCC"], ["((((....))))", "((((....)))."])


@pytest.mark.parametrize("seed", SEEDS)
def test_sample_matches_the_tool(seed):
    seqs = random_batch(seed, 5, lengths=(10, 120))
    draws = tropic.sample(seqs, 20, seed=seed)
    expected = cli_json("fold", "--sample", "20", "--seed", str(seed), records=seqs)
    for (structures, energies), record in zip(draws, expected):
        assert structures == [s["structure"] for s in record["samples"]]
        assert np.round(energies, 2).tolist() == [s["energy"] for s in record["samples"]]
    structures, _ = tropic.sample(seqs[0], 20, seed=seed, threads=1)
    assert structures == draws[0][0]
