// subopt_zuker(): RNAsubopt -z. For every pair (k,l) the best structure containing it is
// C(k,l) + Out(k,l), where Out(k,l) is the best energy of everything outside the pair (Zuker's
// outside table, zuker_outside.hpp). The pairs are sorted as RNAsubopt sorts them, and each
// pair not yet in a listed structure has its structure traced back and listed.
#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/internal/profile.hpp"
#include "rna/subopt/subopt_tables.hpp"
#include "rna/subopt/zuker_outside.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/rna/subopt.hpp"

namespace tropic::rna {

namespace {

constexpr int kInf = kInfEnergy;
constexpr int kTurn = detail::kMfeMinHairpin;

struct ZukerPair {
    int i, j, e, idxj;  // 1-based, as RNAsubopt lists them
};

// RNAsubopt sorts its pair list with qsort and a comparison that breaks energy ties by
// x.idxj + x.i - y.idxj + y.i, which is no total order, so the order of ties is the one glibc's
// qsort (a top-down merge sort) gives. This is that merge sort, so that ties come out the same.
int compare_pairs(const ZukerPair& x, const ZukerPair& y) {
    if (x.e > y.e) return 1;
    if (x.e < y.e) return -1;
    return x.idxj + x.i - y.idxj + y.i;
}

void merge_sort(std::vector<ZukerPair>& v, std::size_t first, std::size_t count,
                std::vector<ZukerPair>& tmp) {
    if (count <= 1) return;
    const std::size_t n1 = count / 2, n2 = count - n1;
    merge_sort(v, first, n1, tmp);
    merge_sort(v, first + n1, n2, tmp);
    std::size_t a = first, b = first + n1, end_a = first + n1, end_b = first + count;
    tmp.clear();
    while (a < end_a && b < end_b) tmp.push_back(compare_pairs(v[a], v[b]) <= 0 ? v[a++] : v[b++]);
    while (a < end_a) tmp.push_back(v[a++]);
    while (b < end_b) tmp.push_back(v[b++]);
    std::copy(tmp.begin(), tmp.end(), v.begin() + static_cast<std::ptrdiff_t>(first));
}

// The structures of the sorted pair list: a pair contained in an earlier listed structure is
// skipped. A pair's trace does not depend on the others, so the traces of the next pairs not yet
// covered run together on `pool`'s threads, and are then kept or dropped in list order, which
// lists exactly what one thread going down the list would.
std::vector<SuboptStructure> list_structures(const detail::ZukerOutside& outside, int n,
                                             const std::vector<ZukerPair>& pairs,
                                             ThreadPool* pool) {
    std::vector<std::uint8_t> done(static_cast<std::size_t>(n) * static_cast<std::size_t>(n), 0);
    auto covered = [&](const ZukerPair& p) {
        return done[static_cast<std::size_t>(p.i - 1) * n + (p.j - 1)] != 0;
    };
    const std::size_t batch = 2 * std::size_t(thread_count(pool));
    std::vector<SuboptStructure> result;
    std::vector<const ZukerPair*> next;
    std::vector<std::string> traced;
    std::size_t cursor = 0;
    while (cursor < pairs.size()) {
        next.clear();
        for (; cursor < pairs.size() && next.size() < batch; ++cursor)
            if (!covered(pairs[cursor])) next.push_back(&pairs[cursor]);
        traced.assign(next.size(), std::string());
        parallel_for(pool, 0, next.size(), [&](std::size_t x) {
            traced[x] = outside.trace(next[x]->i - 1, next[x]->j - 1, next[x]->e);
        });
        for (std::size_t x = 0; x < next.size(); ++x) {
            if (covered(*next[x])) continue;  // listed within this batch
            std::vector<int> open;
            for (int y = 0; y < n; ++y) {
                if (traced[x][y] == '(') open.push_back(y);
                if (traced[x][y] == ')') {
                    done[static_cast<std::size_t>(open.back()) * n + y] = 1;
                    open.pop_back();
                }
            }
            result.push_back({next[x]->e, std::move(traced[x])});
        }
    }
    return result;
}

}  // namespace

std::vector<SuboptStructure> subopt_zuker(std::span<const std::uint8_t> sequence,
                                          const EnergyParams& params, const MfeParams& mfe_params,
                                          const StructureConstraint* constraint) {
    RunOptions run;
    run.backend = Backend::Cpu;
    return subopt_zuker(sequence, params, mfe_params, run, constraint);
}

std::vector<SuboptStructure> subopt_zuker(std::span<const std::uint8_t> sequence,
                                          const EnergyParams& params, const MfeParams& mfe_params,
                                          const RunOptions& run,
                                          const StructureConstraint* constraint) {
    if (mfe_params.no_lonely_pairs)
        throw InputError("Zuker suboptimals with no lonely pairs are not supported yet");
    const detail::SuboptTables filled =
        detail::fill_subopt_tables(sequence, params, mfe_params, constraint, true, run);
    const detail::MfeTables& tables = *filled.tables;
    const detail::ZukerOutside& outside = *filled.outside;
    profile::PhaseTimer timer;
    const int n = tables.length();
    // RNAsubopt's pair list: l from n down, k up, 1-based, idxj = l(l-1)/2.
    std::vector<ZukerPair> pairs;
    for (int l = n - 1; l > 0; --l)
        for (int k = 0; k + kTurn < l; ++k) {
            if (tables.c(k, l) >= kInf || outside.out(k, l) >= kInf) continue;
            pairs.push_back({k + 1, l + 1, tables.c(k, l) + outside.out(k, l), (l + 1) * l / 2});
        }
    std::vector<ZukerPair> tmp;
    tmp.reserve(pairs.size());
    merge_sort(pairs, 0, pairs.size(), tmp);
    std::vector<SuboptStructure> result = list_structures(outside, n, pairs, run.pool);
    double traces = 0;
    timer.lap(traces);
    if (timer.enabled()) profile::record("subopt: traces", traces);
    return result;
}

}  // namespace tropic::rna
