// Parameter sets: the built-in Turner 2004 set, derived table entries, and loading by format.
#include "tropic/rna/energy_params.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <fstream>
#include <memory>
#include <sstream>

#include "rna/energy/energy_tables.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/parse_number.hpp"

namespace tropic::rna {

// pair_type's packed table, checked entry by entry (Base codes A 0, C 1, G 2, U 3, N 4).
static_assert(pair_type(1, 2) == 1 && pair_type(2, 1) == 2 && pair_type(2, 3) == 3 &&
              pair_type(3, 2) == 4 && pair_type(0, 3) == 5 && pair_type(3, 0) == 6);
static_assert([] {
    int pairs = 0;
    for (std::uint8_t a = 0; a < 6; ++a)
        for (std::uint8_t b = 0; b < 6; ++b) pairs += pair_type(a, b) != 0;
    return pairs == 6;
}());
static_assert(reverse_pair_type(1) == 2 && reverse_pair_type(4) == 3 && reverse_pair_type(6) == 5 &&
              reverse_pair_type(0) == 0 && reverse_pair_type(7) == 7);

// Defined in the file CMake generates from data/energy/rna_turner2004.tep.
extern const char* const kTurner2004ParamsText;

namespace detail {

std::string read_parameter_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(fmt::format("cannot open parameter file '{}'", path));
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

bool parse_energy_token(std::string_view token, int& value) {
    if (token.size() == 3 && std::toupper(static_cast<unsigned char>(token[0])) == 'I' &&
        std::toupper(static_cast<unsigned char>(token[1])) == 'N' &&
        std::toupper(static_cast<unsigned char>(token[2])) == 'F') {
        value = kInfEnergy;
        return true;
    }
    // An explicit '+' is allowed (parameter files write "+30"); parse_number takes '-' only.
    if (!token.empty() && token[0] == '+') {
        token.remove_prefix(1);
        if (!token.empty() && token[0] == '-') return false;
    }
    const std::optional<int> parsed = parse_number<int>(token);
    if (!parsed || *parsed <= -kInfEnergy || *parsed > kInfEnergy) return false;
    value = *parsed;
    return true;
}

void complete_derived_entries(EnergyParams& p) {
    for (int t1 = 1; t1 < kPairTypes; ++t1)
        for (int t2 = 1; t2 < kPairTypes; ++t2) derive_unknown_base_entries(p.int22[t1][t2]);
}

namespace {

template <int Length>
bool try_add(SpecialHairpins<Length>& loops, std::string_view sequence, int energy) {
    if (sequence.size() != static_cast<std::size_t>(Length)) return false;
    if (loops.count == kMaxSpecialHairpins) return false;
    sequence.copy(loops.sequence[loops.count], sequence.size());
    loops.sequence[loops.count][Length] = '\0';
    loops.energy[loops.count] = energy;
    ++loops.count;
    return true;
}

}  // namespace

void add_special_hairpin(EnergyParams& params, std::string_view sequence, int energy,
                         const std::string& where) {
    for (char c : sequence)
        if (c != 'A' && c != 'C' && c != 'G' && c != 'U')
            throw InputError(
                fmt::format("{}: special hairpin '{}' must be upper-case ACGU", where, sequence));
    if (!try_add(params.triloops, sequence, energy) &&
        !try_add(params.tetraloops, sequence, energy) &&
        !try_add(params.hexaloops, sequence, energy))
        throw InputError(fmt::format(
            "{}: special hairpin '{}' must have 5, 6 or 8 bases (closing pair included), at "
            "most {} of each length",
            where, sequence, kMaxSpecialHairpins));
}

}  // namespace detail

namespace {

struct BuiltInSet {
    EnergyParams energies, enthalpies;
};

const BuiltInSet& built_in_set() {
    static const auto* set = [] {
        auto* built = new BuiltInSet;
        built->energies = parse_tropic_params(kTurner2004ParamsText, "built-in rna_turner2004.tep",
                                              &built->enthalpies);
        return built;
    }();
    return *set;
}

// ViennaRNA's rescaling of one value; INF stays INF.
int rescale(int g37, int h, double ratio) {
    if (g37 >= kInfEnergy || h >= kInfEnergy) return kInfEnergy;
    return static_cast<int>(h - (h - g37) * ratio);
}

template <class Array>
void clamp_positive(Array& table) {
    constexpr std::size_t n = sizeof(Array) / sizeof(int);
    for (int& v : reinterpret_cast<int(&)[n]>(table)) v = std::min(v, 0);
}

template <int Length>
void rescale_loops(SpecialHairpins<Length>& g, const SpecialHairpins<Length>& h, double ratio) {
    for (int k = 0; k < g.count; ++k) g.energy[k] = rescale(g.energy[k], h.energy[k], ratio);
}

}  // namespace

const EnergyParams& turner2004_params() {
    return built_in_set().energies;
}
const EnergyParams& turner2004_enthalpies() {
    return built_in_set().enthalpies;
}

EnergyParams rescale_to_temperature(const EnergyParams& g37, const EnergyParams& h,
                                    double celsius) {
    constexpr double kZeroCelsius = 273.15;
    const double ratio = (celsius + kZeroCelsius) / (37.0 + kZeroCelsius);
    EnergyParams g = g37;
    // Every listed entry of every table; the derived ones are completed below.
    auto enthalpies = std::make_unique<EnergyParams>(h);
    const auto g_tables = detail::table_layouts(g);
    const auto h_tables = detail::table_layouts(*enthalpies);
    for (std::size_t t = 0; t < g_tables.size(); ++t)
        for (std::size_t k = 0; k < g_tables[t].value_count(); ++k)
            g_tables[t].at(k) = rescale(g_tables[t].at(k), h_tables[t].at(k), ratio);
    // As ViennaRNA: a helix end's neighbours never cost energy (no positive dangles).
    clamp_positive(g.dangle5);
    clamp_positive(g.dangle3);
    clamp_positive(g.mismatch_multi);
    clamp_positive(g.mismatch_exterior);
    g.ml_base = rescale(g.ml_base, h.ml_base, ratio);
    g.ml_closing = rescale(g.ml_closing, h.ml_closing, ratio);
    g.ml_intern = rescale(g.ml_intern, h.ml_intern, ratio);
    g.ninio = rescale(g.ninio, h.ninio, ratio);
    g.terminal_au = rescale(g.terminal_au, h.terminal_au, ratio);
    g.duplex_init = rescale(g.duplex_init, h.duplex_init, ratio);
    g.lxc = g37.lxc * ratio;
    rescale_loops(g.triloops, h.triloops, ratio);
    rescale_loops(g.tetraloops, h.tetraloops, ratio);
    rescale_loops(g.hexaloops, h.hexaloops, ratio);
    detail::complete_derived_entries(g);
    return g;
}

EnergyParams load_energy_params(const std::string& path, EnergyParams* enthalpies) {
    if (path.size() > 4 && path.compare(path.size() - 4, 4, ".par") == 0)
        return read_vienna_params(path, enthalpies);
    return parse_tropic_params(detail::read_parameter_file(path), path, enthalpies);
}

}  // namespace tropic::rna
