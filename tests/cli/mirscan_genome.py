#!/usr/bin/env python3
"""Writes a small genome with planted microRNA-precursor-like hairpins, for `tropic mirscan`'s
tests and example (data/examples/mirscan_genome.fa).

    mirscan_genome.py OUT.fa [--seed S] [--planted OUT.bed]
    mirscan_genome.py --positives POS.fa --negatives NEG.fa [--count N] [--seed S]

The background is random (40% G+C). Each planted hairpin is designed here, not taken from a
database: a random arm of 30-38 nt (55% G+C), a loop of 6-14 nt and the arm's reverse complement,
then made imperfect as real precursors are: one G-U pair, one 1x1 internal loop and a bulge on
each arm, all away from the stem's ends and its loop. Hairpins are planted on both strands (a
'-' hairpin is written as its reverse complement); one lies in a soft-masked (lower-case)
stretch, and the second record has a run of N. --planted writes where each hairpin lies as BED6
(0-based, half-open, forward coordinates).

The second form writes a training set for `tropic mirscan --train`: N designed hairpins as above
(POS.fa) and N random sequences of the same lengths and background composition (NEG.fa).
"""
import argparse
import random

COMPLEMENT = {"A": "T", "C": "G", "G": "C", "T": "A"}


def reverse_complement(seq):
    return "".join(COMPLEMENT[b] for b in reversed(seq))


def random_bases(rng, n, gc):
    return "".join(rng.choice("GC") if rng.random() < gc else rng.choice("AT") for _ in range(n))


def hairpin(rng):
    """A designed stem-loop, 5'->3' on its own strand (DNA letters)."""
    arm_length = rng.randint(30, 38)
    five = list(random_bases(rng, arm_length, 0.55))
    loop = random_bases(rng, rng.randint(6, 14), 0.35)
    three = list(reverse_complement("".join(five)))
    # three[k] pairs with five[arm_length - 1 - k]; keep 4 pairs at each end of the stem intact.
    inner = list(range(4, arm_length - 4))
    wobble, mismatch, bulge3, bulge5 = rng.sample(inner, 4)
    partner = five[arm_length - 1 - wobble]
    if partner in "GT":  # G-U: a G's partner becomes T, a T's partner becomes G
        three[wobble] = "T" if partner == "G" else "G"
    partner = five[arm_length - 1 - mismatch]
    three[mismatch] = {"A": "C", "C": "A", "G": "A", "T": "C"}[partner]  # pairs with nothing
    three.insert(bulge3, rng.choice("ACGT"))
    five.insert(bulge5, rng.choice("ACGT"))
    return "".join(five) + loop + "".join(three)


def plant(sequence, at, piece):
    return sequence[:at] + piece + sequence[at + len(piece):]


def write_training(rng, positives, negatives, count):
    with open(positives, "w") as pos, open(negatives, "w") as neg:
        for k in range(count):
            piece = hairpin(rng)
            pos.write(f">hairpin{k + 1}\n{piece}\n")
            neg.write(f">random{k + 1}\n{random_bases(rng, len(piece), 0.40)}\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", nargs="?")
    parser.add_argument("--seed", type=int, default=25)
    parser.add_argument("--planted")
    parser.add_argument("--positives")
    parser.add_argument("--negatives")
    parser.add_argument("--count", type=int, default=40)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    if args.positives or args.negatives:
        if not (args.positives and args.negatives):
            parser.error("--positives and --negatives go together")
        write_training(rng, args.positives, args.negatives, args.count)
        return
    if not args.out:
        parser.error("name OUT.fa, or --positives and --negatives")
    # (record, length, [(name, start, strand, soft-masked)], N runs [start, end))
    layout = [
        ("chr1", 3000, [("mirA", 600, "+", False), ("mirB", 1700, "-", False),
                        ("mirC", 2500, "+", True)], []),
        ("chr2", 2400, [("mirD", 350, "-", False), ("mirE", 1600, "+", False)], [(1000, 1100)]),
    ]
    planted = []
    with open(args.out, "w") as out:
        for record, length, hairpins, n_runs in layout:
            sequence = random_bases(rng, length, 0.40)
            for name, start, strand, masked in hairpins:
                piece = hairpin(rng)
                planted.append((record, start, start + len(piece), name, strand))
                if strand == "-":
                    piece = reverse_complement(piece)
                sequence = plant(sequence, start, piece.lower() if masked else piece)
                if masked:  # the repeat-masked stretch around it
                    flank = 150
                    sequence = (sequence[:start - flank] + sequence[start - flank:start].lower() +
                                sequence[start:start + len(piece)] +
                                sequence[start + len(piece):start + len(piece) + flank].lower() +
                                sequence[start + len(piece) + flank:])
            for begin, end in n_runs:
                sequence = plant(sequence, begin, "N" * (end - begin))
            out.write(f">{record} synthetic, planted hairpins {' '.join(h[0] for h in hairpins)}\n")
            for k in range(0, len(sequence), 60):
                out.write(sequence[k:k + 60] + "\n")
    if args.planted:
        with open(args.planted, "w") as bed:
            for record, start, end, name, strand in planted:
                bed.write(f"{record}\t{start}\t{end}\t{name}\t0\t{strand}\n")


if __name__ == "__main__":
    main()
