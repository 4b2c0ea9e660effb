"""Read mapping, as `tropic index` indexes a reference and `tropic map` maps reads to it: exact
seeds, lossless filters, an affine alignment of every candidate; single reads or pairs; SAM
records in input order (the tool's, byte for byte, but for the header's @PG command line)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from typing import NamedTuple, Optional

from . import _tropic
from ._run import Devices, Progress, make_run


class SamRecord(NamedTuple):
    """One SAM record, its fields as SAM text has them (pos and pnext 1-based, 0 for none;
    "*" for a missing rname, cigar, seq or qual; rnext "=" for the read's own reference), and
    its optional fields as "TAG:TYPE:VALUE" strings."""

    qname: str
    flag: int
    rname: str
    pos: int
    mapq: int
    cigar: str
    rnext: str
    pnext: int
    tlen: int
    seq: str
    qual: str
    tags: tuple


def sam_records(text: str) -> list[SamRecord]:
    """The records of SAM text (header lines skipped) as SamRecord tuples."""
    records = []
    for line in text.splitlines():
        if not line or line.startswith("@"):
            continue
        f = line.split("\t")
        records.append(SamRecord(f[0], int(f[1]), f[2], int(f[3]), int(f[4]), f[5], f[6],
                                 int(f[7]), int(f[8]), f[9], f[10], tuple(f[11:])))
    return records


def _reads(reads, qualities, argument: str) -> _tropic.Reads:
    """Reads as the extension takes them: a path (str or PathLike) to FASTQ/FASTA, or sequences
    (a list of str named read1, read2, ..., or a mapping of name to sequence)."""
    if isinstance(reads, os.PathLike) or (isinstance(reads, str) and os.path.exists(reads)):
        if qualities is not None:
            raise ValueError(f"{argument}: qualities come from the file; give them with "
                             "sequences only")
        return _tropic.Reads(_tropic.Sequences(argument, []), [], os.fspath(reads))
    if isinstance(reads, str):
        raise ValueError(f"{argument}: '{reads}' is not a file; give a FASTQ/FASTA path, a "
                         "list of sequences or a mapping of name to sequence")
    if isinstance(reads, Mapping):
        names, seqs = [str(n) for n in reads.keys()], list(reads.values())
    else:
        names, seqs = [], list(reads)
    for index, seq in enumerate(seqs):
        if not isinstance(seq, str):
            raise ValueError(f"{argument}: record {index + 1}: a {type(seq).__name__}, not a str")
    quals = [] if qualities is None else [str(q) for q in qualities]
    if quals and len(quals) != len(seqs):
        raise ValueError(f"{argument}: {len(quals)} qualities for {len(seqs)} reads")
    return _tropic.Reads(_tropic.Sequences(argument, seqs, names), quals, "")


class MapIndex:
    """A reference index for mapping: MapIndex.build(fasta) as `tropic index` builds it (and
    writes it with path=), MapIndex.open(path) for a .tmi file; map() maps reads to it."""

    def __init__(self, native: _tropic.ReferenceIndex):
        self._index = native

    @classmethod
    def build(cls, fasta, path=None, *, kmer_length: int = 0, sampling_stride: int = 2,
              max_occurrences: int = 1000, threads: int = 0) -> "MapIndex":
        """Indexes a reference FASTA (plain or gzip) as `tropic index FASTA [-o PATH]` (its
        -k and --max-occurrences; kmer_length 0 chooses k from the reference's length;
        sampling_stride: k-mers are indexed at positions that are multiples of it); with path (a .tmi file, or a prefix to which .tmi is added) writes it too."""
        run = make_run("cpu", threads, None, None)
        index = cls(_tropic.build_reference_index(os.fspath(fasta), kmer_length,
                                                  sampling_stride, max_occurrences, run))
        if path is not None:
            path = os.fspath(path)
            _tropic.write_reference_index(index._index,
                                          path if path.endswith(".tmi") else path + ".tmi")
        return index

    @classmethod
    def open(cls, path, threads: int = 0) -> "MapIndex":
        """Reads a .tmi index written by `tropic index` or MapIndex.build; ValueError for a
        file that is no index, of another version or corrupt."""
        return cls(_tropic.read_reference_index(os.fspath(path),
                                                make_run("cpu", threads, None, None)))

    @property
    def contigs(self) -> list[tuple[str, int]]:
        """(name, length) of every contig, in the reference's order."""
        return self._index.contigs

    @property
    def kmer_length(self) -> int:
        return self._index.kmer_length

    def __repr__(self) -> str:
        return f"MapIndex({len(self.contigs)} contigs, k={self.kmer_length})"

    def map(self, reads, mates=None, *, qualities=None, mate_qualities=None,
            format: str = "records", output=None, read_group: str = "", match: int = 1,
            mismatch: int = 4, gap_open: int = 6, gap_extend: int = 1, clip_penalty: int = 5,
            min_score: int = 30, max_error_rate: float = 0.08, secondary: int = 0,
            max_read_length: int = 1000, backend: str = "auto", threads: int = 0,
            devices: Devices = None, progress: Optional[Progress] = None):
        """Maps reads as `tropic map REF READS [MATES]` (its -A -B -O -E -L -T --max-error-rate
        -N --max-read-length -R options, with the same defaults).

        reads, mates: a FASTQ/FASTA path, or sequences (a list of str named read1, ...; or a
        mapping of name to sequence), with qualities (Phred+33 str, one per read) optional.
        format: "records" (a list of SamRecord tuples), "sam" (SAM text with its header, which
        pysam.AlignmentFile reads) or, with output=PATH, the records written to PATH (SAM, or
        BAM for a .bam path) and the run's summary returned (reads, mapped, pairs,
        properly_paired, insert size). progress: callable(0, fraction of the reads mapped).
        """
        if format not in ("records", "sam"):
            raise ValueError(f"format={format!r}: give 'records' or 'sam'")
        first = _reads(reads, qualities, "reads")
        second = None if mates is None else _reads(mates, mate_qualities, "mates")
        run = make_run(backend, threads, devices, progress)
        command = "tropic.map (Python)"

        def request(path):
            return _tropic.MapRequest(match, mismatch, gap_open, gap_extend, clip_penalty,
                                      min_score, float(max_error_rate), secondary,
                                      max_read_length, read_group, path, command)

        if output is not None:
            return _tropic.map_reads(self._index, first, second, request(os.fspath(output)),
                                     run)
        with tempfile.TemporaryDirectory(prefix="tropic-map-") as folder:
            path = os.path.join(folder, "mapped.sam")
            _tropic.map_reads(self._index, first, second, request(path), run)
            with open(path) as handle:
                text = handle.read()
        return text if format == "sam" else sam_records(text)


def map(reference, reads, mates=None, **options):
    """Maps reads to a reference as `tropic map` does: reference is a MapIndex, a .tmi path or
    a FASTA path (indexed in memory); the other arguments are MapIndex.map's."""
    if not isinstance(reference, MapIndex):
        path = os.fspath(reference)
        reference = MapIndex.open(path) if path.endswith(".tmi") else MapIndex.build(path)
    return reference.map(reads, mates, **options)
