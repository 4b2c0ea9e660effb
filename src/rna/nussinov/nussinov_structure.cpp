// Parameter checks and the independent re-scorer of Nussinov structures.
#include <fmt/format.h>

#include <vector>

#include "tropic/core/error.hpp"
#include "tropic/rna/nussinov.hpp"

namespace tropic::rna {

namespace {
constexpr int kMaxMinLoop = 1000;
constexpr int kMaxWeight = 1000;

void check_weight(const char* name, int value) {
    if (value < 0 || value > kMaxWeight)
        throw InputError(
            fmt::format("pair weight {}={} is out of range (0 to {})", name, value, kMaxWeight));
}

char letter(std::uint8_t code) {
    static constexpr char kLetters[] = {'A', 'C', 'G', 'U', 'N'};
    return code < kBaseCount ? kLetters[code] : '?';
}
}  // namespace

void validate(const NussinovParams& params) {
    if (params.min_loop < 0 || params.min_loop > kMaxMinLoop)
        throw InputError(
            fmt::format("min_loop={} is out of range (0 to {})", params.min_loop, kMaxMinLoop));
    check_weight("AU", params.weights.au);
    check_weight("GC", params.weights.gc);
    check_weight("GU", params.weights.gu);
}

std::int64_t score_structure(std::span<const std::uint8_t> sequence, const std::string& structure,
                             const NussinovParams& params) {
    if (structure.size() != sequence.size())
        throw InputError(fmt::format("structure has {} characters but the sequence has {} residues",
                                     structure.size(), sequence.size()));
    std::vector<std::size_t> open;
    std::int64_t score = 0;
    for (std::size_t j = 0; j < structure.size(); ++j) {
        char c = structure[j];
        if (c == '.') continue;
        if (c == '(') {
            open.push_back(j);
            continue;
        }
        if (c != ')')
            throw InputError(fmt::format(
                "structure position {}: unexpected character '{}' (expected '.', '(' or ')')",
                j + 1, c));
        if (open.empty())
            throw InputError(
                fmt::format("structure position {}: ')' has no matching '(' (unbalanced)", j + 1));
        std::size_t i = open.back();
        open.pop_back();
        if (j - i <= static_cast<std::size_t>(params.min_loop))
            throw InputError(fmt::format(
                "structure pairs {} and {}: the loop has {} residue(s), fewer than min_loop={}",
                i + 1, j + 1, j - i - 1, params.min_loop));
        int w = sequence[i] < kBaseCount && sequence[j] < kBaseCount
                    ? params.weights.weight(static_cast<Base>(sequence[i]),
                                            static_cast<Base>(sequence[j]))
                    : 0;
        if (w <= 0)
            throw InputError(
                fmt::format("structure pairs {} ({}) with {} ({}): not an allowed pair", i + 1,
                            letter(sequence[i]), j + 1, letter(sequence[j])));
        score += w;
    }
    if (!open.empty())
        throw InputError(fmt::format("structure position {}: '(' is never closed (unbalanced)",
                                     open.back() + 1));
    return score;
}

}  // namespace tropic::rna
