// Pair weights of base-pair maximisation and their text form ("GC=3,AU=2,GU=1").
#include "tropic/rna/pair_weights.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <string>

#include "tropic/core/error.hpp"

namespace tropic::rna {

namespace {

constexpr int kMaxWeight = 1000;

std::string_view trim(std::string_view s) {
    auto is_space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
    while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
    return s;
}

enum class PairKind { Au, Gc, Gu };

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

// Whole decimal number in [0, kMaxWeight]; digits only.
bool parse_weight(std::string_view text, int& value) {
    if (text.empty() || text.size() > 6) return false;
    int v = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return false;
        v = v * 10 + (c - '0');
    }
    if (v > kMaxWeight) return false;
    value = v;
    return true;
}

}  // namespace

int PairWeights::weight(Base a, Base b) const noexcept {
    auto x = static_cast<int>(a), y = static_cast<int>(b);
    if (x > y) std::swap(x, y);
    constexpr int A = static_cast<int>(Base::A), C = static_cast<int>(Base::C),
                  G = static_cast<int>(Base::G), U = static_cast<int>(Base::U);
    if (x == A && y == U) return au;
    if (x == C && y == G) return gc;
    if (x == G && y == U) return gu;
    return 0;
}

int PairWeights::max_weight() const noexcept {
    return std::max({au, gc, gu});
}

std::array<std::int32_t, kBaseCount * kBaseCount> PairWeights::table() const noexcept {
    std::array<std::int32_t, kBaseCount * kBaseCount> t{};
    for (int a = 0; a < kBaseCount; ++a)
        for (int b = 0; b < kBaseCount; ++b)
            t[a * kBaseCount + b] = weight(static_cast<Base>(a), static_cast<Base>(b));
    return t;
}

PairWeights PairWeights::parse(std::string_view spec) {
    PairWeights weights;
    if (trim(spec).empty()) return weights;  // nothing given: the defaults
    bool seen[3] = {false, false, false};
    std::size_t start = 0;
    for (;;) {
        std::size_t comma = spec.find(',', start);
        std::string_view raw =
            spec.substr(start, comma == std::string_view::npos ? spec.npos : comma - start);
        std::string_view token = trim(raw);
        if (token.empty())
            throw InputError(
                fmt::format("pair weights '{}': empty entry (expected e.g. GC=3,AU=2,GU=1)", spec));
        std::size_t eq = token.find('=');
        if (eq == std::string_view::npos)
            throw InputError(fmt::format(
                "pair weights: '{}' is not NAME=WEIGHT (expected e.g. GC=3,AU=2,GU=1)", token));
        std::string_view name = trim(token.substr(0, eq));
        std::string_view number = trim(token.substr(eq + 1));
        PairKind kind;
        if (!parse_pair_name(name, kind))
            throw InputError(fmt::format(
                "pair weights: unknown pair '{}' in '{}' (use AU, GC or GU, in either order)", name,
                token));
        int value = 0;
        if (!parse_weight(number, value))
            throw InputError(
                fmt::format("pair weights: bad weight '{}' in '{}' (a whole number from 0 to {})",
                            number, token, kMaxWeight));
        int index = static_cast<int>(kind);
        if (seen[index])
            throw InputError(
                fmt::format("pair weights: '{}' sets pair {} a second time", token, name));
        seen[index] = true;
        switch (kind) {
            case PairKind::Au:
                weights.au = value;
                break;
            case PairKind::Gc:
                weights.gc = value;
                break;
            case PairKind::Gu:
                weights.gu = value;
                break;
        }
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    return weights;
}

}  // namespace tropic::rna
