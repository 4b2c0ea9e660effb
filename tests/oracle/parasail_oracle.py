#!/usr/bin/env python3
"""Oracle test of tropic's pairwise alignment (align::align_pair) against parasail.

    tests/oracle/parasail_oracle.py PATH/TO/tropic_align_oracle_driver [--seed N] [--count N]

Random and related pairs (substitutions and indels; embedded and overlapping pieces), lengths
0-300 and a few of 1,000-3,000, DNA under several match/mismatch/gap settings (gap open 0
included; N and other IUPAC codes now and then) and protein under BLOSUM62 with several gap
costs, each pair in all four modes. For every alignment:
  - tropic's score equals parasail's (local: sw, global: nw, glocal: sg_dx, overlap: sg; the
    32-bit prefix-scan functions, gap open O + E and extend E for tropic's O and E);
  - tropic's end cell (query end, target end) equals the one parasail reports, mapped as
    described in docs/align-oracle.md (parasail has no row or column 0, and its sg does not
    count the empty alignment);
  - align::rescore of tropic's CIGAR equals tropic's score.
Pairs with an empty sequence (parasail refuses them) are checked against closed forms.
The query-versus-database case (tropic search's CPU scan, align/search/scan_cpu.hpp): per seed,
a few queries against a database of --database sequences (random, and mutated pieces of the
query, lengths 1-400), DNA and protein, in all four modes; tropic's scan score of every
(query, database sequence) pair equals parasail's score for it.
The fixed regression seed always runs; a fresh seed is drawn and printed unless --seed is given.
Exit codes: 0 all agree, 1 a disagreement, 77 parasail is not installed (the test SKIPs).
"""
import argparse
import random
import subprocess
import sys
import time

try:
    import parasail
except ImportError:
    print("SKIPPED: the parasail Python package is not installed "
          "(scripts/setup installs it into .venv)")
    sys.exit(77)

REGRESSION_SEEDS = [20260101]
MODES = ["local", "global", "glocal", "overlap"]
# The prefix-scan functions: parasail 1.3.4's striped ones give wrong scores when its gap open
# equals its gap extend (tropic's open 0), e.g. nw_striped_32("AGCACGA", "AAC", 1, 1, +1/-1) is
# -5 where the optimum (and nw_scan_32) is -1.
PARASAIL_FUNCTIONS = {
    "local": parasail.sw_scan_32,
    "global": parasail.nw_scan_32,
    "glocal": parasail.sg_dx_scan_32,  # free end gaps in the database (target) only
    "overlap": parasail.sg_scan_32,  # free end gaps at both ends of both sequences
}
# (match, mismatch, tropic gap open, tropic gap extend)
DNA_SETTINGS = [(2, -3, 5, 2), (1, -1, 0, 1), (1, -4, 6, 1), (5, -4, 10, 1), (2, -3, 0, 3),
                (1, -2, 2, 1), (3, -1, 1, 4)]
# (tropic gap open, tropic gap extend) with BLOSUM62
PROTEIN_SETTINGS = [(11, 1), (10, 1), (5, 2), (0, 4), (14, 2), (8, 3)]
DNA_LETTERS = "ACGT"
IUPAC_OTHERS = "NRYSWKMBDHV"  # tropic encodes every one of them to N
PROTEIN_LETTERS = "ARNDCQEGHILKMFPSTWYV"
PROTEIN_RARE = "BZX*"

_dna_matrices = {}


def dna_matrix(match, mismatch):
    """parasail's twin of tropic's dna_matrix(match, mismatch, mismatch): N and every other IUPAC
    code score `mismatch` against everything, themselves included (parasail's matrix_create
    would give N against N the match score)."""
    key = (match, mismatch)
    if key not in _dna_matrices:
        alphabet = DNA_LETTERS + IUPAC_OTHERS
        matrix = parasail.matrix_create(alphabet, match, mismatch)
        for a in range(len(alphabet)):
            for b in range(len(alphabet)):
                if a >= 4 or b >= 4:
                    matrix.set_value(a, b, mismatch)
        _dna_matrices[key] = matrix
    return _dna_matrices[key]


class Case:
    __slots__ = ("mode", "alphabet", "match", "mismatch", "open", "extend", "query", "target",
                 "kind")

    def __init__(self, mode, alphabet, match, mismatch, gap_open, extend, query, target, kind):
        self.mode, self.alphabet, self.match, self.mismatch = mode, alphabet, match, mismatch
        self.open, self.extend, self.query, self.target, self.kind = (gap_open, extend, query,
                                                                      target, kind)

    def driver_line(self):
        return (f"{self.mode} {self.match} {self.mismatch} {self.open} {self.extend} "
                f"{self.alphabet} {self.query or '-'} {self.target or '-'}")


def expected(case):
    """(score, query end, target end, source): what tropic must report, from parasail (or from a
    closed form when a sequence is empty)."""
    m, n, o, e = len(case.query), len(case.target), case.open, case.extend
    if m == 0 or n == 0:
        if case.mode == "global" and m + n > 0:
            return -(o + (m + n) * e), m, n, "closed form"
        if case.mode == "glocal" and m > 0:
            return -(o + m * e), m, 0, "closed form"
        return 0, 0, 0, "closed form"
    matrix = dna_matrix(case.match, case.mismatch) if case.alphabet == "dna" else parasail.blosum62
    result = PARASAIL_FUNCTIONS[case.mode](case.query, case.target, o + e, e, matrix)
    score, i, j = result.score, result.end_query + 1, result.end_ref + 1
    if case.mode == "local" and score == 0:
        i = j = 0  # tropic: the empty alignment at (0, 0); parasail reports its first cell
    elif case.mode == "glocal" and score == -(o + m * e):
        j = 0  # H(m, 0) ties the optimum: tropic's rule takes the smallest target end
    elif case.mode == "overlap" and score <= 0:
        # parasail's sg has no empty alignment: its best may be negative. tropic's overlap
        # includes H(m, 0) = 0, the smallest target end.
        score, i, j = 0, m, 0
    return score, i, j, "parasail"


def mutate(rng, seq, letters, substitution, indel):
    out = []
    k = 0
    while k < len(seq):
        if rng.random() < indel:
            size = rng.randint(1, 6)
            if rng.random() < 0.5:
                k += size  # deletion
                continue
            out.extend(rng.choice(letters) for _ in range(size))  # insertion
        out.append(rng.choice(letters) if rng.random() < substitution else seq[k])
        k += 1
    return "".join(out)


def random_sequence(rng, length, alphabet):
    if alphabet == "dna":
        rare, others = (0.02, IUPAC_OTHERS) if rng.random() < 0.2 else (0.0, "")
        return "".join(rng.choice(others) if rare and rng.random() < rare else
                       rng.choice(DNA_LETTERS) for _ in range(length))
    rare = 0.03 if rng.random() < 0.2 else 0.0
    return "".join(rng.choice(PROTEIN_RARE) if rare and rng.random() < rare else
                   rng.choice(PROTEIN_LETTERS) for _ in range(length))


def random_length(rng):
    return rng.randint(0, 12) if rng.random() < 0.2 else rng.randint(1, 300)


def make_pair(rng, alphabet, long=False):
    """(query, target, kind)."""
    letters = DNA_LETTERS if alphabet == "dna" else PROTEIN_LETTERS
    if long:
        base = random_sequence(rng, rng.randint(1000, 3000), alphabet)
        return base, mutate(rng, base, letters, rng.uniform(0.02, 0.25),
                            rng.uniform(0.0, 0.03)), "long related"
    kind = rng.choice(["random", "related", "related", "embedded", "overlapping"])
    if kind == "random":
        return (random_sequence(rng, random_length(rng), alphabet),
                random_sequence(rng, random_length(rng), alphabet), kind)
    base = random_sequence(rng, rng.randint(1, 300), alphabet)
    other = mutate(rng, base, letters, rng.uniform(0.0, 0.35), rng.uniform(0.0, 0.08))
    if kind == "embedded":  # the query inside a longer target (glocal's case), or the reverse
        flank = lambda: random_sequence(rng, rng.randint(0, 150), alphabet)
        other = flank() + other + flank()
        return (base, other, kind) if rng.random() < 0.8 else (other, base, kind)
    if kind == "overlapping":  # a suffix of one is a prefix of the other
        cut = rng.randint(0, len(other))
        return (random_sequence(rng, rng.randint(0, 150), alphabet) + base,
                other[:cut] + random_sequence(rng, rng.randint(0, 150), alphabet), kind)
    return (base, other, kind) if rng.random() < 0.5 else (other, base, kind)


def make_cases(seed, count, long_count):
    rng = random.Random(seed)
    cases = []
    for k in range(count + long_count):
        alphabet = "dna" if k % 2 == 0 else "protein"
        query, target, kind = make_pair(rng, alphabet, long=k >= count)
        if alphabet == "dna":
            match, mismatch, gap_open, extend = DNA_SETTINGS[(k // 2) % len(DNA_SETTINGS)]
        else:
            match, mismatch = 0, 0
            gap_open, extend = PROTEIN_SETTINGS[(k // 2) % len(PROTEIN_SETTINGS)]
        for mode in MODES:
            cases.append(Case(mode, alphabet, match, mismatch, gap_open, extend, query, target,
                              kind))
    return cases


class SearchCase:
    """One query against a database: the scan's score of every database sequence."""
    __slots__ = ("mode", "alphabet", "match", "mismatch", "open", "extend", "query", "targets")

    def __init__(self, mode, alphabet, match, mismatch, gap_open, extend, query, targets):
        self.mode, self.alphabet, self.match, self.mismatch = mode, alphabet, match, mismatch
        self.open, self.extend, self.query, self.targets = gap_open, extend, query, targets

    def driver_line(self):
        return (f"search {self.mode} {self.match} {self.mismatch} {self.open} {self.extend} "
                f"{self.alphabet} {self.query} {','.join(self.targets)}")

    def pair(self, target):
        return Case(self.mode, self.alphabet, self.match, self.mismatch, self.open, self.extend,
                    self.query, target, "database")


def make_search_cases(seed, queries, database):
    rng = random.Random(seed ^ 0x5EA2C4)
    cases = []
    for k in range(queries):
        for alphabet in ("dna", "protein"):
            letters = DNA_LETTERS if alphabet == "dna" else PROTEIN_LETTERS
            query = random_sequence(rng, rng.randint(50, 400), alphabet)
            targets = []
            for _ in range(database):
                if rng.random() < 0.3:
                    start = rng.randint(0, len(query) - 1)
                    piece = mutate(rng, query[start:start + rng.randint(1, 400)], letters,
                                   rng.uniform(0.0, 0.3), rng.uniform(0.0, 0.05))
                    targets.append(piece or rng.choice(letters))
                else:
                    targets.append(random_sequence(rng, rng.randint(1, 400), alphabet))
            if alphabet == "dna":
                match, mismatch, gap_open, extend = DNA_SETTINGS[k % len(DNA_SETTINGS)]
            else:
                match, mismatch = 0, 0
                gap_open, extend = PROTEIN_SETTINGS[k % len(PROTEIN_SETTINGS)]
            for mode in MODES:
                cases.append(SearchCase(mode, alphabet, match, mismatch, gap_open, extend, query,
                                        targets))
    return cases


def driver_lines(driver, cases, seed, what):
    """The driver's output line for each case; exits with FAIL when it stops early."""
    text = "".join(case.driver_line() + "\n" for case in cases)
    result = subprocess.run([driver], input=text, capture_output=True, text=True)
    lines = result.stdout.splitlines()
    if result.returncode != 0 or len(lines) != len(cases):
        sys.exit(f"FAIL: the driver exited with {result.returncode} after {len(lines)} of "
                 f"{len(cases)} {what} (seed {seed}): {result.stderr.strip()}")
    return lines


def run_search(driver, cases, seed):
    lines = driver_lines(driver, cases, seed, "searches")
    mismatches = []
    for number, (case, line) in enumerate(zip(cases, lines), 1):
        scores = [int(x) for x in line.split()]
        for t, (target, score) in enumerate(zip(case.targets, scores)):
            want = expected(case.pair(target))[0]
            if score != want:
                mismatches.append(
                    f"seed {seed}, search {number}: {case.mode} {case.alphabet} (gap open "
                    f"{case.open} extend {case.extend}), database sequence {t + 1}: scan score "
                    f"{score} != parasail's {want}\n    query  {shorten(case.query)}\n"
                    f"    target {shorten(target)}")
        if len(scores) != len(case.targets):
            mismatches.append(f"seed {seed}, search {number}: {len(scores)} scores for "
                              f"{len(case.targets)} database sequences")
    return mismatches


def shorten(seq):
    return seq if len(seq) <= 80 else f"{seq[:40]}...{seq[-20:]} ({len(seq)} residues)"


def run(driver, cases, seed):
    lines = driver_lines(driver, cases, seed, "pairs")
    mismatches = []
    for number, (case, line) in enumerate(zip(cases, lines), 1):
        score, query_end, target_end, rescored = (int(x) for x in line.split())
        want = expected(case)
        problems = []
        if score != want[0]:
            problems.append(f"score {score} != {want[0]} ({want[3]})")
        elif (query_end, target_end) != want[1:3]:
            problems.append(f"end cell (query {query_end}, target {target_end}) != "
                            f"(query {want[1]}, target {want[2]}) ({want[3]})")
        if rescored != score:
            problems.append(f"the CIGAR rescores to {rescored}, not {score}")
        if problems:
            matrix = "BLOSUM62" if case.alphabet == "protein" else \
                f"match {case.match} mismatch {case.mismatch}"
            mismatches.append(
                f"seed {seed}, pair {number}: {case.mode} {case.alphabet} ({matrix}, gap open "
                f"{case.open} extend {case.extend}), {case.kind}: {'; '.join(problems)}\n"
                f"    query  {shorten(case.query)}\n    target {shorten(case.target)}\n"
                f"    driver line: {shorten(case.driver_line())}")
    return mismatches


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("driver", help="path to tropic_align_oracle_driver")
    parser.add_argument("--seed", type=int, help="replay this seed (instead of a fresh one)")
    parser.add_argument("--count", type=int, default=2000,
                        help="pairs of length 0-300 per seed (each in all four modes)")
    parser.add_argument("--long", type=int, default=6,
                        help="pairs of 1,000-3,000 residues per seed")
    parser.add_argument("--queries", type=int, default=2,
                        help="search case: queries per seed and alphabet (each in all four modes)")
    parser.add_argument("--database", type=int, default=300,
                        help="search case: database sequences per query")
    args = parser.parse_args()
    fresh = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 2**31)
    print(f"parasail {parasail.__version__}; fresh seed {fresh} (replay: --seed {fresh})")
    started = time.monotonic()
    compared = empty = 0
    mismatches = []
    for seed in REGRESSION_SEEDS + [fresh]:
        cases = make_cases(seed, args.count, args.long)
        compared += len(cases)
        empty += sum(1 for c in cases if not c.query or not c.target)
        mismatches += run(args.driver, cases, seed)
    searched = 0
    for seed in REGRESSION_SEEDS + [fresh]:
        searches = make_search_cases(seed, args.queries, args.database)
        searched += sum(len(case.targets) for case in searches)
        mismatches += run_search(args.driver, searches, seed)
    for message in mismatches[:10]:
        print("FAIL:", message)
    print(f"{compared // len(MODES)} pairs compared in {len(MODES)} modes ({compared} alignments, "
          f"{empty} with an empty sequence checked against closed forms), {searched} scan "
          f"scores of query-vs-database searches, "
          f"{len(mismatches)} mismatches, {time.monotonic() - started:.1f} s")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
