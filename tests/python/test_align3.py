"""tropic.align3 against `tropic align3` on the same triples (scores, columns, identities and
rows; linear and affine gaps, DNA and protein), its errors and the released GIL."""

import random

import pytest

import tropic
from conftest import SEEDS, run_cli
from test_gil import count_while


def mutate(rng, seq, letters):
    return "".join(rng.choice(letters) if rng.random() < 0.15 else c for c in seq
                   if rng.random() > 0.05)


def random_triples(seed, count, letters, longest=40):
    rng = random.Random(seed)
    triples = []
    for _ in range(count):
        a = "".join(rng.choice(letters) for _ in range(rng.randint(1, longest)))
        triples.append((a, mutate(rng, a, letters) or letters[0], mutate(rng, a, letters)))
    return triples


def cli_rows(tmp_path, triples, *options):
    for k, name in enumerate("abc"):
        (tmp_path / f"{name}.fa").write_text("".join(f">{name}{i}\n{t[k]}\n"
                                                     for i, t in enumerate(triples)))
    lines = run_cli("align3", "--quiet", *options,
                    *(str(tmp_path / f"{n}.fa") for n in "abc")).splitlines()
    header = lines[0].lstrip("#").split("\t")
    return [dict(zip(header, line.split("\t"))) for line in lines[1:]]


def assert_as_tool(result, rows):
    assert len(result) == len(rows)
    for got, row in zip(result, rows):
        assert (got.score, got.columns, got.identities) == (
            int(row["score"]), int(row["columns"]), int(row["identities"]))
        assert (got.row_a, got.row_b, got.row_c) == (row["row_a"], row["row_b"], row["row_c"])


@pytest.mark.parametrize("seed", SEEDS)
def test_dna_triples_as_the_tool(tmp_path, seed):
    triples = random_triples(seed, 12, "ACGT")
    assert_as_tool(tropic.align3(triples, backend="cpu"), cli_rows(tmp_path, triples))
    assert_as_tool(tropic.align3(triples, gap=3, match=1),
                   cli_rows(tmp_path, triples, "--gap", "3", "--match", "1"))


def test_protein_and_one_triple(tmp_path):
    triples = random_triples(SEEDS[0], 6, "ARNDCQEGHILKMFPSTWYV", 25)
    assert_as_tool(tropic.align3(triples, matrix="BLOSUM45", gap_open=8),
                   cli_rows(tmp_path, triples, "--matrix", "BLOSUM45", "--gap-open", "8"))
    one = tropic.align3(("ACGTACGT", "ACGACGT", "ACGTTCGT"))
    assert one == (20, 8, 6, "ACGTACGT", "ACG-ACGT", "ACGTTCGT")
    assert (one.row_b, one.identities) == ("ACG-ACGT", 6)
    quick = tropic.align3(("ACGTACGT", "ACGACGT", "ACGTTCGT"), score_only=True)
    assert quick.score == one.score and quick.row_a == ""


def test_errors_are_value_errors_with_the_message():
    with pytest.raises(ValueError, match=r"^c: record 1: invalid character 'J' at position 2"):
        tropic.align3(("ACG", "ACG", "AJG"), alphabet="dna")
    with pytest.raises(ValueError, match="gap .* excludes gap_open"):
        tropic.align3(("ACG", "ACG", "ACG"), gap=2, gap_open=3)
    with pytest.raises(ValueError, match="triple"):
        tropic.align3([("ACG", "ACG")])


def test_a_thread_runs_while_a_triple_aligns():
    rng = random.Random(4)
    a = "".join(rng.choice("ACGT") for _ in range(120))
    ticks, seconds = count_while(lambda: tropic.align3(
        (a, mutate(rng, a, "ACGT"), mutate(rng, a, "ACGT")), backend="cpu", threads=1))
    assert seconds > 0.05 and ticks >= 10, f"{ticks} ticks in {seconds:.2f} s"
