"""Database search, as `tropic makedb` builds databases and `tropic search` searches them: per
query the best `top` database sequences by score (then database order), each aligned in full,
with E-values over the whole database (local mode, published Karlin-Altschul parameters)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from typing import Optional

import numpy as np

from . import _tropic
from ._align import ALIGNMENT_FIELDS, make_scoring, requested_alphabet
from ._records import record_array
from ._run import Devices, Progress, make_run, sequence_batch

HIT_FIELDS = ["query", "query_name", "target", "target_index", "strand", "evalue", "bits",
              *ALIGNMENT_FIELDS]


def _write_fasta(sequences, handle) -> None:
    if isinstance(sequences, Mapping):
        items = [(str(name), seq) for name, seq in sequences.items()]
    else:
        items = [(f"seq{k + 1}", seq) for k, seq in enumerate(sequences)]
    for index, (name, seq) in enumerate(items):
        if not isinstance(seq, str):
            raise ValueError(f"sequences: record {index + 1}: a {type(seq).__name__}, not a str")
        handle.write(f">{name}\n{seq}\n")


class Database:
    """A sequence database: built from FASTA (or sequences) with Database.build, opened from
    PREFIX.tdb with Database.open, searched with search(). len(db) is its sequences."""

    def __init__(self, native: _tropic.Database):
        self._db = native

    @classmethod
    def build(cls, source, path=None, *, alphabet: Optional[str] = None,
              backend: str = "auto", threads: int = 0) -> "Database":
        """A database of `source`: a FASTA/FASTQ path (plain or gzip), or sequences (a mapping
        of name to sequence, or a list of str named seq1, seq2, ...). With `path` (a prefix),
        writes PATH.tdb as `tropic makedb SOURCE PATH` does and opens it; without, builds it in
        memory (as `tropic search` does with a FASTA database). alphabet: "dna", "protein" or
        None (detected from the first record)."""
        if alphabet not in (None, "dna", "protein"):
            raise ValueError(f"alphabet={alphabet!r}: give 'dna', 'protein' or None (detect)")
        run = make_run(backend, threads, None, None)
        if isinstance(source, (str, os.PathLike)):
            return cls._from_file(os.fspath(source), path, alphabet, run)
        with tempfile.TemporaryDirectory(prefix="tropic-db-") as folder:
            fasta = os.path.join(folder, "sequences.fa")
            with open(fasta, "w") as handle:
                _write_fasta(source, handle)
            return cls._from_file(fasta, path, alphabet, run)

    @classmethod
    def _from_file(cls, fasta: str, path, alphabet, run) -> "Database":
        if path is None:
            return cls(_tropic.database_from_fasta(fasta, alphabet, run))
        _tropic.make_database(fasta, os.fspath(path), alphabet, run)
        return cls(_tropic.open_database(os.fspath(path)))

    @classmethod
    def open(cls, path) -> "Database":
        """Opens a database built by `tropic makedb` or Database.build: PREFIX or PREFIX.tdb.
        Raises ValueError for a file of another version, truncated or corrupt (it says which)."""
        return cls(_tropic.open_database(os.fspath(path)))

    def __len__(self) -> int:
        return len(self._db)

    def __repr__(self) -> str:
        return (f"Database({self.alphabet}, {len(self)} sequences, "
                f"{self.total_residues} residues)")

    @property
    def alphabet(self) -> str:
        """"dna" or "protein"."""
        return self._db.alphabet

    @property
    def total_residues(self) -> int:
        """The residues of every sequence (the n of its E-values)."""
        return self._db.total_residues

    @property
    def names(self) -> list[str]:
        """The sequences' names in input order."""
        return self._db.names

    def search(self, queries, top: int = 10, mode: str = "local", *, strand: str = "plus",
               min_score: Optional[int] = None, evalue: Optional[float] = None,
               match: Optional[int] = None, mismatch: Optional[int] = None,
               n_score: Optional[int] = None, matrix: Optional[str] = None,
               gap_open: Optional[int] = None, gap_extend: Optional[int] = None,
               cigar_m: bool = False, backend: str = "auto", threads: int = 0,
               devices: Devices = None, progress: Optional[Progress] = None) -> np.recarray:
        """Searches the database with every query, as `tropic search` (its --top, --mode,
        --strand plus|both, --min-score (default 1 in local mode), --evalue, scoring options
        and --cigar-m). queries: a str, a list of str or a mapping of name to sequence.

        Returns a numpy record array of hits, per query in input order and best first: query
        (its 0-based index), query_name (the mapping's key, else ""), target (name),
        target_index (its 0-based position in the database's input), strand ("+", or "-" for
        the reverse complement's hits), evalue and bits (NaN without statistics), then the
        alignment's fields as align_many gives them (coordinates of a "-" hit are on the
        reverse-complemented query). progress: callable(0, fraction of the scan).
        """
        if strand not in ("plus", "both"):
            raise ValueError(f"strand={strand!r}: give 'plus' or 'both'")
        if isinstance(top, bool) or not isinstance(top, int) or top < 1:
            raise ValueError(f"top={top!r}: give a number of hits of at least 1")
        if evalue is not None and not evalue >= 0:
            raise ValueError(f"evalue={evalue!r}: give a non-negative E-value")
        requested = requested_alphabet(None, match, mismatch, n_score, matrix)
        if requested is not None and requested != self.alphabet:
            raise ValueError(f"{requested} scoring options were given but the database holds "
                             f"{'DNA' if self.alphabet == 'dna' else 'protein'}")
        scoring = make_scoring(self.alphabet, match, mismatch, n_score, matrix, gap_open,
                               gap_extend)
        batch, _ = sequence_batch(queries, "queries")
        run = make_run(backend, threads, devices, progress)
        columns = _tropic.search(self._db, batch, scoring, mode, top, min_score,
                                 None if evalue is None else float(evalue), strand == "both",
                                 bool(cigar_m), run)
        names = list(queries.keys()) if isinstance(queries, Mapping) else None
        columns["query_name"] = [str(names[q]) if names else "" for q in columns["query"]]
        return record_array(columns, HIT_FIELDS)
