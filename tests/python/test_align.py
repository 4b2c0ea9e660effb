"""tropic.align and tropic.align_many against `tropic align --pairs` on the same pairs, against
parasail (the oracle of tests/oracle/parasail_oracle.py, through the module), their errors and
the released GIL."""

import random

import numpy as np
import pytest

import tropic
from conftest import SEEDS, run_cli
from test_gil import count_while

MODES = ["local", "global", "glocal", "overlap"]


def mutate(rng, seq, letters):
    out = []
    for c in seq:
        r = rng.random()
        if r < 0.05:
            continue
        if r < 0.10:
            out.append(rng.choice(letters))
        out.append(rng.choice(letters) if rng.random() < 0.1 else c)
    return "".join(out)


def random_pairs(seed, count, letters, lengths=(1, 150)):
    rng = random.Random(seed)
    pairs = []
    for _ in range(count):
        q = "".join(rng.choice(letters) for _ in range(rng.randint(*lengths)))
        t = mutate(rng, q, letters) if rng.random() < 0.7 else "".join(
            rng.choice(letters) for _ in range(rng.randint(*lengths)))
        pairs.append((q, t or letters[0]))
    return pairs


def cli_tsv(tmp_path, pairs, *options):
    """The tool's tsv rows for the pairs (query k against target k) as dicts."""
    (tmp_path / "q.fa").write_text("".join(f">q{k}\n{q}\n" for k, (q, _) in enumerate(pairs)))
    (tmp_path / "t.fa").write_text("".join(f">t{k}\n{t}\n" for k, (_, t) in enumerate(pairs)))
    lines = run_cli("align", "--pairs", "--quiet", *options, str(tmp_path / "q.fa"),
                    str(tmp_path / "t.fa")).splitlines()
    header = lines[0].split("\t")
    return [dict(zip(header, line.split("\t"))) for line in lines[1:]]


def assert_same_as_tool(result, rows):
    assert len(result) == len(rows)
    for got, row in zip(result, rows):
        assert got.score == int(row["score"])
        # The tool prints 1-based inclusive ranges; the module gives 0-based half-open ones.
        assert got.query_begin + 1 == int(row["query_begin"]) and got.query_end == int(
            row["query_end"])
        assert got.target_begin + 1 == int(row["target_begin"]) and got.target_end == int(
            row["target_end"])
        assert (got.cigar or "*") == row["cigar"]
        assert (got.matches, got.mismatches, got.gap_opens, got.gaps) == tuple(
            int(row[k]) for k in ("matches", "mismatches", "gap_opens", "gaps"))


@pytest.mark.parametrize("mode", MODES)
def test_dna_pairs_as_the_tool_aligns_them(tmp_path, mode):
    pairs = random_pairs(SEEDS[2] + MODES.index(mode), 60, "ACGTN")
    result = tropic.align_many(pairs, mode, backend="cpu")
    assert_same_as_tool(result, cli_tsv(tmp_path, pairs, "--mode", mode))


def test_protein_and_scoring_options_as_the_tool(tmp_path):
    pairs = random_pairs(SEEDS[0], 40, "ARNDCQEGHILKMFPSTWYV")
    result = tropic.align_many(pairs, "glocal", matrix="pam70", gap_open=9, gap_extend=2,
                               cigar_m=True)
    assert_same_as_tool(result, cli_tsv(tmp_path, pairs, "--mode", "glocal", "--matrix",
                                        "PAM70", "--gap-open", "9", "--gap-extend", "2",
                                        "--cigar-m"))
    dna = random_pairs(SEEDS[1], 30, "acgt")
    result = tropic.align_many(dna, match=1, mismatch=-2, n_score=0, gap_open=3)
    assert_same_as_tool(result, cli_tsv(tmp_path, dna, "--match", "1", "--mismatch", "-2",
                                        "--n-score", "0", "--gap-open", "3"))


def test_one_pair_is_the_row_of_many():
    pairs = random_pairs(7, 5, "ACGT")
    many = tropic.align_many(pairs, "overlap")
    for k, (q, t) in enumerate(pairs):
        one = tropic.align(q, t, "overlap")
        assert tuple(one) == tuple(many[["score", "query_begin", "query_end", "target_begin",
                                         "target_end", "matches", "mismatches", "gap_opens",
                                         "gaps", "cigar"]][k])
    assert many.score.dtype == np.int64 and len(tropic.align_many([])) == 0


def test_score_only_gives_the_score_and_ends():
    q, t = "ACGTACGTTTGACGATCG", "GGACGTACTTTGACGAA"
    full, quick = tropic.align(q, t), tropic.align(q, t, score_only=True)
    assert (quick.score, quick.query_end, quick.target_end) == (full.score, full.query_end,
                                                                full.target_end)
    assert quick.cigar == "" and quick.query_begin == -1


@pytest.fixture(scope="module")
def parasail():
    """The oracle's package; only its tests SKIP without it, not the whole file."""
    return pytest.importorskip("parasail")


@pytest.mark.parametrize("mode", MODES)
def test_scores_and_ends_as_parasail(mode, parasail):
    # As tests/oracle/parasail_oracle.py: parasail's prefix-scan functions; its gap open is
    # tropic's open + extend.
    functions = {"local": parasail.sw_scan_32, "global": parasail.nw_scan_32,
                 "glocal": parasail.sg_dx_scan_32, "overlap": parasail.sg_scan_32}
    pairs = random_pairs(SEEDS[2] * 3 + MODES.index(mode), 80, "ACGT", (5, 120))
    matrix = parasail.matrix_create("ACGT", 2, -3)
    result = tropic.align_many(pairs, mode, gap_open=5, gap_extend=2)
    for (q, t), got in zip(pairs, result):
        oracle = functions[mode](q, t, 7, 2, matrix)
        # parasail's sg has no empty alignment; tropic's overlap includes H(m, 0) = 0.
        expected = max(oracle.score, 0) if mode == "overlap" else oracle.score
        assert got.score == expected, (mode, q, t)
        if oracle.score > 0:  # where the oracle's end cell is tropic's (docs/align-oracle.md)
            assert (got.query_end, got.target_end) == (oracle.end_query + 1,
                                                       oracle.end_ref + 1), (mode, q, t)


def test_protein_scores_as_parasail(parasail):
    pairs = random_pairs(SEEDS[1], 40, "ARNDCQEGHILKMFPSTWYV", (5, 120))
    result = tropic.align_many(pairs, "local", alphabet="protein")
    for (q, t), got in zip(pairs, result):
        assert got.score == parasail.sw_scan_32(q, t, 12, 1, parasail.blosum62).score


def test_bad_input_is_a_value_error_with_the_message():
    with pytest.raises(ValueError, match=r"^queries: record 2: invalid character 'Z' at "
                                         r"position 3: not in the DNA alphabet$"):
        tropic.align_many([("ACGT", "ACGT"), ("ACZ", "ACG")], alphabet="dna")
    with pytest.raises(ValueError, match="mode='fast'"):
        tropic.align("ACGT", "ACGT", "fast")
    with pytest.raises(ValueError, match="matrix scores protein, match/mismatch/n_score"):
        tropic.align("ACGT", "ACGT", match=1, matrix="BLOSUM62")
    with pytest.raises(ValueError, match="neither a built-in matrix .*BLOSUM62"):
        tropic.align("MKV", "MKV", matrix="NOPE")
    with pytest.raises(ValueError, match="gap"):
        tropic.align("ACGT", "ACGT", gap_open=0, gap_extend=0)


def test_a_thread_runs_while_a_long_alignment_computes():
    rng = random.Random(3)
    q = "".join(rng.choice("ACGT") for _ in range(6000))
    t = mutate(rng, q, "ACGT")
    ticks, seconds = count_while(lambda: tropic.align(q, t, "global", backend="cpu", threads=1))
    assert seconds > 0.05 and ticks >= 10, f"{ticks} ticks in {seconds:.2f} s"
