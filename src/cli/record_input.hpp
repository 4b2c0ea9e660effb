#pragma once
// The records of a command's inputs as the pipeline reads them, and their sequences encoded for
// the engines.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "tropic/core/alphabet.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/outcome.hpp"
#include "tropic/core/record_chunks.hpp"
#include "tropic/core/sequence_reader.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/rna/structure_constraint.hpp"
#include "tropic/rna/structure_records.hpp"

namespace tropic::cli {

using SequenceChunks = InputChunks<SequenceReader, SequenceRecord>;
using StructureChunks = InputChunks<rna::StructureRecordReader, rna::StructureRecord>;

// FASTA/FASTQ (or plain lines) of RNA, `records` at a time (and at most ChunkLimits' residues).
inline SequenceChunks sequence_chunks(std::vector<std::string> inputs, std::size_t records) {
    return SequenceChunks(std::move(inputs), ChunkLimits{records}, [](const std::string& path) {
        return std::make_unique<SequenceReader>(path);
    });
}

// Records of a sequence and a dot-bracket line (a structure or a constraint).
inline StructureChunks structure_chunks(std::vector<std::string> inputs, std::size_t records,
                                        rna::SecondLine second_line) {
    return StructureChunks(
        std::move(inputs), ChunkLimits{records}, [second_line](const std::string& path) {
            return std::make_unique<rna::StructureRecordReader>(path, second_line);
        });
}

inline const std::string& residues_of(const SequenceRecord& record) {
    return record.residues;
}
inline const std::string& residues_of(const rna::StructureRecord& record) {
    return record.sequence;
}

// The record as the writers take it, from either reader's records.
inline const SequenceRecord& as_sequence(const SequenceRecord& record) {
    return record;
}
inline SequenceRecord as_sequence(const rna::StructureRecord& record) {
    return SequenceRecord{record.name, record.sequence};
}

// The constraint line of every record of a chunk read with -C; an unusable one stops the run
// naming its record.
std::vector<rna::StructureConstraint> record_constraints(
    const RecordChunk<rna::StructureRecord>& chunk,
    const std::vector<std::vector<std::uint8_t>>& encoded);

// Every record's sequence in alphabet codes, encoded on the pool's threads.
template <class Record>
std::vector<std::vector<std::uint8_t>> encode_residues(const std::vector<Record>& records,
                                                       ThreadPool& pool) {
    std::vector<std::vector<std::uint8_t>> encoded(records.size());
    pool.parallel_for(
        0, records.size(), [&](std::size_t r) { encoded[r] = encode_rna(residues_of(records[r])); },
        1024);
    return encoded;
}

template <class Record>
std::size_t residue_count(const std::vector<Record>& records) {
    std::size_t residues = 0;
    for (const Record& record : records) residues += residues_of(record).size();
    return residues;
}

}  // namespace tropic::cli
