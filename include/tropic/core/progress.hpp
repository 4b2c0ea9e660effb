#pragma once
// How a long computation tells a listener how far it has come: the one callback type of every
// family (the tool draws it as a bar on stderr; src/cli/progress_bar.hpp).
#include <cstddef>
#include <functional>

namespace tropic {

// Progress of a computation, the one type every family reports through: `item` is the index of
// the record, pair or product in the batch the call was given (0 for a single one), `fraction`
// the share of that item's work done, 0..1, non-decreasing, the item's last call exactly 1.
// Which items report, and from which threads, each entry point says.
using Progress = std::function<void(std::size_t item, double fraction)>;

}  // namespace tropic
