#include "cli/rri_output.hpp"

#include <fmt/format.h>

#include <iterator>
#include <nlohmann/json.hpp>

namespace tropic::cli {

namespace {

// The site's stretch of both strands, and its pairs shifted to the stretch.
struct SiteText {
    std::string sequence, structure;
};

SiteText site_text(const SequenceRecord& query, const SequenceRecord& target,
                   const rna::BpmaxSite& site) {
    std::vector<rna::BpmaxPair> local = site.pairs;
    for (rna::BpmaxPair& p : local) {
        p.i -= p.kind == rna::BpmaxPairKind::Intra2 ? site.begin2 : site.begin1;
        p.j -= p.kind == rna::BpmaxPairKind::Intra1 ? site.begin1 : site.begin2;
    }
    const std::size_t n1 = site.end1 - site.begin1 + 1, n2 = site.end2 - site.begin2 + 1;
    return {query.residues.substr(site.begin1, n1) + "&" + target.residues.substr(site.begin2, n2),
            rna::bpmax_dot_bracket(n1, n2, local)};
}

std::string json_string(const std::string& text) {
    return nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

const char* pair_type(rna::BpmaxPairKind kind) {
    switch (kind) {
        case rna::BpmaxPairKind::Intra1:
            return "intra1";
        case rna::BpmaxPairKind::Intra2:
            return "intra2";
        case rna::BpmaxPairKind::Inter:
            break;
    }
    return "inter";
}

}  // namespace

void append_rri_text(std::string& out, const SequenceRecord& query, const SequenceRecord& target,
                     const rna::BpmaxResult& result, const rna::BpmaxWeights& weights) {
    auto header = [&](std::string_view score) {
        fmt::format_to(std::back_inserter(out), ">{}&{} length1={} length2={} score={}", query.name,
                       target.name, query.residues.size(), target.residues.size(), score);
    };
    if (result.sites.empty()) {
        header("0");
        out += '\n';
        return;
    }
    for (std::size_t k = 0; k < result.sites.size(); ++k) {
        const rna::BpmaxSite& site = result.sites[k];
        header(weights.format_score(site.score));
        fmt::format_to(std::back_inserter(out), " site={}-{}&{}-{} rank={}\n", site.begin1 + 1,
                       site.end1 + 1, site.begin2 + 1, site.end2 + 1, k + 1);
        SiteText text = site_text(query, target, site);
        out += text.sequence;
        out += '\n';
        out += text.structure;
        out += '\n';
    }
}

void append_rri_json(std::string& out, const SequenceRecord& query, const SequenceRecord& target,
                     const rna::BpmaxResult& result, const rna::BpmaxWeights& weights) {
    fmt::format_to(std::back_inserter(out),
                   "{{\"query\":{},\"target\":{},\"length1\":{},\"length2\":{},\"model\":\"bpmax\","
                   "\"sites\":[",
                   json_string(query.name), json_string(target.name), query.residues.size(),
                   target.residues.size());
    for (std::size_t k = 0; k < result.sites.size(); ++k) {
        const rna::BpmaxSite& site = result.sites[k];
        SiteText text = site_text(query, target, site);
        fmt::format_to(std::back_inserter(out),
                       "{}{{\"rank\":{},\"score\":{},\"begin1\":{},\"end1\":{},\"begin2\":{},"
                       "\"end2\":{},\"sequence\":\"{}\",\"structure\":\"{}\",\"pairs\":[",
                       k > 0 ? "," : "", k + 1, weights.format_score(site.score), site.begin1 + 1,
                       site.end1 + 1, site.begin2 + 1, site.end2 + 1, text.sequence,
                       text.structure);
        for (std::size_t p = 0; p < site.pairs.size(); ++p)
            fmt::format_to(std::back_inserter(out), "{}{{\"type\":\"{}\",\"i\":{},\"j\":{}}}",
                           p > 0 ? "," : "", pair_type(site.pairs[p].kind), site.pairs[p].i + 1,
                           site.pairs[p].j + 1);
        out += "]}";
    }
    out += "]}\n";
}

}  // namespace tropic::cli
