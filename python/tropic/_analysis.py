"""The sequence-analysis families of the package: alignment, database search, read mapping,
three-way and syntenic alignment, miRNA scans, RNA-RNA interaction and copy numbers."""

from . import cnv
from ._align import Alignment, align, align_many
from ._align3 import Align3, Syntenic, align3, syntenic
from ._map import MapIndex, SamRecord, map  # noqa: A004 (tropic.map, not the builtin)
from ._mirscan import mirscan
from ._rri import rri
from ._search import Database

# map is tropic.map, but left out of `from tropic import *`, which would hide the builtin.
__all__ = ["Align3", "Alignment", "Database", "MapIndex", "SamRecord", "Syntenic", "align",
           "align3", "align_many", "cnv", "mirscan", "rri", "syntenic"]
