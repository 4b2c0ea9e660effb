// CPU engine of MFE folding: the recurrences and traceback of mfe.hpp.
//
// Layout: the tables are triangles of int32. C and FML are stored by rows (i fixed, j
// contiguous); FML and FM1 are also stored by columns (j fixed, i contiguous), so that both
// operands of every multiloop minimisation are read sequentially. Rows are filled from i = n-1
// down to 0, each left to right, so every operand is final when it is read.
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <new>
#include <vector>

#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/rna/mfe.hpp"

namespace tropic::rna {

namespace {

constexpr int kMinHairpin = 3;  // unpaired bases in the smallest hairpin
constexpr int kInf = kInfEnergy;

class MfeEngine {
  public:
    MfeEngine(std::span<const std::uint8_t> sequence, const EnergyParams& params,
              const MfeOptions& options, const StructureConstraint* constraint)
        : s_(sequence),
          constraint_(constraint),
          n_(static_cast<int>(sequence.size())),
          p_(params),
          dangles_(options.dangles),
          no_lonely_pairs_(options.no_lonely_pairs),
          max_span_(options.max_bp_span),
          base_(sequence.size()),
          row_start_(sequence.size()),
          col_start_(sequence.size()) {
        std::size_t cells = 0;
        for (int k = 0; k < n_; ++k) {
            base_[k] = static_cast<std::int8_t>(param_base(s_[k]));
            col_start_[k] = cells;  // column k holds i = 0..k
            // Row k holds j = k..n-1 and starts after the n - r cells of every row r < k.
            row_start_[k] = row_offset(k) - static_cast<std::size_t>(k);
            cells += static_cast<std::size_t>(k) + 1;
        }
        c_.assign(cells, kInf);
        if (no_lonely_pairs_) cc_.assign(cells, kInf);
        fml_row_.assign(cells, kInf);
        fml_col_.assign(cells, kInf);
        fm1_col_.assign(cells, kInf);
        f5_.assign(static_cast<std::size_t>(n_) + 1, 0);
        for (int n1 = 0; n1 <= kMaxLoop; ++n1)
            for (int n2 = 0; n1 + n2 <= kMaxLoop; ++n2) {
                const int asymmetry = std::min(p_.max_ninio, p_.ninio * std::abs(n1 - n2));
                generic_loop_[n1][n2] = p_.interior[n1 + n2] + asymmetry;
            }
    }

    MfeResult run(const MfeProgress& on_progress) {
        fill(on_progress);
        MfeResult result;
        result.energy = f5_[n_];
        result.structure = traceback();
        return result;
    }

  private:
    std::size_t row_offset(int k) const {
        const auto r = static_cast<std::size_t>(k), n = static_cast<std::size_t>(n_);
        return r * n - r * (r - 1) / 2;
    }

    int* c_row(int i) { return c_.data() + row_start_[i]; }
    // Without lonely pairs: CC(i,j) is pair (i,j) closing any loop (it is stacked on from
    // outside), C(i,j) the pair stacked on (i+1,j-1) inside. Otherwise both are C.
    int* cc_row(int i) { return (no_lonely_pairs_ ? cc_.data() : c_.data()) + row_start_[i]; }
    int* fml_row(int i) { return fml_row_.data() + row_start_[i]; }
    int* fml_col(int j) { return fml_col_.data() + col_start_[j]; }
    int* fm1_col(int j) { return fm1_col_.data() + col_start_[j]; }
    int type(int i, int j) const { return pair_type(s_[i], s_[j]); }
    // The type of (i,j) when the options let it form, else 0.
    int allowed_type(int i, int j) const {
        if (max_span_ >= 0 && j - i + 1 > max_span_) return 0;
        if (constraint_ != nullptr && !constraint_->allows_pair(i, j)) return 0;
        return type(i, j);
    }
    // C(i,j) without lonely pairs: stacked on (i+1,j-1), which closes anything.
    int stacked_inward(int i, int j, int t) {
        const int inner = cc_row(i + 1)[j - 1];
        return inner < kInf ? inner + interior(i, j, t, i + 1, j - 1) : kInf;
    }

    int exterior_stem(int i, int j, int t) const {
        return exterior_stem_energy(p_, t, i > 0 ? base_[i - 1] : -1,
                                    j + 1 < n_ ? base_[j + 1] : -1, dangles_);
    }
    // A helix inside a multiloop always has both neighbours.
    int multi_stem(int i, int j, int t) const {
        return multi_stem_energy(p_, t, base_[i - 1], base_[j + 1], dangles_);
    }
    int multi_closing(int i, int j, int t) const {
        return p_.ml_closing +
               multi_stem_energy(p_, reverse_pair_type(t), base_[j - 1], base_[i + 1], dangles_);
    }
    int hairpin(int i, int j, int t) const {
        return hairpin_energy(p_, t, j - i - 1, base_[i + 1], base_[j - 1], &s_[i]);
    }
    int interior(int i, int j, int t, int p, int q) const {
        return interior_energy(p_, p - i - 1, j - q - 1, t, type(q, p), base_[i + 1], base_[j - 1],
                               base_[p - 1], base_[q + 1]);
    }

    // Calls visit(p, q, energy) for every inner pair of an interior loop closed by (i,j), in
    // traceback order; stops early when visit returns true.
    template <class Visit>
    void for_each_interior(int i, int j, int t, Visit&& visit) {
        const int last_p = std::min(i + kMaxLoop + 1, j - kMinHairpin - 2);
        for (int p = i + 1; p <= last_p; ++p) {
            const int n1 = p - i - 1;
            const int first_q = std::max(p + kMinHairpin + 1, j - 1 - (kMaxLoop - n1));
            const int* row = c_row(p);
            int q = j - 1;
            if (p == i + 1) {  // the stack: (i+1,j-1) may close anything, lonely or not
                const int inner = cc_row(p)[q];
                if (inner < kInf && visit(p, q, inner + interior(i, j, t, p, q))) return;
                --q;
            }
            for (; q >= first_q; --q) {
                if (row[q] >= kInf) continue;
                if (visit(p, q, row[q] + interior(i, j, t, p, q))) return;
            }
        }
    }

    // mismatch_interior of every inner pair (p,q) of a generic interior loop, for q > p, read
    // from inside: it depends on p and q only, so each row serves every (i,j) with i in
    // [p-31, p-1]. A ring of the kMaxLoop + 1 rows in use; 0 where (p,q) cannot pair (C is
    // kInf there anyway).
    int* inner_mismatch_row(int p) {
        return inner_mismatch_.data() +
               static_cast<std::size_t>(p % (kMaxLoop + 1)) * static_cast<std::size_t>(n_);
    }

    void fill_inner_mismatch_row(int p) {
        int* row = inner_mismatch_row(p);
        const int sp1 = p > 0 ? base_[p - 1] : 0;
        for (int q = p + 1; q + 1 < n_; ++q)
            row[q] = p_.mismatch_interior[pair_type(s_[q], s_[p])][base_[q + 1]][sp1];
    }

    // The fill's fast form of for_each_interior: the same minimum, but loops of at least 3
    // unpaired bases on both sides (most candidates) are scored inline, without branches.
    // Candidates whose inner pair cannot form read C = kInf and so never win.
    int best_interior(int i, int j, int t) {
        int best = kInf;
        const int outer = p_.mismatch_interior[t][base_[i + 1]][base_[j - 1]];
        const int last_p = std::min(i + kMaxLoop + 1, j - kMinHairpin - 2);
        for (int p = i + 1; p <= last_p; ++p) {
            const int n1 = p - i - 1;
            const int first_q = std::max(p + kMinHairpin + 1, j - 1 - (kMaxLoop - n1));
            const int* row = c_row(p);
            // Small loops on the 3' side, or on the 5' side at all: the general rules.
            const int last_special_q = n1 < 3 ? first_q : std::max(first_q, j - 3);
            for (int q = j - 1; q >= last_special_q; --q) {
                const int inner = (p == i + 1 && q == j - 1) ? cc_row(p)[q] : row[q];
                if (inner < kInf) best = std::min(best, inner + interior(i, j, t, p, q));
            }
            // Three contiguous operands: the loop vectorises.
            const int* cost = generic_loop_[n1];
            const int* inner_mismatch = inner_mismatch_row(p);
            int generic = kInf;
            for (int q = first_q; q < last_special_q; ++q)
                generic = std::min(generic, row[q] + inner_mismatch[q] + cost[j - q - 1]);
            best = std::min(best, generic + outer);
        }
        return std::min(best, kInf);
    }

    // min over u in [first, last] of left[u-1] + right[u]: one (min,+) dot product, the split
    // of an interval in two. Both operands are contiguous, so the loop vectorises.
    static int min_split(const int* left, const int* right, int first, int last) {
        int best = kInf;
        for (int u = first; u <= last; ++u) best = std::min(best, left[u - 1] + right[u]);
        return best;
    }

    // The best multiloop interior of (i,j): FML(i+1,u-1) + FM1(u,j-1).
    int best_multi_split(int i, int j) {
        return min_split(fml_row(i + 1), fm1_col(j - 1), i + kMinHairpin + 3, j - kMinHairpin - 2);
    }

    // The best split of FML(i,j) in two: FML(i,u-1) + FML(u,j).
    int best_fml_split(int i, int j) {
        return min_split(fml_row(i), fml_col(j), i + kMinHairpin + 2, j - kMinHairpin - 1);
    }

    // After row i, the share of the fill done: the work of a row grows as its length squared
    // (the multiloop splits), so rows i..n-1 hold about ((n-i)/n)^3 of it.
    static double fill_fraction(int i, int n) {
        const double rest = static_cast<double>(n - i) / n;
        return rest * rest * rest;
    }

    void fill(const MfeProgress& on_progress) {
        inner_mismatch_.assign(static_cast<std::size_t>(kMaxLoop + 1) * n_, 0);
        int reported = 0;  // permille
        for (int i = n_ - 1; i >= 0; --i) {
            if (on_progress) {
                const int permille = static_cast<int>(fill_fraction(i, n_) * 1000);
                if (permille > reported) on_progress(permille / 1000.0);
                reported = std::max(reported, permille);
            }
            if (i + 1 < n_) fill_inner_mismatch_row(i + 1);
            int* c = c_row(i);
            int* fml = fml_row(i);
            for (int j = i + kMinHairpin + 1; j < n_; ++j) {
                const int t = allowed_type(i, j);
                int cij = kInf;
                if (t != 0) {
                    cij = hairpin(i, j, t);
                    cij = std::min(cij, best_interior(i, j, t));
                    const int split = best_multi_split(i, j);
                    if (split < kInf) cij = std::min(cij, split + multi_closing(i, j, t));
                }
                if (no_lonely_pairs_) {
                    cc_row(i)[j] = cij;
                    cij = t != 0 ? stacked_inward(i, j, t) : kInf;
                }
                c[j] = cij;
                const int stem = cij < kInf ? cij + multi_stem(i, j, t) : kInf;
                const int fm1 = std::min(stem, fm1_col(j - 1)[i] + p_.ml_base);
                int fml_ij = std::min({stem, fml_row(i + 1)[j] + p_.ml_base,
                                       fml[j - 1] + p_.ml_base, best_fml_split(i, j)});
                fml_ij = std::min(fml_ij, kInf);
                fml[j] = fml_ij;
                fml_col(j)[i] = fml_ij;
                fm1_col(j)[i] = std::min(fm1, kInf);
            }
        }
        for (int j = 0; j < n_; ++j) {
            int best = f5_[j];
            for (int k = 0; k + kMinHairpin < j; ++k) {
                const int ckj = c_row(k)[j];
                if (ckj < kInf)
                    best = std::min(best, f5_[k] + ckj + exterior_stem(k, j, type(k, j)));
            }
            f5_[j + 1] = best;
        }
    }

    enum class Table { F5, C, CC, FML, FM1 };
    struct Interval {
        Table table;
        int i, j;
    };

    std::string traceback() {
        std::string structure(static_cast<std::size_t>(n_), '.');
        std::vector<Interval> todo;
        if (n_ > 0) todo.push_back({Table::F5, 0, n_ - 1});
        while (!todo.empty()) {
            const Interval at = todo.back();
            todo.pop_back();
            switch (at.table) {
                case Table::F5:
                    trace_exterior(at.j, todo);
                    break;
                case Table::C:
                    structure[at.i] = '(';
                    structure[at.j] = ')';
                    if (no_lonely_pairs_)
                        todo.push_back({Table::CC, at.i + 1, at.j - 1});
                    else
                        trace_pair(at.i, at.j, todo);
                    break;
                case Table::CC:
                    structure[at.i] = '(';
                    structure[at.j] = ')';
                    trace_pair(at.i, at.j, todo);
                    break;
                case Table::FM1:
                    trace_fm1(at.i, at.j, todo);
                    break;
                case Table::FML:
                    trace_fml(at.i, at.j, todo);
                    break;
            }
        }
        return structure;
    }

    [[noreturn]] static void broken(const char* where) {
        throw InternalError(std::string("MFE traceback found no candidate in ") + where);
    }

    void trace_exterior(int j, std::vector<Interval>& todo) {
        for (; j >= 0; --j) {
            const int target = f5_[j + 1];
            if (target == f5_[j]) continue;
            for (int k = 0; k + kMinHairpin < j; ++k) {
                const int ckj = c_row(k)[j];
                if (ckj < kInf && f5_[k] + ckj + exterior_stem(k, j, type(k, j)) == target) {
                    todo.push_back({Table::C, k, j});
                    if (k > 0) todo.push_back({Table::F5, 0, k - 1});
                    return;
                }
            }
            broken("the exterior loop");
        }
    }

    void trace_pair(int i, int j, std::vector<Interval>& todo) {
        const int t = type(i, j);
        const int target = cc_row(i)[j];
        if (hairpin(i, j, t) == target) return;
        bool found = false;
        for_each_interior(i, j, t, [&](int p, int q, int e) {
            if (e != target) return false;
            const bool stack = p == i + 1 && q == j - 1;
            todo.push_back({stack && no_lonely_pairs_ ? Table::CC : Table::C, p, q});
            found = true;
            return true;
        });
        if (found) return;
        const int closing = multi_closing(i, j, t);
        const int* left = fml_row(i + 1);
        const int* right = fm1_col(j - 1);
        for (int u = i + kMinHairpin + 3; u <= j - kMinHairpin - 2; ++u) {
            if (left[u - 1] + right[u] + closing == target) {
                todo.push_back({Table::FML, i + 1, u - 1});
                todo.push_back({Table::FM1, u, j - 1});
                return;
            }
        }
        broken("a pair");
    }

    void trace_fm1(int i, int j, std::vector<Interval>& todo) {
        for (; j > i; --j) {
            const int target = fm1_col(j)[i];
            const int cij = c_row(i)[j];
            if (cij < kInf && cij + multi_stem(i, j, type(i, j)) == target) {
                todo.push_back({Table::C, i, j});
                return;
            }
            if (fm1_col(j - 1)[i] + p_.ml_base != target) break;
        }
        broken("a multiloop helix");
    }

    void trace_fml(int i, int j, std::vector<Interval>& todo) {
        while (true) {
            const int target = fml_row(i)[j];
            const int cij = c_row(i)[j];
            if (cij < kInf && cij + multi_stem(i, j, type(i, j)) == target) {
                todo.push_back({Table::C, i, j});
                return;
            }
            if (fml_row(i + 1)[j] + p_.ml_base == target) {
                ++i;
                continue;
            }
            if (fml_row(i)[j - 1] + p_.ml_base == target) {
                --j;
                continue;
            }
            const int* left = fml_row(i);
            const int* right = fml_col(j);
            for (int u = i + kMinHairpin + 2; u <= j - kMinHairpin - 1; ++u) {
                if (left[u - 1] + right[u] == target) {
                    todo.push_back({Table::FML, i, u - 1});
                    todo.push_back({Table::FML, u, j});
                    return;
                }
            }
            broken("a multiloop segment");
        }
    }

    std::span<const std::uint8_t> s_;
    const StructureConstraint* constraint_;
    int n_;
    const EnergyParams& p_;
    Dangles dangles_;
    bool no_lonely_pairs_;
    int max_span_;
    std::vector<std::int8_t> base_;
    std::vector<std::size_t> row_start_, col_start_;
    // interior[n1+n2] + asymmetry of generic interior loops, by n1 and n2.
    int generic_loop_[kMaxLoop + 1][kMaxLoop + 1] = {};
    std::vector<int> inner_mismatch_;
    std::vector<int> c_, cc_, fml_row_, fml_col_, fm1_col_, f5_;
};

}  // namespace

std::uint64_t mfe_memory_bytes(std::size_t length, const MfeOptions& options) {
    const std::uint64_t n = length;
    const std::uint64_t tables = options.no_lonely_pairs ? 5 : 4;
    return tables * sizeof(int) * (n * (n + 1) / 2);
}

MfeResult fold_mfe(std::span<const std::uint8_t> sequence, const EnergyParams& params,
                   const MfeOptions& options, const StructureConstraint* constraint,
                   const MfeProgress& on_progress) {
    const std::uint64_t bytes = mfe_memory_bytes(sequence.size(), options);
    const auto pages = ::sysconf(_SC_PHYS_PAGES), page_size = ::sysconf(_SC_PAGE_SIZE);
    const std::uint64_t memory =
        pages > 0 && page_size > 0 ? static_cast<std::uint64_t>(pages) * page_size : 0;
    auto too_big = [&] {
        return ResourceError(fmt::format(
            "an MFE fold of {} nt needs {:.1f} GB for its tables and this machine has {:.1f} GB; "
            "fold shorter windows of the sequence",
            sequence.size(), bytes / 1e9, memory / 1e9));
    };
    if (memory != 0 && bytes > memory) throw too_big();
    try {
        MfeResult result = MfeEngine(sequence, params, options, constraint).run(on_progress);
        if (on_progress && !sequence.empty()) on_progress(1.0);
        return result;
    } catch (const std::bad_alloc&) {
        throw too_big();
    }
}

std::vector<MfeResult> fold_mfe_many(const std::vector<std::vector<std::uint8_t>>& sequences,
                                     const EnergyParams& params, const MfeOptions& options,
                                     ThreadPool* pool,
                                     const std::vector<StructureConstraint>* constraints,
                                     const ManyMfeProgress& on_progress) {
    std::vector<MfeResult> results(sequences.size());
    auto fold_one = [&](std::size_t r) {
        MfeProgress progress;
        if (on_progress && sequences[r].size() >= kMfeProgressMinLength)
            progress = [&on_progress, r](double fraction) { on_progress(r, fraction); };
        results[r] = fold_mfe(sequences[r], params, options,
                              constraints != nullptr ? &(*constraints)[r] : nullptr, progress);
    };
    if (pool == nullptr) {
        for (std::size_t r = 0; r < sequences.size(); ++r) fold_one(r);
    } else {
        pool->parallel_for(0, sequences.size(), fold_one, 1);
    }
    return results;
}

}  // namespace tropic::rna
