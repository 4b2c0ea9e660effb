#include "mirna/evidence/five_prime_ends.hpp"

#include <algorithm>
#include <map>

namespace tropic::mirna::detail {

std::uint64_t five_prime_end(std::uint64_t begin, std::uint64_t end, char strand) {
    return strand == '-' ? end - 1 : begin;
}

std::optional<std::uint32_t> hairpin_local(std::uint64_t position, std::uint64_t start,
                                           std::uint64_t end, char strand) {
    if (position < start || position >= end) return std::nullopt;
    return static_cast<std::uint32_t>(strand == '-' ? end - 1 - position : position - start);
}

ReadEvidence evidence_of(const std::vector<std::uint32_t>& local_five_prime_ends,
                         const HairpinArms& arms) {
    ReadEvidence evidence;
    std::map<std::uint32_t, std::uint32_t> starts_5p, starts_3p;  // 5' end -> reads
    for (std::uint32_t position : local_five_prime_ends) {
        if (position < arms.loop_begin) {
            ++evidence.reads_5p_arm;
            ++starts_5p[position];
        } else if (position >= arms.loop_end) {
            ++evidence.reads_3p_arm;
            ++starts_3p[position];
        } else {
            ++evidence.reads_loop;
        }
    }
    // The mature arm: the one with more reads, the 5' arm on a tie.
    const bool five_prime_mature = evidence.reads_5p_arm >= evidence.reads_3p_arm;
    const auto& starts = five_prime_mature ? starts_5p : starts_3p;
    const std::uint32_t arm_reads =
        five_prime_mature ? evidence.reads_5p_arm : evidence.reads_3p_arm;
    if (arm_reads == 0) return evidence;
    std::uint32_t most = 0;
    for (const auto& [position, reads] : starts) most = std::max(most, reads);
    evidence.homogeneity_5p = static_cast<double>(most) / arm_reads;
    return evidence;
}

}  // namespace tropic::mirna::detail
