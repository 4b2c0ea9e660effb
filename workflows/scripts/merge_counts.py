#!/usr/bin/env python3
"""Merges the count tables of `tropic cnv count`, one per BAM, into the cohort's table.

    merge_counts.py OUTPUT TABLE...

The cohort table is the one `tropic cnv count` writes for all the files at once: the windows of
the first table (which come from the first file's header, or from --sequences or --bed, as the
single run takes them), in its order, and a column per table, in the order given. Each count is
copied as written. Every other table must hold each of those windows (the single run demands
each counted sequence in every file, with the same length, and so the same windows); windows of
sequences only they have are left out, as the single run leaves them out.
"""
import sys


def read_table(path):
    with open(path, encoding="utf-8", newline="") as table:
        lines = table.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not lines or not lines[0].startswith("#chrom\tstart\tend\t"):
        sys.exit(f"{path}: line 1 is not a count table's header (#chrom, start, end, samples)")
    header = lines[0].split("\t")[3:]
    rows = {}
    order = []
    for number, line in enumerate(lines[1:], 2):
        fields = line.split("\t")
        if len(fields) != 3 + len(header):
            sys.exit(f"{path}: line {number}: {len(fields)} columns, the header names "
                     f"{3 + len(header)}")
        window = tuple(fields[:3])
        rows[window] = fields[3:]
        order.append(window)
    return header, order, rows


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    output, paths = sys.argv[1], sys.argv[2:]
    tables = [read_table(path) for path in paths]
    windows = tables[0][1]
    for path, (_, _, rows) in zip(paths, tables):
        for window in windows:
            if window not in rows:
                sys.exit(f"{path}: no window {window[0]}:{window[1]}-{window[2]}, which "
                         f"{paths[0]} has: the files' headers differ in that sequence")
    with open(output, "w", encoding="utf-8", newline="") as out:
        names = [name for header, _, _ in tables for name in header]
        out.write("\t".join(["#chrom", "start", "end", *names]) + "\n")
        for window in windows:
            counts = [count for _, _, rows in tables for count in rows[window]]
            out.write("\t".join([*window, *counts]) + "\n")


if __name__ == "__main__":
    main()
