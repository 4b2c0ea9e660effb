"""Copy numbers with cn.mops' model, as `tropic cnv count` and `tropic cnv call` compute them:
read counts per window of BAM/CRAM/SAM files (count), then CNVs, CNV regions and integer copy
numbers from a count matrix (call). Tables are pandas DataFrames when pandas is installed, else
numpy record arrays; coordinates are 0-based and half-open, as BED and the tool's tables."""

from __future__ import annotations

import os
from typing import NamedTuple, Optional

import numpy as np

from . import _tropic
from ._records import record_array
from ._run import Devices, Progress, make_run


def _table(columns: dict, names: list[str]):
    """A pandas DataFrame of the columns when pandas is installed, else a numpy record array."""
    try:
        import pandas
    except ImportError:
        return record_array(columns, names)
    return pandas.DataFrame({name: columns[name] for name in names}, columns=names)


class Counts(NamedTuple):
    """A count matrix: matrix (windows x samples, int64 read counts), windows (a table of chrom,
    start, end) and samples (names)."""

    matrix: np.ndarray
    windows: object
    samples: list


def count(bams, window: int = 25000, *, sequences=None, bed=None, sample_names=None,
          min_mapq: int = 1, reference=None, threads: int = 0,
          progress: Optional[Progress] = None) -> Counts:
    """Counts reads per window as `tropic cnv count` (cn.mops' getReadCountsFromBAM): bams, one
    path per sample (SAM, BAM or CRAM); window: -w; sequences: --sequences (default every
    sequence of the first file's header); bed: --bed (count in its regions instead); sample_names
    (default the files' names); min_mapq; reference: the FASTA of CRAM files. progress:
    callable(file index, fraction of that file read). ValueError names the file for unreadable
    or inconsistent input."""
    if isinstance(bams, (str, os.PathLike)):
        bams = [bams]
    request = _tropic.CountRequest(int(window), [str(s) for s in sequences or []],
                                   "" if bed is None else os.fspath(bed),
                                   [str(s) for s in sample_names or []], int(min_mapq),
                                   "" if reference is None else os.fspath(reference))
    run = make_run("cpu", threads, None, progress)
    c = _tropic.cnv_count([os.fspath(b) for b in bams], request, run)
    windows = _table(c, ["chrom", "start", "end"])
    return Counts(np.asarray(c["counts"]).astype(np.int64), windows, c["samples"])


class Calls(NamedTuple):
    """cn.mops' results: cnvs (a table of sample, chrom, start, end, median, mean, class and
    copy_number, in the tool's order), regions (chrom, start, end and each sample's integer copy
    number there), copy_numbers (windows x samples, int32: the integer copy number of every
    window and sample; -1 where cn.mops gives none), windows (chrom, start, end), samples
    (those reported: the cases in reference mode), ini (I/NI per window) and cn.mops'
    warnings."""

    cnvs: object
    regions: object
    copy_numbers: np.ndarray
    windows: object
    samples: list
    ini: np.ndarray
    warnings: list


def _columns_of(windows) -> tuple[list, np.ndarray, np.ndarray]:
    """chrom, start, end of a window table: a DataFrame, record array, dict of columns, or a list
    of (chrom, start, end)."""
    if isinstance(windows, (list, tuple)):
        rows = list(windows)
        return ([str(r[0]) for r in rows], np.array([r[1] for r in rows], dtype=np.int64),
                np.array([r[2] for r in rows], dtype=np.int64))
    try:
        chrom, start, end = windows["chrom"], windows["start"], windows["end"]
    except (KeyError, ValueError, IndexError, TypeError) as missing:
        raise ValueError("windows: give a table with columns chrom, start and end, or a list "
                         "of (chrom, start, end)") from missing
    return ([str(c) for c in chrom], np.asarray(start, dtype=np.int64),
            np.asarray(end, dtype=np.int64))


def _controls(samples, mode, controls, cases) -> list[bool]:
    if mode != "reference":
        if controls is not None or cases is not None:
            raise ValueError("controls and cases belong to mode='reference'")
        return []
    if (controls is None) == (cases is None):
        raise ValueError("mode='reference' needs exactly one of controls and cases")
    named = list(controls if controls is not None else cases)
    for name in named:
        if name not in samples:
            raise ValueError(f"no sample named '{name}' in the input (samples: "
                             f"{', '.join(samples)})")
    chosen = [s in named for s in samples]
    return chosen if controls is not None else [not c for c in chosen]


def call(matrix, windows=None, samples=None, *, mode: str = "cohort", controls=None,
         cases=None, backend: str = "auto", threads: int = 0, devices: Devices = None,
         progress: Optional[Progress] = None, **params) -> Calls:
    """Calls CNVs as `tropic cnv call` (cn.mops, exomecn.mops with mode="exome",
    referencecn.mops with mode="reference" and controls= or cases= naming samples).

    matrix: a Counts (from count), or a windows x samples array of counts with windows (a table
    of chrom, start, end, each sequence's windows together) and samples (names; default S1,
    S2, ...). params: cn.mops' parameters under the tool's option names with underscores
    (folds, classes, prior_impact, cycles, norm, norm_type, size_factor, norm_quantile,
    size_factor_quantile, upper_threshold, lower_threshold, min_width, min_read_count,
    segmentation "fast" or "cbs", seg_alpha, cbs_alpha, cbs_permutations, seed, use_median,
    fix_reference_prior); the mode's defaults where not given. Returns Calls; ValueError for
    parameters out of cn.mops' ranges or input it refuses (with the tool's message).
    """
    if isinstance(matrix, Counts):
        matrix, windows, samples = matrix.matrix, matrix.windows, matrix.samples
    counts = np.ascontiguousarray(matrix, dtype=np.float64)
    if counts.ndim != 2:
        raise ValueError(f"matrix: windows x samples (2 dimensions), not {counts.ndim}")
    if windows is None:
        raise ValueError("windows: give the windows' chrom, start and end (or a Counts)")
    samples = [f"S{k + 1}" for k in range(counts.shape[1])] if samples is None else [
        str(s) for s in samples]
    chrom, start, end = _columns_of(windows)
    known = {"folds", "classes", "prior_impact", "cycles", "norm", "norm_type", "size_factor",
             "norm_quantile", "size_factor_quantile", "upper_threshold", "lower_threshold",
             "min_width", "min_read_count", "segmentation", "seg_alpha", "cbs_alpha",
             "cbs_permutations", "seed", "use_median", "fix_reference_prior"}
    unknown = sorted(set(params) - known)
    if unknown:
        raise ValueError(f"unknown cn.mops parameter(s): {', '.join(unknown)}")
    options = {k: v for k, v in params.items() if v is not None}
    for name in ("folds", "classes"):
        if name in options:
            options[name] = list(options[name])
    run = make_run(backend, threads, devices, progress)
    c = _tropic.cnv_call(samples, chrom, list(start), list(end), counts, mode, options,
                         _controls(samples, mode, controls, cases), run)
    samples = c["samples"]  # those reported: the cases in reference mode
    c["cnv_sample"] = [samples[s] for s in c["cnv_sample"]]
    cnvs = _table({"sample": c["cnv_sample"], "chrom": c["cnv_chrom"], "start": c["cnv_start"],
                   "end": c["cnv_end"], "median": c["cnv_median"], "mean": c["cnv_mean"],
                   "class": c["cnv_class"], "copy_number": c["cnv_copy_number"]},
                  ["sample", "chrom", "start", "end", "median", "mean", "class",
                   "copy_number"])
    region_columns = {"chrom": c["region_chrom"], "start": c["region_start"],
                      "end": c["region_end"]}
    copies = np.asarray(c["region_copy_number"])
    for s, name in enumerate(samples):
        region_columns[name] = np.ascontiguousarray(copies[:, s])
    regions = _table(region_columns, ["chrom", "start", "end", *samples])
    window_table = _table({"chrom": chrom, "start": start, "end": end}, ["chrom", "start", "end"])
    return Calls(cnvs, regions, c["copy_number"], window_table, samples, c["ini"],
                 c["warnings"])
