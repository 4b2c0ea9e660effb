#pragma once
// A small SAM file written by the tests themselves, its reference FASTA, and what samtools makes
// of them (sorted and indexed BAM, CRAM), for the SAM/BAM/CRAM tests.
#include <cstdint>
#include <filesystem>
#include <ostream>
#include <string>
#include <variant>
#include <vector>

#include "support/read_all.hpp"
#include "support/samtools.hpp"
#include "support/temp_dir.hpp"
#include "tropic/core/alignment_reader.hpp"

namespace tropic::test {

// A fixed pseudo-random DNA sequence (an LCG), the same on every machine.
inline std::string random_dna(std::size_t length, std::uint32_t seed) {
    std::string dna(length, 'A');
    std::uint32_t x = seed * 7919u + 12345u;
    for (char& c : dna) {
        x = x * 1664525u + 1013904223u;
        c = "ACGT"[(x >> 24) & 3];
    }
    return dna;
}

inline const std::string kChr1 = random_dna(1000, 1);
inline const std::string kChr2 = random_dna(500, 2);

inline const std::string kSamHeader =
    "@HD\tVN:1.6\tSO:coordinate\n"
    "@SQ\tSN:chr1\tLN:1000\n"
    "@SQ\tSN:chr2\tLN:500\n"
    "@RG\tID:rg1\tSM:sample1\tPL:ILLUMINA\n"
    "@PG\tID:aligner\tPN:aligner\tVN:1.0\n"
    "@CO\ta comment\n";

// Records in coordinate order: a proper pair, clips, insertions and deletions, a spliced read,
// =/X operations, every optional field type, missing qualities, a placed and an unplaced
// unmapped read.
inline std::string sam_records() {
    const std::string pair1 = kChr1.substr(99, 10), pair2 = kChr1.substr(299, 10);
    const std::string clipped =
        "TTT" + kChr1.substr(149, 5) + "GG" + kChr1.substr(154, 4) + kChr1.substr(159, 6);
    const std::string spliced = kChr1.substr(499, 4) + kChr1.substr(603, 6);
    const std::string exact =
        kChr2.substr(9, 5) + (kChr2[14] == 'A' ? "C" : "A") + kChr2.substr(15, 4);
    return "r1\t99\tchr1\t100\t60\t10M\t=\t300\t210\t" + pair1 +
           "\tIIIIIHHHHH\tRG:Z:rg1\tNM:i:0\tXA:A:x\tXF:f:1.5\n"
           "r2\t0\tchr1\t150\t30\t3S5M2I4M1D6M\t*\t0\t0\t" +
           clipped +
           "\t*\tXB:B:s,-1,2,300\tXC:B:C,1,255\tXD:B:f,0.5,-1.25\tXH:H:1AE3\tXZ:Z:hello "
           "world\tXI:i:-70000\tXU:i:4000000000\tXE:B:i,-5\tXG:B:I,7\tXK:B:c,-128,127\tXL:B:S,"
           "65535\n"
           "r1\t147\tchr1\t300\t60\t10M\t=\t100\t-210\t" +
           pair2 +
           "\t!!!!!#####\tRG:Z:rg1\n"
           "r3\t16\tchr1\t500\t0\t4M100N6M\t*\t0\t0\t" +
           spliced + "\t" + std::string(10, '?') +
           "\n"
           "r4\t0\tchr2\t10\t255\t5=1X4=\tchr1\t100\t0\t" +
           exact +
           "\tABCDEFGHIJ\tXS:i:7\n"
           "r5\t4\tchr2\t50\t0\t*\t*\t0\t0\tACGTN\t+++++\n"
           "u1\t4\t*\t0\t0\t*\t*\t0\t0\tACGT\tIIII\n";
}

class SamFiles {
  public:
    SamFiles() : temp_("tropic-sam") {
        write_text(path("ref.fa"), ">chr1\n" + kChr1 + "\n>chr2\n" + kChr2 + "\n");
        write_text(path("in.sam"), kSamHeader + sam_records());
    }

    std::string path(const std::string& name) const { return (temp_.path() / name).string(); }

    // in.sam sorted into a BAM and indexed (.bai); samtools must be on PATH.
    std::string sorted_bam() {
        const std::string bam = path("sorted.bam");
        if (!shell("samtools sort -o '" + bam + "' '" + path("in.sam") + "' 2>/dev/null && " +
                   "samtools index '" + bam + "'"))
            ADD_FAILURE() << "samtools sort or index failed";
        return bam;
    }

    // in.sam as CRAM against ref.fa, indexed (.crai).
    std::string cram() {
        const std::string cram = path("in.cram");
        if (!shell("samtools faidx '" + path("ref.fa") + "' && samtools view -C -T '" +
                   path("ref.fa") + "' -o '" + cram + "' '" + path("in.sam") + "' && " +
                   "samtools index '" + cram + "'"))
            ADD_FAILURE() << "samtools view -C failed";
        return cram;
    }

    static std::vector<AlignmentRecord> read_all(const std::string& file,
                                                 const AlignmentReaderOptions& options = {}) {
        return test::read_all<AlignmentReader>(file, options);
    }

  private:
    TempDir temp_;
};

}  // namespace tropic::test

namespace tropic {

// Long fields cut short in test failures.
inline std::string abbreviated(const std::string& text) {
    if (text.size() <= 60) return text;
    return text.substr(0, 40) + "...(" + std::to_string(text.size()) + " characters)";
}

// Records as SAM-like text in test failures (found by GoogleTest through ADL).
inline void PrintTo(const AlignmentRecord& r, std::ostream* out) {
    *out << r.name << ' ' << r.flag << ' ' << r.reference_id << ':' << r.reference_name << ' '
         << r.position << ' ' << int{r.mapq} << ' ' << abbreviated(cigar_string(r.cigar)) << ' '
         << r.mate_reference_id << ':' << r.mate_reference_name << ' ' << r.mate_position << ' '
         << r.template_length << ' ' << abbreviated(r.sequence) << ' ' << abbreviated(r.qualities);
    for (const AuxField& field : r.aux) {
        *out << ' ' << field.tag << ":#" << field.value.index() << ':';
        std::visit(
            [out](const auto& v) {
                using T = std::decay_t<decltype(v)>;
                if constexpr (std::is_same_v<T, AuxHex>)
                    *out << v.digits;
                else if constexpr (std::is_same_v<T, AuxIntegerArray>) {
                    *out << v.subtype;
                    for (auto x : v.values) *out << ',' << x;
                } else if constexpr (std::is_same_v<T, AuxFloatArray>) {
                    for (auto x : v.values) *out << ',' << x;
                } else
                    *out << v;
            },
            field.value);
    }
}

}  // namespace tropic
