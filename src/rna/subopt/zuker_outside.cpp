// Zuker's outside table and its traceback (zuker_outside.hpp).
#include "rna/subopt/zuker_outside.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "rna/subopt/subopt_search.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::rna::detail {

namespace {

constexpr int kInf = kInfEnergy;
constexpr int kTurn = kMfeMinHairpin;

}  // namespace

std::vector<int> zuker_exterior_f3(const MfeTables& t) {
    const MfeModel& m = t.model();
    const int n = t.length();
    std::vector<int> f3(static_cast<std::size_t>(n) + 1, 0);
    for (int x = n - 1; x >= 0; --x) {
        int best = f3[x + 1];
        for (int l = x + kTurn + 1; l < n; ++l)
            if (t.c(x, l) < kInf)
                best = std::min(best, t.c(x, l) + m.exterior_stem(x, l, m.type(x, l)) + f3[l + 1]);
        f3[x] = best;
    }
    return f3;
}

ZukerOutside::ZukerOutside(const MfeTables& tables, ThreadPool* pool)
    : t_(tables),
      m_(tables.model()),
      n_(tables.length()),
      f3_(zuker_exterior_f3(tables)),
      out_(static_cast<std::size_t>(n_) * static_cast<std::size_t>(n_), kInf),
      up_(out_.size(), kInf),
      ml_(out_.size(), kInf) {
    fill_outside(pool);
}

ZukerOutside::ZukerOutside(const MfeTables& tables, std::vector<int> f3, std::vector<int> out,
                           std::vector<int> up, std::vector<int> ml)
    : t_(tables),
      m_(tables.model()),
      n_(tables.length()),
      f3_(std::move(f3)),
      out_(std::move(out)),
      up_(std::move(up)),
      ml_(std::move(ml)) {
    const std::size_t cells = static_cast<std::size_t>(n_) * static_cast<std::size_t>(n_);
    if (f3_.size() != static_cast<std::size_t>(n_) + 1 || out_.size() != cells ||
        up_.size() != cells || ml_.size() != cells)
        throw InternalError("Zuker outside table of the wrong size");
}

int ZukerOutside::segment(int i, int j) const {
    return j - i > kTurn ? t_.fml(i, j) : kInf;
}

int ZukerOutside::exterior(int k, int l) const {
    if (t_.f5(k) >= kInf || f3_[l + 1] >= kInf) return kInf;
    return t_.f5(k) + f3_[l + 1] + m_.exterior_stem(k, l, m_.type(k, l));
}

// Out(k,l) for every pair that can form, by decreasing l: every case reads only pairs (i,j)
// with j > l. A multiloop closed by (i,j) around the helix (k,l) costs Out(i,j), its closing
// and the helix's stem, plus the segments i+1..k-1 and l+1..j-1, at least one of which
// holds helices (FML) while the other may be unpaired. Per l, for every i:
//   up[i]  = min_j Out(i,j) + closing(i,j) + (j-l-1) ml_base   (right segment unpaired)
//   ml[i]  = min_j Out(i,j) + closing(i,j) + FML(l+1,j-1)     (right segment with helices)
// so that a pair (k,l) costs O(n) and the fill O(n^3). The i of one l, and then the k, are
// independent of each other: with a pool, each set is shared among its threads.
void ZukerOutside::fill_outside(ThreadPool* pool) {
    const int b = m_.params->ml_base;
    auto closing = [&](int i, int j) {
        const int o = out(i, j);
        return o < kInf ? o + m_.multi_closing(i, j, m_.type(i, j)) : kInf;
    };
    for (int l = n_ - 1; l > 0; --l) {
        int* up = up_.data() + index(l, 0);
        int* ml = ml_.data() + index(l, 0);
        const int* up_before = l + 1 < n_ ? up_.data() + index(l + 1, 0) : nullptr;
        // up and ml for this l from those of l+1 (closing pairs (i,l+1) join them).
        parallel_for(
            pool, 0, static_cast<std::size_t>(l),
            [&](std::size_t x) {
                const int i = static_cast<int>(x);
                int u = up_before != nullptr && up_before[i] < kInf ? up_before[i] + b : kInf;
                if (l + 1 < n_) u = std::min(u, closing(i, l + 1));
                up[i] = u;
                int best = kInf;
                for (int j = l + kTurn + 2; j < n_; ++j) {
                    const int c = closing(i, j), s = segment(l + 1, j - 1);
                    if (c < kInf && s < kInf) best = std::min(best, c + s);
                }
                ml[i] = best;
            },
            16);
        const int pairs = std::max(0, l - kTurn);
        parallel_for(
            pool, 0, static_cast<std::size_t>(pairs),
            [&](std::size_t x) {
                const int k = static_cast<int>(x);
                if (t_.c(k, l) >= kInf) return;
                const int t = m_.type(k, l);
                int best = exterior(k, l);
                for (int i = k - 1; i >= std::max(0, k - kMaxLoop - 1); --i)
                    for (int j = l + 1; j < n_ && (k - i - 1) + (j - l - 1) <= kMaxLoop; ++j)
                        if (out(i, j) < kInf)
                            best =
                                std::min(best, out(i, j) + m_.interior(i, j, m_.type(i, j), k, l));
                if (k > 0 && l + 1 < n_) {
                    int multi = kInf;
                    for (int i = k - 1; i >= 0; --i) {
                        const int left = segment(i + 1, k - 1), left_up = (k - i - 1) * b;
                        if (up[i] < kInf && left < kInf) multi = std::min(multi, up[i] + left);
                        if (ml[i] < kInf) multi = std::min(multi, ml[i] + std::min(left, left_up));
                    }
                    if (multi < kInf) best = std::min(best, multi + m_.multi_stem(k, l, t));
                }
                out_[index(k, l)] = best;
            },
            16);
    }
}

// The first enclosing pair (p,q) in the order p = i-1 down to 0, then q = j+1 up, and for each
// the first choice (0, 1, 2) whose energy is Out(i,j). Every candidate costs at least Out(i,j),
// so p has one exactly when its best candidate, read from the vectors up and ml of l = j, does;
// only that p's q are then searched.
bool ZukerOutside::enclosing_multiloop(int i, int j, Enclosing& found) const {
    const int o = out(i, j), b = m_.params->ml_base;
    const int stem = m_.multi_stem(i, j, m_.type(i, j));
    const int* up = up_.data() + index(j, 0);
    const int* ml = ml_.data() + index(j, 0);
    int p = i - 1;
    for (; p >= 0; --p) {
        const int left_m = segment(p + 1, i - 1), left_up = (i - p - 1) * b;
        if (up[p] < kInf && left_m < kInf && up[p] + left_m + stem == o) break;
        if (ml[p] < kInf && ml[p] + std::min(left_m, left_up) + stem == o) break;
    }
    if (p < 0) return false;
    const int left_up = (i - p - 1) * b, left_m = segment(p + 1, i - 1);
    for (int q = j + 1; q < n_; ++q) {
        if (out(p, q) >= kInf) continue;
        const int base = out(p, q) + m_.multi_closing(p, q, m_.type(p, q)) + stem;
        const int right_up = (q - j - 1) * b, right_m = segment(j + 1, q - 1);
        if (left_m < kInf && base + left_m + right_up == o)
            found.choice = 0;
        else if (right_m < kInf && base + left_up + right_m == o)
            found.choice = 1;
        else if (left_m < kInf && right_m < kInf && base + left_m + right_m == o)
            found.choice = 2;
        else
            continue;
        found.p = p, found.q = q;
        return true;
    }
    return false;
}

std::string ZukerOutside::trace(int k, int l, int target) const {
    std::string structure(static_cast<std::size_t>(n_), '.');
    std::vector<SuboptInterval> pending{{SuboptKind::C, k, l}};
    int decided = 0;
    int i = k, j = l;
    while (true) {  // outwards from (i,j), whose outside energy is out(i,j)
        const int o = out(i, j);
        const int t = m_.type(i, j);
        if (exterior(i, j) == o) {
            if (i > 0) pending.push_back({SuboptKind::F5, 0, i});
            if (j + 1 < n_) pending.push_back({SuboptKind::F3, j + 1, 0});
            decided += m_.exterior_stem(i, j, t);
            break;
        }
        bool found = false;
        for (int p = i - 1; p >= std::max(0, i - kMaxLoop - 1) && !found; --p)
            for (int q = j + 1; q < n_ && (i - p - 1) + (q - j - 1) <= kMaxLoop; ++q) {
                if (out(p, q) >= kInf) continue;
                const int e = m_.interior(p, q, m_.type(p, q), i, j);
                if (out(p, q) + e != o) continue;
                decided += e;
                structure[p] = '(', structure[q] = ')';
                i = p, j = q, found = true;
                break;
            }
        if (found) continue;
        // A helix of a multiloop closed by (p,q).
        Enclosing e;
        if (enclosing_multiloop(i, j, e)) {
            const int p = e.p, q = e.q, b = m_.params->ml_base;
            const int base =
                out(p, q) + m_.multi_closing(p, q, m_.type(p, q)) + m_.multi_stem(i, j, t);
            decided += base - out(p, q);
            if (e.choice == 0 || e.choice == 2)
                pending.push_back({SuboptKind::M, p + 1, i - 1});
            else
                decided += (i - p - 1) * b;
            if (e.choice == 1 || e.choice == 2)
                pending.push_back({SuboptKind::M, j + 1, q - 1});
            else
                decided += (q - j - 1) * b;
            structure[p] = '(', structure[q] = ')';
            i = p, j = q, found = true;
        }
        if (!found)
            throw InternalError("Zuker traceback: the outside table does not explain itself");
    }
    std::string best;
    SuboptSearch(t_, &f3_).run(structure, pending, decided, target, [&](const std::string& s, int) {
        best = s;
        return false;
    });
    if (best.empty()) throw InternalError("Zuker traceback: no structure at the target energy");
    return best;
}

}  // namespace tropic::rna::detail
