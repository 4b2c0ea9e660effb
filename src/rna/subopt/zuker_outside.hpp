#pragma once
// Zuker's outside table over one MFE fill (private to src/rna/subopt): Out(k,l), the best
// energy of everything outside the pair (k,l), so that C(k,l) + Out(k,l) is the best structure
// containing it, and the traceback of that structure. Out is filled from the outermost pairs
// inwards: (k,l) leaves the exterior loop, or is the inner pair of an interior loop closed by
// (i,j), or a helix of a multiloop closed by (i,j), with the other helices of that multiloop on
// its left, its right or both. The device computes the same table (cuda/zuker_outside.cu) from
// the same cases.
#include <string>
#include <vector>

#include "rna/mfe/mfe_tables.hpp"

namespace tropic {
class ThreadPool;
}

namespace tropic::rna::detail {

// The best exterior loop of bases x..n-1 for x = 0..n (F5 read from the other end; f3[n] = 0).
std::vector<int> zuker_exterior_f3(const MfeTables& tables);

class ZukerOutside {
  public:
    // Fills F3 and Out on the calling thread, or sharing each step of Out among `pool`'s threads.
    explicit ZukerOutside(const MfeTables& tables, ThreadPool* pool = nullptr);
    // Adopts F3 (zuker_exterior_f3), Out and the multiloop vectors of every l (each n x n,
    // see out_table, up_table and ml_table) computed elsewhere for `tables`.
    ZukerOutside(const MfeTables& tables, std::vector<int> f3, std::vector<int> out,
                 std::vector<int> up, std::vector<int> ml);

    int out(int i, int j) const { return out_[index(i, j)]; }
    const std::vector<int>& f3() const { return f3_; }
    // Out(k,l) at [k n + l], kInfEnergy where (k,l) cannot form.
    const std::vector<int>& out_table() const { return out_; }
    // The multiloop vectors of fill_outside for every l: up[i] at [l n + i] (the best closing
    // pair (i,j), j > l, with l+1..j-1 unpaired), ml[i] likewise (with helices in l+1..j-1);
    // kInfEnergy where none, and for i >= l.
    const std::vector<int>& up_table() const { return up_; }
    const std::vector<int>& ml_table() const { return ml_; }

    // The best structure containing (k,l), of energy `target` = C(k,l) + Out(k,l): the outside
    // path by the cases above, the parts left (exterior prefix and suffix, multiloop segments,
    // the inside of (k,l)) by the search of subopt_search.hpp at exactly the target energy,
    // taking the first structure it finds. Reads only the tables: calls may run in parallel.
    std::string trace(int k, int l, int target) const;

  private:
    std::size_t index(int i, int j) const {
        return static_cast<std::size_t>(i) * static_cast<std::size_t>(n_) +
               static_cast<std::size_t>(j);
    }
    // FML of a multiloop segment, kInfEnergy when it is too short to hold a helix.
    int segment(int i, int j) const;
    int exterior(int k, int l) const;
    void fill_outside(ThreadPool* pool);

    const MfeTables& t_;
    const MfeModel& m_;
    int n_;
    // The multiloop that closes around (i,j): the enclosing pair (p,q) and which of its
    // segments hold helices; false when none gives Out(i,j).
    struct Enclosing {
        int p = -1, q = -1, choice = -1;  // choice 0: left, 1: right, 2: both
    };
    bool enclosing_multiloop(int i, int j, Enclosing& found) const;

    std::vector<int> f3_, out_, up_, ml_;
};

}  // namespace tropic::rna::detail
