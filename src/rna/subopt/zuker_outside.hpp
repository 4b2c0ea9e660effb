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
    // Adopts F3 (zuker_exterior_f3) and Out (n x n, row-major; kInfEnergy where (k,l) cannot
    // form) computed elsewhere for `tables`.
    ZukerOutside(const MfeTables& tables, std::vector<int> f3, std::vector<int> out);

    int out(int i, int j) const { return out_[index(i, j)]; }
    const std::vector<int>& f3() const { return f3_; }
    const std::vector<int>& out_table() const { return out_; }

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
    std::vector<int> f3_, out_;
};

}  // namespace tropic::rna::detail
