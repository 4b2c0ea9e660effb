"""tropic.Database and Database.search against `tropic makedb` and `tropic search` on the same
inputs: the hits, their order, alignments and E-values; databases written by either opened by
the other; the errors; the released GIL."""

import random
from pathlib import Path

import numpy as np
import pytest

import tropic
from conftest import SEEDS, run_cli
from test_gil import count_while

EXAMPLES = Path(__file__).resolve().parents[2] / "data" / "examples"
DB, QUERIES = EXAMPLES / "search_db.fa", EXAMPLES / "search_query.fa"


def read_fasta(path):
    records, name = {}, None
    for line in Path(path).read_text().splitlines():
        if line.startswith(">"):
            name = line[1:].split()[0]
            records[name] = ""
        elif line:
            records[name] += line.strip()
    return records


def cli_rows(*args):
    lines = run_cli("search", "--quiet", "--format", "tsv", *args).splitlines()
    header = lines[0].lstrip("#").split("\t")
    return [dict(zip(header, line.split("\t"))) for line in lines[1:]]


def blast6_number(value, bits=False):
    """As NCBI prints E-values and bit scores in -outfmt 6 (align/alignment_writer.hpp)."""
    if bits:
        return "%.3e" % value if value > 99999 else (
            "%d" % int(value) if value > 99.9 else "%.1f" % value)
    if value < 1e-180:
        return "0.0"
    for limit, layout in ((0.0009, "%.0e"), (0.1, "%.3f"), (1, "%.2f"), (10, "%.1f")):
        if value < limit:
            return layout % value
    return "%.0f" % value


def assert_hits_as_tool(hits, rows, query_names):
    assert len(hits) == len(rows)
    for hit, row in zip(hits, rows):
        assert query_names[hit.query] == row["query"] and hit.query_name == row["query"]
        assert (hit.target, hit.strand, hit.score) == (row["target"], row["strand"],
                                                       int(row["score"]))
        assert (hit.query_begin + 1, hit.query_end) == (int(row["query_begin"]),
                                                        int(row["query_end"]))
        assert (hit.target_begin + 1, hit.target_end) == (int(row["target_begin"]),
                                                          int(row["target_end"]))
        assert hit.cigar == row["cigar"]


def test_protein_hits_as_the_tool_finds_them(tmp_path):
    queries = read_fasta(QUERIES)
    db = tropic.Database.build(DB)
    assert len(db) == 20 and db.alphabet == "protein" and db.names[0] == "db01"
    hits = db.search(queries, top=5)
    assert_hits_as_tool(hits, cli_rows("--top", "5", str(QUERIES), str(DB)), list(queries))
    blast6 = run_cli("search", "--quiet", "--top", "5", str(QUERIES), str(DB)).splitlines()
    assert len(blast6) == len(hits)
    for hit, line in zip(hits, blast6):
        fields = line.split("\t")
        assert fields[10] == blast6_number(hit.evalue)
        assert fields[11] == blast6_number(hit.bits, bits=True)


def test_databases_written_by_either_are_read_by_the_other(tmp_path):
    queries = read_fasta(QUERIES)
    run_cli("makedb", "--quiet", str(DB), str(tmp_path / "by_tool"))
    tropic.Database.build(DB, tmp_path / "by_module")
    assert (tmp_path / "by_module.tdb").read_bytes() == (tmp_path / "by_tool.tdb").read_bytes()
    opened = tropic.Database.open(tmp_path / "by_tool.tdb")
    in_memory = tropic.Database.build(DB).search(queries, mode="glocal", top=3)
    from_file = opened.search(queries, mode="glocal", top=3)
    same = [name for name in from_file.dtype.names if name not in ("evalue", "bits")]
    assert (from_file[same] == in_memory[same]).all()
    assert np.isnan(from_file.evalue).all()  # glocal: no statistics
    assert_hits_as_tool(from_file, cli_rows("--mode", "glocal", "--top", "3", str(QUERIES),
                                            str(tmp_path / "by_module")), list(queries))


def random_dna(rng, n):
    return "".join(rng.choice("ACGT") for _ in range(n))


def reverse_complement(seq):
    return seq[::-1].translate(str.maketrans("ACGT", "TGCA"))


@pytest.mark.parametrize("seed", SEEDS)
def test_dna_on_both_strands_as_the_tool(tmp_path, seed):
    rng = random.Random(seed)
    targets = {f"chr{k}": random_dna(rng, rng.randint(50, 400)) for k in range(12)}
    queries = {}
    for k in range(8):
        source = targets[rng.choice(list(targets))]
        start = rng.randint(0, len(source) - 30)
        piece = source[start:start + rng.randint(20, 30)]
        queries[f"r{k}"] = reverse_complement(piece) if k % 2 else piece
    (tmp_path / "t.fa").write_text("".join(f">{n}\n{s}\n" for n, s in targets.items()))
    (tmp_path / "q.fa").write_text("".join(f">{n}\n{s}\n" for n, s in queries.items()))
    hits = tropic.Database.build(targets).search(queries, top=4, strand="both", min_score=10)
    assert set(hits.strand) == {"+", "-"}
    assert_hits_as_tool(hits, cli_rows("--strand", "both", "--top", "4", "--min-score", "10",
                                       str(tmp_path / "q.fa"), str(tmp_path / "t.fa")),
                        list(queries))
    assert hits.evalue.dtype == np.float64 and np.all(np.diff(hits.query) >= 0)


def test_errors_are_value_errors_with_the_message(tmp_path):
    db = tropic.Database.build({"a": "ACGTACGTAC", "b": "GGGGCCCCAA"})
    with pytest.raises(ValueError, match=r"^queries: record 2 \('y'\): invalid character 'J' "
                                         r"at position 2: not in the DNA alphabet$"):
        db.search({"x": "ACGT", "y": "AJ"})
    with pytest.raises(ValueError, match="top=0"):
        db.search("ACGT", top=0)
    with pytest.raises(ValueError, match="protein scoring options .* database holds DNA"):
        db.search("ACGT", matrix="BLOSUM62")
    (tmp_path / "bad.tdb").write_bytes(b"not a database at all, just some bytes" * 4)
    with pytest.raises(ValueError, match="bad.tdb"):
        tropic.Database.open(tmp_path / "bad.tdb")
    with pytest.raises(ValueError, match="missing.fa"):
        tropic.Database.build(str(tmp_path / "missing.fa"))


def test_a_thread_runs_while_a_search_computes():
    rng = random.Random(5)
    db = tropic.Database.build([random_dna(rng, 1500) for _ in range(100)])
    queries = [random_dna(rng, 300) for _ in range(30)]
    ticks, seconds = count_while(lambda: db.search(queries, backend="cpu", threads=1))
    assert seconds > 0.05 and ticks >= 10, f"{ticks} ticks in {seconds:.2f} s"


def test_progress_hears_the_scan():
    heard = []
    db = tropic.Database.build(DB)
    db.search(read_fasta(QUERIES), progress=lambda item, fraction: heard.append(fraction))
    assert heard and all(0 <= f <= 1 for f in heard) and heard == sorted(heard)
