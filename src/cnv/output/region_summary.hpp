#pragma once
// What the VCF, JSON and plot writers say of one CNV region: its type and, per sample, the copy
// number and the mean sI/NI over the region's windows.
#include <string>
#include <vector>

#include "tropic/cnv/cnv_result.hpp"

namespace tropic::cnv::detail {

// DEL: some sample has fewer than 2 copies and none more; DUP: the reverse; CNV: both, or
// neither (no sample's class has a copy number, e.g. classes not named CN<digits>).
enum class SvType { Del, Dup, Cnv };

struct RegionSummary {
    SvType type = SvType::Cnv;
    std::vector<int> copy_number;       // [sample], -1 where unknown
    std::vector<double> mean_sini;      // [sample]
    std::size_t losses = 0, gains = 0;  // samples below and above 2 copies
};

RegionSummary summarize_region(const CnmopsParams& params, const SequenceResult& result,
                               const CnvRegion& region);

std::string sv_type_name(SvType type);

}  // namespace tropic::cnv::detail
