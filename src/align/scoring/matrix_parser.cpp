// The reader of substitution matrices in NCBI's text format (scoring.hpp): '#' comments, a
// header line of residue letters, one row per residue. Every refusal is an InputError that names
// the source, the line and the column, so that a user can find the bad token in an editor.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/internal/text_tokens.hpp"
#include "tropic/align/scoring.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/parse_number.hpp"
#include "tropic/core/protein_encoding.hpp"

namespace tropic::align {
namespace {

constexpr int kCodes = kProteinCodeCount;
constexpr std::int32_t kMaxMagnitude = 1000;
// A matrix file is a few kilobytes; refusing anything far larger keeps a wrong path (a genome)
// from being read whole.
constexpr std::streamsize kMaxFileBytes = 1 << 20;

using Token = TextToken;

// A line that carries data (neither blank nor a comment): its number and its tokens.
struct Line {
    int number = 0;
    std::vector<Token> tokens;
};

std::vector<Line> data_lines(std::string_view text) {
    std::vector<Line> lines;
    for (const Token& token : text_tokens(text, '#')) {
        if (lines.empty() || lines.back().number != token.line) lines.push_back({token.line, {}});
        lines.back().tokens.push_back(token);
    }
    return lines;
}

int count_lines(std::string_view text) {
    int lines = 0;
    for (char c : text) lines += c == '\n';
    return lines;
}

// A token as messages quote it: at most 20 characters, bytes that do not print escaped, so that a
// binary file gives a readable message.
std::string quoted(std::string_view token) {
    constexpr std::size_t kShown = 20;
    std::string out = "'";
    out += printable_text(token.substr(0, kShown));
    if (token.size() > kShown) out += "...";
    out += '\'';
    return out;
}

[[noreturn]] void fail(const std::string& source, int line, int column, const std::string& what) {
    throw InputError(fmt::format("{}: line {}, column {}: {}", source, line, column, what));
}

std::optional<int> residue_code(std::string_view token) {
    if (token.size() != 1) return std::nullopt;
    char c = token[0];
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    const std::size_t index = kProteinResidueOrder.find(c);
    if (index == std::string_view::npos) return std::nullopt;
    return static_cast<int>(index);
}

int residue_or_fail(const Token& token, const std::string& source, int line) {
    const std::optional<int> code = residue_code(token.text);
    if (!code)
        fail(source, line, token.column,
             fmt::format("{} is not a residue letter (one of {}, upper or lower case)",
                         quoted(token.text), kProteinResidueOrder));
    return *code;
}

// An integer with an optional sign, at most kMaxMagnitude in magnitude.
std::int32_t score_or_fail(const Token& token, const std::string& source, int line) {
    std::string_view number = token.text;
    if (number.starts_with('+')) number.remove_prefix(1);
    const std::string_view digits = number.starts_with('-') ? number.substr(1) : number;
    if (digits.empty() || digits.find_first_not_of("0123456789") != std::string_view::npos)
        fail(source, line, token.column, fmt::format("{} is not an integer", quoted(token.text)));
    const std::optional<std::int32_t> value = parse_number<std::int32_t>(number);
    if (!value || *value > kMaxMagnitude || *value < -kMaxMagnitude)
        fail(source, line, token.column,
             fmt::format("{} is beyond the allowed range -{} to {}", quoted(token.text),
                         kMaxMagnitude, kMaxMagnitude));
    return *value;
}

struct Grid {
    std::array<std::int32_t, kCodes * kCodes> score{};
    std::array<bool, kCodes * kCodes> given{};
    std::array<bool, kCodes> has_row{};
    std::array<bool, kCodes> has_column{};

    static std::size_t at(int row, int column) {
        return static_cast<std::size_t>(row) * kCodes + static_cast<std::size_t>(column);
    }
};

std::vector<int> parse_header(const Line& line, const std::string& source, Grid& grid) {
    std::vector<int> columns;
    for (const Token& token : line.tokens) {
        const int code = residue_or_fail(token, source, line.number);
        if (grid.has_column[code])
            fail(source, line.number, token.column,
                 fmt::format("letter {} appears twice in the header line", quoted(token.text)));
        grid.has_column[code] = true;
        columns.push_back(code);
    }
    return columns;
}

void parse_row(const Line& line, const std::vector<int>& columns, const std::string& source,
               Grid& grid) {
    const std::vector<Token>& tokens = line.tokens;
    const int row = residue_or_fail(tokens[0], source, line.number);
    if (!grid.has_column[row])
        fail(source, line.number, tokens[0].column,
             fmt::format("row letter {} is not in the header line", quoted(tokens[0].text)));
    if (grid.has_row[row])
        fail(source, line.number, tokens[0].column,
             fmt::format("a second row for letter {}", quoted(tokens[0].text)));
    grid.has_row[row] = true;
    const std::size_t values = tokens.size() - 1;
    if (values > columns.size())
        fail(source, line.number, tokens[columns.size() + 1].column,
             fmt::format("row {} has more values than the header's {} columns",
                         quoted(tokens[0].text), columns.size()));
    for (std::size_t k = 0; k < values; ++k) {
        const std::size_t cell = Grid::at(row, columns[k]);
        grid.score[cell] = score_or_fail(tokens[k + 1], source, line.number);
        grid.given[cell] = true;
    }
    if (values < columns.size())
        fail(source, line.number,
             tokens.back().column + static_cast<int>(tokens.back().text.size()),
             fmt::format("row {} has {} values, the header has {} columns", quoted(tokens[0].text),
                         values, columns.size()));
}

// A pair the file lacks takes the file's score for the pair with X in place of each missing
// letter (X is the unknown residue, the closest stand-in for a letter the file does not score),
// and the file's smallest score when that pair is missing too.
void fill_missing(Grid& grid) {
    constexpr int x = kProteinUnknownCode;
    std::int32_t smallest = kMaxMagnitude;
    for (int cell = 0; cell < kCodes * kCodes; ++cell)
        if (grid.given[cell]) smallest = std::min(smallest, grid.score[cell]);
    for (int a = 0; a < kCodes; ++a) {
        for (int b = 0; b < kCodes; ++b) {
            const std::size_t cell = Grid::at(a, b);
            if (grid.given[cell]) continue;
            const std::size_t stand_in =
                Grid::at(grid.has_row[a] ? a : x, grid.has_column[b] ? b : x);
            grid.score[cell] = grid.given[stand_in] ? grid.score[stand_in] : smallest;
        }
    }
}

}  // namespace

SubstitutionMatrix parse_matrix(std::string_view text, const std::string& source) {
    const std::vector<Line> lines = data_lines(text);
    if (lines.empty())
        fail(source, count_lines(text) + 1, 1, "no matrix: the file has no header line of letters");
    Grid grid;
    const std::vector<int> columns = parse_header(lines[0], source, grid);
    if (lines.size() == 1)
        fail(source, lines[0].number, 1, "the header line is not followed by any matrix row");
    for (std::size_t k = 1; k < lines.size(); ++k) parse_row(lines[k], columns, source, grid);
    fill_missing(grid);

    SubstitutionMatrix matrix;
    matrix.name = source;
    matrix.alphabet = Alphabet::Protein;
    matrix.size = kCodes;
    matrix.scores.assign(grid.score.begin(), grid.score.end());
    return matrix;
}

SubstitutionMatrix read_matrix_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError(
            fmt::format("{}: cannot open the matrix file: {}", path, std::strerror(errno)));
    std::string text(static_cast<std::size_t>(kMaxFileBytes) + 1, '\0');
    in.read(text.data(), kMaxFileBytes + 1);
    if (in.bad()) throw InputError(fmt::format("{}: cannot read the matrix file", path));
    if (in.gcount() > kMaxFileBytes)
        throw InputError(fmt::format("{}: more than {} bytes, too large for a substitution matrix",
                                     path, kMaxFileBytes));
    text.resize(static_cast<std::size_t>(in.gcount()));
    return parse_matrix(text, path);
}

}  // namespace tropic::align
