#include "tropic/rna/bpmax_writer.hpp"

#include <fmt/format.h>

#include <iterator>

#include "rna/format/json_text.hpp"

namespace tropic::rna {

namespace {

// The site's stretch of both strands, and its pairs shifted to the stretch.
struct SiteText {
    std::string sequence, structure;
};

SiteText site_text(const SequenceRecord& query, const SequenceRecord& target,
                   const BpmaxSite& site) {
    std::vector<BpmaxPair> local = site.pairs;
    for (BpmaxPair& p : local) {
        p.i -= p.kind == BpmaxPairKind::Intra2 ? site.begin2 : site.begin1;
        p.j -= p.kind == BpmaxPairKind::Intra1 ? site.begin1 : site.begin2;
    }
    const std::size_t n1 = site.end1 - site.begin1 + 1, n2 = site.end2 - site.begin2 + 1;
    return {query.residues.substr(site.begin1, n1) + "&" + target.residues.substr(site.begin2, n2),
            bpmax_dot_bracket(n1, n2, local)};
}

const char* pair_type(BpmaxPairKind kind) {
    switch (kind) {
        case BpmaxPairKind::Intra1:
            return "intra1";
        case BpmaxPairKind::Intra2:
            return "intra2";
        case BpmaxPairKind::Inter:
            break;
    }
    return "inter";
}

}  // namespace

void append_bpmax_text(std::string& out, const SequenceRecord& query, const SequenceRecord& target,
                       const BpmaxResult& result, const BpmaxWeights& weights) {
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
        const BpmaxSite& site = result.sites[k];
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

void append_bpmax_json(std::string& out, const SequenceRecord& query, const SequenceRecord& target,
                       const BpmaxResult& result, const BpmaxWeights& weights) {
    out += "{\"query\":";
    append_json_string(out, query.name);
    out += ",\"target\":";
    append_json_string(out, target.name);
    fmt::format_to(std::back_inserter(out),
                   ",\"length1\":{},\"length2\":{},\"model\":\"bpmax\",\"sites\":[",
                   query.residues.size(), target.residues.size());
    for (std::size_t k = 0; k < result.sites.size(); ++k) {
        const BpmaxSite& site = result.sites[k];
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

}  // namespace tropic::rna
