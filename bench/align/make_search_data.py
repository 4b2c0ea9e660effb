#!/usr/bin/env python3
"""Benchmark data for `tropic search` (not committed: written where you say).

  make_search_data.py OUT_DIR [--sequences N] [--dna-sequences N] [--seed S]

writes
  OUT_DIR/protein_db.fa       N protein sequences (default 2,000,000): residues drawn with
                              UniProtKB/Swiss-Prot's amino-acid composition, lengths log-normal
                              with mean ~350 aa (sigma 0.6, clamped to 20..35,000), in random order
  OUT_DIR/protein_queries.fa  queries of 100, 300, 1,000 and 5,000 aa, each a mutated copy (70%
                              identity, indels) of a piece of a database sequence, so that
                              searches find real hits beside the random ones
  OUT_DIR/dna_db.fa           N DNA sequences (default 500,000) of 500-1,500 bp, uniform bases
  OUT_DIR/dna_queries.fa      queries of 150 and 1,000 bp taken from database sequences (95%
                              identity), half of them reverse-complemented

Uses numpy (present on the GPU host and in the project's .venv).
"""
import argparse
import os

import numpy as np

# UniProtKB/Swiss-Prot release statistics, % of residues, in the order of AMINO.
AMINO = "ARNDCQEGHILKMFPSTWYV"
COMPOSITION = [8.25, 5.53, 4.06, 5.46, 1.38, 3.93, 6.72, 7.07, 2.27, 5.91,
               9.64, 5.80, 2.41, 3.86, 4.74, 6.65, 5.36, 1.10, 2.92, 6.86]


def write_fasta(path, records):
    with open(path, "w") as out:
        for name, seq in records:
            out.write(f">{name}\n")
            for k in range(0, len(seq), 80):
                out.write(seq[k:k + 80] + "\n")


def random_text(rng, alphabet, weights, n):
    codes = rng.choice(len(alphabet), size=n, p=weights)
    return np.frombuffer(alphabet.encode(), dtype=np.uint8)[codes].tobytes().decode()


def mutate(rng, seq, alphabet, identity, indel_rate):
    out = []
    for c in seq:
        r = rng.random()
        if r < indel_rate / 2:
            continue  # deletion
        if r < indel_rate:
            out.append(alphabet[rng.integers(len(alphabet))])  # insertion
        out.append(c if rng.random() < identity else alphabet[rng.integers(len(alphabet))])
    return "".join(out)


def reverse_complement(seq):
    return seq[::-1].translate(str.maketrans("ACGT", "TGCA"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out")
    parser.add_argument("--sequences", type=int, default=2_000_000)
    parser.add_argument("--dna-sequences", type=int, default=500_000)
    parser.add_argument("--seed", type=int, default=14)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    rng = np.random.default_rng(args.seed)
    weights = np.array(COMPOSITION) / sum(COMPOSITION)

    lengths = np.clip(np.rint(rng.lognormal(np.log(350) - 0.18, 0.6, args.sequences)), 20, 35000)
    lengths = lengths.astype(np.int64)
    text = random_text(rng, AMINO, weights, int(lengths.sum()))
    starts = np.concatenate(([0], np.cumsum(lengths)))
    proteins = [(f"p{k + 1}", text[starts[k]:starts[k + 1]]) for k in range(args.sequences)]
    write_fasta(os.path.join(args.out, "protein_db.fa"), proteins)
    queries = []
    for length in (100, 300, 1000, 5000):
        long_enough = [s for _, s in proteins[:20000] if len(s) >= length] or [text[:length]]
        source = long_enough[rng.integers(len(long_enough))][:length]
        queries.append((f"q{length}", mutate(rng, source, AMINO, 0.7, 0.02)))
    write_fasta(os.path.join(args.out, "protein_queries.fa"), queries)

    dna_lengths = rng.integers(500, 1501, args.dna_sequences)
    dna_text = random_text(rng, "ACGT", [0.25] * 4, int(dna_lengths.sum()))
    dna_starts = np.concatenate(([0], np.cumsum(dna_lengths)))
    dna = [(f"d{k + 1}", dna_text[dna_starts[k]:dna_starts[k + 1]])
           for k in range(args.dna_sequences)]
    write_fasta(os.path.join(args.out, "dna_db.fa"), dna)
    dna_queries = []
    for k, length in enumerate((150, 150, 1000, 1000)):
        source = dna[rng.integers(len(dna))][1][:length]
        read = mutate(rng, source, "ACGT", 0.95, 0.01)
        dna_queries.append((f"r{k + 1}_{length}", reverse_complement(read) if k % 2 else read))
    write_fasta(os.path.join(args.out, "dna_queries.fa"), dna_queries)


if __name__ == "__main__":
    main()
