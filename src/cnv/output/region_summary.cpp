#include "cnv/output/region_summary.hpp"

#include "cnv/output/output_format.hpp"

namespace tropic::cnv::detail {

// cn.mops models diploid genomes: CN2 is its main class, the copy number of "no CNV".
constexpr int kNormalCopies = 2;

RegionSummary summarize_region(const CnmopsParams& params, const SequenceResult& result,
                               const CnvRegion& region) {
    const std::size_t samples = region.cn.size();
    const std::size_t stride = result.model.samples;
    RegionSummary summary;
    summary.copy_number.resize(samples);
    summary.mean_sini.assign(samples, 0.0);
    for (std::size_t s = 0; s < samples; ++s) {
        const int cn = class_copy_number(params, region.cn[s]);
        summary.copy_number[s] = cn;
        if (cn >= 0 && cn < kNormalCopies) ++summary.losses;
        if (cn > kNormalCopies) ++summary.gains;
        double sum = 0;
        for (std::size_t w = region.first; w <= region.last; ++w)
            sum += result.model.sini[w * stride + s];
        summary.mean_sini[s] = sum / static_cast<double>(region.last - region.first + 1);
    }
    if (summary.losses > 0 && summary.gains == 0) summary.type = SvType::Del;
    if (summary.gains > 0 && summary.losses == 0) summary.type = SvType::Dup;
    return summary;
}

std::string sv_type_name(SvType type) {
    switch (type) {
        case SvType::Del:
            return "DEL";
        case SvType::Dup:
            return "DUP";
        case SvType::Cnv:
            break;
    }
    return "CNV";
}

}  // namespace tropic::cnv::detail
