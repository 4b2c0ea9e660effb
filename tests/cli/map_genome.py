#!/usr/bin/env python3
"""Writes a synthetic genome for the mapping tests and benchmarks: random contigs with families of
diverged repeats (copies of one element, each with its own substitutions and small indels),
low-complexity stretches (microsatellites, homopolymers) and a few runs of N.

    map_genome.py OUT.fa TOTAL_BASES [--contigs N] [--seed S] [--divergence D]
"""
import argparse
import random


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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("total", type=int)
    parser.add_argument("--contigs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--divergence", type=float, default=0.05)
    args = parser.parse_args()
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
