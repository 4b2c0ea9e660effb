#pragma once
// The loop energies of one MFE fold, as the recurrences of mfe.hpp ask for them: a plain view of
// the sequence, the parameters and the options, with the same small functions on the host and
// in CUDA kernels. The CPU engine, the CUDA fill and the shared traceback all score loops here,
// so equal tables always mean equal energies and structures.
#include <cmath>
#include <cstdint>

#include "tropic/core/host_device.hpp"
#include "tropic/rna/energy_params.hpp"
#include "tropic/rna/loop_energy.hpp"

namespace tropic::rna::detail {

inline constexpr int kMfeMinHairpin = 3;  // unpaired bases in the smallest hairpin

struct MfeModel {
    const EnergyParams* params = nullptr;
    const std::uint8_t* sequence = nullptr;  // alphabet codes, n of them
    const std::int8_t* base = nullptr;       // parameter codes (param_base) of the sequence
    // hairpin_initiation(params, size) for size 0..n, computed on the host: the extrapolation of
    // long loops uses libm's log, whose last bit a GPU need not reproduce.
    const int* hairpin_initiation = nullptr;
    // n x n, row i, column j: nonzero where the constraint lets (i,j) pair; nullptr: no
    // constraint.
    const std::uint8_t* allowed = nullptr;
    int n = 0;
    Dangles dangles = Dangles::Both;
    bool no_lonely_pairs = false;
    int max_span = -1;  // -1: no limit

    TROPIC_HOST_DEVICE int type(int i, int j) const { return pair_type(sequence[i], sequence[j]); }
    // The type of (i,j) when the options let it form, else 0.
    TROPIC_HOST_DEVICE int allowed_type(int i, int j) const {
        if (max_span >= 0 && j - i + 1 > max_span) return 0;
        if (allowed != nullptr &&
            allowed[static_cast<std::size_t>(i) * static_cast<std::size_t>(n) + j] == 0)
            return 0;
        return type(i, j);
    }
    TROPIC_HOST_DEVICE int hairpin(int i, int j, int t) const {
        const int size = j - i - 1;
        return hairpin_energy_from(*params, hairpin_initiation[size], t, size, base[i + 1],
                                   base[j - 1], sequence + i);
    }
    TROPIC_HOST_DEVICE int interior(int i, int j, int t, int p, int q) const {
        return interior_energy(*params, p - i - 1, j - q - 1, t, type(q, p), base[i + 1],
                               base[j - 1], base[p - 1], base[q + 1]);
    }
    TROPIC_HOST_DEVICE int exterior_stem(int i, int j, int t) const {
        return exterior_stem_energy(*params, t, i > 0 ? base[i - 1] : -1,
                                    j + 1 < n ? base[j + 1] : -1, dangles);
    }
    // A helix inside a multiloop always has both neighbours: callers keep 0 < i, j < n - 1.
    TROPIC_HOST_DEVICE int multi_stem(int i, int j, int t) const {
        return multi_stem_energy(*params, t, base[i - 1], base[j + 1], dangles);
    }
    TROPIC_HOST_DEVICE int multi_closing(int i, int j, int t) const {
        return params->ml_closing +
               multi_stem_energy(*params, reverse_pair_type(t), base[j - 1], base[i + 1], dangles);
    }
    // (i,j) as a helix of a multiloop, or kInfEnergy when it is no helix or cannot be one (a
    // helix touching the sequence's ends never lies inside a multiloop).
    TROPIC_HOST_DEVICE int multi_helix(int i, int j, int t, int c) const {
        if (c >= kInfEnergy || i == 0 || j + 1 >= n) return kInfEnergy;
        return c + multi_stem(i, j, t);
    }
};

// The interior loops closed by (i,j): inner pairs (p,q) with p - i - 1 = n1 and j - q - 1 = n2
// unpaired bases, n1 + n2 <= kMaxLoop, enumerated as one index in traceback order (n1
// increasing, then n2 increasing, i.e. q decreasing). kMfeInteriorCandidates covers every
// (n1, n2); a candidate is real only when q - p - 1 >= kMfeMinHairpin.
inline constexpr int kMfeInteriorCandidates = (kMaxLoop + 1) * (kMaxLoop + 2) / 2;

TROPIC_HOST_DEVICE inline void interior_candidate(int index, int& n1, int& n2) {
    // Row r holds kMaxLoop + 1 - r entries and starts at r (2 kMaxLoop + 3 - r) / 2: invert
    // that with a float square root, then settle the row exactly.
    constexpr int kTwice = 2 * kMaxLoop + 3;
    auto start = [](int r) { return r * (kTwice - r) / 2; };
    int row =
        static_cast<int>((kTwice - sqrtf(static_cast<float>(kTwice * kTwice - 8 * index))) / 2);
    row = row < 0 ? 0 : row;
    while (row > 0 && start(row) > index) --row;
    while (start(row + 1) <= index) ++row;
    n1 = row;
    n2 = index - start(row);
}

}  // namespace tropic::rna::detail
