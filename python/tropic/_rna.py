"""RNA folding: MFE and Nussinov folds, the Boltzmann ensemble, samples, suboptimal structures and
energy evaluation, with the options of `tropic fold`, `tropic subopt` and `tropic eval`.

Sequences are a str (one record: the answer is that record's), or an iterable of str, or a
mapping of name to sequence (many: lists and numpy arrays in input order). Letters as the tool
reads them: upper or lower case, T read as U, IUPAC codes other than ACGU never pair. Energies
are kcal/mol (float64).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, Optional

import numpy as np

from . import _tropic
from ._run import Devices, Progress, make_run, sequence_batch


def _kcal(dcal) -> np.ndarray:
    return np.asarray(dcal, dtype=np.float64) / 100.0


def _model(dangles: int, noLP: bool, temperature: float, params, max_bp_span: int):
    return _tropic.EnergyModel(dangles=dangles, temperature=float(temperature),
                               params="" if params is None else str(params), noLP=bool(noLP),
                               max_bp_span=max_bp_span)


def _pandas():
    try:
        import pandas
    except ImportError as missing:
        raise ImportError("to_frame() needs pandas (pip install pandas)") from missing
    return pandas


class Folds(NamedTuple):
    """Folds of many sequences: dot-bracket structures and their energies (kcal/mol; for the
    nussinov model, integer pair scores)."""

    structures: list[str]
    energies: np.ndarray

    def to_frame(self):
        """A pandas DataFrame of one row per sequence: structure, energy."""
        return _pandas().DataFrame({"structure": self.structures, "energy": self.energies})


def fold(seqs, model: str = "mfe", dangles: int = 2, noLP: bool = False,
         temperature: float = 37, params: Optional[str] = None, backend: str = "auto",
         threads: int = 0, devices: Devices = None, progress: Optional[Progress] = None, *,
         max_bp_span: int = -1, min_loop: int = 3, weights: str = "GC=1,AU=1,GU=1",
         no_gu: bool = False):
    """Secondary structures, as `tropic fold` (RNAfold) predicts them.

    model: "mfe" (minimum free energy, Turner 2004; dangles 2 or 0, noLP, temperature in °C,
    params: an energy parameter file, tropic's or ViennaRNA's .par, max_bp_span) or "nussinov"
    (base-pair maximisation: min_loop, weights as "GC=3,AU=2,GU=1", no_gu).
    backend: "auto", "cpu" or "cuda"; threads: CPU threads (0: every core); devices: None, a
    device index, a list of them or "all"; progress: callable(item, fraction), called with the
    GIL held for records long enough to report (2,000 nt or more).

    One sequence (a str): (structure, energy). Many: Folds(structures, energies), energies a
    numpy array. Raises ValueError for a letter outside the alphabet (naming the record and
    position) or a bad option, MemoryError for a record that fits in no memory.
    """
    batch, one = sequence_batch(seqs)
    run = make_run(backend, threads, devices, progress)
    if model == "mfe":
        structures, energies = _tropic.fold_mfe(
            batch, _model(dangles, noLP, temperature, params, max_bp_span), run)
        values = _kcal(energies)
    elif model == "nussinov":
        structures, scores = _tropic.fold_nussinov(batch, min_loop, weights, no_gu, run)
        values = np.asarray(scores, dtype=np.int64)
    else:
        raise ValueError(f"model={model!r}: give 'mfe' or 'nussinov'")
    if one:
        return structures[0], values[0].item()
    return Folds(structures, values)


@dataclass
class Ensemble:
    """The Boltzmann ensemble of one sequence (RNAfold -p). Energies in kcal/mol.

    probabilities: an n x n numpy array, P[i, j] (0-based, i < j) the probability of the pair
    (i, j), pairs below bpp_threshold as 0; the lower triangle is 0.
    """

    structure: str  # the MFE structure
    energy: float  # the MFE
    ensemble_energy: float
    pairing_tendency: str
    centroid: str
    centroid_energy: float
    centroid_distance: float
    mea_structure: str  # with mea; else ""
    mea_energy: float
    mea: float
    mfe_frequency: float
    diversity: float
    probabilities: np.ndarray


@dataclass
class Ensembles:
    """The ensembles of many sequences: one entry per sequence in every list and array, and the
    pair probabilities of all of them as one sparse (COO) table: pair_record (the sequence's
    index), pair_i, pair_j (0-based, i < j) and pair_p, sorted by record, then (i, j)."""

    structures: list[str]
    energies: np.ndarray
    ensemble_energies: np.ndarray
    pairing_tendencies: list[str]
    centroids: list[str]
    centroid_energies: np.ndarray
    centroid_distances: np.ndarray
    mea_structures: list[str]
    mea_energies: np.ndarray
    meas: np.ndarray
    mfe_frequencies: np.ndarray
    diversities: np.ndarray
    pair_record: np.ndarray
    pair_i: np.ndarray
    pair_j: np.ndarray
    pair_p: np.ndarray

    def to_frame(self):
        """A pandas DataFrame of one row per sequence (its structures, energies and measures);
        the pairs stay in pair_record, pair_i, pair_j and pair_p."""
        columns = {name: value for name, value in vars(self).items()
                   if not name.startswith("pair_")}
        return _pandas().DataFrame(columns)

    def probabilities(self, record: int) -> np.ndarray:
        """The dense n x n pair probabilities of sequence `record` (as Ensemble.probabilities)."""
        n = len(self.structures[record])
        dense = np.zeros((n, n))
        rows = self.pair_record == record
        dense[self.pair_i[rows], self.pair_j[rows]] = self.pair_p[rows]
        return dense


def _ensemble_run(seqs, dangles, noLP, temperature, params, max_bp_span, ensemble, backend,
                  threads, devices, progress):
    batch, one = sequence_batch(seqs)
    run = make_run(backend, threads, devices, progress)
    columns = _tropic.fold_ensemble(
        batch, _model(dangles, noLP, temperature, params, max_bp_span), ensemble, run)
    return columns, one


def fold_ensemble(seqs, dangles: int = 2, noLP: bool = False, temperature: float = 37,
                  params: Optional[str] = None, backend: str = "auto", threads: int = 0,
                  devices: Devices = None, progress: Optional[Progress] = None, *,
                  mea=False, bpp_threshold: float = 1e-5, max_bp_span: int = -1):
    """The Boltzmann ensemble, as `tropic fold -p` (RNAfold -p): ensemble free energy, pair
    probabilities, pairing tendency, centroid, MFE frequency, diversity; with mea=True (or
    mea=gamma) also the maximum expected accuracy structure (RNAfold --MEA).

    Options as fold's mfe model; bpp_threshold: pairs below it are left out (RNAfold's
    --bppmThreshold). One sequence: an Ensemble with a dense probability matrix. Many: an
    Ensembles with arrays and the pairs as sparse COO arrays.
    """
    gamma = 1.0 if mea is True or mea is False else float(mea)
    if not gamma > 0 or not np.isfinite(gamma):
        raise ValueError(f"mea={mea!r}: gamma must be a positive number, e.g. mea=0.5")
    if not 0 <= bpp_threshold <= 1:
        raise ValueError(f"bpp_threshold={bpp_threshold!r}: give a probability in [0, 1]")
    ensemble = _tropic.EnsembleParams(probabilities=True, mea=mea is not False,
                                      mea_gamma=gamma, bpp_threshold=bpp_threshold)
    c, one = _ensemble_run(seqs, dangles, noLP, temperature, params, max_bp_span, ensemble,
                           backend, threads, devices, progress)
    many = Ensembles(c["mfe_structure"], _kcal(c["mfe_energy"]), c["ensemble_energy"],
                     c["pairing_tendency"], c["centroid"], _kcal(c["centroid_energy"]),
                     c["centroid_distance"], c["mea_structure"], _kcal(c["mea_energy"]), c["mea"],
                     c["mfe_frequency"], c["diversity"],
                     np.asarray(c["pair_record"], dtype=np.int64), c["pair_i"], c["pair_j"],
                     c["pair_p"])
    if not one:
        return many
    return Ensemble(many.structures[0], many.energies[0].item(),
                    many.ensemble_energies[0].item(), many.pairing_tendencies[0],
                    many.centroids[0], many.centroid_energies[0].item(),
                    many.centroid_distances[0].item(), many.mea_structures[0],
                    many.mea_energies[0].item(), many.meas[0].item(),
                    many.mfe_frequencies[0].item(), many.diversities[0].item(),
                    many.probabilities(0))


def sample(seqs, n: int, seed: int = 1, dangles: int = 2, noLP: bool = False,
           temperature: float = 37, params: Optional[str] = None, backend: str = "auto",
           threads: int = 0, devices: Devices = None, *, max_bp_span: int = -1):
    """n structures drawn from each sequence's Boltzmann ensemble, as `tropic fold --sample N
    --seed S` (RNAsubopt -p N): the same seed gives the same structures on any number of threads
    and backends.

    One sequence: (structures, energies in kcal/mol). Many: a list of such tuples.
    """
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 100_000_000:
        raise ValueError(f"n={n!r}: give a number of structures from 0 to 100000000")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise ValueError(f"seed={seed!r}: give an integer from 0 to 2**64 - 1")
    ensemble = _tropic.EnsembleParams(probabilities=False, samples=n, seed=seed)
    c, one = _ensemble_run(seqs, dangles, noLP, temperature, params, max_bp_span, ensemble,
                           backend, threads, devices, None)
    draws = [(structures, _kcal(energies))
             for structures, energies in zip(c["samples"], c["sample_energies"])]
    return draws[0] if one else draws


def subopt(seqs, delta: float = 1.0, sorted: bool = False, zuker: bool = False,
           dangles: int = 2, noLP: bool = False, temperature: float = 37,
           params: Optional[str] = None, threads: int = 0, *, max_bp_span: int = -1,
           max_structures: int = 1_000_000):
    """Suboptimal structures, as `tropic subopt` (RNAsubopt): every structure within delta
    kcal/mol of the MFE (-e), in the enumeration's order or sorted by energy, then structure
    (--sorted); with zuker=True, for every pair the best structure containing it (-z).
    More than max_structures structures raise MemoryError.

    One sequence: (structures, energies in kcal/mol). Many: a list of such tuples.
    """
    if not 0 <= delta <= 10000:
        raise ValueError(f"delta={delta!r}: give kcal/mol from 0 to 10000")
    if isinstance(max_structures, bool) or not isinstance(max_structures, int) or max_structures < 1:
        raise ValueError(f"max_structures={max_structures!r}: give a positive number")
    batch, one = sequence_batch(seqs)
    run = make_run("cpu", threads, None, None)
    # RNAsubopt's conversion of -e to dcal/mol.
    options = _tropic.SuboptParams(delta=int(0.1 + delta * 100), sorted=sorted,
                                   max_structures=max_structures)
    lists = _tropic.subopt(batch, _model(dangles, noLP, temperature, params, max_bp_span),
                           options, zuker, run)
    lists = [(structures, _kcal(energies)) for structures, energies in lists]
    return lists[0] if one else lists


def eval(seqs, structures, dangles: int = 2, temperature: float = 37,
         params: Optional[str] = None, loops: bool = False, threads: int = 0):
    """Free energies of given structures, as `tropic eval` (RNAeval): structures[k] on seqs[k].

    One sequence and one structure (str): the energy in kcal/mol. Many: a numpy array. With
    loops=True, (energies, loops): every loop's kind, closing pair (i, j; 1-based, 0 for the
    exterior loop), inner pair (p, q) and energy, per record. A structure that does not fit its
    sequence raises ValueError naming the record and position.
    """
    batch, one = sequence_batch(seqs)
    if isinstance(structures, str):
        structures = [structures]
    structures = list(structures)
    run = make_run("cpu", threads, None, None)
    energies, loop_lists = _tropic.eval(batch, structures, _model(dangles, False, temperature,
                                                                  params, -1), loops, run)
    energies = _kcal(energies)
    for record in loop_lists:
        for loop in record:
            loop["energy"] /= 100.0
    if one:
        return (energies[0].item(), loop_lists[0]) if loops else energies[0].item()
    return (energies, loop_lists) if loops else energies
