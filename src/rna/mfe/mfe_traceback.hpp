#pragma once
// The MFE traceback rule of mfe.hpp, written once for the CPU engine and the CUDA kernel, so
// that equal tables give equal structures on every backend.
//
// Tables offers, for 0 <= i <= j < n (kInfEnergy where nothing forms):
//   c(i,j), cc(i,j)   C and, without lonely pairs, CC (otherwise cc == c)
//   fml(i,j), fm1(i,j)
//   fml_down(i,j)     FML(i,j) again, read from a copy laid out along columns (the traceback
//                     asks for it where it walks down column j)
//   f5(j)             the exterior prefix of bases 0..j-1, j = 0..n
// first(begin, end, pred) returns the smallest k in [begin, end) with pred(k), or end: a loop
// on the CPU, a warp-wide vote on the GPU (all lanes then follow the same path).
#include <cstdint>

#include "rna/mfe/mfe_model.hpp"

namespace tropic::rna::detail {

enum class MfeTable : std::int32_t { F5, C, CC, FML, FM1 };

struct MfeInterval {
    MfeTable table;
    std::int32_t i, j;
};

// Writes the structure (n characters) and returns true, or false when a table does not hold
// what its recurrence says (a bug) or the stack of capacity n + 2 would overflow.
template <class Tables, class First>
TROPIC_HOST_DEVICE bool trace_mfe(const MfeModel& m, const Tables& tables, const First& first,
                                  char* structure, MfeInterval* stack) {
    constexpr int kInf = kInfEnergy;
    const int n = m.n;
    const int ml_base = m.params->ml_base;
    for (int k = 0; k < n; ++k) structure[k] = '.';
    if (n == 0) return true;
    int top = 0;
    auto push = [&](MfeTable table, int i, int j) {
        if (top >= n + 2) return false;
        stack[top++] = {table, i, j};
        return true;
    };
    push(MfeTable::F5, 0, n - 1);
    while (top > 0) {
        MfeInterval at = stack[--top];
        int i = at.i, j = at.j;
        bool ok = true;
        switch (at.table) {
            case MfeTable::F5: {
                // j unpaired while F5 does not change, then paired with the smallest k.
                while (j >= 0 && tables.f5(j + 1) == tables.f5(j)) --j;
                if (j < 0) break;
                const int target = tables.f5(j + 1);
                const int jj = j;
                const int k = first(0, j - kMfeMinHairpin, [&](int kk) {
                    const int c = tables.c(kk, jj);
                    return c < kInf &&
                           tables.f5(kk) + c + m.exterior_stem(kk, jj, m.type(kk, jj)) == target;
                });
                if (k >= j - kMfeMinHairpin) return false;
                ok = push(MfeTable::C, k, j) && (k == 0 || push(MfeTable::F5, 0, k - 1));
                break;
            }
            case MfeTable::C:
            case MfeTable::CC: {
                structure[i] = '(';
                structure[j] = ')';
                if (at.table == MfeTable::C && m.no_lonely_pairs) {
                    ok = push(MfeTable::CC, i + 1, j - 1);
                    break;
                }
                const int t = m.type(i, j);
                const int target = tables.cc(i, j);
                if (m.hairpin(i, j, t) == target) break;
                const int index = first(0, kMfeInteriorCandidates, [&](int candidate) {
                    int n1, n2;
                    interior_candidate(candidate, n1, n2);
                    const int p = i + 1 + n1, q = j - 1 - n2;
                    if (q - p - 1 < kMfeMinHairpin) return false;
                    const int inner = n1 == 0 && n2 == 0 ? tables.cc(p, q) : tables.c(p, q);
                    return inner < kInf && inner + m.interior(i, j, t, p, q) == target;
                });
                if (index < kMfeInteriorCandidates) {
                    int n1, n2;
                    interior_candidate(index, n1, n2);
                    const bool stack_pair = n1 == 0 && n2 == 0;
                    ok = push(stack_pair && m.no_lonely_pairs ? MfeTable::CC : MfeTable::C,
                              i + 1 + n1, j - 1 - n2);
                    break;
                }
                const int closing = m.multi_closing(i, j, t);
                const int last = j - kMfeMinHairpin - 1;  // u <= j - 5
                const int u = first(i + kMfeMinHairpin + 3, last, [&](int uu) {
                    return tables.fml(i + 1, uu - 1) + tables.fm1(uu, j - 1) + closing == target;
                });
                if (u >= last) return false;
                ok = push(MfeTable::FML, i + 1, u - 1) && push(MfeTable::FM1, u, j - 1);
                break;
            }
            case MfeTable::FM1: {
                // One helix (i,k) followed by unpaired bases up to j.
                while (true) {
                    if (j <= i) return false;
                    const int target = tables.fm1(i, j);
                    if (m.multi_helix(i, j, m.type(i, j), tables.c(i, j)) == target) break;
                    if (tables.fm1(i, j - 1) + ml_base != target) return false;
                    --j;
                }
                ok = push(MfeTable::C, i, j);
                break;
            }
            case MfeTable::FML: {
                while (true) {
                    const int target = tables.fml(i, j);
                    if (m.multi_helix(i, j, m.type(i, j), tables.c(i, j)) == target) {
                        ok = push(MfeTable::C, i, j);
                        break;
                    }
                    if (tables.fml_down(i + 1, j) + ml_base == target) {
                        ++i;
                        continue;
                    }
                    if (tables.fml(i, j - 1) + ml_base == target) {
                        --j;
                        continue;
                    }
                    const int last = j - kMfeMinHairpin;  // u <= j - 4
                    const int u = first(i + kMfeMinHairpin + 2, last, [&](int uu) {
                        return tables.fml(i, uu - 1) + tables.fml_down(uu, j) == target;
                    });
                    if (u >= last) return false;
                    ok = push(MfeTable::FML, i, u - 1) && push(MfeTable::FML, u, j);
                    break;
                }
                break;
            }
        }
        if (!ok) return false;
    }
    return true;
}

}  // namespace tropic::rna::detail
