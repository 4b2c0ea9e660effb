#!/usr/bin/env python3
"""Batch fold throughput through the Python module against the tool: 100,000 x 200 nt MFE folds
(Turner 2004, dangles 2) by one tropic.fold call, and by `tropic fold` on the same records as a
FASTA file (process start, reading and writing included, so the tool's rate is if anything the
lower). Median of --repeats runs each; prints both rates and their ratio. The issue's goal: the
module within 10% of the tool (ratio >= 0.90).

    bench/python/bench_fold_module.py PATH/TO/tropic [--backend auto|cpu|cuda] [--devices all]
                                      [--count N] [--length L] [--repeats R] [--threads T]

Run it with the interpreter that has the module (e.g. PYTHONPATH=build/python .venv/bin/python).
"""
import argparse
import os
import random
import statistics
import subprocess
import tempfile
import time

import tropic


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("tropic")
    parser.add_argument("--backend", default="auto")
    parser.add_argument("--devices", default=None, help="'all' or a comma list, e.g. 0,1")
    parser.add_argument("--count", type=int, default=100_000)
    parser.add_argument("--length", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--threads", type=int, default=0)
    args = parser.parse_args()
    rng = random.Random(7)
    seqs = ["".join(rng.choices("ACGU", k=args.length)) for _ in range(args.count)]
    devices = args.devices
    if devices and devices != "all":
        devices = [int(d) for d in devices.split(",")]

    module_times, tool_times = [], []
    with tempfile.TemporaryDirectory() as work:
        fasta, out = os.path.join(work, "in.fa"), os.path.join(work, "out.txt")
        with open(fasta, "w") as f:
            f.writelines(f">seq{k}\n{s}\n" for k, s in enumerate(seqs))
        command = [args.tropic, "fold", "--backend", args.backend, "--threads", str(args.threads),
                   "--quiet", "-o", out, fasta]
        if args.devices:
            command[2:2] = ["--device", args.devices]
        for _ in range(args.repeats):
            start = time.perf_counter()
            folds = tropic.fold(seqs, backend=args.backend, threads=args.threads, devices=devices)
            module_times.append(time.perf_counter() - start)
            start = time.perf_counter()
            subprocess.run(command, check=True)
            tool_times.append(time.perf_counter() - start)
        with open(out) as f:
            tool_structures = [line.split(" ", 1)[0] for k, line in enumerate(f) if k % 3 == 2]
    if tool_structures != folds.structures:
        raise SystemExit("the module's structures differ from the tool's")
    module_rate = args.count / statistics.median(module_times)
    tool_rate = args.count / statistics.median(tool_times)
    print(f"mfe {args.count} x {args.length} nt, backend {args.backend}, "
          f"{tropic.build_info()['cpu_threads']} CPU threads, "
          f"{len(tropic.build_info()['devices'])} CUDA devices")
    print(f"{'':<8} {'median s':>10} {'sequences/s':>12}")
    print(f"{'module':<8} {statistics.median(module_times):>10.3f} {module_rate:>12.0f}")
    print(f"{'tool':<8} {statistics.median(tool_times):>10.3f} {tool_rate:>12.0f}")
    print(f"module / tool: {module_rate / tool_rate:.3f}")


if __name__ == "__main__":
    main()
