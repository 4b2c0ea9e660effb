"""Three-sequence alignment (sum of pairs, linear or affine gaps) as `tropic align3`, and
syntenic alignment (a global alignment that may skip a difference block at cost d) as `tropic
syntenic`. Scoring, alphabets and coordinates as tropic.align's (docs/python.md)."""

from __future__ import annotations

from typing import NamedTuple, Optional

import numpy as np

from . import _tropic
from ._align import make_scoring, requested_alphabet
from ._records import record_array
from ._run import Devices, Progress, make_run


class Align3(NamedTuple):
    """One triple's alignment: its sum-of-pairs score, its columns, the columns whose three
    residues are identical, and the three rows ('-' for gaps; "" with score_only)."""

    score: int
    columns: int
    identities: int
    row_a: str
    row_b: str
    row_c: str


def _sequences(argument: str, values) -> _tropic.Sequences:
    for index, value in enumerate(values):
        if not isinstance(value, str):
            raise ValueError(f"{argument}: record {index + 1}: a {type(value).__name__}, "
                             "not a str")
    return _tropic.Sequences(argument, list(values))


def _alphabet(alphabet, match, mismatch, n_score, matrix, firsts) -> str:
    chosen = requested_alphabet(alphabet, match, mismatch, n_score, matrix)
    if chosen is not None:
        return chosen
    dna = all(_tropic.looks_like_dna(s.upper()) for s in firsts if s is not None)
    return "dna" if dna else "protein"


def align3(triples, *, alphabet: Optional[str] = None, match: Optional[int] = None,
           mismatch: Optional[int] = None, n_score: Optional[int] = None,
           matrix: Optional[str] = None, gap_open: Optional[int] = None,
           gap_extend: Optional[int] = None, gap: Optional[int] = None,
           score_only: bool = False, backend: str = "auto", threads: int = 0,
           devices: Devices = None, progress: Optional[Progress] = None):
    """Optimal alignments of three sequences as `tropic align3` (its scoring options; gap=G:
    linear gaps, a residue against a gap costing G, as --gap; else affine gaps of gap_open and
    gap_extend; --score-only). triples: one (a, b, c) tuple of str, giving an Align3, or an
    iterable of them, giving a numpy record array of Align3's fields, one row per triple.
    The alphabet as align's, detected from the first triple's sequences."""
    one = isinstance(triples, tuple) and len(triples) == 3 and all(
        isinstance(s, str) for s in triples)
    items = [triples] if one else list(triples)
    for index, item in enumerate(items):
        if isinstance(item, str) or len(item) != 3:
            raise ValueError(f"triples: item {index + 1}: give an (a, b, c) triple")
    if gap is not None and (gap_open is not None or gap_extend is not None):
        raise ValueError("gap (linear gaps) excludes gap_open and gap_extend")
    columns = [[item[r] for item in items] for r in range(3)]
    chosen = _alphabet(alphabet, match, mismatch, n_score, matrix,
                       [c[0] if c else None for c in columns])
    scoring = make_scoring(chosen, match, mismatch, n_score, matrix,
                           0 if gap is not None else gap_open,
                           gap if gap is not None else gap_extend)
    run = make_run(backend, threads, devices, progress)
    c = _tropic.align3(_sequences("a", columns[0]), _sequences("b", columns[1]),
                       _sequences("c", columns[2]), chosen, scoring, bool(score_only), run)
    if score_only:
        for row in ("row_a", "row_b", "row_c"):
            c[row] = [""] * len(items)
    fields = list(Align3._fields)
    if one:
        return Align3(*[c[f][0] if isinstance(c[f][0], str) else int(c[f][0]) for f in fields])
    return record_array(c, fields)


class Syntenic(NamedTuple):
    """One pair's syntenic alignment: score, counts over its aligned segments (matches,
    mismatches, gap_opens, gaps) and blocks, and segments: a record array of kind ("aligned"
    or "block"), 0-based half-open ranges on query and target, score (-d for a block) and CIGAR
    ("" for a block), first to last."""

    score: int
    matches: int
    mismatches: int
    gap_opens: int
    gaps: int
    blocks: int
    segments: np.recarray


SEGMENT_FIELDS = ["pair", "kind", "query_begin", "query_end", "target_begin", "target_end",
                  "score", "cigar"]


def syntenic(query, target=None, *, block_cost: int = 30, block_ends: str = "free",
             alphabet: Optional[str] = None, match: Optional[int] = None,
             mismatch: Optional[int] = None, n_score: Optional[int] = None,
             matrix: Optional[str] = None, gap_open: Optional[int] = None,
             gap_extend: Optional[int] = None, score_only: bool = False,
             backend: str = "auto", threads: int = 0, devices: Devices = None,
             progress: Optional[Progress] = None):
    """Syntenic alignment as `tropic syntenic` (--block d, --block-ends free|charged, the
    scoring options, --score-only). syntenic(query, target) gives a Syntenic; syntenic(pairs),
    an iterable of (query, target) pairs, gives (a record array of each pair's score and
    counts, a record array of every pair's segments with its pair index)."""
    if target is not None:
        pairs, one = [(query, target)], True
    else:
        pairs, one = list(query), False
    for index, item in enumerate(pairs):
        if isinstance(item, str) or len(item) != 2:
            raise ValueError(f"pairs: item {index + 1}: give a (query, target) pair")
    queries, targets = [p[0] for p in pairs], [p[1] for p in pairs]
    chosen = _alphabet(alphabet, match, mismatch, n_score, matrix,
                       [queries[0] if queries else None, targets[0] if targets else None])
    scoring = make_scoring(chosen, match, mismatch, n_score, matrix, gap_open, gap_extend)
    run = make_run(backend, threads, devices, progress)
    c = _tropic.syntenic(_sequences("queries", queries), _sequences("targets", targets), chosen,
                         scoring, int(block_cost), block_ends, bool(score_only), run)
    segments = record_array({**c, "score": c["segment_score"]}, SEGMENT_FIELDS)
    totals = ["score", "matches", "mismatches", "gap_opens", "gaps", "blocks"]
    if one:
        return Syntenic(*[int(c[f][0]) for f in totals], segments)
    return record_array(c, totals), segments
