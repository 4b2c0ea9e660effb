// BPMax weights: decimal text ("GU=1.5") to whole numbers at one common scale.
#include "tropic/rna/bpmax_weights.hpp"

#include <fmt/format.h>

#include <numeric>

#include "rna/weights/pair_spec.hpp"
#include "tropic/core/error.hpp"
#include "tropic/rna/pair_weights.hpp"

namespace tropic::rna {

namespace {

constexpr int kMaxWeight = 1000;
constexpr int kHundredths = 100;

// A decimal number in [0, kMaxWeight] with at most two decimals, in hundredths.
bool parse_hundredths(std::string_view text, int& value) {
    std::size_t dot = text.find('.');
    std::string_view whole = text.substr(0, dot);
    std::string_view fraction = dot == std::string_view::npos ? "" : text.substr(dot + 1);
    if (whole.empty() || whole.size() > 4 || fraction.size() > 2) return false;
    if (dot != std::string_view::npos && fraction.empty()) return false;
    int v = 0;
    for (char c : whole) {
        if (c < '0' || c > '9') return false;
        v = v * 10 + (c - '0');
    }
    int f = 0;
    for (std::size_t k = 0; k < 2; ++k) {
        char c = k < fraction.size() ? fraction[k] : '0';
        if (c < '0' || c > '9') return false;
        f = f * 10 + (c - '0');
    }
    v = v * kHundredths + f;
    if (v > kMaxWeight * kHundredths) return false;
    value = v;
    return true;
}

}  // namespace

int BpmaxWeights::weight(Base a, Base b) const noexcept {
    return PairWeights{au, gc, gu}.weight(a, b);
}

int BpmaxWeights::max_weight() const noexcept {
    return PairWeights{au, gc, gu}.max_weight();
}

BpmaxWeights BpmaxWeights::parse(std::string_view spec) {
    // In hundredths: the defaults GC = 3, AU = 1, GU = 1.5.
    int hundredths[3] = {100, 300, 150};  // AU, GC, GU (PairKind order)
    for (const detail::PairEntry& entry : detail::split_pair_spec(spec)) {
        if (!parse_hundredths(entry.value, hundredths[static_cast<int>(entry.kind)]))
            throw InputError(fmt::format(
                "pair weights: bad weight '{}' in '{}' (a number from 0 to {} with at most two "
                "decimals)",
                entry.value, entry.token, kMaxWeight));
    }
    // The smallest scale making every weight whole: 100 / gcd(100, all weights in hundredths).
    int divisor = kHundredths;
    for (int h : hundredths) divisor = std::gcd(divisor, h);
    BpmaxWeights weights;
    weights.scale = kHundredths / divisor;
    weights.au = hundredths[0] / divisor;
    weights.gc = hundredths[1] / divisor;
    weights.gu = hundredths[2] / divisor;
    return weights;
}

double BpmaxWeights::to_user_units(std::int64_t scaled) const noexcept {
    return static_cast<double>(scaled) / scale;
}

std::string BpmaxWeights::format_score(std::int64_t scaled) const {
    // scale divides 100, so two decimals are always exact.
    std::string text = fmt::format("{:.2f}", to_user_units(scaled));
    while (text.back() == '0') text.pop_back();
    if (text.back() == '.') text.pop_back();
    return text;
}

}  // namespace tropic::rna
