#!/usr/bin/env python3
"""Oracle: every hairpin `tropic mirscan` reports (--all-hairpins, all merged loci) is the genome's
bases at its coordinates (reverse-complemented on '-'), its MFE equals ViennaRNA's RNA.fold of the
excised sequence, and ViennaRNA evaluates its structure to that MFE. Exit 77 (SKIP) without the
ViennaRNA package.

  vienna_mirscan_oracle.py <path-to-tropic> [--seed N]
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile

try:
    import RNA
except ImportError:
    print("SKIP: the ViennaRNA Python package (RNA) is not installed")
    sys.exit(77)


def hairpin(rng, stem, loop):
    arm = "".join(rng.choice("ACGU") for _ in range(stem))
    comp = {"A": "U", "C": "G", "G": "C", "U": "A"}
    other = list("".join(comp[c] for c in reversed(arm)))
    for _ in range(3):
        i = rng.randrange(3, stem - 3)
        other[i] = "A" if other[i] != "A" else "C"
    return arm + "".join(rng.choice("ACGU") for _ in range(loop)) + "".join(other)


def revcomp(s):
    return s.translate(str.maketrans("ACGU", "UGCA"))[::-1]


def genome(rng, n, planted):
    out = []
    while sum(map(len, out)) < n:
        out.append("".join(rng.choice("ACGU") for _ in range(rng.randrange(200, 600))))
        h = hairpin(rng, rng.randrange(26, 36), rng.randrange(5, 12))
        out.append(h if rng.random() < 0.5 else revcomp(h))
        planted[0] += 1
    return "".join(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tropic")
    ap.add_argument("--seed", type=int, default=None)
    args = ap.parse_args()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 30)
    print(f"seed {seed} (--seed {seed} replays)")
    rng = random.Random(seed)
    planted = [0]
    records = {"chrA": genome(rng, 12000, planted), "chrB": genome(rng, 6000, planted)}
    # Soft-masked stretch and an N run, as genomes have.
    a = records["chrA"]
    records["chrA"] = a[:3000] + a[3000:3300].lower() + "N" * 50 + a[3350:]
    failures = 0
    co_optimal = 0
    with tempfile.TemporaryDirectory() as tmp:
        fa = os.path.join(tmp, "g.fa")
        with open(fa, "w") as f:
            for name, seq in records.items():
                f.write(f">{name}\n{seq}\n")
        tsv = os.path.join(tmp, "hairpins.tsv")
        subprocess.run([args.tropic, "mirscan", fa, "-o", os.path.join(tmp, "c.bed"),
                        "--all-hairpins", tsv, "--shuffles", "10"], check=True)
        rows = []
        with open(tsv) as f:
            header = None
            for line in f:
                fields = line.rstrip("\n").split("\t")
                if header is None:
                    header = [h.lstrip("#") for h in fields]
                    continue
                rows.append(dict(zip(header, fields)))
    if len(rows) < planted[0] // 2:
        print(f"FAIL: only {len(rows)} hairpins for {planted[0]} planted")
        failures += 1
    md = RNA.md()
    for row in rows:
        seq, struct = row["sequence"], row["structure"]
        start, end = int(row["start"]) - 1, int(row["end"])
        bases = records[row["chrom"]][start:end].upper()
        if row["strand"] == "-":
            bases = revcomp(bases)
        if bases != seq:
            print(f"FAIL {row['name']}: genome has {bases}, tropic reports {seq}")
            failures += 1
        fc = RNA.fold_compound(seq, md)
        want_struct, want_mfe = fc.mfe()
        got_mfe = float(row["mfe"])
        # As the fold oracle: the MFE equals RNAfold's and ViennaRNA evaluates tropic's structure
        # to it (a co-optimal structure may differ from the one RNAfold's traceback picks).
        evaluated = fc.eval_structure(struct)
        if round(want_mfe, 2) != round(got_mfe, 2) or round(evaluated, 2) != round(got_mfe, 2):
            print(f"FAIL {row['name']}: tropic {struct} {got_mfe:.2f} (ViennaRNA evaluates it to "
                  f"{evaluated:.2f}), RNAfold {want_struct} {want_mfe:.2f}")
            failures += 1
        elif struct != want_struct:
            co_optimal += 1
    print(f"{len(rows)} hairpins checked against RNAfold, {failures} failures "
          f"({co_optimal} co-optimal structures other than RNAfold's)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
