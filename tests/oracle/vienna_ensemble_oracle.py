#!/usr/bin/env python3
"""Oracle tests of `tropic fold -p` (the Boltzmann ensemble) against the ViennaRNA package.

    tests/oracle/vienna_ensemble_oracle.py PATH/TO/tropic [--seed N] [--count N]

For random sequences (lengths 1-500, GC 20%-80%, some with N) at dangles 2 and 0, with --noLP,
--max-bp-span, other temperatures and -C constraints, compares with RNA.fold_compound:
  - the ensemble free energy (ViennaRNA's in double precision: E(mfe) + kT ln P(mfe)) to 1e-6;
  - every pair probability to 1e-6 (tropic lists all pairs with --bpp-threshold 0);
  - the pairing-tendency string, the centroid structure (and its distance to 1e-6), the MEA
    structure (gamma 1 and another; its expected accuracy to 1e-4, ViennaRNA's is a float), the
    frequency of the MFE structure (relative 1e-6) and the ensemble diversity (1e-6);
  - RNAfold -p's text layout, line by line, for every record.
A fresh seed is drawn (and printed) unless --seed is given; the fixed regression seeds always
run too. Exit codes: 0 all agree, 1 a disagreement, 77 ViennaRNA is not installed (SKIP).
"""
import argparse
import json
import math
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from vienna_oracle import random_constraint, random_sequence, run_tropic  # noqa: E402

try:
    import RNA
except ImportError:
    print("SKIP: the ViennaRNA Python package is not installed (scripts/setup installs it into .venv)")
    sys.exit(77)

REGRESSION_SEEDS = [3, 20261124]
TOLERANCE = 1e-6


class Model:
    def __init__(self, dangles=2, no_lp=False, span=-1, temperature=37.0, gamma=None):
        self.dangles, self.no_lp, self.span = dangles, no_lp, span
        self.temperature, self.gamma = temperature, gamma

    def label(self):
        out = f"-d{self.dangles}"
        out += " --noLP" if self.no_lp else ""
        out += f" --max-bp-span {self.span}" if self.span >= 0 else ""
        out += f" -T {self.temperature}" if self.temperature != 37.0 else ""
        out += f" --MEA {self.gamma}" if self.gamma is not None else ""
        return out

    def args(self):
        out = ["fold", "-p", "--dangles", str(self.dangles), "--temperature", str(self.temperature)]
        out += ["--noLP"] if self.no_lp else []
        out += ["--max-bp-span", str(self.span)] if self.span >= 0 else []
        out += [f"--MEA={self.gamma if self.gamma is not None else 1.0}"]
        return out

    def md(self):
        md = RNA.md()
        md.dangles = self.dangles
        md.temperature = self.temperature
        md.noLP = int(self.no_lp)
        md.max_bp_span = self.span
        return md


def vienna_ensemble(seq, model, constraint=None):
    fc = RNA.fold_compound(seq, model.md())
    if constraint is not None:
        fc.hc_add_from_db(constraint, RNA.CONSTRAINT_DB_DEFAULT)
    mfe_structure, mfe = fc.mfe()
    fc.exp_params_rescale(mfe)
    tendency, _ = fc.pf()
    kT = fc.exp_params.kT / 1000.0
    # pr_structure's own single-precision evaluation of the structure cancels here: the ensemble
    # energy in double precision. The frequency RNAfold prints uses the float MFE instead.
    energy = fc.eval_structure(mfe_structure) + kT * math.log(fc.pr_structure(mfe_structure))
    frequency = fc.pr_energy(mfe)
    gamma = model.gamma if model.gamma is not None else 1.0
    centroid, distance = fc.centroid()
    mea, mea_value = fc.MEA(gamma)
    return {
        "fc": fc, "mfe_structure": mfe_structure, "mfe": mfe, "tendency": tendency,
        "energy": energy, "bpp": fc.bpp(), "centroid": centroid, "distance": distance,
        "centroid_energy": fc.eval_structure(centroid), "mea": mea, "mea_value": mea_value,
        "mea_energy": fc.eval_structure(mea), "frequency": frequency,
        "diversity": fc.mean_bp_distance(),
    }


def rnafold_lines(name, seq, v):
    """RNAfold -p --MEA's lines for one record, from ViennaRNA's values."""
    return [
        f">{name}", seq, f"{v['mfe_structure']} ({v['mfe']:6.2f})",
        f"{v['tendency']} [{v['energy']:6.2f}]",
        f"{v['centroid']} {{{v['centroid_energy']:6.2f} d={v['distance']:.2f}}}",
        f"{v['mea']} {{{v['mea_energy']:6.2f} MEA={v['mea_value']:.2f}}}",
        f" frequency of mfe structure in ensemble {v['frequency']:g}; "
        f"ensemble diversity {v['diversity']:<6.2f}",
    ]


class Checker:
    def __init__(self, tropic):
        self.tropic = tropic
        self.failures = 0
        self.checks = 0
        self.layout_differences = 0

    def fail(self, message):
        self.failures += 1
        if self.failures <= 20:
            print("FAIL:", message)

    def near(self, what, got, want, tolerance, context):
        if not (abs(got - want) <= tolerance):
            self.fail(f"{context}: {what} {got!r} != ViennaRNA {want!r}")
            return False
        return True

    def run(self, sequences, model, constraints=None):
        names = [f"s{k}" for k in range(len(sequences))]
        if constraints is None:
            text = "".join(f">{n}\n{s}\n" for n, s in zip(names, sequences))
            extra = []
        else:
            text = "".join(f">{n}\n{s}\n{c}\n" for n, s, c in zip(names, sequences, constraints))
            extra = ["-C"]
        args = model.args() + extra
        records = [json.loads(line) for line in
                   run_tropic(self.tropic, args + ["--json", "--bpp-threshold", "0"], text)]
        lines = run_tropic(self.tropic, args, text)
        if len(records) != len(sequences) or len(lines) != 7 * len(sequences):
            self.fail(f"{model.label()}: {len(records)} records, {len(lines)} lines for "
                      f"{len(sequences)} sequences")
            return
        for k, (seq, r) in enumerate(zip(sequences, records)):
            self.checks += 1
            c = None if constraints is None else constraints[k]
            context = f"{model.label()}{' -C ' + c if c else ''} {seq}"
            v = vienna_ensemble(seq, model, c)
            ok = self.near("ensemble energy", r["ensemble_energy"], v["energy"], TOLERANCE, context)
            got = {(i, j): p for i, j, p in r["pairs"]}
            worst, where = 0.0, None
            n = len(seq)
            for i in range(1, n + 1):
                for j in range(i + 1, n + 1):
                    d = abs(v["bpp"][i][j] - got.get((i, j), 0.0))
                    if d > worst:
                        worst, where = d, (i, j)
            if worst > TOLERANCE:
                ok = False
                self.fail(f"{context}: P{where} differs by {worst:g}")
            for key, mine, theirs in [("pairing tendency", r["pairing_tendency"], v["tendency"]),
                                      ("centroid", r["centroid"]["structure"], v["centroid"]),
                                      ("MEA structure", r["mea"]["structure"], v["mea"])]:
                if mine != theirs:
                    ok = False
                    self.fail(f"{context}: {key}\n  tropic {mine}\n  vienna {theirs}")
            ok &= self.near("centroid distance", r["centroid"]["distance"], v["distance"],
                            TOLERANCE, context)
            ok &= self.near("MEA", r["mea"]["mea"], v["mea_value"], 1e-4 * max(1, v["mea_value"]),
                            context)
            ok &= self.near("diversity", r["diversity"], v["diversity"], TOLERANCE, context)
            ok &= self.near("frequency", r["mfe_frequency"], v["frequency"],
                            TOLERANCE * max(v["frequency"], 1e-300), context)
            if ok and r["energy"] == v["mfe"] and r["structure"] == v["mfe_structure"]:
                # The text layout, when the numbers agree (printing can round a value that
                # differs in its 9th digit differently; the MFE structure may be a tie).
                want = rnafold_lines(names[k], seq, v)
                got_lines = lines[7 * k:7 * k + 7]
                if got_lines != want:
                    self.layout_differences += 1
                    if self.layout_differences <= 5:
                        print("layout:\n  " + "\n  ".join(f"{a!r}\n  {b!r}" for a, b in
                                                         zip(got_lines, want) if a != b))


def random_batch(rng, count, max_length, n_fraction=0.0):
    return [random_sequence(rng, rng.randint(1, max_length), rng.uniform(0.2, 0.8), n_fraction)
            for _ in range(count)]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("tropic")
    parser.add_argument("--seed", type=int)
    parser.add_argument("--count", type=int, default=40,
                        help="random sequences per seed and model (half of them up to 80 nt)")
    args = parser.parse_args()
    fresh = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    print(f"ViennaRNA {RNA.__version__}; fresh seed {fresh} (replay: --seed {fresh})")
    checker = Checker(args.tropic)
    for seed in REGRESSION_SEEDS + [fresh]:
        rng = random.Random(seed)
        short = max(args.count // 2, 1)
        for dangles in (2, 0):
            model = Model(dangles)
            checker.run(random_batch(rng, short, 80), model)
            checker.run(random_batch(rng, args.count - short, 500), model)
            checker.run(random_batch(rng, short // 2, 150, 0.08), model)
            checker.run(random_batch(rng, short // 2, 200), Model(dangles, no_lp=True))
            checker.run(random_batch(rng, short // 2, 200),
                        Model(dangles, span=rng.randint(5, 60)))
            checker.run(random_batch(rng, short // 2, 200),
                        Model(dangles, temperature=rng.choice([4.0, 24.5, 55.0, 70.0])))
            checker.run(random_batch(rng, short // 2, 150), Model(dangles, gamma=rng.choice(
                [0.1, 0.5, 2.0, 6.0])))
            seqs = random_batch(rng, short // 2, 150)
            checker.run(seqs, model, [random_constraint(rng, s) for s in seqs])
    print(f"{checker.checks} records compared, {checker.failures} failures, "
          f"{checker.layout_differences} text-layout differences")
    sys.exit(1 if checker.failures or checker.layout_differences else 0)


if __name__ == "__main__":
    main()
