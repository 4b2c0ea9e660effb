"""The GIL is released while the library computes: a Python thread runs meanwhile."""

import random
import threading
import time

import tropic
from conftest import random_rna


def count_while(call):
    """How often a Python thread got to run while call() computed on the main thread."""
    ticks = 0
    done = threading.Event()

    def tick():
        nonlocal ticks
        while not done.is_set():
            ticks += 1
            time.sleep(0.001)

    thread = threading.Thread(target=tick)
    thread.start()
    try:
        started = time.monotonic()
        call()
        seconds = time.monotonic() - started
    finally:
        done.set()
        thread.join()
    return ticks, seconds


def test_a_thread_runs_while_a_long_fold_computes():
    seq = random_rna(random.Random(1), 1200)
    ticks, seconds = count_while(lambda: tropic.fold(seq, backend="cpu", threads=1))
    # With the GIL held for the whole fold, the thread would tick once or twice at most.
    assert seconds > 0.05
    assert ticks >= 10, f"{ticks} ticks in {seconds:.2f} s"


def test_a_thread_runs_while_a_batch_of_ensembles_computes():
    seqs = [random_rna(random.Random(k), 200) for k in range(40)]
    ticks, seconds = count_while(lambda: tropic.fold_ensemble(seqs, threads=1))
    assert seconds > 0.05 and ticks >= 10, f"{ticks} ticks in {seconds:.2f} s"
