"""tropic.rri against `tropic rri --json` on the same pairs (sites, scores, boxes, sequences,
structures and pairs), its errors and the released GIL."""

import json
import random

import pytest

import tropic
from conftest import SEEDS, random_rna, run_cli
from test_gil import count_while


def cli_sites(tmp_path, query, targets, *options):
    (tmp_path / "q.fa").write_text(f">q\n{query}\n")
    (tmp_path / "t.fa").write_text("".join(f">{n}\n{s}\n" for n, s in targets.items()))
    return [json.loads(line) for line in run_cli("rri", "--quiet", "--json", *options,
                                                 str(tmp_path / "q.fa"),
                                                 str(tmp_path / "t.fa")).splitlines()]


def assert_sites_as_tool(sites, records):
    expected = [(r["target"], s) for r in records for s in r["sites"]]
    assert len(sites) == len(expected)
    for got, (target, site) in zip(sites, expected):
        assert got.target_name == target and got.rank == site["rank"]
        assert got.score == pytest.approx(site["score"])
        assert (got.begin1 + 1, got.end1, got.begin2 + 1, got.end2) == (
            site["begin1"], site["end1"], site["begin2"], site["end2"])
        assert (got.sequence, got.structure) == (site["sequence"], site["structure"])
        assert [(k, i + 1, j + 1) for k, i, j in got.pairs] == [
            (p["type"], p["i"], p["j"]) for p in site["pairs"]]


@pytest.mark.parametrize("seed", SEEDS)
def test_sites_as_the_tool_finds_them(tmp_path, seed):
    rng = random.Random(seed)
    query = random_rna(rng, rng.randint(8, 22))
    targets = {f"t{k}": random_rna(rng, rng.randint(1, 40)) for k in range(6)}
    options = dict(window2=rng.choice([0, 12]), top=rng.choice([1, 3]))
    sites = tropic.rri(query, targets, **options, backend="cpu")
    assert_sites_as_tool(sites, cli_sites(tmp_path, query, targets, "--window2",
                                          str(options["window2"]), "--top", str(options["top"])))


def test_weights_and_window1_as_the_tool(tmp_path):
    rng = random.Random(SEEDS[0])
    query = random_rna(rng, 24)
    targets = {"a": random_rna(rng, 30), "b": random_rna(rng, 18)}
    sites = tropic.rri(query, targets, window1=10, window2=14, top=2, weights="GC=2.5,GU=0")
    assert_sites_as_tool(sites, cli_sites(tmp_path, query, targets, "--window1", "10",
                                          "--window2", "14", "--top", "2", "--weights",
                                          "GC=2.5,GU=0"))
    one = tropic.rri(query, targets["a"])
    assert len(one) == 1 and one.target_name[0] == "" and one.target[0] == 0


def test_errors_are_value_errors_with_the_message():
    with pytest.raises(ValueError, match=r"^targets: record 2 \('b'\): invalid character 'Z' "
                                         r"at position 2"):
        tropic.rri("GGGAAACCC", {"a": "GGUUCC", "b": "GZ"})
    with pytest.raises(ValueError, match="GX"):
        tropic.rri("GGGAAACCC", "GGUUCC", weights="GX=1")
    with pytest.raises(ValueError, match="top=0"):
        tropic.rri("GGGAAACCC", "GGUUCC", top=0)


def test_a_thread_runs_while_a_pair_interacts():
    rng = random.Random(9)
    query, target = random_rna(rng, 40), random_rna(rng, 40)
    ticks, seconds = count_while(lambda: tropic.rri(query, target, backend="cpu", threads=1))
    assert seconds > 0.05 and ticks >= 10, f"{ticks} ticks in {seconds:.2f} s"
