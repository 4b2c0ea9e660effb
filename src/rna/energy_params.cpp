// Parameter sets: the built-in Turner 2004 set, derived table entries, and loading by format.
#include "tropic/rna/energy_params.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <fstream>
#include <sstream>

#include "rna/energy_tables.hpp"
#include "tropic/core/error.hpp"

namespace tropic::rna {

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
    std::string_view digits = token;
    if (!digits.empty() && (digits[0] == '+' || digits[0] == '-')) digits.remove_prefix(1);
    if (digits.empty()) return false;
    for (char c : digits)
        if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    const char* first = token.data() + (token[0] == '+' ? 1 : 0);
    auto [end, error] = std::from_chars(first, token.data() + token.size(), value);
    return error == std::errc{} && end == token.data() + token.size() && value > -kInfEnergy &&
           value <= kInfEnergy;
}

void complete_derived_entries(EnergyParams& p) {
    for (int t1 = 1; t1 < kPairTypes; ++t1)
        for (int t2 = 1; t2 < kPairTypes; ++t2)
            for (int a = 0; a < kParamBases; ++a)
                for (int b = 0; b < kParamBases; ++b)
                    for (int c = 0; c < kParamBases; ++c)
                        for (int d = 0; d < kParamBases; ++d) {
                            if (a != 0 && b != 0 && c != 0 && d != 0) continue;
                            int worst = -kInfEnergy;
                            for (int ra = 1; ra < kParamBases; ++ra)
                                for (int rb = 1; rb < kParamBases; ++rb)
                                    for (int rc = 1; rc < kParamBases; ++rc)
                                        for (int rd = 1; rd < kParamBases; ++rd) {
                                            if ((a && ra != a) || (b && rb != b) ||
                                                (c && rc != c) || (d && rd != d))
                                                continue;
                                            worst =
                                                std::max(worst, p.int22[t1][t2][ra][rb][rc][rd]);
                                        }
                            p.int22[t1][t2][a][b][c][d] = worst;
                        }
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

const EnergyParams& turner2004_params() {
    static const EnergyParams params =
        parse_tropic_params(kTurner2004ParamsText, "built-in rna_turner2004.tep");
    return params;
}

EnergyParams load_energy_params(const std::string& path) {
    if (path.size() > 4 && path.compare(path.size() - 4, 4, ".par") == 0)
        return read_vienna_params(path);
    return parse_tropic_params(detail::read_parameter_file(path), path);
}

}  // namespace tropic::rna
