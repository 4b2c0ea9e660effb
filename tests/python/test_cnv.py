"""tropic.cnv.count and tropic.cnv.call against `tropic cnv count` and `tropic cnv call` on the
same inputs (BAMs samtools makes from generated SAM, the example cohort's count matrix): the
counts, the CNVs, the regions and the integer copy numbers; tables without pandas; errors; the
released GIL."""

import random
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import tropic
from conftest import run_cli
from test_gil import count_while

COHORT = Path(__file__).resolve().parents[2] / "data" / "examples" / "cnv_cohort.tsv"


def read_tsv(path):
    lines = Path(path).read_text().splitlines()
    header = lines[0].lstrip("#").split("\t")
    return header, [line.split("\t") for line in lines[1:]]


def cohort():
    header, rows = read_tsv(COHORT)
    matrix = np.array([[float(v) for v in r[3:]] for r in rows])
    return matrix, [(r[0], int(r[1]), int(r[2])) for r in rows], header[3:]


def as_rows(table):
    """The rows of a DataFrame or a record array as lists."""
    if hasattr(table, "itertuples"):
        return [list(row) for row in table.itertuples(index=False)]
    return [list(row) for row in table]


def assert_calls_as_tool(calls, prefix):
    _, cnvs = read_tsv(f"{prefix}.cnvs.tsv")
    got = as_rows(calls.cnvs)
    assert len(got) == len(cnvs) > 0
    for row, expected in zip(got, cnvs):
        sample, chrom, start, end, median, mean, klass, copies = row
        assert [sample, chrom, str(start), str(end), klass] == expected[:4] + [expected[6]]
        assert median == pytest.approx(float(expected[4]), rel=1e-5)
        assert mean == pytest.approx(float(expected[5]), rel=1e-5)
        assert copies == int(klass[2:])
    _, regions = read_tsv(f"{prefix}.cnvr.tsv")
    assert [[str(v) for v in row[:3]] + [f"CN{v}" for v in row[3:]]
            for row in as_rows(calls.regions)] == regions
    _, cn = read_tsv(f"{prefix}.cn.tsv")
    assert calls.copy_numbers.tolist() == [[int(v) for v in row[3:]] for row in cn]


def test_calls_as_the_tool_makes_them(tmp_path):
    run_cli("cnv", "call", "--quiet", "--no-vcf", str(COHORT), "-o", str(tmp_path / "out"))
    matrix, windows, samples = cohort()
    calls = tropic.cnv.call(matrix, windows, samples)
    assert_calls_as_tool(calls, tmp_path / "out")
    assert calls.copy_numbers.shape == (len(windows), len(samples))


def test_reference_mode_and_options_as_the_tool(tmp_path):
    run_cli("cnv", "call", "--quiet", "--no-vcf", "--mode", "reference", "--cases", "S2,S3",
            "--min-width", "3", "--segmentation", "fast", str(COHORT), "-o", str(tmp_path / "r"))
    matrix, windows, samples = cohort()
    calls = tropic.cnv.call(matrix, windows, samples, mode="reference", cases=["S2", "S3"],
                            min_width=3, segmentation="fast")
    assert_calls_as_tool(calls, tmp_path / "r")


def test_tables_are_record_arrays_without_pandas(monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)
    matrix, windows, samples = cohort()
    calls = tropic.cnv.call(matrix, windows, samples)
    assert isinstance(calls.cnvs, np.recarray) and isinstance(calls.regions, np.recarray)
    assert calls.regions.dtype.names == ("chrom", "start", "end", *samples)


def write_bam(tmp_path, name, rng, contigs):
    lines = ["@HD\tVN:1.6\tSO:unsorted"]
    lines += [f"@SQ\tSN:{c}\tLN:{n}" for c, n in contigs.items()]
    for k in range(600):
        contig = rng.choice(list(contigs))
        pos = rng.randint(1, contigs[contig] - 50)
        flag, mapq = rng.choice([(0, 60), (16, 60), (256, 30), (0, 0), (4, 0)])
        lines.append(f"r{k}\t{flag}\t{contig}\t{pos}\t{mapq}\t50M\t*\t0\t0\t{'A' * 50}\t*")
    sam = tmp_path / f"{name}.sam"
    sam.write_text("\n".join(lines) + "\n")
    subprocess.run(["samtools", "sort", "-o", str(tmp_path / f"{name}.bam"), str(sam)],
                   check=True, capture_output=True)
    return tmp_path / f"{name}.bam"


@pytest.mark.skipif(not shutil.which("samtools"), reason="samtools is not installed")
def test_counts_as_the_tool_counts_them(tmp_path):
    rng = random.Random(4)
    contigs = {"chr1": 20000, "chr2": 7000}
    bams = [write_bam(tmp_path, f"s{k}", rng, contigs) for k in range(3)]
    counts = tropic.cnv.count(bams, window=1500, min_mapq=1)
    header, rows = read_tsv_text(run_cli("cnv", "count", "--quiet", "-w", "1500",
                                         *map(str, bams)))
    assert counts.samples == header[3:] == ["s0.bam", "s1.bam", "s2.bam"]
    assert as_rows(counts.windows) == [[r[0], int(r[1]), int(r[2])] for r in rows]
    assert counts.matrix.tolist() == [[int(v) for v in r[3:]] for r in rows]
    assert counts.matrix.dtype == np.int64
    only = tropic.cnv.count(bams, 5000, sequences=["chr2"], sample_names=["a", "b", "c"])
    assert set(only.windows["chrom"]) == {"chr2"} and only.samples == ["a", "b", "c"]


def read_tsv_text(text):
    lines = text.splitlines()
    return lines[0].lstrip("#").split("\t"), [line.split("\t") for line in lines[1:]]


def test_errors_are_value_errors_with_the_message(tmp_path):
    matrix, windows, samples = cohort()
    with pytest.raises(ValueError, match="mode='fancy'"):
        tropic.cnv.call(matrix, windows, samples, mode="fancy")
    with pytest.raises(ValueError, match="minWidth|min_width|min-width"):
        tropic.cnv.call(matrix, windows, samples, min_width=0)
    with pytest.raises(ValueError, match="needs exactly one of controls and cases"):
        tropic.cnv.call(matrix, windows, samples, mode="reference")
    with pytest.raises(ValueError, match="min_width='x': not a value"):
        tropic.cnv.call(matrix, windows, samples, min_width="x")
    with pytest.raises(ValueError, match="segmentation='dnacopy': give one of 'fast', 'cbs'"):
        tropic.cnv.call(matrix, windows, samples, segmentation="dnacopy")
    with pytest.raises(ValueError, match="unknown cn.mops parameter"):
        tropic.cnv.call(matrix, windows, samples, min_widht=3)
    with pytest.raises(ValueError, match="comes after another sequence's rows"):
        tropic.cnv.call(matrix[:3], [("a", 0, 10), ("b", 0, 10), ("a", 10, 20)], samples)
    with pytest.raises(ValueError, match="missing.bam"):
        tropic.cnv.count([tmp_path / "missing.bam", tmp_path / "missing2.bam"])


def test_a_thread_runs_while_cnvs_are_called():
    matrix, windows, samples = cohort()
    many = np.vstack([matrix] * 12)
    tiled = [(f"c{k}", s, e) for k in range(12) for _, s, e in windows]
    ticks, seconds = count_while(lambda: tropic.cnv.call(many, tiled, samples, threads=1,
                                                         backend="cpu"))
    assert seconds > 0.05 and ticks >= 10, f"{ticks} ticks in {seconds:.2f} s"
