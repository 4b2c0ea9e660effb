"""The keyword arguments every computing function shares: backend, threads, devices, progress."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Union

from . import _tropic

Devices = Union[None, int, str, Iterable[int]]
Progress = Callable[[int, float], object]


def device_list(devices: Devices) -> list[int]:
    """The CUDA devices a batch spreads over: None -> [] (device 0 alone), an int -> [it],
    "all" -> every device found, a list of ints -> that list."""
    if devices is None:
        return []
    if isinstance(devices, str):
        if devices != "all":
            raise ValueError(f"devices={devices!r}: give None, an int, a list of ints or 'all'")
        return list(range(_tropic.cuda_device_count()))
    if isinstance(devices, bool):
        raise ValueError(f"devices={devices!r}: give None, an int, a list of ints or 'all'")
    if isinstance(devices, int):
        devices = [devices]
    out = []
    for device in devices:
        if isinstance(device, bool) or not isinstance(device, int) or device < 0:
            raise ValueError(f"devices: {device!r} is not a device index (0, 1, ...)")
        out.append(device)
    return out


def make_run(backend: str, threads: int, devices: Devices, progress: Progress | None) -> _tropic.Run:
    """The Run of a call, checked as the tool checks --backend, --threads and --device."""
    if backend not in ("auto", "cpu", "cuda"):
        raise ValueError(f"backend={backend!r}: give 'auto', 'cpu' or 'cuda'")
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 0:
        raise ValueError(f"threads={threads!r}: give 0 (every core) or a number of threads")
    if progress is not None and not callable(progress):
        raise ValueError("progress: give a callable(item, fraction) or None")
    return _tropic.Run(backend, threads, device_list(devices), progress)


def sequence_batch(seqs, argument: str = "seqs") -> tuple[_tropic.Sequences, bool]:
    """The sequences of `seqs` (a str, an iterable of str, or a mapping of name to sequence) and
    whether it was one str."""
    if isinstance(seqs, str):
        return _tropic.Sequences(argument, [seqs]), True
    if isinstance(seqs, Mapping):
        names = [str(name) for name in seqs.keys()]
        return _tropic.Sequences(argument, list(seqs.values()), names), False
    sequences = list(seqs)
    for index, seq in enumerate(sequences):
        if not isinstance(seq, str):
            raise ValueError(f"{argument}: record {index + 1}: a {type(seq).__name__}, not a str")
    return _tropic.Sequences(argument, sequences), False
