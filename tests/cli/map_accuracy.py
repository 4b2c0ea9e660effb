#!/usr/bin/env python3
"""Scores a mapping of wgsim's reads against the truth in their names.

wgsim names a pair CONTIG_BEGIN_END_ERRORS1_ERRORS2_ID, BEGIN and END (1-based) the outer ends of the fragment:
the read on the forward strand starts at BEGIN, the one on the reverse strand ends at END. A read
is placed correctly when it lies on that contig and strand and its first base (counting its soft
clip) is within 10 bases of the truth. Reads SAM text on stdin (samtools view -h for BAM), the
primary records only, and prints one JSON object: reads, mapped, correct, and the same among
records with MAPQ >= 10 and >= 30.
"""
import json
import re
import sys

TOLERANCE = 10


def clips(cigar):
    ops = re.findall(r"(\d+)([MIDNSHP=X])", cigar)
    lead = int(ops[0][0]) if ops and ops[0][1] == "S" else 0
    trail = int(ops[-1][0]) if ops and ops[-1][1] == "S" else 0
    ref_len = sum(int(n) for n, op in ops if op in "MDN=X")
    return lead, trail, ref_len


def correct(fields):
    name, flag, rname, pos, cigar = fields[0], int(fields[1]), fields[2], int(fields[3]), fields[5]
    truth = name.split("_")
    contig, begin, end = "_".join(truth[:-5]), int(truth[-5]), int(truth[-4])
    if rname != contig:
        return False
    lead, trail, ref_len = clips(cigar)
    if flag & 16:
        return abs(pos + ref_len - 1 + trail - end) <= TOLERANCE
    return abs(pos - lead - begin) <= TOLERANCE


def main():
    counts = {key: 0 for key in ("reads", "mapped", "correct", "mapped_q10", "correct_q10",
                                 "mapped_q30", "correct_q30")}
    for line in sys.stdin:
        if line.startswith("@"):
            continue
        fields = line.rstrip("\n").split("\t")
        flag = int(fields[1])
        if flag & 0x900:
            continue
        counts["reads"] += 1
        if flag & 4:
            continue
        mapq = int(fields[4])
        good = correct(fields)
        counts["mapped"] += 1
        counts["correct"] += good
        for q in (10, 30):
            if mapq >= q:
                counts[f"mapped_q{q}"] += 1
                counts[f"correct_q{q}"] += good
    print(json.dumps(counts))


if __name__ == "__main__":
    main()
