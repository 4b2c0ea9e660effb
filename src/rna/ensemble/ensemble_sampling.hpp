#pragma once
// Stochastic traceback (Ding and Lawrence 2003; RNAsubopt -p): structures drawn from the
// Boltzmann ensemble through the filled inside tables, each with probability exp(-E / kT) / Z.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "rna/ensemble/ensemble_cpu.hpp"

namespace tropic {
class ThreadPool;
}

namespace tropic::rna::detail {

// `count` structures from `fold`'s inside tables (Qb, Qm, Qm1, Z5). Sample k draws from its own
// generator, seeded from `seed` and k, so the list is the same on any number of threads.
std::vector<std::string> sample_structures(const EnsembleFold& fold, std::size_t count,
                                           std::uint64_t seed, ThreadPool* pool = nullptr);

}  // namespace tropic::rna::detail
