"""`python -m tropic --version`: the version and the build, as `tropic --version` prints them."""

import argparse

from . import build_report

parser = argparse.ArgumentParser(prog="python -m tropic",
                                 description="tropic's Python module (import tropic); "
                                             "docs/python.md")
parser.add_argument("--version", action="store_true",
                    help="print the version, the build (CUDA, SIMD) and the GPUs found, and exit")
if parser.parse_args().version:
    print(build_report())
else:
    parser.print_help()
