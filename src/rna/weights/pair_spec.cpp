// Splitting "GC=3,AU=2,GU=1" into checked entries (pair_spec.hpp).
#include "rna/weights/pair_spec.hpp"

#include <fmt/format.h>

#include <cctype>
#include <utility>

#include "tropic/core/error.hpp"

namespace tropic::rna::detail {

namespace {

std::string_view trim(std::string_view s) {
    auto is_space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
    while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
    return s;
}

// Accepts a pair name in either order and any case: AU/UA, GC/CG, GU/UG.
bool parse_pair_name(std::string_view name, PairKind& kind) {
    if (name.size() != 2) return false;
    char a = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
    char b = static_cast<char>(std::toupper(static_cast<unsigned char>(name[1])));
    if (a > b) std::swap(a, b);
    if (a == 'A' && b == 'U')
        kind = PairKind::Au;
    else if (a == 'C' && b == 'G')
        kind = PairKind::Gc;
    else if (a == 'G' && b == 'U')
        kind = PairKind::Gu;
    else
        return false;
    return true;
}

}  // namespace

std::vector<PairEntry> split_pair_spec(std::string_view spec) {
    std::vector<PairEntry> entries;
    if (trim(spec).empty()) return entries;
    bool seen[3] = {false, false, false};
    std::size_t start = 0;
    for (;;) {
        std::size_t comma = spec.find(',', start);
        std::string_view token =
            trim(spec.substr(start, comma == std::string_view::npos ? spec.npos : comma - start));
        if (token.empty())
            throw InputError(
                fmt::format("pair weights '{}': empty entry (expected e.g. GC=3,AU=2,GU=1)", spec));
        std::size_t eq = token.find('=');
        if (eq == std::string_view::npos)
            throw InputError(fmt::format(
                "pair weights: '{}' is not NAME=WEIGHT (expected e.g. GC=3,AU=2,GU=1)", token));
        PairEntry entry{PairKind::Au, trim(token.substr(0, eq)), trim(token.substr(eq + 1)), token};
        if (!parse_pair_name(entry.name, entry.kind))
            throw InputError(fmt::format(
                "pair weights: unknown pair '{}' in '{}' (use AU, GC or GU, in either order)",
                entry.name, token));
        int index = static_cast<int>(entry.kind);
        if (seen[index])
            throw InputError(
                fmt::format("pair weights: '{}' sets pair {} a second time", token, entry.name));
        seen[index] = true;
        entries.push_back(entry);
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    return entries;
}

}  // namespace tropic::rna::detail
