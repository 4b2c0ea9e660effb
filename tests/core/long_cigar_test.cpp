// A record with 70,000 CIGAR operations, over BAM's 65,535: in BAM the SAM specification's
// placeholder <read length>S<reference length>N with the real CIGAR in CG:B,I; read back whole.
#include <gtest/gtest.h>

#include <cstring>

#include "support/sam_fixture.hpp"
#include "tropic/core/alignment_reader.hpp"
#include "tropic/core/alignment_writer.hpp"
#include "tropic/core/error.hpp"

namespace tropic {
namespace {

constexpr std::uint32_t kOperations = 70000;

AlignmentHeader long_header() {
    return AlignmentHeader::from_references({{"big", 1000000}});
}

// 35,000 times 1M1D: 70,000 operations over 35,000 read bases and 70,000 reference bases.
AlignmentRecord long_record() {
    AlignmentRecord record;
    record.name = "long";
    record.reference_id = 0;  // as the reader fills it
    record.reference_name = "big";
    record.position = 1000;
    record.mapq = 60;
    for (std::uint32_t i = 0; i < kOperations / 2; ++i) {
        record.cigar.push_back({CigarOp::Match, 1});
        record.cigar.push_back({CigarOp::Deletion, 1});
    }
    record.sequence = test::random_dna(kOperations / 2, 3);
    record.qualities = std::string(kOperations / 2, 'I');
    record.aux = {{"NM", std::int64_t{35000}}};
    return record;
}

void write_one(const std::string& path, const AlignmentRecord& record) {
    AlignmentWriter writer(path, long_header());
    writer.write(record);
    writer.close();
}

std::uint32_t little_endian_u32(const std::string& bytes, std::size_t at) {
    std::uint32_t value = 0;
    for (int i = 3; i >= 0; --i) value = value << 8 | static_cast<unsigned char>(bytes[at + i]);
    return value;
}

TEST(LongCigar, BamRoundTripKeepsTheWholeCigar) {
    test::TempDir temp("tropic-long-cigar");
    const std::string bam = (temp.path() / "long.bam").string();
    const AlignmentRecord record = long_record();
    write_one(bam, record);
    auto back = test::SamFiles::read_all(bam);
    ASSERT_EQ(back.size(), 1u);
    EXPECT_EQ(back[0].cigar.size(), kOperations);
    EXPECT_EQ(back[0], record) << "no CG field left over, the CIGAR back in place";
}

TEST(LongCigar, SamTextKeepsTheWholeCigar) {
    test::TempDir temp("tropic-long-cigar");
    const std::string sam = (temp.path() / "long.sam").string();
    const AlignmentRecord record = long_record();
    write_one(sam, record);
    EXPECT_NE(test::read_text(sam).find("\t" + cigar_string(record.cigar) + "\t"),
              std::string::npos);
    auto back = test::SamFiles::read_all(sam);
    ASSERT_EQ(back.size(), 1u);
    EXPECT_EQ(back[0], record);
}

// What the file holds: the placeholder in the record and the real CIGAR in CG:B,I, read from the
// decompressed bytes (BGZF is gzip), and samtools reads the real CIGAR.
TEST(LongCigar, BamHoldsThePlaceholderAndCgAsTheSpecificationSays) {
    TROPIC_SKIP_WITHOUT_SAMTOOLS();
    test::TempDir temp("tropic-long-cigar");
    const std::string bam = (temp.path() / "long.bam").string();
    const AlignmentRecord record = long_record();
    write_one(bam, record);

    const std::string raw_path = (temp.path() / "long.raw").string();
    ASSERT_TRUE(test::shell("gzip -dc < '" + bam + "' > '" + raw_path + "'"));
    const std::string raw = test::read_text(raw_path);
    ASSERT_EQ(raw.substr(0, 4), std::string("BAM\1", 4));
    std::size_t at = 4;
    at += 4 + little_endian_u32(raw, at);  // l_text, text
    const std::uint32_t references = little_endian_u32(raw, at);
    at += 4;
    for (std::uint32_t r = 0; r < references; ++r) at += 4 + little_endian_u32(raw, at) + 4;
    // The record: block_size, refID, pos, l_read_name (1), mapq (1), bin (2), n_cigar_op (2),
    // flag (2), l_seq, next refID, next pos, tlen, read name, CIGAR.
    const std::size_t block = at + 4;
    const std::size_t name_length = static_cast<unsigned char>(raw[block + 8]);
    const std::uint32_t n_cigar = little_endian_u32(raw, block + 12) & 0xffff;
    ASSERT_EQ(n_cigar, 2u);
    const std::size_t cigar_at = block + 32 + name_length;
    const std::uint32_t read_length = kOperations / 2, reference_length = kOperations;
    EXPECT_EQ(little_endian_u32(raw, cigar_at), read_length << 4 | 4) << "<read length>S";
    EXPECT_EQ(little_endian_u32(raw, cigar_at + 4), reference_length << 4 | 3) << "<ref length>N";
    const std::size_t cg = raw.find(std::string("CGBI"), cigar_at);
    ASSERT_NE(cg, std::string::npos) << "no CG:B,I field";
    EXPECT_EQ(little_endian_u32(raw, cg + 4), kOperations);
    EXPECT_EQ(little_endian_u32(raw, cg + 8), 1u << 4 | 0) << "1M first";

    const std::string text_path = (temp.path() / "long.txt").string();
    ASSERT_TRUE(test::shell("samtools view '" + bam + "' | cut -f6 > '" + text_path + "'"));
    EXPECT_EQ(test::read_text(text_path), cigar_string(record.cigar) + "\n");
}

TEST(LongCigar, ReferenceSpanBeyondThePlaceholderIsRefusedInBam) {
    test::TempDir temp("tropic-long-cigar");
    AlignmentRecord record = long_record();
    record.cigar.back().length = 1u << 27;  // a deletion long enough to pass 2^28 - 1 in all
    record.cigar[1].length = 1u << 27;
    AlignmentWriter writer((temp.path() / "x.bam").string(),
                           AlignmentHeader::from_references({{"big", 1 << 30}}));
    try {
        writer.write(record);
        FAIL() << "no exception";
    } catch (const InputError& e) {
        std::string message = e.what();
        EXPECT_NE(message.find("record 1 ('long')"), std::string::npos) << message;
        EXPECT_NE(message.find("write SAM"), std::string::npos) << message;
    }
}

TEST(LongCigar, CgFieldIsReservedInBam) {
    test::TempDir temp("tropic-long-cigar");
    AlignmentRecord record = long_record();
    record.aux.push_back({"CG", AuxIntegerArray{'I', {16}}});
    AlignmentWriter writer((temp.path() / "x.bam").string(), long_header());
    EXPECT_THROW(writer.write(record), InputError);
}

}  // namespace
}  // namespace tropic
