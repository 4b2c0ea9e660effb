#!/usr/bin/env python3
"""Splits a FASTA or FASTQ file (plain or gzip) into N contiguous shards by record.

    split_records.py INPUT SHARD_0 ... SHARD_N-1 [--balance records|residues]

Record k of the input goes to a shard before record k+1's: concatenating the shards in order
gives the input's records in their order, each copied byte for byte (FASTA lines after a header,
such as a constraint line, stay with their record). Shards hold about equal numbers of records
(--balance records) or of residues (--balance residues, for genomes of unequal chromosomes).
A shard may be empty when there are fewer records than shards.

Every record must have a name: a plain sequence line, or an empty header, is named by its
ordinal in the input, which a shard would change. With --unique-names, two records of one name
are refused as well (merges that put records back in order find them by name); --names FILE
writes every record's name, one a line, in input order.
"""
import argparse
import gzip
import sys


def open_text(path):
    with open(path, "rb") as probe:
        magic = probe.read(2)
    if magic == b"\x1f\x8b":
        return gzip.open(path, "rt", encoding="latin-1", newline="")
    return open(path, "r", encoding="latin-1", newline="")


def records(path):
    """(name, residues, text) of every record, text being its lines exactly as in the file."""
    with open_text(path) as lines:
        first = ""
        for first in lines:
            if first.strip():
                break
        if not first.strip():
            return
        if first[0] == "@":
            yield from fastq_records(path, first, lines)
        elif first[0] == ">":
            yield from fasta_records(path, first, lines)
        else:
            sys.exit(f"{path}: line 1 is not a FASTA or FASTQ header: shards need named records "
                     "(a plain sequence line is named by its ordinal in the input)")


def name_of(path, header, number):
    words = header[1:].split()
    if not words:
        sys.exit(f"{path}: record {number} has no name: shards need named records (a record "
                 "without a name goes by its ordinal in the input)")
    return words[0]


def fasta_records(path, header, lines):
    number, text, residues = 1, [header], 0
    for line in lines:
        if line.startswith(">"):
            yield name_of(path, header, number), residues, "".join(text)
            number, header, text, residues = number + 1, line, [line], 0
        else:
            text.append(line)
            residues += len(line.strip())
    yield name_of(path, header, number), residues, "".join(text)


def fastq_records(path, header, lines):
    number = 1
    while header:
        rest = [next(lines, ""), next(lines, ""), next(lines, "")]
        if not rest[2]:
            sys.exit(f"{path}: record {number} is cut short (a FASTQ record has four lines)")
        yield name_of(path, header, number), len(rest[0].strip()), header + "".join(rest)
        header = next(lines, "")
        while header and not header.strip():
            header = next(lines, "")
        number += 1


def shard_of_each(sizes, shards):
    """The shard of each record: contiguous runs of about total/shards size each."""
    total = sum(sizes) or 1
    owner, done = [], 0
    for size in sizes:
        # A record goes where its middle falls, so large records do not pile into one shard.
        owner.append(min(shards - 1, (2 * done + size) * shards // (2 * total)))
        done += size
    return owner


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("input")
    parser.add_argument("shards", nargs="+")
    parser.add_argument("--balance", choices=["records", "residues"], default="records")
    parser.add_argument("--unique-names", action="store_true")
    parser.add_argument("--names", metavar="FILE")
    args = parser.parse_args()
    sizes, seen, names = [], set(), []
    for name, residues, _ in records(args.input):
        names.append(name)
        if args.unique_names:
            if name in seen:
                sys.exit(f"{args.input}: two records are named '{name}': give every record its "
                         "own name")
            seen.add(name)
        sizes.append(residues if args.balance == "residues" else 1)
    owner = shard_of_each(sizes, len(args.shards))
    outputs = [open(path, "w", encoding="latin-1", newline="") for path in args.shards]
    for k, (_, _, text) in enumerate(records(args.input)):
        outputs[owner[k]].write(text)
    for output in outputs:
        output.close()
    if args.names:
        with open(args.names, "w", encoding="latin-1", newline="") as out:
            out.writelines(name + "\n" for name in names)


if __name__ == "__main__":
    main()
