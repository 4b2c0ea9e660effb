// tropic's own `.tep` reader (parse_tropic_params); accepted sets are then used to score
// structures (params_checks.hpp).
#include "fuzz_target.hpp"
#include "params_checks.hpp"

TROPIC_FUZZ_TARGET(tropic_params) {
    tropic::fuzz::fuzz_params_reader(tropic::rna::parse_tropic_params, data, size, "fuzz.tep");
}
