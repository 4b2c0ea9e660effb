#!/usr/bin/env python3
"""Oracle tests of `tropic subopt` against the ViennaRNA package (RNAsubopt's library calls).

    tests/oracle/vienna_subopt_oracle.py PATH/TO/tropic [--seed N] [--count N]

For random sequences of 1-60 nt (GC 20%-80%), in batches of one FASTA file per model:
  - `tropic subopt --sorted -e DELTA` against fold_compound(seq, md).subopt(delta, sorted=1),
    written in RNAsubopt's layout (">name [delta]", "SEQUENCE %6.2f %6.2f",
    "STRUCTURE %6.2f"): the whole text must be equal, i.e. the same structures and energies in
    the same order, at dangles 2 and 0, with --noLP, and at other temperatures;
  - `tropic subopt` (unsorted) lists the same structures as a set;
  - `tropic subopt -z` against fold_compound(seq, md).subopt_zuker(), in RNAsubopt -z's layout
    (">name", "SEQUENCE", "STRUCTURE [%6.2f]"): equal text where every pair's best structure
    is unique; where it is not, the two tracebacks may pick different ones (counted and
    printed, not a failure), and then the header, the first energy and the set of energies
    must agree and each of tropic's structures must have its energy under ViennaRNA.
A fresh seed is drawn (and printed) unless --seed is given; the regression seeds always run too.
Exit codes: 0 all agree, 1 a disagreement, 77 ViennaRNA is not installed (the test SKIPs).
"""
import argparse
import os
import random
import sys

# The fold oracle's helpers; importing it exits 77 (SKIP) when ViennaRNA is not installed.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from vienna_oracle import REGRESSION_SEEDS, RNA, Checker, run_tropic  # noqa: E402
from vienna_oracle import random_sequence as random_gc_sequence  # noqa: E402

# (tropic options, ViennaRNA model settings); delta in dcal/mol is drawn per sequence.
MODELS = [
    ([], {}),
    (["--dangles", "0"], {"dangles": 0}),
    (["--noLP"], {"noLP": 1}),
    (["--dangles", "0", "--noLP"], {"dangles": 0, "noLP": 1}),
    (["--temperature", "24"], {"temperature": 24.0}),
    (["--temperature", "55", "--dangles", "0"], {"temperature": 55.0, "dangles": 0}),
    (["--max-bp-span", "20"], {"max_bp_span": 20}),
]


def random_sequence(rng, length):
    return random_gc_sequence(rng, length, rng.uniform(0.2, 0.8))


def model_details(settings):
    md = RNA.md()
    for key, value in settings.items():
        setattr(md, key, value)
    return md


def expected_subopt(seq, name, delta, settings):
    fc = RNA.fold_compound(seq, model_details(settings))
    mfe = fc.mfe()[1]
    lines = [f">{name} [{delta}]", f"{seq} {mfe:6.2f} {delta / 100:6.2f}"]
    fc = RNA.fold_compound(seq, model_details(settings))
    for s in fc.subopt(delta, 1):
        lines.append(f"{s.structure} {s.energy:6.2f}")
    return lines


def expected_zuker(seq, name, settings):
    fc = RNA.fold_compound(seq, model_details(settings))
    lines = [f">{name}", seq]
    for s in fc.subopt_zuker():
        lines.append(f"{s.structure} [{s.energy:6.2f}]")
    return lines


def split_records(lines):
    records, current = [], None
    for line in lines:
        if line.startswith(">"):
            current = [line]
            records.append(current)
        else:
            current.append(line)
    return records


class SuboptChecker(Checker):
    def __init__(self, tropic):
        super().__init__(tropic)
        self.sequences = 0
        self.structures = 0
        self.zuker_structures = 0
        self.zuker_ties = 0  # equally good structures chosen differently

    def check_model(self, rng, count, args, settings, zuker):
        seqs = [random_sequence(rng, rng.randint(1, 60)) for _ in range(count)]
        # A small range keeps the lists short: 0-3 kcal/mol, larger for short sequences.
        deltas = [rng.choice([0, 50, 100, 150, 300]) if len(s) < 40 else rng.choice([0, 50, 100])
                  for s in seqs]
        for delta in sorted(set(deltas)):
            batch = [(k, s) for k, (s, d) in enumerate(zip(seqs, deltas)) if d == delta]
            text = "".join(f">s{k}\n{s}\n" for k, s in batch)
            sorted_out = split_records(
                run_tropic(self.tropic, ["subopt"] + args + ["--sorted", "-e", f"{delta / 100}"], text))
            unsorted_out = split_records(
                run_tropic(self.tropic, ["subopt"] + args + ["-e", f"{delta / 100}"], text))
            for (k, s), got, unsorted in zip(batch, sorted_out, unsorted_out):
                want = expected_subopt(s, f"s{k}", delta, settings)
                self.sequences += 1
                self.structures += len(want) - 2
                if got != want:
                    self.fail(f"subopt {' '.join(args)} -e {delta / 100} {s}:\n  tropic "
                              + "\n         ".join(got) + "\n  vienna "
                              + "\n         ".join(want))
                elif sorted(unsorted[2:]) != sorted(got[2:]) or unsorted[:2] != got[:2]:
                    self.fail(f"unsorted subopt {' '.join(args)} {s}: a different set")
        if not zuker:
            return
        text = "".join(f">z{k}\n{s}\n" for k, s in enumerate(seqs))
        for (k, s), got in zip(enumerate(seqs), split_records(
                run_tropic(self.tropic, ["subopt"] + args + ["-z"], text))):
            want = expected_zuker(s, f"z{k}", settings)
            self.zuker_structures += len(want) - 2
            if got == want:
                continue
            # Where several structures are equally good for a pair, RNAsubopt's traceback and
            # tropic's may choose differently (tropic does not reproduce its tie rules): the
            # energies must still be equal line by line, and each structure of tropic's must
            # have its energy under ViennaRNA and contain a pair no earlier one holds.
            energies = lambda lines: [line.rsplit("[", 1)[1] for line in lines[2:]]
            fc = RNA.fold_compound(s, model_details(settings))
            wrong = [line for line in got[2:] if abs(fc.eval_structure(line.split()[0])
                     - float(line.rsplit("[", 1)[1].strip("]"))) > 0.005]
            # A different tie choice can cover a pair earlier or later, so the lists may then
            # differ in length: the distinct energies must still agree.
            if got[:2] != want[:2] or set(energies(got)) != set(energies(want)) or wrong \
                    or energies(got)[:1] != energies(want)[:1]:
                self.fail(f"subopt -z {' '.join(args)} {s}:\n  tropic "
                          + "\n         ".join(got) + "\n  vienna " + "\n         ".join(want))
            else:
                self.zuker_ties += 1


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("tropic")
    parser.add_argument("--seed", type=int)
    parser.add_argument("--count", type=int, default=40, help="sequences per model and seed")
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    print(f"seed {seed} (regression seeds {REGRESSION_SEEDS})")
    checker = SuboptChecker(args.tropic)
    for s in REGRESSION_SEEDS + [seed]:
        rng = random.Random(s)
        for options, settings in MODELS:
            checker.check_model(rng, args.count, options, settings, "noLP" not in settings)
    print(f"{checker.sequences} subopt lists ({checker.structures} structures) and "
          f"{checker.zuker_structures} Zuker structures checked ({checker.zuker_ties} sequences where "
          f"equally good structures were chosen differently), {checker.failures} failures")
    return 1 if checker.failures else 0


if __name__ == "__main__":
    sys.exit(main())
