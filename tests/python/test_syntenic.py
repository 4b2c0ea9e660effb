"""tropic.syntenic against `tropic syntenic --pairs` on the same pairs (scores and segments,
free and charged block ends), its errors and the released GIL."""

import random

import pytest

import tropic
from conftest import SEEDS, run_cli
from test_gil import count_while


def related_pair(rng, letters="ACGT"):
    shared = ["".join(rng.choice(letters) for _ in range(rng.randint(5, 40))) for _ in range(3)]
    filler = lambda: "".join(rng.choice(letters) for _ in range(rng.randint(0, 25)))  # noqa: E731
    return (shared[0] + filler() + shared[1] + filler() + shared[2],
            shared[0] + filler() + shared[1] + shared[2])


def cli_segments(tmp_path, pairs, *options):
    (tmp_path / "q.fa").write_text("".join(f">q{k}\n{q}\n" for k, (q, _) in enumerate(pairs)))
    (tmp_path / "t.fa").write_text("".join(f">t{k}\n{t}\n" for k, (_, t) in enumerate(pairs)))
    lines = run_cli("syntenic", "--quiet", "--pairs", *options, str(tmp_path / "q.fa"),
                    str(tmp_path / "t.fa")).splitlines()
    header = lines[0].lstrip("#").split("\t")
    return [dict(zip(header, line.split("\t"))) for line in lines[1:]]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("ends", ["free", "charged"])
def test_segments_as_the_tool(tmp_path, seed, ends):
    rng = random.Random(seed)
    pairs = [related_pair(rng) for _ in range(10)]
    totals, segments = tropic.syntenic(pairs, block_cost=12, block_ends=ends, backend="cpu")
    rows = cli_segments(tmp_path, pairs, "--block", "12", "--block-ends", ends)
    assert len(segments) == len(rows)
    for s, row in zip(segments, rows):
        assert f"q{s.pair}" == row["query"] and totals.score[s.pair] == int(row["score"])
        assert (s.kind, s.score, s.cigar or "*") == (row["kind"], int(row["segment_score"]),
                                                     row["cigar"])
        assert (s.query_begin + 1, s.query_end, s.target_begin + 1, s.target_end) == tuple(
            int(row[k]) for k in ("query_begin", "query_end", "target_begin", "target_end"))


def test_one_pair():
    one = tropic.syntenic("ACGTACGTAAAAAAAAAAAAAAAAAAACGTACGT", "ACGTACGTCCCCCCCCCCACGTACGT",
                          block_cost=10)
    assert (one.score, one.matches, one.blocks) == (22, 16, 1)
    assert list(one.segments.kind) == ["aligned", "block", "aligned"]
    assert tropic.syntenic("ACGTAC", "ACGAC", score_only=True).segments.size == 0


def test_errors_are_value_errors_with_the_message():
    with pytest.raises(ValueError, match=r"^targets: record 1: invalid character 'J'"):
        tropic.syntenic("ACGT", "AJGT", alphabet="dna")
    with pytest.raises(ValueError, match="block_ends='both'"):
        tropic.syntenic("ACGT", "ACGT", block_ends="both")
    with pytest.raises(ValueError, match="block"):
        tropic.syntenic("ACGT", "ACGT", block_cost=-1)


def test_a_thread_runs_while_a_long_pair_aligns():
    rng = random.Random(6)
    q, t = related_pair(rng)
    q, t = q * 60, t * 60
    ticks, seconds = count_while(lambda: tropic.syntenic(q, t, backend="cpu", threads=1))
    assert seconds > 0.05 and ticks >= 10, f"{ticks} ticks in {seconds:.2f} s"
