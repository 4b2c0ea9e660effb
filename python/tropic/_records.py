"""Columns from the extension as numpy record arrays, the shape the sequence-analysis functions
(align_many, Database.search, map, cnv, ...) return their many results in."""

from __future__ import annotations

import numpy as np


def record_array(columns: dict, names: list[str]) -> np.recarray:
    """A numpy record array of the columns `names` (numbers keep their dtype; text is object)."""
    arrays = []
    for name in names:
        value = columns[name]
        if isinstance(value, np.ndarray):
            arrays.append(value)
        else:
            # Element by element: np.array would make nested lists (pairs) a 2-d array.
            column = np.empty(len(value), dtype=object)
            for k, item in enumerate(value):
                column[k] = item
            arrays.append(column)
    if not arrays or len(arrays[0]) == 0:
        dtype = [(name, a.dtype) for name, a in zip(names, arrays)]
        return np.rec.array(np.empty(0, dtype=dtype))
    return np.rec.fromarrays(arrays, names=names)


def to_frame(records: np.ndarray):
    """A pandas DataFrame of a record array (pandas must be installed)."""
    try:
        import pandas
    except ImportError as missing:
        raise ImportError("DataFrames need pandas (pip install pandas)") from missing
    return pandas.DataFrame.from_records(records)
