"""tropic.mirscan against `tropic mirscan --format tsv` on the same genome (candidates, scores,
every feature, sequences and structures), a genome given as sequences, its errors and the
released GIL."""

import math
import sys
from pathlib import Path

import numpy as np
import pytest

import tropic
from conftest import run_cli
from test_gil import count_while
from test_search import read_fasta

GENOME = Path(__file__).resolve().parents[2] / "data" / "examples" / "mirscan_genome.fa"


def assert_as_tool(found, tsv):
    lines = tsv.splitlines()
    header = lines[0].lstrip("#").split("\t")
    rows = [dict(zip(header, line.split("\t"))) for line in lines[1:]]
    assert len(found) == len(rows) > 0
    for (_, got), row in zip(found.iterrows(), rows):
        # The tsv gives the start 1-based; the module, as BED, 0-based.
        assert (got["chrom"], got["start"] + 1, got["end"], got["name"], got["strand"]) == (
            row["chrom"], int(row["start"]), int(row["end"]), row["name"], row["strand"])
        assert (got["sequence"], got["structure"]) == (row["sequence"], row["structure"])
        assert got["passed_filter"] == bool(int(row["passed_filter"]))
        assert got["score"] == pytest.approx(float(row["score"]), rel=1e-5)
        for feature in header[header.index("length"):header.index("sequence")]:
            expected = float(row[feature]) if row[feature] != "NA" else math.nan
            assert got[feature] == pytest.approx(expected, rel=1e-5, nan_ok=True), feature


def test_candidates_as_the_tool_finds_them(tmp_path):
    (tmp_path / "chr1.fa").write_text(f">chr1\n{read_fasta(GENOME)['chr1']}\n")
    found = tropic.mirscan(tmp_path / "chr1.fa", shuffles=20, backend="cpu")
    assert_as_tool(found, run_cli("mirscan", "--quiet", "--shuffles", "20", "--format", "tsv",
                                  str(tmp_path / "chr1.fa")))


def test_options_and_a_genome_given_as_sequences():
    genome = read_fasta(GENOME)
    found = tropic.mirscan({"chr2": genome["chr2"]}, shuffles=10, seed=3, strand="+",
                           min_score=0.5, window=110)
    tsv = run_cli("mirscan", "--quiet", "--shuffles", "10", "--seed", "3", "--strand", "+",
                  "--min-score", "0.5", "--window", "110", "--format", "tsv", "-",
                  stdin=f">chr2\n{genome['chr2']}\n")
    assert_as_tool(found, tsv)
    assert set(found["strand"]) == {"+"}


def test_without_pandas_a_record_array(monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)
    genome = read_fasta(GENOME)
    found = tropic.mirscan({"chr2": genome["chr2"]}, shuffles=0)
    assert isinstance(found, np.recarray) and "mfei" in found.dtype.names


def test_errors_are_value_errors_with_the_message(tmp_path):
    with pytest.raises(ValueError, match="strand='x'"):
        tropic.mirscan({"a": "ACGU" * 40}, strand="x")
    with pytest.raises(ValueError, match=r"record 1 \('a'\).*invalid character 'J'"):
        tropic.mirscan({"a": "ACGJ" * 40})
    with pytest.raises(ValueError, match="missing.fa"):
        tropic.mirscan(tmp_path / "missing.fa")


def test_a_thread_runs_while_a_genome_is_scanned():
    genome = read_fasta(GENOME)
    ticks, seconds = count_while(lambda: tropic.mirscan({"chr2": genome["chr2"]}, shuffles=2,
                                                        threads=1, backend="cpu"))
    assert seconds > 0.05 and ticks >= 10, f"{ticks} ticks in {seconds:.2f} s"
