// The library side of the parasail oracle (parasail_oracle.py): aligns pairs read from stdin with
// align::align_pair (with a traceback) and prints what the oracle compares.
//
// Input, one pair per line, fields separated by blanks:
//   MODE MATCH MISMATCH OPEN EXTEND ALPHABET QUERY TARGET
// MODE: local, global, glocal or overlap. OPEN and EXTEND are tropic's costs (a gap of length k
// costs OPEN + k * EXTEND). ALPHABET: dna (the matrix dna_matrix(MATCH, MISMATCH, MISMATCH): N
// and the other IUPAC codes score MISMATCH against everything, N included), or protein (BLOSUM62)
// or protein:NAME (builtin_matrix(NAME)); MATCH and MISMATCH are ignored for protein. QUERY and
// TARGET are residue letters, "-" for an empty sequence.
//
// Output, one line per pair: SCORE QUERY_END TARGET_END RESCORED, the ends being the end cell
// (0-based half-open ends, i.e. the 1-based DP row and column) and RESCORED the score that
// align::rescore gives the reported CIGAR (the oracle checks that it equals SCORE).
//
// A database search's scan (align/search/scan_cpu.hpp), one query against many targets:
//   search MODE MATCH MISMATCH OPEN EXTEND ALPHABET QUERY TARGET,TARGET,...
// prints the scan's score of every target, in the order given, separated by blanks. The targets
// are laid out as a database stores them (by length) and scanned on every hardware thread.
// Exit code 0, or 2 with a message naming the line for a malformed line or a library error.
#include <cstdint>
#include <exception>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "align/search/scan_cpu.hpp"
#include "support/search_database.hpp"
#include "tropic/align/pairwise.hpp"
#include "tropic/align/scoring.hpp"
#include "tropic/core/alphabet.hpp"
#include "tropic/core/dna_encoding.hpp"
#include "tropic/core/protein_encoding.hpp"
#include "tropic/core/thread_pool.hpp"

namespace {

using namespace tropic;

std::vector<std::uint8_t> encode(Alphabet alphabet, const std::string& letters) {
    if (letters == "-") return {};
    std::string normalized;
    normalized.reserve(letters.size());
    for (const char c : letters) {
        const std::optional<char> residue = normalize_residue(alphabet, c);
        if (!residue)
            throw std::runtime_error(std::string("not a ") + std::string(alphabet_name(alphabet)) +
                                     " residue: '" + c + "'");
        normalized.push_back(*residue);
    }
    return alphabet == Alphabet::Dna ? encode_dna(normalized) : encode_protein(normalized);
}

// MODE MATCH MISMATCH OPEN EXTEND ALPHABET as parameters (score_only false) and the alphabet.
Alphabet read_params(std::istringstream& fields, align::AlignParams& params) {
    std::string mode_text, alphabet_text;
    int match = 0, mismatch = 0;
    if (!(fields >> mode_text >> match >> mismatch >> params.scoring.gaps.open >>
          params.scoring.gaps.extend >> alphabet_text))
        throw std::runtime_error("expected MODE MATCH MISMATCH OPEN EXTEND ALPHABET QUERY TARGET");
    const std::optional<align::AlignMode> mode = align::parse_mode(mode_text);
    if (!mode) throw std::runtime_error("unknown mode " + mode_text);
    params.mode = *mode;
    params.score_only = false;
    Alphabet alphabet = Alphabet::Dna;
    if (alphabet_text == "dna") {
        params.scoring.matrix = align::dna_matrix(match, mismatch, mismatch);
    } else if (alphabet_text == "protein" || alphabet_text.starts_with("protein:")) {
        alphabet = Alphabet::Protein;
        params.scoring.matrix = align::builtin_matrix(
            alphabet_text == "protein" ? "BLOSUM62" : alphabet_text.substr(8));
    } else {
        throw std::runtime_error("unknown alphabet " + alphabet_text);
    }
    return alphabet;
}

std::string align_line(const std::string& line) {
    std::istringstream fields(line);
    align::AlignParams params;
    const Alphabet alphabet = read_params(fields, params);
    std::string query_text, target_text;
    if (!(fields >> query_text >> target_text)) throw std::runtime_error("expected QUERY TARGET");
    const std::vector<std::uint8_t> query = encode(alphabet, query_text);
    const std::vector<std::uint8_t> target = encode(alphabet, target_text);
    const align::PairAlignment alignment = align::align_pair(query, target, params);
    const std::int64_t rescored = align::rescore(query, target, alignment, params.scoring);
    std::ostringstream out;
    out << alignment.score << ' ' << alignment.query_end << ' ' << alignment.target_end << ' '
        << rescored;
    return out.str();
}

std::string search_line(const std::string& line) {
    static ThreadPool pool(0);
    std::istringstream fields(line.substr(std::string_view("search ").size()));
    align::AlignParams params;
    const Alphabet alphabet = read_params(fields, params);
    params.score_only = true;
    std::string query_text, targets_text;
    if (!(fields >> query_text >> targets_text))
        throw std::runtime_error("expected QUERY TARGET,TARGET,...");
    const std::vector<std::uint8_t> query = encode(alphabet, query_text);
    std::vector<std::vector<std::uint8_t>> targets;
    std::istringstream list(targets_text);
    for (std::string target; std::getline(list, target, ',');)
        targets.push_back(encode(alphabet, target));
    const test::SearchDatabase database(targets);
    std::vector<std::int32_t> scores(targets.size());
    const std::vector<std::span<const std::uint8_t>> queries{query};
    align::detail::scan_cpu(queries, database.targets.view, params, &pool, scores);
    // Back to the order given: storage position k holds target ordinals[k].
    std::vector<std::int32_t> in_order(targets.size());
    for (std::size_t k = 0; k < targets.size(); ++k) in_order[database.ordinals[k]] = scores[k];
    std::ostringstream out;
    for (std::size_t t = 0; t < in_order.size(); ++t) out << (t ? " " : "") << in_order[t];
    return out.str();
}

}  // namespace

int main() {
    std::ios::sync_with_stdio(false);
    std::string line;
    std::size_t number = 0;
    while (std::getline(std::cin, line)) {
        ++number;
        try {
            std::cout << (line.starts_with("search ") ? search_line(line) : align_line(line))
                      << '\n';
        } catch (const std::exception& error) {
            std::cout.flush();
            std::cerr << "align_oracle_driver: line " << number << ": " << error.what() << '\n';
            return 2;
        }
    }
    return 0;
}
