// Three-sequence and syntenic alignment (include/tropic/align/align3.hpp, syntenic.hpp): many
// triples or pairs in one library call without the GIL, as `tropic align3` and `tropic
// syntenic` align them; columns for the package's wrappers (python/tropic/_align.py).
#include <fmt/format.h>
#include <nanobind/stl/array.h>
#include <nanobind/stl/string.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "python/python_arrays.hpp"
#include "python/python_more_bindings.hpp"
#include "python/python_residues.hpp"
#include "python/python_run.hpp"
#include "python/python_sequences.hpp"
#include "tropic/align/align3.hpp"
#include "tropic/align/align3_writer.hpp"
#include "tropic/align/syntenic.hpp"
#include "tropic/core/alignment_record.hpp"
#include "tropic/core/error.hpp"

namespace tropic::python {

namespace {

struct Encoded {
    std::vector<std::string> residues;
    std::vector<std::vector<std::uint8_t>> codes;
};

Encoded encode(const SequenceBatch& batch, Alphabet alphabet, ThreadPool* pool) {
    Encoded out;
    out.residues = normalize_batch(batch, alphabet, pool);
    for (const std::string& text : out.residues)
        out.codes.push_back(encode_residues(text, alphabet));
    return out;
}

void check_sizes(const std::vector<const SequenceBatch*>& batches) {
    for (const SequenceBatch* batch : batches)
        if (batch->sequences.size() != batches.front()->sequences.size())
            throw InputError(fmt::format(
                "{} has {} sequences, {} has {}: give one each per item", batches.front()->argument,
                batches.front()->sequences.size(), batch->argument, batch->sequences.size()));
}

SequenceRecord record_of(std::string residues, Alphabet alphabet) {
    SequenceRecord record;
    record.residues = std::move(residues);
    record.alphabet = alphabet;
    return record;
}

// Triples a[k], b[k], c[k]: score, columns, identities and the three rows.
nb::dict align3_triples(const SequenceBatch& a, const SequenceBatch& b, const SequenceBatch& c,
                        const std::string& alphabet_name, const align::Scoring& scoring,
                        bool score_only, const RunArguments& arguments) {
    check_sizes({&a, &b, &c});
    const Alphabet alphabet = alignment_alphabet(alphabet_name);
    align::Align3Params params;
    params.scoring = scoring;
    params.score_only = score_only;
    align::validate(params);
    PythonRun run(arguments);
    std::array<Encoded, 3> encoded;
    auto outcomes = run([&] {
        encoded = {encode(a, alphabet, run.pool()), encode(b, alphabet, run.pool()),
                   encode(c, alphabet, run.pool())};
        std::vector<align::Align3Input> triples;
        for (std::size_t k = 0; k < a.sequences.size(); ++k)
            triples.push_back({{encoded[0].codes[k], encoded[1].codes[k], encoded[2].codes[k]},
                               fmt::format("triple {}", k + 1)});
        return align::align3_many(triples, params, run.options());
    });
    std::vector<std::int64_t> score, columns, identities;
    std::array<nb::list, 3> rows;
    for (std::size_t k = 0; k < outcomes.size(); ++k) {
        outcomes[k].rethrow_error();
        const align::Align3Result& result = outcomes[k].result;
        score.push_back(result.score);
        columns.push_back(result.length());
        identities.push_back(result.identities);
        if (score_only) continue;
        const std::array<SequenceRecord, 3> records{record_of(encoded[0].residues[k], alphabet),
                                                    record_of(encoded[1].residues[k], alphabet),
                                                    record_of(encoded[2].residues[k], alphabet)};
        const auto texts = align::align3_rows({&records[0], &records[1], &records[2]}, result);
        for (std::size_t r = 0; r < 3; ++r) rows[r].append(texts[r]);
    }
    nb::dict out;
    out["score"] = numpy_vector(std::move(score));
    out["columns"] = numpy_vector(std::move(columns));
    out["identities"] = numpy_vector(std::move(identities));
    out["row_a"] = rows[0];
    out["row_b"] = rows[1];
    out["row_c"] = rows[2];
    return out;
}

align::BlockEnds block_ends(const std::string& name) {
    if (name == "free") return align::BlockEnds::Free;
    if (name == "charged") return align::BlockEnds::Charged;
    throw InputError(fmt::format("block_ends='{}': give 'free' or 'charged'", name));
}

// Pairs queries[k], targets[k]: per pair the score and counts; per segment its pair, kind,
// ranges, score and CIGAR.
nb::dict syntenic_pairs(const SequenceBatch& queries, const SequenceBatch& targets,
                        const std::string& alphabet_name, const align::Scoring& scoring,
                        int block_cost, const std::string& ends, bool score_only,
                        const RunArguments& arguments) {
    check_sizes({&queries, &targets});
    const Alphabet alphabet = alignment_alphabet(alphabet_name);
    align::SyntenicParams params{scoring, block_cost, block_ends(ends), score_only};
    align::validate(params);
    PythonRun run(arguments);
    auto outcomes = run([&] {
        const auto q = encode_batch(queries, alphabet, run.pool());
        const auto t = encode_batch(targets, alphabet, run.pool());
        std::vector<align::AlignPairInput> pairs;
        for (std::size_t k = 0; k < q.size(); ++k)
            pairs.push_back({q[k], t[k], fmt::format("pair {}", k + 1)});
        return align::syntenic_many(pairs, params, run.options());
    });
    std::vector<std::int64_t> score, blocks, matches, mismatches, gap_opens, gaps;
    std::vector<std::int64_t> pair, qb, qe, tb, te, segment_score;
    nb::list kind, cigar;
    for (std::size_t k = 0; k < outcomes.size(); ++k) {
        outcomes[k].rethrow_error();
        const align::SyntenicAlignment& a = outcomes[k].result;
        score.push_back(a.score);
        blocks.push_back(a.blocks);
        matches.push_back(a.matches);
        mismatches.push_back(a.mismatches);
        gap_opens.push_back(a.gap_opens);
        gaps.push_back(a.gap_residues);
        for (const align::SyntenicSegment& s : a.segments) {
            const bool block = s.kind == align::SyntenicSegment::Kind::Block;
            pair.push_back(static_cast<std::int64_t>(k));
            kind.append(block ? "block" : "aligned");
            qb.push_back(s.query_begin);
            qe.push_back(s.query_end);
            tb.push_back(s.target_begin);
            te.push_back(s.target_end);
            segment_score.push_back(s.score);
            cigar.append(block ? std::string() : cigar_string(s.cigar));
        }
    }
    nb::dict out;
    out["score"] = numpy_vector(std::move(score));
    out["blocks"] = numpy_vector(std::move(blocks));
    out["matches"] = numpy_vector(std::move(matches));
    out["mismatches"] = numpy_vector(std::move(mismatches));
    out["gap_opens"] = numpy_vector(std::move(gap_opens));
    out["gaps"] = numpy_vector(std::move(gaps));
    out["pair"] = numpy_vector(std::move(pair));
    out["kind"] = kind;
    out["query_begin"] = numpy_vector(std::move(qb));
    out["query_end"] = numpy_vector(std::move(qe));
    out["target_begin"] = numpy_vector(std::move(tb));
    out["target_end"] = numpy_vector(std::move(te));
    out["segment_score"] = numpy_vector(std::move(segment_score));
    out["cigar"] = cigar;
    return out;
}

}  // namespace

void bind_align3(nb::module_& m) {
    m.def("align3", &align3_triples, nb::arg("a"), nb::arg("b"), nb::arg("c"), nb::arg("alphabet"),
          nb::arg("scoring"), nb::arg("score_only"), nb::arg("run"),
          "Triples a[k], b[k], c[k] aligned under sum-of-pairs scores (align::align3_many): "
          "score, columns, identities and the three rows.");
    m.def("syntenic", &syntenic_pairs, nb::arg("queries"), nb::arg("targets"), nb::arg("alphabet"),
          nb::arg("scoring"), nb::arg("block_cost"), nb::arg("block_ends"), nb::arg("score_only"),
          nb::arg("run"),
          "Syntenic alignments of queries[k] against targets[k] (align::syntenic_many): per pair "
          "the score and counts, per segment its pair, kind, 0-based ranges, score and CIGAR.");
}

}  // namespace tropic::python
