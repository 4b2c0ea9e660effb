#!/usr/bin/env python3
"""Writes a synthetic genome for the mapping tests and benchmarks: random contigs with families of
diverged repeats (copies of one element, each with its own substitutions and small indels),
low-complexity stretches (microsatellites, homopolymers) and a few runs of N.

    map_genome.py OUT.fa TOTAL_BASES [--contigs N] [--seed S] [--divergence D] [--fast]

--fast draws the same kinds of pieces with numpy, whole arrays at a time, for genomes of a gigabase
and more (the plain path takes about four minutes per gigabase); it draws from another generator,
so its genome differs from the plain path's for the same seed. The tests use the plain path.
"""
import argparse
import random
import sys


def mutate(rng, element, divergence):
    out = []
    for base in element:
        roll = rng.random()
        if roll < divergence * 0.8:
            out.append(rng.choice([b for b in "ACGT" if b != base]))
        elif roll < divergence * 0.9:
            continue  # a deleted base
        elif roll < divergence:
            out.append(base)
            out.append(rng.choice("ACGT"))  # an inserted base
        else:
            out.append(base)
    return "".join(out)


def low_complexity(rng):
    unit = rng.choice(["A", "T", "CA", "GT", "AAT", "CAG", "GGAA"])
    return unit * (rng.randint(40, 300) // len(unit))


def contig(rng, length, families, divergence):
    pieces, size = [], 0
    while size < length:
        roll = rng.random()
        if roll < 0.15 and families:
            piece = mutate(rng, rng.choice(families), divergence)
        elif roll < 0.20:
            piece = low_complexity(rng)
        elif roll < 0.205:
            piece = "N" * rng.randint(10, 200)
        else:
            piece = "".join(rng.choice("ACGT") for _ in range(rng.randint(500, 5000)))
        pieces.append(piece)
        size += len(piece)
    return "".join(pieces)[:length]


def fast_mutate(rng, element, divergence):
    roll = rng.random(len(element))
    substituted = roll < divergence * 0.8
    deleted = (roll >= divergence * 0.8) & (roll < divergence * 0.9)
    inserted = (roll >= divergence * 0.9) & (roll < divergence)
    out = element.copy()
    out[substituted] = (out[substituted] + rng.integers(1, 4, int(substituted.sum()))) % 4
    copies = 1 - deleted.astype(int) + inserted
    out = out.repeat(copies)
    # An inserted base follows the one it was drawn after: the second of its two copies.
    after = (copies.cumsum() - 1)[inserted]
    out[after] = rng.integers(0, 4, len(after))
    return out


def fast_contig(np, rng, length, families, divergence):
    pieces, size = [], 0
    units = [np.frombuffer(u.encode(), np.uint8) for u in ["A", "T", "CA", "GT", "AAT", "CAG", "GGAA"]]
    to_code = np.full(256, 4, np.uint8)
    to_code[np.frombuffer(b"ACGT", np.uint8)] = np.arange(4, dtype=np.uint8)
    while size < length:
        roll = rng.random()
        if roll < 0.15 and families:
            piece = fast_mutate(rng, families[rng.integers(len(families))], divergence)
        elif roll < 0.20:
            unit = to_code[units[rng.integers(len(units))]]
            piece = np.tile(unit, int(rng.integers(40, 301)) // len(unit))
        elif roll < 0.205:
            piece = np.full(int(rng.integers(10, 201)), 4, np.uint8)
        else:
            piece = rng.integers(0, 4, int(rng.integers(500, 5001)), dtype=np.uint8)
        pieces.append(piece.astype(np.uint8, copy=False))
        size += len(piece)
    return np.concatenate(pieces)[:length]


def fast_write(np, out, name, codes):
    letters = np.frombuffer(b"ACGTN", np.uint8)[codes]
    whole = len(letters) // 80 * 80
    lines = np.empty((whole // 80, 81), np.uint8)
    lines[:, :80] = letters[:whole].reshape(-1, 80)
    lines[:, 80] = ord("\n")
    out.write(f">{name}\n".encode())
    out.write(lines.tobytes())
    if whole < len(letters):
        out.write(letters[whole:].tobytes() + b"\n")


def fast_main(args):
    try:
        import numpy as np
    except ImportError:
        sys.exit("map_genome.py: --fast needs numpy")
    rng = np.random.default_rng(args.seed)
    families = [rng.integers(0, 4, int(rng.integers(300, 3001)), dtype=np.uint8) for _ in range(8)]
    with open(args.out, "wb") as out:
        for k in range(args.contigs):
            codes = fast_contig(np, rng, args.total // args.contigs, families, args.divergence)
            fast_write(np, out, f"chr{k + 1}", codes)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("total", type=int)
    parser.add_argument("--contigs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--divergence", type=float, default=0.05)
    parser.add_argument("--fast", action="store_true")
    args = parser.parse_args()
    if args.fast:
        fast_main(args)
        return
    rng = random.Random(args.seed)
    families = ["".join(rng.choice("ACGT") for _ in range(rng.randint(300, 3000)))
                for _ in range(8)]
    with open(args.out, "w") as out:
        for k in range(args.contigs):
            length = args.total // args.contigs
            sequence = contig(rng, length, families, args.divergence)
            out.write(f">chr{k + 1}\n")
            for at in range(0, len(sequence), 80):
                out.write(sequence[at:at + 80] + "\n")


if __name__ == "__main__":
    main()
