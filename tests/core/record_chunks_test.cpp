// Chunks of records over several inputs: in order, one input per chunk, with where they came from.
#include "tropic/core/record_chunks.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/temp_dir.hpp"
#include "tropic/core/sequence_reader.hpp"

namespace tropic {
namespace {

using SequenceChunks = InputChunks<SequenceReader, SequenceRecord>;

SequenceChunks::Open open_fasta() {
    return [](const std::string& path) { return std::make_unique<SequenceReader>(path); };
}

std::vector<std::string> names(const RecordChunk<SequenceRecord>& chunk) {
    std::vector<std::string> result;
    for (const auto& record : chunk.records) result.push_back(record.name);
    return result;
}

TEST(RecordChunks, ChunksFollowTheInputsInOrder) {
    test::TempDir dir("tropic-chunks");
    const auto a = dir.write("a.fa", ">a1\nACGU\n>a2\nACGU\n>a3\nACGU\n");
    const auto b = dir.write("b.fa", ">b1\nACGU\n");
    const auto empty = dir.write("empty.fa", "");
    SequenceChunks chunks({a, empty, b}, ChunkLimits{2, 1000}, open_fasta());
    RecordChunk<SequenceRecord> chunk;
    ASSERT_TRUE(chunks.next(chunk));
    EXPECT_EQ(names(chunk), (std::vector<std::string>{"a1", "a2"}));
    EXPECT_EQ(chunk.path, a);
    EXPECT_EQ(chunk.first_index, 1u);
    ASSERT_TRUE(chunks.next(chunk));
    EXPECT_EQ(names(chunk), std::vector<std::string>{"a3"}) << "a chunk holds one input's records";
    EXPECT_EQ(chunk.first_index, 3u);
    ASSERT_TRUE(chunks.next(chunk));
    EXPECT_EQ(names(chunk), std::vector<std::string>{"b1"}) << "an empty input adds nothing";
    EXPECT_EQ(chunk.path, b);
    EXPECT_EQ(chunk.first_index, 1u);
    EXPECT_FALSE(chunks.next(chunk));
    EXPECT_TRUE(chunk.records.empty());
}

TEST(RecordChunks, ResiduesCapAChunk) {
    test::TempDir dir("tropic-chunks");
    const auto a = dir.write("a.fa", ">a1\nACGUACGU\n>a2\nACGU\n>a3\nACGU\n");
    SequenceChunks chunks({a}, ChunkLimits{100, 8}, open_fasta());
    RecordChunk<SequenceRecord> chunk;
    ASSERT_TRUE(chunks.next(chunk));
    EXPECT_EQ(names(chunk), std::vector<std::string>{"a1"});
    ASSERT_TRUE(chunks.next(chunk));
    EXPECT_EQ(names(chunk), (std::vector<std::string>{"a2", "a3"}));
}

TEST(RecordChunks, ErrorsNameTheRecordInItsInput) {
    RecordChunk<SequenceRecord> chunk{"in.fa", 5, {{"x", "ACGU"}, {"y", "ACGU"}}};
    EXPECT_STREQ(chunk.error(1, "cannot fold").what(), "in.fa: record 6 ('y'): cannot fold");
}

}  // namespace
}  // namespace tropic
