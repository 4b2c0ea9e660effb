#!/usr/bin/env python3
"""Oracle tests of `tropic fold` (mfe model) and `tropic eval` against the ViennaRNA package.

    tests/oracle/vienna_oracle.py PATH/TO/tropic [--seed N] [--count N] [--quick]

Checks, for random sequences (lengths 1-500, GC 20%-80%), with dangles 2 and 0, and some with
--noLP, --max-bp-span, another --temperature or -C constraints:
  - tropic's MFE equals RNA.fold_compound(...).mfe() to 0.01 kcal/mol;
  - ViennaRNA's energy of tropic's structure equals tropic's MFE;
  - `tropic eval` of random valid structures equals ViennaRNA's eval_structure;
plus designed hairpins and stems and a few sequences of 1,000-3,000 nt. A fresh seed is drawn
(and printed) unless --seed is given; the fixed regression seeds always run too.
Exit codes: 0 all agree, 1 a disagreement, 77 ViennaRNA is not installed (the test SKIPs).
"""
import argparse
import random
import subprocess
import sys

try:
    import RNA
except ImportError:
    print("SKIP: the ViennaRNA Python package is not installed (scripts/setup installs it into .venv)")
    sys.exit(77)

REGRESSION_SEEDS = [1, 20261121]
TOLERANCE = 0.01 + 1e-9


def random_sequence(rng, length, gc, n_fraction=0.0):
    return "".join("N" if rng.random() < n_fraction else
                   rng.choice("GC") if rng.random() < gc else rng.choice("AU")
                   for _ in range(length))


def random_structure(rng, seq):
    """A random valid structure: pairs only GC, AU, GU, hairpins of at least 3."""
    n = len(seq)
    pairs = {("G", "C"), ("C", "G"), ("A", "U"), ("U", "A"), ("G", "U"), ("U", "G")}
    structure = ["."] * n

    def fill(i, j):
        while j - i > 4:
            k = rng.randint(i, j)
            ls = [l for l in range(k + 4, j + 1) if (seq[k], seq[l]) in pairs]
            if not ls or rng.random() < 0.15:
                i = k + 1
                continue
            l = rng.choice(ls)
            structure[k], structure[l] = "(", ")"
            fill(k + 1, l - 1)
            i = l + 1

    fill(0, n - 1)
    return "".join(structure)


def run_tropic(tropic, args, text):
    result = subprocess.run([tropic] + args, input=text, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"tropic {' '.join(args)} failed ({result.returncode}): {result.stderr}")
    return result.stdout.splitlines()


def parse_triplets(lines):
    """(name, sequence, structure, energy) from RNAfold-layout output with '>' names."""
    out = []
    for k in range(0, len(lines), 3):
        structure, energy = lines[k + 2].split(" ", 1)
        out.append((lines[k][1:], lines[k + 1], structure, float(energy.strip("() "))))
    return out


class Checker:
    def __init__(self, tropic):
        self.tropic = tropic
        self.failures = 0
        self.checks = 0

    def fail(self, message):
        self.failures += 1
        if self.failures <= 20:
            print("FAIL:", message)

    def fold(self, sequences, dangles, label, no_lp=False, span=-1, temperature=37.0):
        md = RNA.md()
        md.dangles = dangles
        md.temperature = temperature
        options = ["fold", "--dangles", str(dangles), "--temperature", str(temperature)]
        if no_lp:
            md.noLP = 1
            options.append("--noLP")
        if span >= 0:
            md.max_bp_span = span
            options += ["--max-bp-span", str(span)]
        label += (" --noLP" if no_lp else "") + (f" --max-bp-span {span}" if span >= 0 else "")
        label += f" at {temperature} C" if temperature != 37.0 else ""
        text = "".join(f">s{k}\n{s}\n" for k, s in enumerate(sequences))
        results = parse_triplets(run_tropic(self.tropic, options, text))
        if len(results) != len(sequences):
            self.fail(f"{label}: {len(results)} results for {len(sequences)} sequences")
            return
        for seq, (_, _, structure, energy) in zip(sequences, results):
            self.checks += 1
            fc = RNA.fold_compound(seq, md)
            vienna_structure, vienna_mfe = fc.mfe()
            if abs(vienna_mfe - energy) > TOLERANCE:
                self.fail(f"{label} -d{dangles}: mfe {energy} != ViennaRNA {vienna_mfe:.2f} for "
                          f"{seq}\n  tropic {structure}\n  vienna {vienna_structure}")
                continue
            evaluated = fc.eval_structure(structure)
            if abs(evaluated - energy) > TOLERANCE:
                self.fail(f"{label} -d{dangles}: ViennaRNA evaluates tropic's structure to "
                          f"{evaluated:.2f}, tropic says {energy}: {seq} {structure}")

    def constrained(self, items, label):
        """items: (sequence, constraint); RNAfold -C semantics without --enforceConstraint."""
        text = "".join(f">c{k}\n{s}\n{c}\n" for k, (s, c) in enumerate(items))
        results = parse_triplets(run_tropic(self.tropic, ["fold", "-C"], text))
        if len(results) != len(items):
            self.fail(f"{label}: {len(results)} results for {len(items)} records")
            return
        for (seq, constraint), (_, _, structure, energy) in zip(items, results):
            self.checks += 1
            fc = RNA.fold_compound(seq)
            fc.hc_add_from_db(constraint, RNA.CONSTRAINT_DB_DEFAULT)
            vienna_structure, vienna_mfe = fc.mfe()
            if abs(vienna_mfe - energy) > TOLERANCE:
                self.fail(f"{label} -C: mfe {energy} != ViennaRNA {vienna_mfe:.2f} for {seq} "
                          f"{constraint}\n  tropic {structure}\n  vienna {vienna_structure}")

    def eval(self, pairs, dangles, label):
        md = RNA.md()
        md.dangles = dangles
        text = "".join(f">e{k}\n{s}\n{t}\n" for k, (s, t) in enumerate(pairs))
        results = parse_triplets(run_tropic(self.tropic, ["eval", "--dangles", str(dangles)], text))
        for (seq, structure), (_, _, _, energy) in zip(pairs, results):
            self.checks += 1
            expected = RNA.fold_compound(seq, md).eval_structure(structure)
            if abs(expected - energy) > TOLERANCE:
                self.fail(f"{label} eval -d{dangles}: {energy} != ViennaRNA {expected:.2f} for "
                          f"{seq} {structure}")


def random_constraint(rng, seq):
    """Random RNAfold -C constraint: x, |, <, > here and there, and a few bracket pairs."""
    n = len(seq)
    out = [rng.choice("x|<>") if rng.random() < 0.1 else "." for _ in range(n)]
    for _ in range(rng.randint(0, 2)):
        i = rng.randrange(n)
        j = rng.randrange(n)
        i, j = min(i, j), max(i, j)
        if j - i < 4 or "(" in out[i:j + 1] or ")" in out[i:j + 1]:
            continue
        if any(c in "()" for c in out[:i]) and out[:i].count("(") != out[:i].count(")"):
            continue
        if seq[i] + seq[j] not in ("GC", "CG", "AU", "UA", "GU", "UG"):
            continue  # tropic refuses constraints that pair other bases
        out[i], out[j] = "(", ")"
    return "".join(out)


def random_batch(rng, count, max_length):
    return [random_sequence(rng, rng.randint(1, max_length), rng.uniform(0.2, 0.8))
            for _ in range(count)]


def designed_sequences():
    """Hairpins and stems that exercise special loops, bulges and small interior loops."""
    out = []
    for loop in ["GAAA", "UUCG", "CAAC", "ACAGUGCU"[1:7], "AAA", "UUU", "GAAAA", "A" * 31,
                 "A" * 45]:
        for stem in ["GGG", "GCAG", "AUAU", "GUGU", "CGCGCG"]:
            rev = stem[::-1].translate(str.maketrans("ACGU", "UGCA"))
            out.append(stem + loop + rev)
    for left, right in [("A", ""), ("AA", ""), ("A", "A"), ("A", "AA"), ("AA", "AA"),
                        ("AA", "AAA"), ("A", "AAAA"), ("AAA", "AAAAA"), ("G", "GA")]:
        out.append("GGGC" + left + "GCGAAAGCG" + right + "GCCC")
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("tropic")
    parser.add_argument("--seed", type=int)
    parser.add_argument("--count", type=int, default=400,
                        help="random sequences per seed and dangle model")
    args = parser.parse_args()
    fresh = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    print(f"ViennaRNA {RNA.__version__}; fresh seed {fresh} (replay: --seed {fresh})")
    checker = Checker(args.tropic)
    for seed in REGRESSION_SEEDS + [fresh]:
        rng = random.Random(seed)
        short = max(args.count // 2, 1)
        for dangles in (2, 0):
            # Mostly short sequences, so that many run quickly; a share up to 500 nt.
            checker.fold(random_batch(rng, short, 60), dangles, f"seed {seed} short")
            checker.fold(random_batch(rng, args.count - short, 500), dangles, f"seed {seed}")
            # N never pairs and counts as N in mismatches.
            checker.fold([random_sequence(rng, rng.randint(1, 200), 0.5, 0.08) for _ in range(60)],
                         dangles, f"seed {seed} with N")
            # Lonely pairs forbidden, and a maximum pair span.
            checker.fold(random_batch(rng, 60, 300), dangles, f"seed {seed}", no_lp=True)
            # Other temperatures: energies rescaled from the enthalpies.
            temperature = round(rng.uniform(0, 100), 1)
            checker.fold(random_batch(rng, 60, 300), dangles, f"seed {seed}",
                         temperature=temperature)
            span = rng.randint(10, 150)
            checker.fold(random_batch(rng, 60, 300), dangles, f"seed {seed}", span=span)
            pairs = []
            for seq in random_batch(rng, 200, 300):
                pairs.append((seq, random_structure(rng, seq)))
            checker.eval(pairs, dangles, f"seed {seed}")
    for seed in REGRESSION_SEEDS + [fresh]:
        rng = random.Random(seed)
        items = [(s, random_constraint(rng, s)) for s in random_batch(rng, 100, 200)]
        checker.constrained(items, f"seed {seed}")
    for dangles in (2, 0):
        checker.fold(designed_sequences(), dangles, "designed")
        checker.fold(designed_sequences(), dangles, "designed", no_lp=True)
    rng = random.Random(REGRESSION_SEEDS[0])
    checker.fold([random_sequence(rng, n, 0.5) for n in (1000, 3000)], 2, "long")
    print(f"{checker.checks} checks, {checker.failures} failures")
    sys.exit(1 if checker.failures else 0)


if __name__ == "__main__":
    main()
