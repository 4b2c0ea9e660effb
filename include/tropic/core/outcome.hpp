#pragma once
// One item of a batch: its result, or why it has none. Every batch entry point of tropic
// (align_many, interact_bpmax_many, fold_mfe_many, fold_ensemble_many, fold_nussinov_many) returns
// one Outcome per item, in input order, so that an item that cannot be computed (one that does
// not fit in memory, a constraint that does not fit its sequence) does not stop the others. The
// caller decides: the tool stops at the first failed record, naming it, with the error's exit
// code (rethrow); a caller that wants the rest goes on.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic {

template <class T>
struct Outcome {
    T result{};
    std::string error;             // why there is no result; empty when there is one
    ExitCode code = ExitCode::Ok;  // the exit code of the error (Input, Resource or Internal)

    [[nodiscard]] bool ok() const noexcept { return code == ExitCode::Ok; }

    // The item's error as the exception it stands for, its message after `prefix` (a record's
    // name: "x.fa: record 3 ('a'): "). Does nothing when the item has its result.
    void rethrow_error(std::string_view prefix = {}) const {
        if (ok()) return;
        const std::string message = std::string(prefix) + error;
        if (code == ExitCode::Input) throw InputError(message);
        if (code == ExitCode::Resource) throw ResourceError(message);
        throw InternalError(message);
    }
};

// The outcome of computing one item with `compute` (a function returning T): its result, or the
// tropic::Error it threw.
template <class T, class Compute>
[[nodiscard]] Outcome<T> capture_outcome(Compute&& compute) {
    Outcome<T> outcome;
    try {
        outcome.result = compute();
    } catch (const Error& e) {
        outcome.error = e.what();
        outcome.code = e.code();
    }
    return outcome;
}

// The outcomes of items 0..count-1 computed by compute(k) (a function returning T) on `pool`'s
// threads (in order on the calling thread without one), each its own result or error.
template <class T, class Compute>
[[nodiscard]] std::vector<Outcome<T>> outcomes_of(ThreadPool* pool, std::size_t count,
                                                  Compute&& compute, std::size_t grain = 1) {
    std::vector<Outcome<T>> outcomes(count);
    parallel_for(
        pool, 0, count,
        [&](std::size_t k) { outcomes[k] = capture_outcome<T>([&] { return compute(k); }); },
        grain);
    return outcomes;
}

}  // namespace tropic
