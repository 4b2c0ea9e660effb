#!/usr/bin/env python3
"""Score-only local alignment, one thread: tropic's striped kernels beside parasail's fastest
functions of the same lane width, in GCUPS (10^9 cells per second).

    bench/align/parasail_side_by_side.py PATH/TO/bench_align_cpu [--python PYTHON] [--reps N]
                                         [--rounds N]

parasail comes from the pip package `parasail` (import it with --python, e.g. a virtual
environment's python; default: this one). Its striped functions are timed by a small C program
compiled here against the package's libparasail.so, so that no Python call overhead is counted:
the profile is built once, then the alignment is repeated (median of 5 runs of --reps calls), as
tropic's benchmark keeps its query profile between calls. Problems as in bench_align_cpu:
300 x 300 random protein (BLOSUM62, tropic gaps 11/1 = parasail open 12, extend 1) and
10 kb x 10 kb random DNA (+2/-3, tropic 5/2 = parasail 7/2); both sides draw their own random
sequences of the same composition. tropic's figures come from
`bench_align_cpu --benchmark_format=json`. Both per wall second and per CPU second (the latter
holds up on a machine shared with other work). --rounds N repeats the whole comparison N times,
tropic and parasail in turn, and keeps each side's fastest round: interference from other work
only ever slows a round down, so the fastest is the steadiest figure on a shared or virtual
machine (where single runs of the same function were seen to differ by 1.5x). Prints SKIPPED when
parasail or a C compiler is missing.
"""
import argparse
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

HARNESS = r"""
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "parasail.h"

typedef parasail_profile_t* (*create_fn)(const char*, int, const parasail_matrix_t*);
typedef parasail_result_t* (*align_fn)(const parasail_profile_t*, const char*, int, int, int);

static double now(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

static double median5(double* runs) {
    for (int a = 0; a < 5; ++a)
        for (int b = a + 1; b < 5; ++b)
            if (runs[b] < runs[a]) { double x = runs[a]; runs[a] = runs[b]; runs[b] = x; }
    return runs[2];
}

/* harness LIB CREATE ALIGN QUERY TARGET MATRIX OPEN EXTEND REPS: prints the median wall and CPU
   seconds per call over 5 runs, the score and the saturation flag. MATRIX: blosum62 or dna
   (+2/-3 over ACGT). */
int main(int argc, char** argv) {
    if (argc != 10) return 2;
    void* lib = dlopen(argv[1], RTLD_NOW);
    if (!lib) { fprintf(stderr, "%s\n", dlerror()); return 2; }
    create_fn create = (create_fn)dlsym(lib, argv[2]);
    align_fn align = (align_fn)dlsym(lib, argv[3]);
    if (!create || !align) { fprintf(stderr, "missing %s or %s\n", argv[2], argv[3]); return 3; }
    const char* q = argv[4];
    const char* t = argv[5];
    const parasail_matrix_t* matrix = strcmp(argv[6], "dna") == 0
        ? parasail_matrix_create("ACGT", 2, -3) : parasail_matrix_lookup(argv[6]);
    int open = atoi(argv[7]), extend = atoi(argv[8]), reps = atoi(argv[9]);
    parasail_profile_t* profile = create(q, (int)strlen(q), matrix);
    int score = 0, saturated = 0;
    double wall[5], cpu[5];
    for (int r = 0; r < 5; ++r) {
        double start = now(CLOCK_MONOTONIC), start_cpu = now(CLOCK_PROCESS_CPUTIME_ID);
        for (int k = 0; k < reps; ++k) {
            parasail_result_t* result = align(profile, t, (int)strlen(t), open, extend);
            score = parasail_result_get_score(result);
            saturated = parasail_result_is_saturated(result);
            parasail_result_free(result);
        }
        wall[r] = (now(CLOCK_MONOTONIC) - start) / reps;
        cpu[r] = (now(CLOCK_PROCESS_CPUTIME_ID) - start_cpu) / reps;
    }
    printf("%.9g %.9g %d %d\n", median5(wall), median5(cpu), score, saturated);
    return 0;
}
"""


def parasail_dir(python):
    code = "import os, parasail; print(os.path.dirname(parasail.__file__))"
    try:
        out = subprocess.run([python, "-c", code], capture_output=True, text=True, check=True)
    except (subprocess.CalledProcessError, FileNotFoundError):
        return None
    return out.stdout.strip()


def build_harness(work, pdir):
    cc = shutil.which("cc") or shutil.which("gcc")
    if not cc:
        return None
    src = os.path.join(work, "harness.c")
    exe = os.path.join(work, "harness")
    with open(src, "w") as f:
        f.write(HARNESS)
    # The library's soname may carry a version (libparasail.so.8) that the wheel does not ship
    # under that name: link against a copy of the name it asks for, beside the harness.
    soname = subprocess.run(["objdump", "-p", os.path.join(pdir, "libparasail.so")],
                            capture_output=True, text=True).stdout
    match = re.search(r"SONAME\s+(\S+)", soname)
    if match and match.group(1) != "libparasail.so":
        os.symlink(os.path.join(pdir, "libparasail.so"), os.path.join(work, match.group(1)))
    subprocess.run([cc, "-O2", "-o", exe, src, "-I", os.path.join(pdir, "include"),
                    os.path.join(pdir, "libparasail.so"), "-ldl",
                    "-Wl,-rpath," + work + ":" + pdir], check=True)
    return exe


def tropic_gcups(bench, cells):
    """Median GCUPS per kernel from bench_align_cpu: (per wall second, per CPU second)."""
    out = subprocess.run(
        [bench, "--benchmark_filter=local_score/(protein_300x300|dna_10kx10k)/(sse41|avx2)/",
         "--benchmark_format=json"], capture_output=True, text=True, check=True)
    figures = {}
    for b in json.loads(out.stdout)["benchmarks"]:
        if b.get("aggregate_name") == "median" and "GCUPS" in b:
            name = b["run_name"].split("/repeats")[0]
            problem = name.split("/")[1]
            seconds_cpu = b["cpu_time"] * {"ms": 1e-3, "us": 1e-6, "ns": 1e-9, "s": 1.0}[
                b["time_unit"]]
            figures[name] = (b["GCUPS"], cells[problem] / seconds_cpu / 1e9)
    return figures


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("bench")
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--reps", type=int, default=0, help="calls per run (default: by size)")
    parser.add_argument("--rounds", type=int, default=1,
                        help="whole comparisons in turn; each side's fastest is kept")
    args = parser.parse_args()
    pdir = parasail_dir(args.python)
    if not pdir:
        print(f"SKIPPED: parasail is not importable by {args.python} (pip install parasail)")
        return 0
    rng = random.Random(3)
    protein = "ARNDCQEGHILKMFPSTWYV"
    problems = [
        ("protein_300x300", "".join(rng.choices(protein, k=300)),
         "".join(rng.choices(protein, k=300)), "blosum62", 12, 1, args.reps or 2000),
        ("dna_10kx10k", "".join(rng.choices("ACGT", k=10000)),
         "".join(rng.choices("ACGT", k=10000)), "dna", 7, 2, args.reps or 3),
    ]
    cells = {name: len(q) * len(t) for name, q, t, *_ in problems}
    with tempfile.TemporaryDirectory() as work:
        harness = build_harness(work, pdir)
        if not harness:
            print("SKIPPED: no C compiler for the parasail timing harness")
            return 0
        lib = os.path.join(pdir, "libparasail.so")
        ours, theirs = {}, {}

        def keep(best, key, figures):
            # The fastest round per figure (wall and CPU separately).
            if figures is None:
                return
            old = best.get(key)
            best[key] = figures if old is None else tuple(map(max, old, figures))

        for _ in range(max(1, args.rounds)):
            for key, figures in tropic_gcups(args.bench, cells).items():
                keep(ours, key, figures)
            for name, q, t, matrix, gap_open, gap_extend, reps in problems:
                for vector, width in (("sse_128", "sse41_128"), ("avx_256", "avx2_256")):
                    for bits in (8, 16, 32):
                        function = f"parasail_sw_striped_profile_{width}_{bits}"
                        run = subprocess.run(
                            [harness, lib, f"parasail_profile_create_{vector}_{bits}", function,
                             q, t, matrix, str(gap_open), str(gap_extend), str(reps)],
                            capture_output=True, text=True)
                        if run.returncode == 0:
                            wall, cpu, _, saturated = run.stdout.split()
                            if saturated == "0":
                                keep(theirs, (name, function),
                                     (cells[name] / float(wall) / 1e9,
                                      cells[name] / float(cpu) / 1e9))

        # Per CPU second as well as per wall second: on a shared machine other processes' load
        # stretches wall time but not the CPU time a single thread is given.
        print(f"{'problem':<17} {'kernel':<9} {'tropic GCUPS':>13} {'parasail GCUPS':>15} "
              f"{'ratio':>6} {'tropic /cpu s':>14} {'parasail /cpu s':>16} {'ratio':>6}  "
              "parasail function")
        for name, *_ in problems:
            for isa, width in (("sse41", "sse41_128"), ("avx2", "avx2_256")):
                for bits in (8, 16, 32):
                    function = f"parasail_sw_striped_profile_{width}_{bits}"
                    mine = ours.get(f"local_score/{name}/{isa}/{bits}")
                    other = theirs.get((name, function))

                    def cell(value, width):
                        return f"{value:>{width}.2f}" if value is not None else f"{'n/a':>{width}}"

                    def ratio(k):
                        return cell(mine[k] / other[k] if mine and other else None, 6)

                    print(f"{name:<17} {isa + '/' + str(bits):<9} "
                          f"{cell(mine and mine[0], 13)} {cell(other and other[0], 15)} "
                          f"{ratio(0)} {cell(mine and mine[1], 14)} "
                          f"{cell(other and other[1], 16)} {ratio(1)}  {function}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
