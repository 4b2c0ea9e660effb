"""RNA-RNA interaction by weighted base-pair maximisation (BPMax), as `tropic rri` computes it:
the joint structure of a query (strand 1) with each target (strand 2, 5'->3'), intra- and
inter-molecular pairs, without crossings; windows bound the stretch of each strand a site may
span."""

from __future__ import annotations

from typing import Optional

import numpy as np

from . import _tropic
from ._records import record_array
from ._run import Devices, Progress, make_run, sequence_batch

SITE_FIELDS = ["target", "target_name", "rank", "score", "begin1", "end1", "begin2", "end2",
               "sequence", "structure", "pairs"]


def rri(query: str, targets, window1: int = 0, window2: int = 0, top: int = 1, *,
        weights: str = "GC=3,AU=1,GU=1.5", backend: str = "auto", threads: int = 0,
        devices: Devices = None, progress: Optional[Progress] = None) -> np.recarray:
    """The best interaction sites of query with each target, as `tropic rri QUERY TARGETS`
    (its --window1, --window2, --top and --weights: pair weights such as "GC=3,AU=1,GU=1.5",
    at most two decimals, 0 forbids a pair).

    query: one RNA sequence (str). targets: a str, a list of str or a mapping of name to
    sequence. Returns a numpy record array of sites, per target in input order and best first:
    target (its index), target_name (the mapping's key, else ""), rank (1, 2, ...), score (in
    the weights' units), the site's box on each strand (begin1, end1 on the query, begin2, end2
    on the target; 0-based, half-open, 5'->3'), sequence and structure of the box as
    "QUERY_PART&TARGET_PART" (() intra-molecular pairs, [ on the query and ] on the target for
    inter-molecular ones; as the tool's JSON), and pairs: the site's (kind, i, j) pairs in each
    strand's 0-based coordinates, kind "intra1", "intra2" or "inter" (i on the query, j on the
    target). progress: callable(pair, fraction) for pairs computed one at a time.
    """
    if not isinstance(query, str):
        raise ValueError("query: one sequence (a str); call rri once per query")
    batch, _ = sequence_batch(query, "query")
    target_batch, _ = sequence_batch(targets, "targets")
    for name, value in (("window1", window1), ("window2", window2), ("top", top)):
        if isinstance(value, bool) or not isinstance(value, int) or value < (name == "top"):
            raise ValueError(f"{name}={value!r}: give a whole number"
                             f"{' of at least 1' if name == 'top' else ' (0: unwindowed)'}")
    run = make_run(backend, threads, devices, progress)
    c = _tropic.rri(batch, target_batch, weights, window1, window2, top, run)
    names = list(targets.keys()) if hasattr(targets, "keys") else None
    seqs = list(targets.values()) if names else ([targets] if isinstance(targets, str) else
                                                   list(targets))
    n1 = len(query)
    c["target_name"] = [str(names[t]) if names else "" for t in c["target"]]
    c["sequence"], c["structure"] = [], []
    for t, b1, e1, b2, e2, full in zip(c["target"], c["begin1"], c["end1"], c["begin2"],
                                       c["end2"], c["full_structure"]):
        c["sequence"].append(f"{query[b1:e1]}&{seqs[t][b2:e2]}".upper().replace("T", "U"))
        c["structure"].append(f"{full[:n1][b1:e1]}&{full[n1 + 1:][b2:e2]}")
    return record_array(c, SITE_FIELDS)
