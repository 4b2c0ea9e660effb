#include "cli/record_input.hpp"

namespace tropic::cli {

std::vector<rna::StructureConstraint> record_constraints(
    const RecordChunk<rna::StructureRecord>& chunk,
    const std::vector<std::vector<std::uint8_t>>& encoded) {
    std::vector<rna::StructureConstraint> constraints;
    constraints.reserve(encoded.size());
    for (std::size_t k = 0; k < encoded.size(); ++k) {
        try {
            constraints.emplace_back(chunk.records[k].structure, encoded[k]);
        } catch (const InputError& e) {
            throw chunk.error(k, e.what());
        }
    }
    return constraints;
}

}  // namespace tropic::cli
