#!/usr/bin/env python3
"""Paired-end mapping side by side: tropic map, bwa mem and bowtie2 on the same simulated pairs.

    bench/map/side_by_side.py WORK [--size BASES] [--contigs N] [--divergence D] [--pairs N]
                              [--error-rates E,E,...] [--threads T] [--tools tropic,bwa,bowtie2]
                              [--rounds N] [--index-only]
                              [--tropic PATH] [--tropic-args "ARGS"] [--bwa PATH] [--bowtie2 PATH]
                              [--bowtie2-build PATH] [--wgsim PATH] [--deps ROOT] [--json FILE]

In WORK (made if missing; whatever is already there is reused, so a run can be split over several
calls): a synthetic genome from tests/cli/map_genome.py (diverged repeats, low-complexity
stretches, runs of N; genomes of 100 Mbp and more are drawn with its numpy path, --fast), wgsim
pairs at each error rate (150 bp, insert 350 +- 35, -r 0.001, fixed seed), each tool's index
(timed), then each tool maps every read set on the same threads, one tool after another. The
mapping time is the wall clock of the whole mapping process, index loading included, as a user
sees it; reads/s = 2 * pairs / seconds. CPU seconds (user + system of the process and its
children) are given as well: they hold up on a machine shared with other work, as does --rounds N
(each mapping N times, the fastest kept).

Each SAM is scored by tests/cli/map_accuracy.py (primary records; a read is correct when it lies
on the right contig and strand within 10 bases of wgsim's truth), and one markdown table per
error rate is printed: reads/s, mapped %, correct %, correct with MAPQ >= 10 (count, % of all
reads), and precision at MAPQ >= 10 and >= 30 as wrong placements per 1,000 (with the count).

A tool that is not installed is reported as skipped. --deps ROOT takes the tools from
ROOT/usr/bin and adds ROOT's libraries to LD_LIBRARY_PATH (the GPU host's .deps/root from
scripts/gpu-deps). bowtie2 is a perl wrapper around bowtie2-align-s; where the wrapper does not
run, bowtie2-align-s beside it is called directly (same arguments for plain FASTQ). The index of
bowtie2 is built by bowtie2-build-s (the wrapper's choice for genomes below 4 Gbp).
"""
import argparse
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import time

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPTS = os.path.join(REPO, "tests", "cli")
READ_LENGTH = 150
FAST_GENOME_FROM = 100_000_000  # the plain generator takes about 25 s per 100 Mbp


class Failed(Exception):
    pass


def log(text):
    print(f"[{time.strftime('%H:%M:%S')}] {text}", file=sys.stderr, flush=True)


def timed(command, stdout=None, stdin=None, env=None):
    """Runs a command; returns wall seconds, CPU seconds and peak resident memory (MiB)."""
    log(" ".join(command))
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=stdout or subprocess.DEVNULL, stdin=stdin,
                               stderr=subprocess.PIPE, env=env)
    # wait4 rather than wait: the process's own resource usage, its waited-for children included.
    stderr_reader = process.stderr
    err = stderr_reader.read()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        tail = err.decode(errors="replace").strip().splitlines()[-5:]
        raise Failed(f"{os.path.basename(command[0])} exited with {process.returncode}: " +
                     " | ".join(tail))
    return {"wall_s": round(wall, 3), "cpu_s": round(usage.ru_utime + usage.ru_stime, 3),
            "max_rss_mib": round(usage.ru_maxrss / 1024, 1)}


def find_tool(given, name, deps):
    if given:
        return given if os.access(given, os.X_OK) else shutil.which(given)
    if name == "tropic":
        built = os.path.join(REPO, "build", "tropic")
        return built if os.access(built, os.X_OK) else shutil.which("tropic")
    if deps:
        packed = os.path.join(deps, "usr", "bin", name)
        if os.access(packed, os.X_OK):
            return packed
    return shutil.which(name)


def usable_bowtie2(wrapper, env):
    """The wrapper when it runs here, else bowtie2-align-s beside it."""
    if os.path.basename(wrapper) != "bowtie2":
        return wrapper
    try:
        if subprocess.run([wrapper, "--version"], capture_output=True, env=env).returncode == 0:
            return wrapper
    except OSError:
        pass
    beside = os.path.join(os.path.dirname(wrapper), "bowtie2-align-s")
    return beside if os.access(beside, os.X_OK) else None


def make_genome(args, env):
    fast = args.size >= FAST_GENOME_FROM
    name = f"genome_{args.size}_c{args.contigs}_d{args.divergence}_s{args.seed}"
    path = os.path.join(args.work, name + ("_fast" if fast else "") + ".fa")
    if not os.path.exists(path):
        command = [sys.executable, os.path.join(SCRIPTS, "map_genome.py"), path + ".part",
                   str(args.size), "--contigs", str(args.contigs), "--seed", str(args.seed),
                   "--divergence", str(args.divergence)] + (["--fast"] if fast else [])
        took = timed(command, env=env)
        os.replace(path + ".part", path)
        log(f"genome: {args.size} bases in {took['wall_s']} s")
    return path


def make_reads(args, wgsim, genome, rate, env):
    stem = os.path.join(args.work, f"reads_e{rate}_n{args.pairs}_s{args.seed}")
    first, second = stem + "_1.fq", stem + "_2.fq"
    if not (os.path.exists(first) and os.path.exists(second)):
        command = [wgsim, "-S", str(args.seed), "-N", str(args.pairs), "-1", str(READ_LENGTH),
                   "-2", str(READ_LENGTH), "-d", "350", "-s", "35", "-e", str(rate), "-r", "0.001",
                   genome, first + ".part", second + ".part"]
        timed(command, env=env)
        os.replace(first + ".part", first)
        os.replace(second + ".part", second)
    return first, second


class Tool:
    """One mapper: how it indexes the genome and how it maps a pair of read files."""

    def __init__(self, name, path, args, env):
        self.name, self.path, self.args, self.env = name, path, args, env
        self.label = name
        self.folder = os.path.join(args.work, name)
        os.makedirs(self.folder, exist_ok=True)

    def sam(self, rate):
        slug = re.sub(r"[^A-Za-z0-9.]+", "_", self.label)
        return os.path.join(self.folder, f"{slug}_e{rate}_n{self.args.pairs}.sam")

    def index_done_marker(self, genome):
        return os.path.join(self.folder, os.path.basename(genome) + ".indexed.json")

    def index(self, genome):
        marker = self.index_done_marker(genome)
        if os.path.exists(marker):
            with open(marker) as f:
                return dict(json.load(f), reused=True)
        took = timed(self.index_command(genome), env=self.env)
        with open(marker, "w") as f:
            json.dump(took, f)
        return dict(took, reused=False)

    def prefix(self, genome):
        return os.path.join(self.folder, os.path.basename(genome))


class Tropic(Tool):
    def __init__(self, *given):
        super().__init__(*given)
        # Runs with other options (--backend cuda) keep their own rows and SAM files.
        self.label = " ".join(["tropic"] + self.args.tropic_args.split())

    def index_command(self, genome):
        return [self.path, "index", genome, "-o", self.prefix(genome) + ".tmi", "--threads",
                str(self.args.threads), "-q"]

    def map(self, genome, reads, sam):
        command = [self.path, "map", self.prefix(genome) + ".tmi", *reads, "--threads",
                   str(self.args.threads), "-q", "-o", sam] + self.args.tropic_args.split()
        return timed(command, env=self.env)


class Bwa(Tool):
    def index_command(self, genome):
        return [self.path, "index", "-p", self.prefix(genome), genome]

    def map(self, genome, reads, sam):
        with open(sam, "wb") as out:
            return timed([self.path, "mem", "-t", str(self.args.threads), self.prefix(genome),
                          *reads], stdout=out, env=self.env)


class Bowtie2(Tool):
    def index_command(self, genome):
        build = self.args.bowtie2_build or os.path.join(os.path.dirname(self.path),
                                                        "bowtie2-build-s")
        return [build, "--threads", str(self.args.threads), genome, self.prefix(genome)]

    def map(self, genome, reads, sam):
        return timed([self.path, "-p", str(self.args.threads), "-x", self.prefix(genome),
                      "-1", reads[0], "-2", reads[1], "-S", sam], env=self.env)


def score(sam):
    with open(sam, "rb") as f:
        result = subprocess.run([sys.executable, os.path.join(SCRIPTS, "map_accuracy.py")],
                                stdin=f, capture_output=True, check=True)
    return json.loads(result.stdout)


def per_thousand(wrong, total):
    return f"{1000 * wrong / total:.2f} ({wrong})" if total else "-"


def table(rate, rows):
    lines = [f"### Error rate {rate}", "",
             "| tool | reads/s | map s | CPU s | mapped % | correct % | correct MAPQ>=10 | "
             "wrong/1000 MAPQ>=10 | wrong/1000 MAPQ>=30 |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for row in rows:
        if "skipped" in row or "failed" in row:
            lines.append(f"| {row['tool']} | {row.get('skipped') or row.get('failed')} |"
                         " | | | | | | |")
            continue
        s, reads = row["score"], row["score"]["reads"]
        q10_wrong = s["mapped_q10"] - s["correct_q10"]
        q30_wrong = s["mapped_q30"] - s["correct_q30"]
        lines.append(
            f"| {row['tool']} | {row['reads_per_s']:,.0f} | {row['wall_s']:.1f} | "
            f"{row['cpu_s']:.1f} | {100 * s['mapped'] / reads:.2f} | "
            f"{100 * s['correct'] / reads:.2f} | {s['correct_q10']:,} "
            f"({100 * s['correct_q10'] / reads:.2f}%) | {per_thousand(q10_wrong, s['mapped_q10'])} | "
            f"{per_thousand(q30_wrong, s['mapped_q30'])} |")
    return "\n".join(lines)


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("work")
    parser.add_argument("--size", type=int, default=20_000_000)
    parser.add_argument("--contigs", type=int, default=4)
    parser.add_argument("--divergence", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pairs", type=int, default=50_000)
    parser.add_argument("--error-rates", default="0.005,0.02,0.05")
    parser.add_argument("--threads", type=int, default=os.cpu_count())
    parser.add_argument("--tools", default="tropic,bwa,bowtie2")
    parser.add_argument("--rounds", type=int, default=1,
                        help="map each read set N times and keep the fastest (for shared machines)")
    parser.add_argument("--tropic")
    parser.add_argument("--tropic-args", default="", help='passed to tropic map, e.g. "--backend cuda"')
    parser.add_argument("--bwa")
    parser.add_argument("--bowtie2")
    parser.add_argument("--bowtie2-build")
    parser.add_argument("--wgsim")
    parser.add_argument("--deps", help="a folder with usr/bin and usr/lib (scripts/gpu-deps' .deps/root)")
    parser.add_argument("--index-only", action="store_true",
                        help="make the genome, reads and indexes, and stop (for split runs)")
    parser.add_argument("--json")
    return parser.parse_args()


def environment(deps):
    env = dict(os.environ)
    if deps:
        libs = [os.path.join(deps, "usr", "lib", "x86_64-linux-gnu"), os.path.join(deps, "usr", "lib")]
        env["LD_LIBRARY_PATH"] = ":".join(libs + [p for p in [env.get("LD_LIBRARY_PATH")] if p])
        env["PATH"] = os.path.join(deps, "usr", "bin") + ":" + env.get("PATH", "")
    return env


def pick_tools(args, env):
    kinds = {"tropic": Tropic, "bwa": Bwa, "bowtie2": Bowtie2}
    tools, skipped = [], {}
    for name in filter(None, args.tools.split(",")):
        if name not in kinds:
            sys.exit(f"side_by_side.py: --tools: unknown tool '{name}' (tropic, bwa, bowtie2)")
        path = find_tool(getattr(args, name), name, args.deps)
        if path and name == "bowtie2":
            path = usable_bowtie2(path, env)
        if path:
            tools.append(kinds[name](name, os.path.abspath(path), args, env))
        else:
            skipped[name] = "skipped: not installed"
            log(f"{name}: not found, skipped")
    return tools, skipped


def main():
    args = parse_args()
    args.work = os.path.abspath(args.work)
    os.makedirs(args.work, exist_ok=True)
    env = environment(args.deps)
    wgsim = find_tool(args.wgsim, "wgsim", args.deps)
    if not wgsim:
        sys.exit("side_by_side.py: wgsim is not installed (Debian's samtools package ships it)")
    rates = args.error_rates.split(",")
    tools, skipped = pick_tools(args, env)
    genome = make_genome(args, env)
    read_sets = {rate: make_reads(args, wgsim, genome, rate, env) for rate in rates}
    report = {"command": " ".join(sys.argv), "date": time.strftime("%Y-%m-%d %H:%M:%S"),
              "machine": f"{platform.node()}, {os.cpu_count()} CPUs", "genome": genome,
              "pairs": args.pairs, "threads": args.threads, "index": {}, "rates": {}}
    failures = 0
    for tool in tools:
        try:
            report["index"][tool.name] = tool.index(genome)
        except Failed as error:
            report["index"][tool.name] = {"failed": str(error)}
            skipped[tool.name] = f"failed: {error}"
            failures += 1
    if args.index_only:
        print(json.dumps(report["index"], indent=1))
        return 0
    for rate in rates:
        rows = []
        for tool in tools:
            if tool.name in skipped:
                continue
            try:
                # The fastest of the rounds: other work on the machine only ever slows one down.
                took = min((tool.map(genome, read_sets[rate], tool.sam(rate))
                            for _ in range(args.rounds)), key=lambda t: t["wall_s"])
            except Failed as error:
                rows.append({"tool": tool.label, "failed": f"failed: {error}"})
                failures += 1
                continue
            row = dict(tool=tool.label, **took, reads_per_s=2 * args.pairs / took["wall_s"],
                       score=score(tool.sam(rate)))
            log(f"{tool.label} e={rate}: {row['reads_per_s']:,.0f} reads/s, {row['score']}")
            rows.append(row)
        rows += [{"tool": name, "skipped": why} for name, why in skipped.items()]
        report["rates"][rate] = rows
        print(table(rate, rows) + "\n", flush=True)
    print("Index build: " + ", ".join(
        f"{name} {i['wall_s']} s" + (" (earlier run)" if i.get("reused") else "")
        for name, i in report["index"].items() if "wall_s" in i))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
