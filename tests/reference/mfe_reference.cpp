#include "reference/mfe_reference.hpp"

#include <algorithm>
#include <vector>

namespace tropic::reference {

namespace {

constexpr int kInf = rna::kInfEnergy;

class Reference {
  public:
    Reference(std::span<const std::uint8_t> s, const rna::EnergyParams& p, rna::Dangles d)
        : s_(s), n_(static_cast<int>(s.size())), p_(p), d_(d) {
        const auto cells = static_cast<std::size_t>(n_ + 1) * static_cast<std::size_t>(n_ + 1);
        pair_.assign(cells, kUnknown);
        multi_.assign(cells, kUnknown);
    }

    int exterior() {
        // W(j): best energy of the prefix 0..j-1.
        std::vector<int> w(static_cast<std::size_t>(n_) + 1, 0);
        for (int j = 1; j <= n_; ++j) {
            w[j] = w[j - 1];
            const int l = j - 1;
            for (int k = 0; k < l; ++k) {
                const int v = pair(k, l);
                if (v >= kInf) continue;
                const int n5 = k > 0 ? rna::param_base(s_[k - 1]) : -1;
                const int n3 = l + 1 < n_ ? rna::param_base(s_[l + 1]) : -1;
                w[j] = std::min(w[j],
                                w[k] + v + rna::exterior_stem_energy(p_, type(k, l), n5, n3, d_));
            }
        }
        return w[n_];
    }

  private:
    static constexpr int kUnknown = -kInf - 1;

    int type(int i, int j) const { return rna::pair_type(s_[i], s_[j]); }
    int base(int k) const { return rna::param_base(s_[k]); }
    std::size_t at(int i, int j) const {
        return static_cast<std::size_t>(i) * static_cast<std::size_t>(n_ + 1) +
               static_cast<std::size_t>(j);
    }

    // A helix (k,l) inside a multiloop with its stem terms.
    int stem(int k, int l) {
        const int v = pair(k, l);
        if (v >= kInf) return kInf;
        return v + rna::multi_stem_energy(p_, type(k, l), base(k - 1), base(l + 1), d_);
    }

    // Energy of the structure closed by the pair (i,j); kInf when they cannot pair.
    int pair(int i, int j) {
        if (j - i - 1 < 3 || type(i, j) == 0) return kInf;
        int& memo = pair_[at(i, j)];
        if (memo != kUnknown) return memo;
        const int t = type(i, j);
        int best = rna::hairpin_energy(p_, t, j - i - 1, base(i + 1), base(j - 1), &s_[i]);
        for (int k = i + 1; k < j; ++k)
            for (int l = k + 4; l < j; ++l) {
                if ((k - i - 1) + (j - l - 1) > rna::kMaxLoop) continue;
                const int v = pair(k, l);
                if (v >= kInf) continue;
                best = std::min(best, v + rna::interior_energy(p_, k - i - 1, j - l - 1, t,
                                                               type(l, k), base(i + 1), base(j - 1),
                                                               base(k - 1), base(l + 1)));
            }
        // Multiloop: the first helix (k,l), then at least one more helix in l+1..j-1.
        const int closing = p_.ml_closing + rna::multi_stem_energy(p_, rna::reverse_pair_type(t),
                                                                   base(j - 1), base(i + 1), d_);
        for (int k = i + 1; k < j; ++k)
            for (int l = k + 4; l < j; ++l) {
                const int first = stem(k, l);
                const int rest = multi(l + 1, j - 1);
                if (first >= kInf || rest >= kInf) continue;
                best = std::min(best, closing + p_.ml_base * (k - i - 1) + first + rest);
            }
        return memo = best;
    }

    // Part i..j of a multiloop holding at least one helix; kInf when none fits.
    int multi(int i, int j) {
        if (j - i < 4) return kInf;
        int& memo = multi_[at(i, j)];
        if (memo != kUnknown) return memo;
        int best = kInf;
        for (int k = i; k < j; ++k)
            for (int l = k + 4; l <= j; ++l) {
                const int first = stem(k, l);
                if (first >= kInf) continue;
                int rest = p_.ml_base * (j - l);
                if (l + 1 <= j) rest = std::min(rest, multi(l + 1, j));
                best = std::min(best, p_.ml_base * (k - i) + first + rest);
            }
        return memo = best;
    }

    std::span<const std::uint8_t> s_;
    int n_;
    const rna::EnergyParams& p_;
    rna::Dangles d_;
    std::vector<int> pair_, multi_;
};

}  // namespace

int mfe_reference_energy(std::span<const std::uint8_t> sequence, const rna::EnergyParams& params,
                         rna::Dangles dangles) {
    return Reference(sequence, params, dangles).exterior();
}

}  // namespace tropic::reference
