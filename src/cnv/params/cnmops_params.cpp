#include "tropic/cnv/cnmops_params.hpp"

#include "tropic/cnv/count_matrix.hpp"

namespace tropic::cnv {

std::size_t CountMatrix::window_count() const noexcept {
    std::size_t total = 0;
    for (const SequenceCounts& sequence : sequences) total += sequence.window_count();
    return total;
}

CnmopsParams exome_defaults() {
    CnmopsParams params;
    params.prior_impact = 10;
    params.lower_threshold = -0.8;
    params.min_width = 5;
    params.min_read_count = 1;
    return params;
}

CnmopsParams reference_defaults() {
    CnmopsParams params;
    params.method = Method::Reference;
    params.folds = {0.025, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 8, 16, 32, 64};
    params.classes = {"CN0", "CN1", "CN2",  "CN3",  "CN4",  "CN5",  "CN6",
                      "CN7", "CN8", "CN16", "CN32", "CN64", "CN128"};
    params.min_width = 4;
    params.min_read_count = 1;
    params.segmentation = Segmentation::Cbs;
    return params;
}

}  // namespace tropic::cnv
