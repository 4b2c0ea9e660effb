#!/usr/bin/env python3
"""Merges `tropic mirscan` outputs of shards (records and strands) into the order of one run.

    merge_mirscan.py OUTPUT NAMES PART... --format bed|gff3|tsv|json

One run writes the candidates of each genome record in record order, and within a record in
genome order: by start, '+' before '-' at one start, then by end (loci of one strand never
overlap, so no two candidates share all three). NAMES lists the genome's record names in input
order (split_records.py --names), each once; every line of every part is put at its place by
that key and copied byte for byte. A header (gff3's version line, tsv's column names) is written
once, first, as one run writes it.
"""
import argparse
import json
import sys

HEADERS = {"bed": 0, "gff3": 1, "tsv": 1, "json": 0}
PLAIN_SEQID = set(".:^*$@!+_?-|")


def gff3_seqid(name):
    """A name as tropic's gff3 layout writes it: other than letters, digits and .:^*$@!+_?-|
    escaped as %XX."""
    return "".join(chr(b) if (chr(b).isascii() and chr(b).isalnum()) or chr(b) in PLAIN_SEQID
                   else f"%{b:02X}" for b in name.encode("latin-1"))


def place(line, layout):
    """(chrom as the layout writes it, start, strand, end) of an output line."""
    if layout == "json":
        item = json.loads(line)
        return item["chrom"], int(item["start"]), item["strand"], int(item["end"])
    fields = line.rstrip("\n").split("\t")
    if layout == "gff3":
        return fields[0], int(fields[3]), fields[6], int(fields[4])
    return fields[0], int(fields[1]), fields[5], int(fields[2])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("output")
    parser.add_argument("names")
    parser.add_argument("parts", nargs="+")
    parser.add_argument("--format", choices=sorted(HEADERS), required=True)
    args = parser.parse_args()
    with open(args.names, encoding="latin-1", newline="") as names:
        order = [name.rstrip("\n") for name in names]
    if args.format == "gff3":
        order = [gff3_seqid(name) for name in order]
    index = {name: k for k, name in enumerate(order)}
    header, lines = None, []
    for path in args.parts:
        with open(path, encoding="latin-1", newline="") as part:
            text = part.readlines()
        if not text:
            continue
        skip = HEADERS[args.format]
        header = header or text[:skip]
        for number, line in enumerate(text[skip:], skip + 1):
            chrom, start, strand, end = place(line, args.format)
            if chrom not in index:
                sys.exit(f"{path}: line {number}: '{chrom}' is not a record of {args.names}")
            lines.append(((index[chrom], start, strand != "+", end), line))
    lines.sort(key=lambda item: item[0])
    with open(args.output, "w", encoding="latin-1", newline="") as out:
        out.writelines(header or [])
        out.writelines(line for _, line in lines)


if __name__ == "__main__":
    main()
