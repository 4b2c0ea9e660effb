"""microRNA precursor candidates in a genome, as `tropic mirscan` finds them: windows folded
(Turner MFE), the longest stem-loop of each, its features, dinucleotide shuffles for its
significance, a score (the default one or a decision tree's); candidates in genome order."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from typing import Optional

from . import _tropic
from ._records import record_array
from ._rna import _model
from ._run import Devices, make_run


def _write_genome(sequences, path: str) -> None:
    items = (sequences.items() if isinstance(sequences, Mapping) else
             ((f"seq{k + 1}", s) for k, s in enumerate(sequences)))
    with open(path, "w") as handle:
        for index, (name, seq) in enumerate(items):
            if not isinstance(seq, str):
                raise ValueError(f"genome: record {index + 1}: a {type(seq).__name__}, not a str")
            handle.write(f">{name}\n{seq}\n")


def mirscan(genome, *, window: int = 120, step: int = 20, strand: str = "both",
            skip_masked: bool = False, min_hairpin: int = 60, shuffles: int = 100,
            seed: int = 1, min_score: float = 0.75, model=None, reads=None, dangles: int = 2,
            noLP: bool = False, temperature: float = 37, params: Optional[str] = None,
            backend: str = "auto", threads: int = 0, devices: Devices = None):
    """Scans a genome as `tropic mirscan GENOME` (its --window, --step, --strand, --skip-masked,
    --min-hairpin, --shuffles, --seed, --min-score, --model (a tree saved by --save-model),
    --reads (an indexed BAM of small-RNA reads) and the energy model's options).

    genome: a FASTA path (plain or gzip; lower case is soft-masking), or sequences (a mapping of
    name to sequence, or a list named seq1, seq2, ...). Returns the candidates as a pandas
    DataFrame when pandas is installed, else a numpy record array: chrom, start, end (0-based,
    half-open, forward coordinates, as BED), name ("chrom:start-end:strand", 1-based as the
    tool names candidates), score, strand, windows,
    passed_filter, every feature of the tool's tsv (length, mfe, amfe, mfei, ..., zscore,
    pvalue; NaN where not computed), sequence and structure.
    """
    request = _tropic.ScanRequest(window, step, strand, bool(skip_masked), min_hairpin,
                                  shuffles, seed, float(min_score),
                                  "" if model is None else os.fspath(model),
                                  "" if reads is None else os.fspath(reads))
    energy = _model(dangles, noLP, temperature, params, -1)
    run = make_run(backend, threads, devices, None)
    if isinstance(genome, (str, os.PathLike)):
        c = _tropic.mirscan(os.fspath(genome), request, energy, run)
    else:
        with tempfile.TemporaryDirectory(prefix="tropic-mirscan-") as folder:
            path = os.path.join(folder, "genome.fa")
            _write_genome(genome, path)
            c = _tropic.mirscan(path, request, energy, run)
    c["name"] = [f"{chrom}:{start + 1}-{end}:{s}"  # 1-based, as the tool names them
                 for chrom, start, end, s in zip(c["chrom"], c["start"], c["end"], c["strand"])]
    c["passed_filter"] = c["passed_filter"].astype(bool)
    names = list(c["feature_names"])
    for k, feature in enumerate(names):
        c[feature] = c["features"][:, k].copy()
    fields = ["chrom", "start", "end", "name", "score", "strand", "windows", "passed_filter",
              *names, "sequence", "structure"]
    try:
        import pandas
    except ImportError:
        return record_array(c, fields)
    return pandas.DataFrame({f: c[f] for f in fields}, columns=fields)
