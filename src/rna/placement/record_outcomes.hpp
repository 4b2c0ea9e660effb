#pragma once
// The outcomes of a batch entry point's records (tropic/core/outcome.hpp) as its stages fill them:
// a record refused by placement, or whose computation failed, keeps its error, and the stages
// after that pass it by.
#include <cstddef>
#include <span>
#include <utility>
#include <vector>

#include "rna/placement/record_placement.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/outcome.hpp"

namespace tropic::rna::detail {

// The records whose outcome has not failed, in order.
template <class Result>
std::vector<std::size_t> open_records(const std::vector<Outcome<Result>>& outcomes) {
    std::vector<std::size_t> open;
    for (std::size_t r = 0; r < outcomes.size(); ++r)
        if (outcomes[r].ok()) open.push_back(r);
    return open;
}

template <class Result>
void fail(Outcome<Result>& outcome, std::string message, ExitCode code) {
    outcome.result = Result{};
    outcome.error = std::move(message);
    outcome.code = code;
}

// Gives every refused record of `placed` its refusal.
template <class Result>
void refuse(const RecordPlacement& placed, std::vector<Outcome<Result>>& outcomes) {
    for (const Refusal& refusal : placed.refused)
        fail(outcomes[refusal.record], refusal.message, refusal.code);
}

// Takes the records whose outcome has failed since they were placed out of `placed`.
template <class Result>
void drop_failed(RecordPlacement& placed, const std::vector<Outcome<Result>>& outcomes) {
    for (auto* records : {&placed.gpu, &placed.cpu_long, &placed.cpu_short})
        std::erase_if(*records, [&](std::size_t r) { return !outcomes[r].ok(); });
}

// Runs `compute`, which gives `records` their results in `outcomes`; when it throws a
// tropic::Error (one device call for them all failed), each of them gets that error.
template <class Result, class Compute>
void capture_for(std::span<const std::size_t> records, std::vector<Outcome<Result>>& outcomes,
                 Compute&& compute) {
    try {
        compute();
    } catch (const Error& e) {
        for (std::size_t r : records) fail(outcomes[r], e.what(), e.code());
    }
}

}  // namespace tropic::rna::detail
