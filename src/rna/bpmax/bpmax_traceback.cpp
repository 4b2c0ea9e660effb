// Traceback of a BPMax site: from the box's F value down to the pairs that make it, trying the
// terms of the recurrence (bpmax.hpp) in a fixed order and following the first whose value
// matches. Pairs of weight 0 are never taken (an equal split always exists, since F and S grow
// with their intervals), so every reported pair can form. Iterative, with an explicit stack.
#include <fmt/format.h>

#include <vector>

#include "rna/bpmax/bpmax_tables.hpp"
#include "tropic/core/error.hpp"

namespace tropic::rna::detail {

namespace {

enum class Part { F, S1, S2 };

// A piece still to trace: a box of F, or an interval of S1 (i1..j1) or S2 (i2..j2, on r).
struct Piece {
    Part part;
    std::size_t i1, j1, i2, j2;
};

template <typename Score>
class Tracer {
  public:
    Tracer(const Problem<Score>& p, const InteractionTables<Score>& f)
        : p_(p), f_(f), n2_(p.r.size()) {}

    std::vector<BpmaxPair> trace(const SiteBox& box) {
        stack_.push_back({Part::F, box.i1, box.j1, box.i2, box.j2});
        while (!stack_.empty()) {
            Piece x = stack_.back();
            stack_.pop_back();
            if (x.part == Part::F)
                trace_box(x.i1, x.j1, x.i2, x.j2);
            else
                trace_strand(x.part, x.part == Part::S1 ? x.i1 : x.i2,
                             x.part == Part::S1 ? x.j1 : x.j2);
        }
        return std::move(pairs_);
    }

  private:
    void intra(Part strand, std::size_t i, std::size_t j) {
        if (strand == Part::S1)
            pairs_.push_back({BpmaxPairKind::Intra1, i, j});
        else
            pairs_.push_back({BpmaxPairKind::Intra2, n2_ - 1 - j, n2_ - 1 - i});
    }

    void trace_strand(Part strand, std::size_t i, std::size_t j) {
        const StrandTable<Score>& s = strand == Part::S1 ? p_.strand1 : p_.strand2;
        auto base = [&](std::size_t k) { return strand == Part::S1 ? p_.s1[k] : p_.r[k]; };
        auto push = [&](std::size_t a, std::size_t b) {
            stack_.push_back(strand == Part::S1 ? Piece{strand, a, b, 0, 0}
                                                : Piece{strand, 0, 0, a, b});
        };
        const Score v = s(i, j);
        if (j - i < kBpmaxMinPairSpan || v == 0) return;
        const Score w = p_.w(base(i), base(j));
        if (w > 0 && v == s(i + 1, j - 1) + w) {
            intra(strand, i, j);
            push(i + 1, j - 1);
            return;
        }
        for (std::size_t k = i; k < j; ++k)
            if (v == s(i, k) + s(k + 1, j)) {
                push(i, k);
                push(k + 1, j);
                return;
            }
        fail("S", i, j, 0, 0);
    }

    void trace_box(std::size_t i1, std::size_t j1, std::size_t i2, std::size_t j2) {
        const Score v = f_(i1, j1, i2, j2);
        const StrandTable<Score>&s1 = p_.strand1, &s2 = p_.strand2;
        if (i1 == j1 && i2 == j2) {
            if (v > 0) pairs_.push_back({BpmaxPairKind::Inter, i1, n2_ - 1 - i2});
            return;
        }
        if (v == 0) return;
        auto push_f = [&](std::size_t a1, std::size_t b1, std::size_t a2, std::size_t b2) {
            stack_.push_back({Part::F, a1, b1, a2, b2});
        };
        if (v == s1(i1, j1) + s2(i2, j2)) {
            stack_.push_back({Part::S1, i1, j1, 0, 0});
            stack_.push_back({Part::S2, 0, 0, i2, j2});
            return;
        }
        if (j1 - i1 >= kBpmaxMinPairSpan) {
            const Score w = p_.w(p_.s1[i1], p_.s1[j1]);
            if (w > 0 && v == f_(i1 + 1, j1 - 1, i2, j2) + w) {
                intra(Part::S1, i1, j1);
                return push_f(i1 + 1, j1 - 1, i2, j2);
            }
        }
        if (j2 - i2 >= kBpmaxMinPairSpan) {
            const Score w = p_.w(p_.r[i2], p_.r[j2]);
            if (w > 0 && v == f_(i1, j1, i2 + 1, j2 - 1) + w) {
                intra(Part::S2, i2, j2);
                return push_f(i1, j1, i2 + 1, j2 - 1);
            }
        }
        for (std::size_t k1 = i1; k1 < j1; ++k1) {
            if (v == s1(i1, k1) + f_(k1 + 1, j1, i2, j2)) {
                stack_.push_back({Part::S1, i1, k1, 0, 0});
                return push_f(k1 + 1, j1, i2, j2);
            }
            if (v == f_(i1, k1, i2, j2) + s1(k1 + 1, j1)) {
                stack_.push_back({Part::S1, k1 + 1, j1, 0, 0});
                return push_f(i1, k1, i2, j2);
            }
        }
        for (std::size_t k2 = i2; k2 < j2; ++k2) {
            if (v == s2(i2, k2) + f_(i1, j1, k2 + 1, j2)) {
                stack_.push_back({Part::S2, 0, 0, i2, k2});
                return push_f(i1, j1, k2 + 1, j2);
            }
            if (v == f_(i1, j1, i2, k2) + s2(k2 + 1, j2)) {
                stack_.push_back({Part::S2, 0, 0, k2 + 1, j2});
                return push_f(i1, j1, i2, k2);
            }
        }
        for (std::size_t k1 = i1; k1 < j1; ++k1)
            for (std::size_t k2 = i2; k2 < j2; ++k2)
                if (v == f_(i1, k1, i2, k2) + f_(k1 + 1, j1, k2 + 1, j2)) {
                    push_f(i1, k1, i2, k2);
                    return push_f(k1 + 1, j1, k2 + 1, j2);
                }
        fail("F", i1, j1, i2, j2);
    }

    [[noreturn]] static void fail(const char* table, std::size_t a, std::size_t b, std::size_t c,
                                  std::size_t d) {
        throw InternalError(fmt::format(
            "BPMax traceback: no term of {} matches at ({}, {}, {}, {})", table, a, b, c, d));
    }

    const Problem<Score>& p_;
    const InteractionTables<Score>& f_;
    std::size_t n2_;
    std::vector<Piece> stack_;
    std::vector<BpmaxPair> pairs_;
};

}  // namespace

template <typename Score>
std::vector<BpmaxPair> trace_site(const Problem<Score>& problem, const InteractionTables<Score>& f,
                                  const SiteBox& box) {
    return Tracer<Score>(problem, f).trace(box);
}

template std::vector<BpmaxPair> trace_site<std::int16_t>(const Problem<std::int16_t>&,
                                                         const InteractionTables<std::int16_t>&,
                                                         const SiteBox&);
template std::vector<BpmaxPair> trace_site<std::int32_t>(const Problem<std::int32_t>&,
                                                         const InteractionTables<std::int32_t>&,
                                                         const SiteBox&);

}  // namespace tropic::rna::detail
