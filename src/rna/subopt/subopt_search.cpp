// The depth-first search of subopt_search.hpp, iterative: one frame per pending interval being
// expanded, each with a cursor over its alternatives, so that deep structures (long sequences)
// need no call stack and the frames take O(n) memory.
#include "rna/subopt/subopt_search.hpp"

#include <algorithm>
#include <utility>

namespace tropic::rna::detail {

namespace {

constexpr int kInf = kInfEnergy;
constexpr int kTurn = kMfeMinHairpin;  // a pair (i,j) needs j - i > kTurn

}  // namespace

SuboptSearch::SuboptSearch(const MfeTables& tables, const std::vector<int>* f3)
    : t_(tables), m_(tables.model()), f3_(f3), n_(tables.length()) {}

int SuboptSearch::bound(const SuboptInterval& x) const {
    switch (x.kind) {
        case SuboptKind::F5:
            return t_.f5(x.j);
        case SuboptKind::F3:
            return (*f3_)[x.i];
        case SuboptKind::C:
            return t_.c(x.i, x.j);
        case SuboptKind::CC:
            return t_.cc(x.i, x.j);
        case SuboptKind::M:
            return x.j >= x.i ? t_.fml(x.i, x.j) : kInf;
        case SuboptKind::M1:
            return x.j >= x.i ? t_.fm1(x.i, x.j) : kInf;
    }
    return kInf;
}

bool SuboptSearch::fits(Alternative& alt, int budget) const {
    int total = alt.cost;
    for (int k = 0; k < alt.count; ++k) {
        const int b = bound(alt.next[k]);
        if (b >= kInf) return false;
        total += b;
    }
    return total <= budget;
}

void SuboptSearch::begin(Frame& f) {
    f.phase = 0;
    f.a = f.b = 0;
    f.pushed = 0;
}

bool SuboptSearch::next_alternative(Frame& f, int budget, Alternative& alt) const {
    switch (f.interval.kind) {
        case SuboptKind::F5:
            return next_exterior5(f, budget, alt);
        case SuboptKind::F3:
            return next_exterior3(f, budget, alt);
        case SuboptKind::C:
        case SuboptKind::CC:
            return next_closing(f, budget, alt);
        case SuboptKind::M:
            return next_multi(f, budget, alt);
        case SuboptKind::M1:
            return next_multi1(f, budget, alt);
    }
    return false;
}

bool SuboptSearch::next_exterior5(Frame& f, int budget, Alternative& alt) const {
    const int len = f.interval.j, l = len - 1;
    if (f.phase == 0) {  // base l unpaired
        f.phase = 1;
        alt = {};
        if (l > 0) alt = {0, 1, {{SuboptKind::F5, 0, l}}};
        if (fits(alt, budget)) return true;
    }
    for (; f.a + kTurn < l; ++f.a) {  // l pairs with k
        const int k = f.a;
        if (t_.c(k, l) >= kInf) continue;
        alt = {m_.exterior_stem(k, l, m_.type(k, l)), 1, {{SuboptKind::C, k, l}}};
        if (k > 0) alt.next[alt.count++] = {SuboptKind::F5, 0, k};
        if (fits(alt, budget)) {
            ++f.a;
            return true;
        }
    }
    return false;
}

bool SuboptSearch::next_exterior3(Frame& f, int budget, Alternative& alt) const {
    const int x = f.interval.i;
    if (f.phase == 0) {  // base x unpaired
        f.phase = 1;
        f.a = x + kTurn + 1;
        alt = {};
        if (x + 1 < n_) alt = {0, 1, {{SuboptKind::F3, x + 1, 0}}};
        if (fits(alt, budget)) return true;
    }
    for (; f.a < n_; ++f.a) {  // x pairs with l
        const int l = f.a;
        if (t_.c(x, l) >= kInf) continue;
        alt = {m_.exterior_stem(x, l, m_.type(x, l)), 1, {{SuboptKind::C, x, l}}};
        if (l + 1 < n_) alt.next[alt.count++] = {SuboptKind::F3, l + 1, 0};
        if (fits(alt, budget)) {
            ++f.a;
            return true;
        }
    }
    return false;
}

bool SuboptSearch::next_closing(Frame& f, int budget, Alternative& alt) const {
    const int i = f.interval.i, j = f.interval.j, t = m_.type(i, j);
    if (f.interval.kind == SuboptKind::C && m_.no_lonely_pairs) {
        // Stacked on (i+1,j-1), which may close anything.
        if (f.phase != 0) return false;
        f.phase = 3;
        alt = {m_.interior(i, j, t, i + 1, j - 1), 1, {{SuboptKind::CC, i + 1, j - 1}}};
        return fits(alt, budget);
    }
    if (f.phase == 0) {
        f.phase = 1;
        f.a = i + 1;  // p
        f.b = j - 1;  // q
        alt = {m_.hairpin(i, j, t), 0, {}};
        if (fits(alt, budget)) return true;
    }
    if (f.phase == 1) {
        // Interior loops: inner pair (p,q) with at most kMaxLoop unpaired bases, p increasing,
        // q decreasing.
        const int last_p = std::min(i + kMaxLoop + 1, j - kTurn - 2);
        for (; f.a <= last_p; ++f.a, f.b = j - 1) {
            const int p = f.a, n1 = p - i - 1;
            const int first_q = std::max(p + kTurn + 1, j - 1 - (kMaxLoop - n1));
            for (; f.b >= first_q;) {
                const int q = f.b--;
                const bool stack = p == i + 1 && q == j - 1;
                const SuboptKind kind =
                    stack && m_.no_lonely_pairs ? SuboptKind::CC : SuboptKind::C;
                if (bound({kind, p, q}) >= kInf) continue;
                alt = {m_.interior(i, j, t, p, q), 1, {{kind, p, q}}};
                if (fits(alt, budget)) return true;
            }
        }
        f.phase = 2;
        f.a = i + kTurn + 3;  // u: FML(i+1,u-1) needs u - 1 >= i + 1 + kTurn + 1
    }
    if (f.phase == 2) {
        // Multiloops: the helices of i+1..u-1, then one helix starting at u.
        const int closing = m_.multi_closing(i, j, t);
        for (; f.a <= j - kTurn - 2; ++f.a) {
            const int u = f.a;
            alt = {closing, 2, {{SuboptKind::M, i + 1, u - 1}, {SuboptKind::M1, u, j - 1}}};
            if (fits(alt, budget)) {
                ++f.a;
                return true;
            }
        }
        f.phase = 3;
    }
    return false;
}

bool SuboptSearch::next_multi(Frame& f, int budget, Alternative& alt) const {
    const int i = f.interval.i, j = f.interval.j;
    const int ml_base = m_.params->ml_base;
    if (f.phase == 0) {  // i unpaired
        f.phase = 1;
        alt = {ml_base, 1, {{SuboptKind::M, i + 1, j}}};
        if (fits(alt, budget)) return true;
    }
    if (f.phase == 1) {  // one helix starting at i, then unpaired bases
        f.phase = 2;
        f.a = i + kTurn + 1;
        alt = {0, 1, {{SuboptKind::M1, i, j}}};
        if (fits(alt, budget)) return true;
    }
    // A helix (i,v), then more helices in v+1..j.
    for (; i > 0 && f.a + kTurn + 1 < j; ++f.a) {
        const int v = f.a;
        if (t_.c(i, v) >= kInf) continue;
        alt = {m_.multi_stem(i, v, m_.type(i, v)),
               2,
               {{SuboptKind::C, i, v}, {SuboptKind::M, v + 1, j}}};
        if (fits(alt, budget)) {
            ++f.a;
            return true;
        }
    }
    return false;
}

bool SuboptSearch::next_multi1(Frame& f, int budget, Alternative& alt) const {
    const int i = f.interval.i, j = f.interval.j;
    if (f.phase == 0) {  // j unpaired
        f.phase = 1;
        alt = {m_.params->ml_base, 1, {{SuboptKind::M1, i, j - 1}}};
        if (fits(alt, budget)) return true;
    }
    if (f.phase == 1) {  // the helix (i,j); never one touching the sequence's ends
        f.phase = 2;
        if (i == 0 || j + 1 >= n_ || t_.c(i, j) >= kInf) return false;
        alt = {m_.multi_stem(i, j, m_.type(i, j)), 1, {{SuboptKind::C, i, j}}};
        return fits(alt, budget);
    }
    return false;
}

void SuboptSearch::run(std::string structure, std::vector<SuboptInterval> pending, int energy,
                       int threshold, const std::function<bool(const std::string&, int)>& found) {
    int pending_bound = 0;
    for (const SuboptInterval& x : pending) {
        const int b = bound(x);
        if (b >= kInf) return;
        pending_bound += b;
    }
    if (energy + pending_bound > threshold) return;
    std::vector<Frame> frames;
    frames.reserve(static_cast<std::size_t>(3 * n_ + 4));
    int current = energy;
    auto is_pair = [](SuboptKind kind) { return kind == SuboptKind::C || kind == SuboptKind::CC; };
    while (true) {
        if (pending.empty()) {
            if (!found(structure, current)) return;
        } else {
            Frame f{};
            f.interval = pending.back();
            pending.pop_back();
            f.energy = current;
            f.rest = pending_bound - bound(f.interval);
            pending_bound = f.rest;
            begin(f);
            if (is_pair(f.interval.kind)) {
                structure[f.interval.i] = '(';
                structure[f.interval.j] = ')';
            }
            frames.push_back(f);
        }
        // Next alternative of the innermost frame that has one; exhausted frames give their
        // interval back.
        bool descended = false;
        while (!frames.empty() && !descended) {
            Frame& f = frames.back();
            for (; f.pushed > 0; --f.pushed) {
                pending_bound -= bound(pending.back());
                pending.pop_back();
            }
            Alternative alt;
            if (next_alternative(f, threshold - f.energy - f.rest, alt)) {
                for (int k = 0; k < alt.count; ++k) {
                    pending.push_back(alt.next[k]);
                    pending_bound += bound(alt.next[k]);
                }
                f.pushed = alt.count;
                current = f.energy + alt.cost;
                descended = true;
                break;
            }
            if (is_pair(f.interval.kind)) {
                structure[f.interval.i] = '.';
                structure[f.interval.j] = '.';
            }
            pending.push_back(f.interval);
            pending_bound = f.rest + bound(f.interval);
            frames.pop_back();
        }
        if (!descended) return;
    }
}

}  // namespace tropic::rna::detail
