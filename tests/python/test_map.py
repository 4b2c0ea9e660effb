"""tropic.MapIndex and tropic.map against `tropic index` and `tropic map` on the same inputs:
the same index file, the same SAM records (single and paired, from files or from sequences),
SAM text that samtools (and pysam, where installed) reads, the errors, the released GIL."""

import random
import shutil
import subprocess
from pathlib import Path

import pytest

import tropic
from conftest import run_cli
from test_gil import count_while

EXAMPLES = Path(__file__).resolve().parents[2] / "data" / "examples"
REF, READS_1, READS_2 = (EXAMPLES / n for n in ("map_ref.fa", "map_reads_1.fq",
                                                 "map_reads_2.fq"))


@pytest.fixture(scope="module")
def index():
    return tropic.MapIndex.build(REF)


def body(sam_text):
    return [line for line in sam_text.splitlines() if not line.startswith("@")]


def read_fastq(path):
    lines = Path(path).read_text().splitlines()
    return ({lines[k][1:].split()[0]: lines[k + 1] for k in range(0, len(lines), 4)},
            [lines[k + 3] for k in range(0, len(lines), 4)])


def test_single_and_paired_records_as_the_tool_writes_them(index):
    single = run_cli("map", "--quiet", str(REF), str(READS_1))
    assert body(index.map(READS_1, format="sam")) == body(single)
    paired = run_cli("map", "--quiet", "-N", "2", "-T", "40", str(REF), str(READS_1),
                     str(READS_2))
    records = tropic.map(REF, str(READS_1), READS_2, secondary=2, min_score=40)
    assert ["\t".join(map(str, r[:11] + r.tags)) for r in records] == body(paired)
    assert records[0].flag & 1 and isinstance(records[0].pos, int)


def test_reads_given_as_sequences_map_as_from_the_file(index):
    reads, qualities = read_fastq(READS_1)
    mates, mate_qualities = read_fastq(READS_2)
    from_file = index.map(READS_1, READS_2)
    given = index.map(reads, mates, qualities=qualities, mate_qualities=mate_qualities)
    assert given == from_file
    unnamed = index.map(list(reads.values())[:5])
    assert [r.qname for r in unnamed] == [f"read{k}" for k in range(1, 6)]
    assert unnamed[0].qual == "*"


def test_index_files_are_the_tools(tmp_path):
    run_cli("index", "--quiet", "-o", str(tmp_path / "tool"), str(REF))
    built = tropic.MapIndex.build(REF, tmp_path / "module")
    assert (tmp_path / "module.tmi").read_bytes() == (tmp_path / "tool.tmi").read_bytes()
    opened = tropic.MapIndex.open(tmp_path / "tool.tmi")
    assert opened.contigs == built.contigs == [("chr1", 30000), ("chr2", 30000)]
    assert body(opened.map(READS_1, format="sam")) == body(
        run_cli("map", "--quiet", str(tmp_path / "module.tmi"), str(READS_1)))


@pytest.mark.skipif(not shutil.which("samtools"), reason="samtools is not installed")
def test_sam_text_and_bam_read_by_samtools(index, tmp_path):
    text = index.map(READS_1, READS_2, format="sam")
    (tmp_path / "m.sam").write_text(text)
    viewed = subprocess.run(["samtools", "view", str(tmp_path / "m.sam")], capture_output=True,
                            text=True, check=True).stdout
    assert viewed.splitlines() == body(text)
    summary = index.map(READS_1, READS_2, output=tmp_path / "m.bam")
    assert summary["reads"] == 400 and summary["pairs"] == 200
    from_bam = subprocess.run(["samtools", "view", str(tmp_path / "m.bam")],
                              capture_output=True, text=True, check=True).stdout
    assert from_bam.splitlines() == body(text)


def test_pysam_reads_the_sam_text(index, tmp_path):
    pysam = pytest.importorskip("pysam")
    (tmp_path / "m.sam").write_text(index.map(READS_1, format="sam"))
    with pysam.AlignmentFile(str(tmp_path / "m.sam")) as sam:
        assert sum(1 for _ in sam) == 200


def test_errors_are_value_errors_with_the_message(index, tmp_path):
    with pytest.raises(ValueError, match=r"^reads: record 2 \('b'\): invalid character 'X' "
                                         r"at position 3: not in the DNA alphabet$"):
        index.map({"a": "ACGT", "b": "ACXT"})
    with pytest.raises(ValueError, match=r"mates: record 1 \('y/2'\): its name differs from "
                                         r"its mate's, 'x/1'"):
        index.map({"x/1": "ACGTACGT"}, {"y/2": "ACGTACGT"})
    with pytest.raises(ValueError, match="longer than the longest"):
        index.map(["A" * 50], max_read_length=20)
    (tmp_path / "bad.tmi").write_bytes(b"no index here" * 10)
    with pytest.raises(ValueError, match="bad.tmi"):
        tropic.MapIndex.open(tmp_path / "bad.tmi")
    with pytest.raises(ValueError, match="is not a file"):
        index.map(str(tmp_path / "missing.fq"))


def test_a_thread_runs_while_reads_map(index):
    reads, _ = read_fastq(READS_1)
    rng = random.Random(2)
    many = {f"r{k}": seq for k, seq in enumerate(rng.choice(list(reads.values()))
                                                  for _ in range(6000))}
    ticks, seconds = count_while(lambda: index.map(many, backend="cpu", threads=1))
    assert seconds > 0.05 and ticks >= 10, f"{ticks} ticks in {seconds:.2f} s"


def test_progress_hears_the_share_of_reads_mapped(index):
    heard = []
    index.map(READS_1, progress=lambda item, fraction: heard.append((item, fraction)))
    assert heard and heard[-1] == (0, 1.0)
