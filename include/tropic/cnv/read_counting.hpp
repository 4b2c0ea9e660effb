#pragma once
// Read counts per window or region from SAM, BAM or CRAM files: the count matrix that cn.mops
// builds with getReadCountsFromBAM (whole-genome windows) and getSegmentReadCountsFromBAM
// (given regions, e.g. exome targets), with the same rules, so that `tropic cnv count` gives
// the counts that cn.mops gives on the same files.
//
// The rules, each as cn.mops (1.53, R/getReadCountsFromBAM.R) and the Rsamtools call inside it
// apply it, with the reason:
//
// 1. A read counts once, at its leftmost aligned position (SAM POS; soft clips do not move it):
//    .countBamInGRanges scans only "pos" and "mapq" and turns each read into a range of width 1
//    at pos (read.width = 1, lines 163 and 194), then countOverlaps. A read spanning two
//    windows therefore counts in the first only; this is not coverage.
// 2. Mapping quality at least 1 (--min-mapq, min.mapq = 1 at line 155; test at line 172):
//    reads that map equally well elsewhere (MAPQ 0) say nothing about this locus' copy number.
//    MAPQ 255 ("unavailable") is a number like any other there, so it counts.
// 3. No flag filter: ScanBamParam is built without `flag` (line 170), and scanBamFlag()'s
//    default keeps every bit (Rsamtools R/methods-ScanBamParam.R), so secondary,
//    supplementary, duplicate and QC-fail records all count, each as a read (remove.dup is
//    FALSE by default). Both mates of a pair count: nothing pairs them.
// 4. Unmapped reads never count, even when placed at their mate's position: Rsamtools gives
//    an unmapped record's pos and mapq as NA (src/bam_data.c, POS_IDX and MAPQ_IDX), and the
//    mapq test drops NA (line 172).
// 5. Windows (lines 102-116): a sequence of length L with window length WL is cut from its
//    first base into windows of WL bases, the last one shorter. When WL >= L the sequence is
//    one window. When L > WL and L is a multiple of WL, cn.mops first sets L to L - 1 (line
//    109), so the last window has WL - 1 bases and the sequence's last base is in no window: a
//    read starting there counts nowhere. Here windows are 0-based half-open [start, end):
//    [i * WL, min((i + 1) * WL, L')) with L' that possibly shortened length. (For WL >= L,
//    cn.mops writes the window as 1-based [0, L], one base before the sequence; it counts the
//    same reads as [0, L) here, since no read starts before the first base.)
// 6. Sequences (refSeqNames, lines 66-69): by default every reference sequence of the first
//    file's header, in header order; when named, those, in the order given. cn.mops demands
//    identical headers in every file; here every chosen sequence must be in every file with
//    the same length (what the counts depend on), else an InputError names file and sequence.
// 7. Sample names (lines 52-54): by default each file's name without its folder, extension
//    kept ("a/s1.bam" -> "s1.bam"), as R's basename; the read groups' SM tags are not read.
// 8. Regions (getSegmentReadCountsFromBAM.R, line 59, through the same .countBamInGRanges): a
//    read counts in a region when its position lies inside it (BED's [start, end), 0-based).
//    Here the regions of a sequence must not overlap (a matrix's windows never do: an
//    InputError names both BED lines; merge them first) and are sorted by start; sequences
//    keep the order in which the BED first names them. cn.mops counts zero for a region on a
//    sequence missing from a file; here that is an InputError, since it nearly always means
//    differently named sequences ("chr1" against "1") rather than no reads.
//
// cn.mops warns when a file gives no counted read at all; here that is a warning too, and the
// run goes on (the pipeline refuses such a sample later, as cn.mops does).
#include <cstdint>
#include <string>
#include <vector>

#include "tropic/cnv/count_matrix.hpp"
#include "tropic/core/run_options.hpp"

namespace tropic::cnv {

struct ReadCountOptions {
    // cn.mops' WL: getReadCountsFromBAM's default.
    std::int64_t window_length = 25000;
    // refSeqNames; empty: every sequence of the first file's header.
    std::vector<std::string> sequences;
    // A BED file of regions to count in instead of windows (then `sequences` must be empty).
    std::string bed_path;
    // One per file; empty: the files' names without their folders.
    std::vector<std::string> sample_names;
    // Reads with a lower MAPQ are not counted (cn.mops' min.mapq).
    int min_mapq = 1;
    // The reference FASTA for CRAM files, where htslib needs one (see docs/cnv.md).
    std::string cram_reference;
};

// Counts every file (SAM, BAM or CRAM, sorted or not; an index beside a file is used when only
// some of its sequences are counted). Files are counted in parallel on run.pool, each with
// htslib's decompression threads from one shared set; run.on_progress hears (file index, share
// of that file read), possibly from several threads at once; run.on_notice hears the warnings
// (a file without any counted read), one line each without a prefix (nobody listening: they are
// printed on stderr as "tropic: warning: ..."). Throws InputError naming the file (and record,
// line or sequence) for unreadable or inconsistent input.
[[nodiscard]] CountMatrix count_reads(const std::vector<std::string>& bam_paths,
                                      const ReadCountOptions& options, const RunOptions& run);

}  // namespace tropic::cnv
