// Loop decomposition of a dot-bracket structure and its free energy.
#include "tropic/rna/energy_eval.hpp"

#include <fmt/format.h>

#include "rna/structure/bracket_pairs.hpp"
#include "tropic/core/error.hpp"

namespace tropic::rna {

namespace {

// Energy of the loop closed by (i,j) (0-based), or of the exterior loop when i == -1.
LoopContribution loop_energy(std::span<const std::uint8_t> s, const std::vector<int>& partner,
                             int i, int j, const EnergyParams& p, Dangles dangles) {
    const int n = static_cast<int>(s.size());
    auto base = [&s](int k) { return param_base(s[k]); };
    LoopContribution loop;
    if (i < 0) {  // exterior loop: every helix that leaves it
        for (int k = 0; k < n; ++k) {
            if (partner[k] < 0) continue;
            const int l = partner[k];
            loop.energy += exterior_stem_energy(p, pair_type(s[k], s[l]), k > 0 ? base(k - 1) : -1,
                                                l + 1 < n ? base(l + 1) : -1, dangles);
            k = l;
        }
        return loop;
    }
    loop.i = i + 1;
    loop.j = j + 1;
    const int type = pair_type(s[i], s[j]);
    std::vector<int> branches;  // 5' ends of the inner pairs
    int unpaired = 0;
    for (int k = i + 1; k < j; ++k) {
        if (partner[k] < 0) {
            ++unpaired;
            continue;
        }
        branches.push_back(k);
        k = partner[k];
    }
    if (branches.empty()) {
        loop.kind = LoopKind::Hairpin;
        loop.energy = hairpin_energy(p, type, j - i - 1, base(i + 1), base(j - 1), &s[i]);
    } else if (branches.size() == 1) {
        const int k = branches[0], l = partner[k];
        const int n1 = k - i - 1, n2 = j - l - 1;
        loop.kind = n1 + n2 == 0           ? LoopKind::Stack
                    : (n1 == 0 || n2 == 0) ? LoopKind::Bulge
                                           : LoopKind::Interior;
        loop.p = k + 1;
        loop.q = l + 1;
        loop.energy = interior_energy(p, n1, n2, type, pair_type(s[l], s[k]), base(i + 1),
                                      base(j - 1), base(k - 1), base(l + 1));
    } else {
        loop.kind = LoopKind::Multi;
        loop.energy =
            p.ml_closing + p.ml_base * unpaired +
            multi_stem_energy(p, reverse_pair_type(type), base(j - 1), base(i + 1), dangles);
        for (int k : branches) {
            const int l = partner[k];
            loop.energy +=
                multi_stem_energy(p, pair_type(s[k], s[l]), base(k - 1), base(l + 1), dangles);
        }
    }
    return loop;
}

}  // namespace

std::vector<int> parse_structure(std::span<const std::uint8_t> sequence,
                                 std::string_view structure) {
    std::vector<int> partner = detail::bracket_partners(sequence, structure, "structure", ".");
    for (int i = 0; i < static_cast<int>(partner.size()); ++i)
        if (partner[i] > i && partner[i] - i - 1 < 3)
            throw InputError(
                fmt::format("the hairpin closed by bases {} and {} has fewer than 3 unpaired bases",
                            i + 1, partner[i] + 1));
    return partner;
}

int evaluate_structure(std::span<const std::uint8_t> sequence, std::string_view structure,
                       const EnergyParams& params, Dangles dangles,
                       std::vector<LoopContribution>* loops) {
    const std::vector<int> partner = parse_structure(sequence, structure);
    const int n = static_cast<int>(sequence.size());
    LoopContribution exterior = loop_energy(sequence, partner, -1, -1, params, dangles);
    int total = exterior.energy;
    if (loops) loops->push_back(exterior);
    for (int i = 0; i < n; ++i) {
        if (partner[i] <= i) continue;
        LoopContribution loop = loop_energy(sequence, partner, i, partner[i], params, dangles);
        total += loop.energy;
        if (loops) loops->push_back(loop);
    }
    return total;
}

std::string_view loop_kind_name(LoopKind kind) {
    switch (kind) {
        case LoopKind::Exterior:
            return "exterior";
        case LoopKind::Hairpin:
            return "hairpin";
        case LoopKind::Stack:
            return "stack";
        case LoopKind::Bulge:
            return "bulge";
        case LoopKind::Interior:
            return "interior";
        case LoopKind::Multi:
            return "multi";
    }
    return "?";
}

}  // namespace tropic::rna
