// Reader of tropic's own energy-parameter format (docs/energy-params.md): '#' comments, then
// the header `tropic-energy-params 1` and statements `scalar NAME VALUE`, `table NAME VALUES...`,
// `hairpin SEQUENCE ENERGY`, `enthalpies yes|no` and `end`. Every table and scalar must appear
// exactly once: a file of this format is a complete parameter set.
#include <fmt/format.h>

#include <charconv>
#include <map>
#include <vector>

#include "rna/energy_tables.hpp"
#include "tropic/core/error.hpp"
#include "tropic/rna/energy_params.hpp"

namespace tropic::rna {

namespace {

struct Token {
    std::string_view text;
    int line;
};

std::vector<Token> tokenize(std::string_view text) {
    std::vector<Token> tokens;
    int line = 1;
    std::size_t i = 0;
    while (i < text.size()) {
        char c = text[i];
        if (c == '\n') {
            ++line;
            ++i;
        } else if (c == '#') {
            while (i < text.size() && text[i] != '\n') ++i;
        } else if (c == ' ' || c == '\t' || c == '\r') {
            ++i;
        } else {
            std::size_t start = i;
            while (i < text.size() && text[i] != ' ' && text[i] != '\t' && text[i] != '\r' &&
                   text[i] != '\n' && text[i] != '#')
                ++i;
            tokens.push_back({text.substr(start, i - start), line});
        }
    }
    return tokens;
}

class Parser {
  public:
    Parser(std::string_view text, const std::string& source)
        : tokens_(tokenize(text)), source_(source) {}

    EnergyParams parse() {
        EnergyParams params;
        expect_header();
        auto tables = detail::table_layouts(params);
        std::map<std::string_view, int*> scalars = {
            {"ml_base", &params.ml_base},         {"ml_closing", &params.ml_closing},
            {"ml_intern", &params.ml_intern},     {"ninio", &params.ninio},
            {"max_ninio", &params.max_ninio},     {"terminal_au", &params.terminal_au},
            {"duplex_init", &params.duplex_init},
        };
        std::map<std::string_view, int> seen;
        bool ended = false;
        while (!ended) {
            const Token& keyword = next("a statement or 'end'");
            if (keyword.text == "end") {
                ended = true;
            } else if (keyword.text == "scalar") {
                const Token& name = next("a scalar name");
                mark_seen(seen, name);
                if (name.text == "lxc") {
                    params.lxc = decimal(next("the value of lxc"));
                } else if (auto it = scalars.find(name.text); it != scalars.end()) {
                    *it->second = energy(next("a scalar value"));
                } else {
                    fail(name, "unknown scalar");
                }
            } else if (keyword.text == "table") {
                const Token& name = next("a table name");
                const detail::TableLayout* table = nullptr;
                for (const auto& t : tables)
                    if (t.name == name.text) table = &t;
                if (table == nullptr) fail(name, "unknown table");
                mark_seen(seen, name);
                for (std::size_t k = 0; k < table->value_count(); ++k)
                    table->at(k) =
                        energy(next(fmt::format("value {} of table {}", k + 1, table->name)));
            } else if (keyword.text == "hairpin") {
                const Token& sequence = next("a special hairpin sequence");
                int value = energy(next("the energy of a special hairpin"));
                detail::add_special_hairpin(params, sequence.text, value, where(sequence));
            } else if (keyword.text == "enthalpies") {
                const Token& flag = next("yes or no");
                if (flag.text != "yes" && flag.text != "no") fail(flag, "expected yes or no");
                params.has_enthalpies = flag.text == "yes";
            } else {
                fail(keyword, "expected scalar, table, hairpin, enthalpies or end");
            }
        }
        if (pos_ < tokens_.size()) fail(tokens_[pos_], "text after 'end'");
        for (const auto& t : tables)
            if (!seen.count(t.name))
                throw InputError(fmt::format("{}: table {} is missing", source_, t.name));
        for (const auto& [name, value] : scalars)
            if (!seen.count(name))
                throw InputError(fmt::format("{}: scalar {} is missing", source_, name));
        if (!seen.count("lxc")) throw InputError(fmt::format("{}: scalar lxc is missing", source_));
        detail::complete_derived_entries(params);
        return params;
    }

  private:
    std::string where(const Token& token) const {
        return fmt::format("{}: line {}", source_, token.line);
    }

    [[noreturn]] void fail(const Token& token, std::string_view what) const {
        throw InputError(fmt::format("{}: {} at token '{}'", where(token), what, token.text));
    }

    const Token& next(std::string_view expected) {
        if (pos_ == tokens_.size())
            throw InputError(
                fmt::format("{}: the file ends where {} was expected", source_, expected));
        return tokens_[pos_++];
    }

    void expect_header() {
        const Token& magic = next("the header 'tropic-energy-params 1'");
        if (magic.text != "tropic-energy-params") fail(magic, "expected 'tropic-energy-params 1'");
        const Token& version = next("the format version");
        if (version.text != "1") fail(version, "unsupported format version (this reader reads 1)");
    }

    void mark_seen(std::map<std::string_view, int>& seen, const Token& name) const {
        if (seen[name.text]++) fail(name, "given twice");
    }

    int energy(const Token& token) const {
        int value = 0;
        if (!detail::parse_energy_token(token.text, value))
            fail(token, "malformed energy (expected an integer in dcal/mol or INF)");
        return value;
    }

    double decimal(const Token& token) const {
        double value = 0;
        auto [end, error] =
            std::from_chars(token.text.data(), token.text.data() + token.text.size(), value);
        if (error != std::errc{} || end != token.text.data() + token.text.size())
            fail(token, "malformed number");
        return value;
    }

    std::vector<Token> tokens_;
    std::size_t pos_ = 0;
    const std::string& source_;
};

}  // namespace

EnergyParams parse_tropic_params(std::string_view text, const std::string& source) {
    return Parser(text, source).parse();
}

}  // namespace tropic::rna
