"""The sequence-analysis families of the package: alignment, database search, read mapping,
three-way and syntenic alignment, miRNA scans, RNA-RNA interaction and copy numbers."""

from ._align import Alignment, align, align_many
from ._search import Database

__all__ = ["Alignment", "Database", "align", "align_many"]
