#pragma once
// The layout of EnergyParams' tables as both parameter readers see them: each table's name and
// the index range of every axis that a file lists, in file order (row-major, last axis fastest).
// Both file formats list a table with the same shape, so one description serves both.
#include <algorithm>
#include <array>
#include <cstddef>
#include <string>
#include <string_view>

#include "tropic/rna/energy_params.hpp"

namespace tropic::rna::detail {

struct TableAxis {
    int first;   // first index listed
    int count;   // how many indices are listed
    int stride;  // distance in ints between neighbouring indices in the struct
};

struct TableLayout {
    std::string_view name;
    int* data;  // element [0][0]... of the table in the struct
    int axes_count;
    std::array<TableAxis, 6> axes;

    std::size_t value_count() const {
        std::size_t n = 1;
        for (int a = 0; a < axes_count; ++a) n *= static_cast<std::size_t>(axes[a].count);
        return n;
    }

    // The struct element of the k-th listed value.
    int& at(std::size_t k) const {
        std::ptrdiff_t offset = 0;
        for (int a = axes_count - 1; a >= 0; --a) {
            const auto count = static_cast<std::size_t>(axes[a].count);
            offset += static_cast<std::ptrdiff_t>(axes[a].first + static_cast<int>(k % count)) *
                      axes[a].stride;
            k /= count;
        }
        return data[offset];
    }
};

inline constexpr int kTableCount = 15;

// Tables of `params` in the order tropic's own files list them. Pair types 1..7 (CG..NS) and
// bases 0..4 (N A C G U) are listed, except int22: pair types 1..6 and bases 1..4 (A C G U), as
// in ViennaRNA's files; its N entries are derived (complete_derived_entries).
inline std::array<TableLayout, kTableCount> table_layouts(EnergyParams& p) {
    constexpr int B = kParamBases, T = kPairTypes;
    const TableAxis pair{1, T - 1, 0}, base{0, B, 0};
    auto axes = [](std::initializer_list<TableAxis> list, std::initializer_list<int> strides) {
        std::array<TableAxis, 6> out{};
        auto s = strides.begin();
        int a = 0;
        for (TableAxis axis : list) {
            axis.stride = *s++;
            out[a++] = axis;
        }
        return out;
    };
    auto mismatch = [&](std::string_view name, int(&table)[T][B][B]) {
        return TableLayout{name, &table[0][0][0], 3, axes({pair, base, base}, {B * B, B, 1})};
    };
    auto dangle = [&](std::string_view name, int(&table)[T][B]) {
        return TableLayout{name, &table[0][0], 2, axes({pair, base}, {B, 1})};
    };
    auto loop = [&](std::string_view name, int(&table)[kMaxLoop + 1]) {
        return TableLayout{name, &table[0], 1, axes({{0, kMaxLoop + 1, 0}}, {1})};
    };
    const TableAxis pair6{1, 6, 0}, acgu{1, 4, 0};
    return {
        TableLayout{"stack", &p.stack[0][0], 2, axes({pair, pair}, {T, 1})},
        mismatch("mismatch_hairpin", p.mismatch_hairpin),
        mismatch("mismatch_interior", p.mismatch_interior),
        mismatch("mismatch_interior_1n", p.mismatch_interior_1n),
        mismatch("mismatch_interior_23", p.mismatch_interior_23),
        mismatch("mismatch_multi", p.mismatch_multi),
        mismatch("mismatch_exterior", p.mismatch_exterior),
        dangle("dangle5", p.dangle5),
        dangle("dangle3", p.dangle3),
        TableLayout{"int11", &p.int11[0][0][0][0], 4,
                    axes({pair, pair, base, base}, {T * B * B, B * B, B, 1})},
        TableLayout{"int21", &p.int21[0][0][0][0][0], 5,
                    axes({pair, pair, base, base, base}, {T * B * B * B, B * B * B, B * B, B, 1})},
        TableLayout{"int22", &p.int22[0][0][0][0][0][0], 6,
                    axes({pair6, pair6, acgu, acgu, acgu, acgu},
                         {T * B * B * B * B, B * B * B * B, B * B * B, B * B, B, 1})},
        loop("hairpin", p.hairpin),
        loop("bulge", p.bulge),
        loop("interior", p.interior),
    };
}

// One int22 table (the four unpaired bases of a 2x2 loop) with an N among its bases: the largest
// value over A, C, G, U in the N positions (an unknown base is assumed to be the least
// favourable). The largest over several axes is the largest over one axis after another, so the
// N entries are filled axis by axis: first [N][b][c][d] from the listed ones, then [a][N][c][d]
// with a listed or N, and so on; each step reads only entries that are listed or already filled.
// (The direct loop over every combination took milliseconds, a cost each file read paid twice.)
// For integer energies and for the double ones of the partition function alike.
template <class Value>
void derive_unknown_base_entries(Value (&t)[kParamBases][kParamBases][kParamBases][kParamBases]) {
    constexpr int B = kParamBases;
    auto largest = [](auto at) {
        Value worst = -kInfEnergy;
        for (int r = 1; r < B; ++r) worst = std::max(worst, at(r));
        return worst;
    };
    for (int b = 1; b < B; ++b)
        for (int c = 1; c < B; ++c)
            for (int d = 1; d < B; ++d)
                t[0][b][c][d] = largest([&](int r) { return t[r][b][c][d]; });
    for (int a = 0; a < B; ++a)
        for (int c = 1; c < B; ++c)
            for (int d = 1; d < B; ++d)
                t[a][0][c][d] = largest([&](int r) { return t[a][r][c][d]; });
    for (int a = 0; a < B; ++a)
        for (int b = 0; b < B; ++b)
            for (int d = 1; d < B; ++d)
                t[a][b][0][d] = largest([&](int r) { return t[a][b][r][d]; });
    for (int a = 0; a < B; ++a)
        for (int b = 0; b < B; ++b)
            for (int c = 0; c < B; ++c)
                t[a][b][c][0] = largest([&](int r) { return t[a][b][c][r]; });
}

// Fills the entries that files do not list: every int22 table's N entries
// (derive_unknown_base_entries), which is what ViennaRNA 2.x gives for such loops.
void complete_derived_entries(EnergyParams& params);

// The largest magnitude of lxc a file may give (dcal/mol; ViennaRNA's is 107.856): with it,
// trunc(lxc * ln(size / 30)) fits an int for every loop size, at any temperature the tool
// accepts. Infinity and NaN are refused too (found by fuzzing: they made that cast undefined).
inline constexpr double kMaxLxc = 10000;

// Checks that a special hairpin's sequence is RNA of the right length; throws InputError.
void add_special_hairpin(EnergyParams& params, std::string_view sequence, int energy,
                         const std::string& where);

}  // namespace tropic::rna::detail

namespace tropic::rna::detail {

// An energy token: an optional sign and decimal digits, or INF (kInfEnergy; any case). Returns
// false for anything else, e.g. "-1i40": a reader must never guess a value.
bool parse_energy_token(std::string_view token, int& value);

// The whole text of a parameter file; throws InputError naming it when it cannot be read.
std::string read_parameter_file(const std::string& path);

}  // namespace tropic::rna::detail
