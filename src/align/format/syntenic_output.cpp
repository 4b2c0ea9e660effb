// The syntenic layouts and block-end rules by name, and the one switch over the layouts.
#include "tropic/align/syntenic_writer.hpp"

namespace tropic::align {

namespace {

constexpr SyntenicOutput kOutputs[] = {SyntenicOutput::Tsv, SyntenicOutput::Json,
                                       SyntenicOutput::Paf, SyntenicOutput::Pair};

}  // namespace

std::string_view output_name(SyntenicOutput output) noexcept {
    switch (output) {
        case SyntenicOutput::Tsv:
            return "tsv";
        case SyntenicOutput::Json:
            return "json";
        case SyntenicOutput::Paf:
            return "paf";
        case SyntenicOutput::Pair:
            return "pair";
    }
    return "tsv";
}

std::optional<SyntenicOutput> parse_syntenic_output(std::string_view name) noexcept {
    for (SyntenicOutput output : kOutputs)
        if (name == output_name(output)) return output;
    return std::nullopt;
}

std::string_view block_ends_name(BlockEnds ends) noexcept {
    return ends == BlockEnds::Charged ? "charged" : "free";
}

std::optional<BlockEnds> parse_block_ends(std::string_view name) noexcept {
    if (name == "free") return BlockEnds::Free;
    if (name == "charged") return BlockEnds::Charged;
    return std::nullopt;
}

void append_syntenic(SyntenicOutput output, std::string& out, const SequenceRecord& query,
                     const SequenceRecord& target, const SyntenicAlignment& alignment,
                     const SyntenicParams& params) {
    switch (output) {
        case SyntenicOutput::Tsv:
            return append_syntenic_tsv(out, query, target, alignment, params);
        case SyntenicOutput::Json:
            return append_syntenic_json(out, query, target, alignment, params);
        case SyntenicOutput::Paf:
            return append_syntenic_paf(out, query, target, alignment, params);
        case SyntenicOutput::Pair:
            return append_syntenic_pair(out, query, target, alignment, params);
    }
}

}  // namespace tropic::align
