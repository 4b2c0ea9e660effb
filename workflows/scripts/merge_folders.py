#!/usr/bin/env python3
"""Gathers the files of the shards' folders (e.g. dot plots, one per record) into one folder.

    merge_folders.py OUTPUT FOLDER...

Each file is copied byte for byte under its own name (Snakemake's own mark of a finished folder
is left out). Two shards writing the same name (two
records whose names make one file name) is an error: one run would have told them apart by a
suffix that depends on the records before them.
"""
import os
import shutil
import sys


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    output, folders = sys.argv[1], sys.argv[2:]
    os.makedirs(output, exist_ok=True)
    origin = {}
    for folder in folders:
        for name in sorted(os.listdir(folder)):
            if name == ".snakemake_timestamp":  # Snakemake's mark of a folder output
                continue
            if name in origin:
                sys.exit(f"{folder}/{name}: {origin[name]} has a file of that name too: give the "
                         "records names that make distinct file names")
            origin[name] = folder
            shutil.copyfile(os.path.join(folder, name), os.path.join(output, name))


if __name__ == "__main__":
    main()
