// Placeholder until circular binary segmentation lands (branch cnv-cbs): refuses clearly.
#include "tropic/cnv/segmentation.hpp"
#include "tropic/core/error.hpp"

namespace tropic::cnv {

std::vector<SegmentRange> segment_cbs(std::span<const double>, const CnmopsParams&, std::uint64_t) {
    throw InputError("cnv: --segmentation cbs is not available in this build yet");
}

}  // namespace tropic::cnv
