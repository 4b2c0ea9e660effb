#pragma once
// Depth-first enumeration of the structures below an energy threshold (Wuchty et al. 1999),
// over the filled MFE tables (mfe_tables.hpp). A partial structure is a set of pairs, the energy
// of its decided loops and a stack of pending intervals, each standing for a part of the
// structure still to choose; the table value of an interval is the best energy it can still add,
// so a branch whose decided energy plus the table values of its pending intervals exceeds the
// threshold is cut, and every branch that is kept ends in at least one structure (the tables are
// exact minima). The intervals decompose unambiguously, so each structure is found once:
//   F5(len)  exterior loop of bases 0..len-1: len-1 unpaired, or len-1 pairs with some k
//   F3(x)    exterior loop of bases x..n-1 (Zuker's outside only): x unpaired, or x pairs
//   C(i,j)   pair (i,j) closing a hairpin, an interior loop or a multiloop; without lonely pairs
//            C(i,j) is (i,j) stacked on (i+1,j-1), and CC(i,j) closes any loop (mfe.hpp)
//   M(i,j)   part of a multiloop holding one or more helices: i unpaired, or a helix (i,v)
//            followed by M(v+1,j), or a helix (i,v) followed by unpaired bases only (M1)
//   M1(i,j)  one helix starting at i, then unpaired bases: j unpaired, or the helix (i,j)
// The search keeps one partial structure and undoes each choice when it backtracks, so its
// memory is linear in the length whatever the number of structures.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "rna/mfe/mfe_tables.hpp"

namespace tropic::rna::detail {

enum class SuboptKind : std::uint8_t { F5, F3, C, CC, M, M1 };

struct SuboptInterval {
    SuboptKind kind;
    std::int32_t i, j;  // F5: j = len; F3: i = x
};

class SuboptSearch {
  public:
    // `f3` (n + 1 values, f3[n] = 0) is needed only for F3 intervals.
    explicit SuboptSearch(const MfeTables& tables, const std::vector<int>* f3 = nullptr);

    // Every completion of `pending` (with `pairs` already in `structure`, n characters) whose
    // total energy, `energy` plus what the intervals add, is at most `threshold`, in the
    // search's order. `found(structure, energy)` returns false to stop the search.
    void run(std::string structure, std::vector<SuboptInterval> pending, int energy, int threshold,
             const std::function<bool(const std::string&, int)>& found);

    // The best energy `interval` can add (its table value), kInfEnergy when it cannot form.
    int bound(const SuboptInterval& interval) const;

  private:
    struct Alternative {
        int cost = 0;  // energy of the loop it decides
        int count = 0;
        SuboptInterval next[2];
    };
    struct Frame {
        SuboptInterval interval;
        int energy;     // decided before the interval was taken
        int rest;       // table values of the other pending intervals
        int phase = 0;  // which kind of alternative the cursor is at
        int a = 0, b = 0;
        int pushed = 0;  // intervals the current alternative pushed
    };

    void begin(Frame& frame);
    bool next_alternative(Frame& frame, int budget, Alternative& alt) const;
    bool next_exterior5(Frame& f, int budget, Alternative& alt) const;
    bool next_exterior3(Frame& f, int budget, Alternative& alt) const;
    bool next_closing(Frame& f, int budget, Alternative& alt) const;
    bool next_multi(Frame& f, int budget, Alternative& alt) const;
    bool next_multi1(Frame& f, int budget, Alternative& alt) const;
    // Alternative `alt` when its cost and table values fit in `budget`.
    bool fits(Alternative& alt, int budget) const;

    const MfeTables& t_;
    const MfeModel& m_;
    const std::vector<int>* f3_;
    int n_;
};

}  // namespace tropic::rna::detail
