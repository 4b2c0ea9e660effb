#include "rna/ensemble/ensemble_summary.hpp"

#include <algorithm>
#include <cfloat>
#include <vector>

#include "rna/ensemble/ensemble_pair_sums.hpp"

namespace tropic::rna::detail {

EnsemblePairSums pair_sums(const ProbabilityView& p) {
    EnsemblePairSums out;
    out.pairing_tendency.assign(static_cast<std::size_t>(p.n), '.');
    for (int j = 0; j < p.n; ++j)
        out.pairing_tendency[static_cast<std::size_t>(j)] = pairing_tendency_of(p, p.n, j);
    out.centroid.assign(static_cast<std::size_t>(p.n), '.');
    EnsemblePairTotals totals;
    for (int i = 0; i < p.n; ++i)
        for (int j = i + kEnsembleMinHairpin + 1; j < p.n; ++j)
            if (totals.add(p(i, j))) {
                out.centroid[static_cast<std::size_t>(i)] = '(';
                out.centroid[static_cast<std::size_t>(j)] = ')';
            }
    out.centroid_distance = totals.centroid_distance;
    out.diversity = 2 * totals.half_diversity;
    return out;
}

PairProbabilities listed_pairs(const ProbabilityView& p, double threshold) {
    PairProbabilities out;
    for (int i = 0; i < p.n; ++i)
        for (int j = i + 1; j < p.n; ++j)
            if (const double v = p(i, j); pair_is_listed(v, threshold)) out.push_back({i, j, v});
    return out;
}

PairProbabilities listed_pairs(const PairProbabilities& listed, double threshold) {
    PairProbabilities out;
    for (const PairProbability& pair : listed)
        if (pair_is_listed(pair.probability, threshold)) out.push_back(pair);
    return out;
}

namespace {

// The MEA dynamic program over 1-based positions, as ViennaRNA's: M(i,j) = max(M(i,j-1) +
// pu[j], max over stored pairs (k,j), k >= i, of A(k,j) + M(i,k-1)), A(k,j) = 2 gamma p + M(k+1,
// j-1); a pair is stored for column j only when it beats every alternative for M(k,j).
class MeaSolver {
  public:
    // visit_pairs(f) calls f(i, j, P(i,j)) (0-based) for every pair that may have a probability
    // >= mea_cutoff(gamma), by increasing i, then j.
    template <class VisitPairs>
    MeaSolver(int n, double gamma, const VisitPairs& visit_pairs)
        : n_(n),
          gamma_(gamma),
          pu_(static_cast<std::size_t>(n_) + 2, 1.0),
          stored_(static_cast<std::size_t>(n_) + 2) {
        const double cutoff = mea_cutoff(gamma);
        std::vector<Pair> listed;
        visit_pairs([&](int i0, int j0, double v) {
            if (v < cutoff) return;
            const int i = i0 + 1, j = j0 + 1;
            const auto pf = static_cast<float>(v);
            listed.push_back({i, j, pf});
            pu_[i] -= pf;
            pu_[j] -= pf;
        });
        for (const Pair& pair : listed)
            if (pair.p * 2 * gamma_ > pu_[pair.i] + pu_[pair.j]) candidates_.push_back(pair);
        // Rows from the last base up, pairs of a row by increasing j.
        std::sort(candidates_.begin(), candidates_.end(),
                  [](const Pair& a, const Pair& b) { return a.i != b.i ? a.i > b.i : a.j < b.j; });
    }

    std::string solve(double& mea) {
        std::vector<double> row(static_cast<std::size_t>(n_) + 2, 0.0),
            inner(static_cast<std::size_t>(n_) + 2, 0.0);
        std::size_t next = 0;
        for (int i = n_; i > 0; --i) {
            row[i] = pu_[i];
            row[i - 1] = 0;
            for (int j = i + 1; j <= n_; ++j) {
                row[j] = row[j - 1] + pu_[j];
                for (const Stored& s : stored_[j]) row[j] = std::max(row[j], s.a + row[s.i - 1]);
                if (next < candidates_.size() && candidates_[next].i == i &&
                    candidates_[next].j == j) {
                    const double a = inner[j - 1] + 2 * gamma_ * candidates_[next].p;
                    if (row[j] < a) {
                        row[j] = a;
                        stored_[j].push_back(Stored{i, a});
                    }
                    ++next;
                }
            }
            std::swap(row, inner);  // inner: M(i, .) for the next row's M(i'+1, .)
        }
        mea = n_ > 0 ? inner[n_] : 0.0;
        std::string structure(static_cast<std::size_t>(n_), '.');
        if (n_ > 0) trace(1, n_, structure);
        return structure;
    }

  private:
    struct Pair {
        int i, j;
        float p;
    };
    struct Stored {
        int i;
        double a;
    };

    // M(i, k) for k = i..j again (the fill keeps one row), then the traceback of ViennaRNA.
    void trace(int i, int j, std::string& structure) {
        std::vector<double> m(static_cast<std::size_t>(n_) + 2, 0.0);
        m[i - 1] = 0;
        m[i] = pu_[i];
        for (int k = i + 1; k <= j; ++k) {
            m[k] = m[k - 1] + pu_[k];
            for (const Stored& s : stored_[k])
                if (s.i >= i) m[k] = std::max(m[k], s.a + m[s.i - 1]);
        }
        const double precision = DBL_EPSILON * m[j];
        while (j > i && m[j] <= m[j - 1] + pu_[j] + precision) --j;
        // The first stored pair that explains M(i,j), the one with the largest i (ViennaRNA's).
        for (const Stored& s : stored_[j]) {
            if (s.i < i) break;
            if (m[j] <= s.a + m[s.i - 1] + precision) {
                structure[static_cast<std::size_t>(s.i - 1)] = '(';
                structure[static_cast<std::size_t>(j - 1)] = ')';
                if (s.i - 1 > i) trace(i, s.i - 1, structure);
                if (s.i + 1 < j - 1) trace(s.i + 1, j - 1, structure);
                return;
            }
        }
    }

    int n_;
    double gamma_;
    std::vector<double> pu_;
    std::vector<Pair> candidates_;
    std::vector<std::vector<Stored>> stored_;  // by j, pairs (i, j) by decreasing i
};

}  // namespace

double mea_cutoff(double gamma) {
    return 1e-4 / (1 + gamma);
}

std::string mea_structure(const ProbabilityView& p, double gamma, double& mea) {
    return MeaSolver(p.n, gamma,
                     [&](const auto& f) {
                         for (int i = 0; i < p.n; ++i)
                             for (int j = i + 1; j < p.n; ++j) f(i, j, p(i, j));
                     })
        .solve(mea);
}

std::string mea_structure(const PairProbabilities& listed, int n, double gamma, double& mea) {
    return MeaSolver(n, gamma,
                     [&](const auto& f) {
                         for (const PairProbability& pair : listed)
                             f(pair.i, pair.j, pair.probability);
                     })
        .solve(mea);
}

}  // namespace tropic::rna::detail
