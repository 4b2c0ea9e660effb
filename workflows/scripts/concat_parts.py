#!/usr/bin/env python3
"""Concatenates the outputs of shards, in shard order, into one file.

    concat_parts.py OUTPUT PART... [--header-lines N]

Each part is copied byte for byte. A layout with a header (N lines, e.g. the column names of a
TSV) has it once, at the top: taken from the first part that is not empty, and left out of the
others. An empty part (a shard without records) adds nothing.
"""
import argparse
import shutil


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("output")
    parser.add_argument("parts", nargs="+")
    parser.add_argument("--header-lines", type=int, default=0)
    args = parser.parse_args()
    header_written = False
    with open(args.output, "wb") as out:
        for path in args.parts:
            with open(path, "rb") as part:
                header = [part.readline() for _ in range(args.header_lines)]
                if args.header_lines and not header[0]:
                    continue  # an empty part: not even the header
                if not header_written:
                    out.writelines(header)
                    header_written = True
                shutil.copyfileobj(part, out)


if __name__ == "__main__":
    main()
