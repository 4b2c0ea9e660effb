// The ViennaRNA `.par` reader (parse_vienna_params); accepted sets are then used to score
// structures (params_checks.hpp).
#include "fuzz_target.hpp"
#include "params_checks.hpp"

TROPIC_FUZZ_TARGET(vienna_params) {
    tropic::fuzz::fuzz_params_reader(tropic::rna::parse_vienna_params, data, size, "fuzz.par");
}
