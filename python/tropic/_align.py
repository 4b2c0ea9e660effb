"""Pairwise alignment with affine gaps, as `tropic align` computes it: local (Smith-Waterman),
global (Needleman-Wunsch), glocal (the whole query, free target ends) or overlap (free end gaps
everywhere), DNA or protein.

Scoring as the tool's options: DNA match=2, mismatch=-3, n_score (default: mismatch), gaps
gap_open=5, gap_extend=2; protein matrix="BLOSUM62" (a built-in name or an NCBI-format file),
gaps 11 and 1. A gap of k residues costs gap_open + k * gap_extend. The alphabet is `alphabet`
("dna" or "protein"), else what the scoring options imply (match, mismatch, n_score: DNA;
matrix: protein), else DNA when the first query and target are nucleotides, as the tool
detects it.

Coordinates are 0-based and half-open (the tool prints them 1-based and inclusive); CIGARs use
= and X (M with cigar_m=True), I for query residues against a gap, D for target residues.
"""

from __future__ import annotations

from typing import NamedTuple, Optional

import numpy as np

from . import _tropic
from ._records import record_array
from ._run import Devices, Progress, make_run

ALIGNMENT_FIELDS = ["score", "query_begin", "query_end", "target_begin", "target_end", "matches",
                    "mismatches", "gap_opens", "gaps", "cigar"]


class Alignment(NamedTuple):
    """One pair's alignment: score, 0-based half-open ranges on the query and target (begins -1
    with score_only), the counts of matches, mismatches, gap opens and gap residues, and the
    CIGAR ("" with score_only or for an empty local alignment)."""

    score: int
    query_begin: int
    query_end: int
    target_begin: int
    target_end: int
    matches: int
    mismatches: int
    gap_opens: int
    gaps: int
    cigar: str


def _check_alphabet(alphabet: Optional[str]) -> None:
    if alphabet not in (None, "dna", "protein"):
        raise ValueError(f"alphabet={alphabet!r}: give 'dna', 'protein' or None (detect)")


def requested_alphabet(alphabet, match, mismatch, n_score, matrix) -> Optional[str]:
    """The alphabet the options ask for, or None (detect), as the tool's --dna/--protein and
    scoring options do; ValueError for options that contradict each other."""
    _check_alphabet(alphabet)
    dna_options = match is not None or mismatch is not None or n_score is not None
    if matrix is not None and dna_options:
        raise ValueError("matrix scores protein, match/mismatch/n_score score DNA: give one kind")
    if alphabet == "dna" and matrix is not None:
        raise ValueError("matrix scores protein alignments; with alphabet='dna' use match, "
                         "mismatch and n_score")
    if alphabet == "protein" and dna_options:
        raise ValueError("match, mismatch and n_score score DNA alignments; with "
                         "alphabet='protein' use matrix")
    if alphabet is not None:
        return alphabet
    if dna_options:
        return "dna"
    if matrix is not None:
        return "protein"
    return None


def make_scoring(alphabet: str, match=None, mismatch=None, n_score=None, matrix=None,
                 gap_open=None, gap_extend=None) -> _tropic.Scoring:
    """The scoring of `alphabet` with the tool's defaults for what is None."""
    if alphabet == "dna":
        if matrix is not None:
            raise ValueError("matrix scores protein; the sequences are DNA")
        mismatch = -3 if mismatch is None else mismatch
        return _tropic.dna_scoring(2 if match is None else match, mismatch,
                                   mismatch if n_score is None else n_score,
                                   5 if gap_open is None else gap_open,
                                   2 if gap_extend is None else gap_extend)
    if match is not None or mismatch is not None or n_score is not None:
        raise ValueError("match, mismatch and n_score score DNA; the sequences are protein")
    return _tropic.protein_scoring("BLOSUM62" if matrix is None else str(matrix),
                                   11 if gap_open is None else gap_open,
                                   1 if gap_extend is None else gap_extend)


def _detected(first_query: Optional[str], first_target: Optional[str]) -> str:
    dna = all(s is None or _tropic.looks_like_dna(s.upper())
              for s in (first_query, first_target))
    return "dna" if dna else "protein"


def _texts(values, argument: str) -> list[str]:
    for index, value in enumerate(values):
        if not isinstance(value, str):
            raise ValueError(f"{argument}: record {index + 1}: a {type(value).__name__}, "
                             "not a str")
    return values


def _align_columns(queries, targets, mode, alphabet, match, mismatch, n_score, matrix, gap_open,
                   gap_extend, score_only, cigar_m, backend, threads, devices, progress) -> dict:
    chosen = requested_alphabet(alphabet, match, mismatch, n_score, matrix)
    if chosen is None:
        chosen = _detected(queries[0] if queries else None, targets[0] if targets else None)
    scoring = make_scoring(chosen, match, mismatch, n_score, matrix, gap_open, gap_extend)
    run = make_run(backend, threads, devices, progress)
    return _tropic.align_pairs(_tropic.Sequences("queries", _texts(queries, "queries")),
                               _tropic.Sequences("targets", _texts(targets, "targets")), chosen,
                               mode, scoring, bool(score_only), bool(cigar_m), run)


def align(query: str, target: str, mode: str = "local", *, alphabet: Optional[str] = None,
          match: Optional[int] = None, mismatch: Optional[int] = None,
          n_score: Optional[int] = None, matrix: Optional[str] = None,
          gap_open: Optional[int] = None, gap_extend: Optional[int] = None,
          score_only: bool = False, cigar_m: bool = False, backend: str = "auto",
          threads: int = 0, devices: Devices = None,
          progress: Optional[Progress] = None) -> Alignment:
    """Aligns query against target as `tropic align` does (options as its --mode, --dna,
    --protein, --match, --mismatch, --n-score, --matrix, --gap-open, --gap-extend,
    --score-only, --cigar-m). Returns an Alignment; raises ValueError for a letter outside the
    alphabet or a bad option (the tool's message), MemoryError when the traceback fits in no
    memory. progress: callable(pair, fraction) for long pairs.
    """
    if not isinstance(query, str) or not isinstance(target, str):
        raise ValueError("align(query, target): give two str (align_many takes many pairs)")
    c = _align_columns([query], [target], mode, alphabet, match, mismatch, n_score, matrix,
                       gap_open, gap_extend, score_only, cigar_m, backend, threads, devices,
                       progress)
    values = [c[name][0] for name in ALIGNMENT_FIELDS]
    return Alignment(*[v if isinstance(v, str) else int(v) for v in values])


def align_many(pairs, mode: str = "local", *, alphabet: Optional[str] = None,
               match: Optional[int] = None, mismatch: Optional[int] = None,
               n_score: Optional[int] = None, matrix: Optional[str] = None,
               gap_open: Optional[int] = None, gap_extend: Optional[int] = None,
               score_only: bool = False, cigar_m: bool = False, backend: str = "auto",
               threads: int = 0, devices: Devices = None,
               progress: Optional[Progress] = None) -> np.recarray:
    """Aligns many (query, target) pairs in one call, as `tropic align --pairs` (on every
    thread, short pairs batched on the device). `pairs`: an iterable of (query, target) str
    pairs. Options as align(). Returns a numpy record array, one row per pair in input order,
    with the fields of Alignment (int64; cigar as str objects); pandas.DataFrame(result) makes a
    frame of it.
    """
    queries, targets = [], []
    for index, pair in enumerate(pairs):
        if isinstance(pair, str) or len(pair) != 2:
            raise ValueError(f"pairs: item {index + 1}: give a (query, target) pair")
        queries.append(pair[0])
        targets.append(pair[1])
    c = _align_columns(queries, targets, mode, alphabet, match, mismatch, n_score, matrix,
                       gap_open, gap_extend, score_only, cigar_m, backend, threads, devices,
                       progress)
    return record_array(c, ALIGNMENT_FIELDS)
