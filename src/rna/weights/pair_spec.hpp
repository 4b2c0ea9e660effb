#pragma once
// The text form of pair weights shared by `fold --weights` and `rri --weights`: a comma list of
// NAME=VALUE with NAME one of AU, GC, GU in either order and any case. The caller parses VALUE.
#include <string_view>
#include <vector>

namespace tropic::rna::detail {

enum class PairKind { Au, Gc, Gu };

struct PairEntry {
    PairKind kind;
    std::string_view name;   // as written, trimmed
    std::string_view value;  // as written, trimmed
    std::string_view token;  // the whole entry, for messages
};

// Splits spec into entries; a blank spec gives none. Throws InputError on an empty entry, an
// entry without '=', an unknown pair name or a pair given twice.
std::vector<PairEntry> split_pair_spec(std::string_view spec);

}  // namespace tropic::rna::detail
