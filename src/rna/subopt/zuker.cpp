// subopt_zuker(): RNAsubopt -z. For every pair (k,l) the best structure containing it is
// C(k,l) + Out(k,l), where Out(k,l) is the best energy of everything outside the pair (Zuker's
// outside table). Out is filled from the outermost pairs inwards: (k,l) leaves the exterior
// loop, or is the inner pair of an interior loop closed by (i,j), or a helix of a multiloop
// closed by (i,j), with the other helices of that multiloop on its left, its right or both.
// Each listed structure is then traced back: the outside path by the cases above, the parts
// left (exterior prefix and suffix, multiloop segments, the inside of (k,l)) by the search of
// subopt_search.hpp at exactly the target energy, taking the first structure it finds.
#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

#include "rna/mfe/mfe_tables.hpp"
#include "rna/subopt/subopt_search.hpp"
#include "tropic/core/error.hpp"
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

class ZukerOutside {
  public:
    explicit ZukerOutside(const detail::MfeTables& tables)
        : t_(tables),
          m_(tables.model()),
          n_(tables.length()),
          f3_(static_cast<std::size_t>(n_) + 1, 0),
          out_(static_cast<std::size_t>(n_) * static_cast<std::size_t>(n_), kInf) {
        fill_f3();
        fill_outside();
    }

    int out(int i, int j) const { return out_[index(i, j)]; }
    const std::vector<int>& f3() const { return f3_; }

    // The best structure containing (k,l), of energy `target` = C(k,l) + Out(k,l).
    std::string trace(int k, int l, int target) const {
        std::string structure(static_cast<std::size_t>(n_), '.');
        std::vector<detail::SuboptInterval> pending{{detail::SuboptKind::C, k, l}};
        int decided = 0;
        int i = k, j = l;
        while (true) {  // outwards from (i,j), whose outside energy is out(i,j)
            const int o = out(i, j);
            const int t = m_.type(i, j);
            if (exterior(i, j) == o) {
                if (i > 0) pending.push_back({detail::SuboptKind::F5, 0, i});
                if (j + 1 < n_) pending.push_back({detail::SuboptKind::F3, j + 1, 0});
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
            const int stem = m_.multi_stem(i, j, t), b = m_.params->ml_base;
            for (int p = i - 1; p >= 0 && !found; --p)
                for (int q = j + 1; q < n_; ++q) {
                    if (out(p, q) >= kInf) continue;
                    const int base = out(p, q) + m_.multi_closing(p, q, m_.type(p, q)) + stem;
                    const int left_up = (i - p - 1) * b, right_up = (q - j - 1) * b;
                    const int left_m = segment(p + 1, i - 1), right_m = segment(j + 1, q - 1);
                    int choice = -1;
                    if (left_m < kInf && base + left_m + right_up == o)
                        choice = 0;
                    else if (right_m < kInf && base + left_up + right_m == o)
                        choice = 1;
                    else if (left_m < kInf && right_m < kInf && base + left_m + right_m == o)
                        choice = 2;
                    if (choice < 0) continue;
                    decided += base - out(p, q);
                    if (choice == 0 || choice == 2)
                        pending.push_back({detail::SuboptKind::M, p + 1, i - 1});
                    else
                        decided += left_up;
                    if (choice == 1 || choice == 2)
                        pending.push_back({detail::SuboptKind::M, j + 1, q - 1});
                    else
                        decided += right_up;
                    structure[p] = '(', structure[q] = ')';
                    i = p, j = q, found = true;
                    break;
                }
            if (!found)
                throw InternalError("Zuker traceback: the outside table does not explain itself");
        }
        std::string best;
        detail::SuboptSearch(t_, &f3_).run(structure, pending, decided, target,
                                           [&](const std::string& s, int) {
                                               best = s;
                                               return false;
                                           });
        if (best.empty()) throw InternalError("Zuker traceback: no structure at the target energy");
        return best;
    }

  private:
    std::size_t index(int i, int j) const {
        return static_cast<std::size_t>(i) * static_cast<std::size_t>(n_) +
               static_cast<std::size_t>(j);
    }

    // FML of a multiloop segment, kInf when it is too short to hold a helix.
    int segment(int i, int j) const { return j - i > kTurn ? t_.fml(i, j) : kInf; }

    int exterior(int k, int l) const {
        if (t_.f5(k) >= kInf || f3_[l + 1] >= kInf) return kInf;
        return t_.f5(k) + f3_[l + 1] + m_.exterior_stem(k, l, m_.type(k, l));
    }

    // The best exterior loop of bases x..n-1 (F5 read from the other end).
    void fill_f3() {
        for (int x = n_ - 1; x >= 0; --x) {
            int best = f3_[x + 1];
            for (int l = x + kTurn + 1; l < n_; ++l)
                if (t_.c(x, l) < kInf)
                    best = std::min(
                        best, t_.c(x, l) + m_.exterior_stem(x, l, m_.type(x, l)) + f3_[l + 1]);
            f3_[x] = best;
        }
    }

    // Out(k,l) for every pair that can form, by decreasing l: every case reads only pairs (i,j)
    // with j > l. A multiloop closed by (i,j) around the helix (k,l) costs Out(i,j), its closing
    // and the helix's stem, plus the segments i+1..k-1 and l+1..j-1, at least one of which
    // holds helices (FML) while the other may be unpaired. Per l, for every i:
    //   up[i]  = min_j Out(i,j) + closing(i,j) + (j-l-1) ml_base   (right segment unpaired)
    //   ml[i]  = min_j Out(i,j) + closing(i,j) + FML(l+1,j-1)     (right segment with helices)
    // so that a pair (k,l) costs O(n) and the fill O(n^3).
    void fill_outside() {
        const int b = m_.params->ml_base;
        std::vector<int> up(static_cast<std::size_t>(n_), kInf),
            ml(static_cast<std::size_t>(n_), kInf);
        auto closing = [&](int i, int j) {
            const int o = out(i, j);
            return o < kInf ? o + m_.multi_closing(i, j, m_.type(i, j)) : kInf;
        };
        for (int l = n_ - 1; l > 0; --l) {
            // up and ml for this l from those of l+1 (closing pairs (i,l+1) join them).
            for (int i = 0; i < l; ++i) {
                int u = up[i] < kInf ? up[i] + b : kInf;
                if (l + 1 < n_) u = std::min(u, closing(i, l + 1));
                up[i] = u;
                int best = kInf;
                for (int j = l + kTurn + 2; j < n_; ++j) {
                    const int c = closing(i, j), s = segment(l + 1, j - 1);
                    if (c < kInf && s < kInf) best = std::min(best, c + s);
                }
                ml[i] = best;
            }
            for (int k = 0; k + kTurn < l; ++k) {
                if (t_.c(k, l) >= kInf) continue;
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
            }
        }
    }

    const detail::MfeTables& t_;
    const detail::MfeModel& m_;
    int n_;
    std::vector<int> f3_, out_;
};

}  // namespace

std::vector<SuboptStructure> subopt_zuker(std::span<const std::uint8_t> sequence,
                                          const EnergyParams& params, const MfeParams& mfe_params,
                                          const StructureConstraint* constraint) {
    if (mfe_params.no_lonely_pairs)
        throw InputError("Zuker suboptimals with no lonely pairs are not supported yet");
    const detail::MfeTables tables(sequence, params, mfe_params, constraint);
    const ZukerOutside outside(tables);
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
    std::vector<std::uint8_t> done(static_cast<std::size_t>(n) * static_cast<std::size_t>(n), 0);
    std::vector<SuboptStructure> result;
    for (const ZukerPair& p : pairs) {
        const int k = p.i - 1, l = p.j - 1;
        if (done[static_cast<std::size_t>(k) * n + l]) continue;
        std::string structure = outside.trace(k, l, p.e);
        std::vector<int> open;
        for (int x = 0; x < n; ++x) {
            if (structure[x] == '(') open.push_back(x);
            if (structure[x] == ')') {
                done[static_cast<std::size_t>(open.back()) * n + x] = 1;
                open.pop_back();
            }
        }
        result.push_back({p.e, std::move(structure)});
    }
    return result;
}

}  // namespace tropic::rna
