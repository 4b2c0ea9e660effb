// Pair weights of base-pair maximisation and their text form ("GC=3,AU=2,GU=1").
#include "tropic/rna/pair_weights.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "rna/weights/pair_spec.hpp"
#include "tropic/core/error.hpp"

namespace tropic::rna {

namespace {

constexpr int kMaxWeight = 1000;

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
    for (const detail::PairEntry& entry : detail::split_pair_spec(spec)) {
        int value = 0;
        if (!parse_weight(entry.value, value))
            throw InputError(
                fmt::format("pair weights: bad weight '{}' in '{}' (a whole number from 0 to {})",
                            entry.value, entry.token, kMaxWeight));
        switch (entry.kind) {
            case detail::PairKind::Au:
                weights.au = value;
                break;
            case detail::PairKind::Gc:
                weights.gc = value;
                break;
            case detail::PairKind::Gu:
                weights.gu = value;
                break;
        }
    }
    return weights;
}

}  // namespace tropic::rna
