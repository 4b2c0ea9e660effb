#include "rna/ensemble/ensemble_sampling.hpp"

#include <random>

#include "core/internal/seed_mixing.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::rna::detail {

namespace {

// Draws one structure. Each choice picks a term of a table entry's sum with probability
// term / entry, walking the terms in the order the fill adds them; rounding may leave the draw
// past the last term, which then takes the last non-zero one.
class Sampler {
  public:
    Sampler(const EnsembleFold& fold, std::uint64_t seed)
        : f_(fold), m_(fold.setup.model), s_(fold.tables), rng_(seed) {}

    std::string draw() {
        structure_.assign(static_cast<std::size_t>(f_.n()), '.');
        exterior();
        return structure_;
    }

  private:
    double uniform() { return static_cast<double>(rng_() >> 11) * 0x1.0p-53; }

    void exterior() {
        int j = f_.n();
        const double unpaired = m_.scale_pow[1];
        while (j > 0) {
            double r = uniform() * f_.z5[j];
            const double left_open = f_.z5[j - 1] * unpaired;
            if (r < left_open) {
                --j;
                continue;
            }
            r -= left_open;
            int chosen = -1;
            for (int k = 0; k + kEnsembleMinHairpin < j - 1; ++k) {
                const double qb = s_.qb[s_.at(k, j - 1)];
                if (qb == 0.0) continue;
                chosen = k;
                r -= f_.z5[k] * qb * m_.exterior_stem(k, j - 1, m_.type(k, j - 1));
                if (r < 0) break;
            }
            if (chosen < 0) {  // only rounding can bring us here: Z5(j) is Z5(j-1) / s
                --j;
                continue;
            }
            pair(chosen, j - 1);
            j = chosen;
        }
    }

    void pair(int i, int j) {
        structure_[static_cast<std::size_t>(i)] = '(';
        structure_[static_cast<std::size_t>(j)] = ')';
        const int t = m_.allowed_type(i, j);
        double r = uniform() * s_.qb[s_.at(i, j)];
        r -= m_.hairpin(i, j, t);
        if (r < 0) return;
        int last_p = std::min(i + kMaxLoop + 1, j - kEnsembleMinHairpin - 2);
        int chosen_p = -1, chosen_q = -1;
        for (int p = i + 1; p <= last_p && r >= 0; ++p) {
            const int n1 = p - i - 1;
            const int first_q = std::max(p + kEnsembleMinHairpin + 1, j - 1 - (kMaxLoop - n1));
            for (int q = j - 1; q >= first_q; --q) {
                const double qb = s_.qb[s_.at(p, q)];
                if (qb == 0.0) continue;
                chosen_p = p;
                chosen_q = q;
                r -= qb * m_.interior(i, j, t, p, q);
                if (r < 0) break;
            }
        }
        if (r < 0) return pair(chosen_p, chosen_q);
        const double closing = m_.multi_closing(i, j, t);
        const int first_u = i + kEnsembleMinHairpin + 3, last_u = j - kEnsembleMinHairpin - 2;
        int chosen_u = -1;
        for (int u = first_u; u <= last_u; ++u) {
            const double term = s_.qm[s_.at(i + 1, u - 1)] * s_.qm1[s_.at(u, j - 1)];
            if (term == 0.0) continue;
            chosen_u = u;
            r -= term * closing;
            if (r < 0) break;
        }
        if (chosen_u < 0) {
            if (chosen_p >= 0) return pair(chosen_p, chosen_q);
            return;  // the hairpin, past rounding
        }
        multi(i + 1, chosen_u - 1);
        multi_one(chosen_u, j - 1);
    }

    // Qm1(i,j): the helix (i,l), then unpaired bases to j.
    void multi_one(int i, int j) {
        double r = uniform() * s_.qm1[s_.at(i, j)];
        int chosen = -1;
        for (int l = i + kEnsembleMinHairpin + 1; l <= j; ++l) {
            const double qb = s_.qb[s_.at(i, l)];
            if (qb == 0.0) continue;
            chosen = l;
            r -= qb * m_.multi_stem(i, l, m_.type(i, l)) * s_.ml_unpaired[j - l];
            if (r < 0) break;
        }
        if (chosen < 0) throw InternalError("sampling: Qm1 has no helix to draw");
        pair(i, chosen);
    }

    // Qm(i,j): the last helix starts at u, after unpaired bases or after more helices.
    void multi(int i, int j) {
        for (;;) {
            double r = uniform() * s_.qm[s_.at(i, j)];
            int chosen = -1;
            bool more = false;
            for (int u = i; u + kEnsembleMinHairpin < j; ++u) {
                const double qm1 = s_.qm1[s_.at(u, j)];
                if (qm1 == 0.0) continue;
                chosen = u;
                more = false;
                r -= s_.ml_unpaired[u - i] * qm1;
                if (r < 0) break;
                if (u - 1 - i > kEnsembleMinHairpin) {
                    more = true;
                    r -= s_.qm[s_.at(i, u - 1)] * qm1;
                    if (r < 0) break;
                }
            }
            if (chosen < 0) throw InternalError("sampling: Qm has no helix to draw");
            multi_one(chosen, j);
            if (!more) return;
            j = chosen - 1;
        }
    }

    const EnsembleFold& f_;
    const EnsembleModel& m_;
    const EnsembleTables& s_;
    std::mt19937_64 rng_;
    std::string structure_;
};

}  // namespace

std::vector<std::string> sample_structures(const EnsembleFold& fold, std::size_t count,
                                           std::uint64_t seed, ThreadPool* pool) {
    std::vector<std::string> out(count);
    auto draw = [&](std::size_t k) { out[k] = Sampler(fold, splitmix64(seed + k)).draw(); };
    parallel_for(pool, 0, count, draw, 16);
    return out;
}

}  // namespace tropic::rna::detail
