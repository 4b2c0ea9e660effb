// Reader of tropic's own energy-parameter format (docs/energy-params.md): '#' comments, then
// the header `tropic-energy-params 1` and statements `scalar NAME VALUE`, `table NAME VALUES...`,
// `hairpin SEQUENCE ENERGY`, `enthalpies yes|no` and `end`; names prefixed `dH:` and
// `hairpin-dH` lines give enthalpies. Every table and scalar must appear exactly once (with
// `enthalpies yes`, its enthalpy too): a file of this format is a complete parameter set.
#include <fmt/format.h>

#include <array>
#include <charconv>
#include <cmath>
#include <map>
#include <memory>
#include <vector>

#include "core/internal/text_tokens.hpp"
#include "rna/energy/energy_tables.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/parse_number.hpp"
#include "tropic/rna/energy_params.hpp"

namespace tropic::rna {

namespace {

using Token = TextToken;

constexpr std::string_view kEnthalpyPrefix = "dH:";

// The tables and scalars of one EnergyParams, by name.
struct Target {
    explicit Target(EnergyParams& p)
        : tables(detail::table_layouts(p)), scalars{{"ml_base", &p.ml_base},
                                                    {"ml_closing", &p.ml_closing},
                                                    {"ml_intern", &p.ml_intern},
                                                    {"ninio", &p.ninio},
                                                    {"max_ninio", &p.max_ninio},
                                                    {"terminal_au", &p.terminal_au},
                                                    {"duplex_init", &p.duplex_init}} {}

    std::array<detail::TableLayout, detail::kTableCount> tables;
    std::map<std::string_view, int*> scalars;
};

class Parser {
  public:
    Parser(std::string_view text, const std::string& source)
        : tokens_(text_tokens(text)), source_(source) {}

    EnergyParams parse(EnergyParams* enthalpies_out) {
        EnergyParams params;
        auto enthalpies = std::make_unique<EnergyParams>();
        expect_header();
        Target energy_target(params), enthalpy_target(*enthalpies);
        std::map<std::string_view, int> seen;
        bool ended = false;
        while (!ended) {
            const Token& keyword = next("a statement or 'end'");
            if (keyword.text == "end") {
                ended = true;
            } else if (keyword.text == "scalar") {
                const Token& name = next("a scalar name");
                mark_seen(seen, name);
                auto [target, bare] = split_name(name, energy_target, enthalpy_target);
                if (bare == "lxc" && target == &energy_target) {
                    const Token& value = next("the value of lxc");
                    params.lxc = decimal(value);
                    if (!(std::abs(params.lxc) <= detail::kMaxLxc))
                        fail(value, fmt::format("lxc outside -{} to {}", detail::kMaxLxc,
                                                detail::kMaxLxc));
                } else if (auto it = target->scalars.find(bare); it != target->scalars.end()) {
                    *it->second = energy(next("a scalar value"));
                } else {
                    fail(name, "unknown scalar");
                }
            } else if (keyword.text == "table") {
                const Token& name = next("a table name");
                auto [target, bare] = split_name(name, energy_target, enthalpy_target);
                const detail::TableLayout* table = nullptr;
                for (const auto& t : target->tables)
                    if (t.name == bare) table = &t;
                if (table == nullptr) fail(name, "unknown table");
                mark_seen(seen, name);
                for (std::size_t k = 0; k < table->value_count(); ++k)
                    table->at(k) =
                        energy(next(fmt::format("value {} of table {}", k + 1, name.text)));
            } else if (keyword.text == "hairpin" || keyword.text == "hairpin-dH") {
                const Token& sequence = next("a special hairpin sequence");
                int value = energy(next("the energy of a special hairpin"));
                detail::add_special_hairpin(keyword.text == "hairpin" ? params : *enthalpies,
                                            sequence.text, value, where(sequence));
            } else if (keyword.text == "enthalpies") {
                const Token& flag = next("yes or no");
                if (flag.text != "yes" && flag.text != "no") fail(flag, "expected yes or no");
                params.has_enthalpies = flag.text == "yes";
            } else {
                fail(keyword, "expected scalar, table, hairpin, hairpin-dH, enthalpies or end");
            }
        }
        if (pos_ < tokens_.size()) fail(tokens_[pos_], "text after 'end'");
        require_all(seen, energy_target, "");
        if (!seen.count("lxc")) throw InputError(fmt::format("{}: scalar lxc is missing", source_));
        if (params.has_enthalpies) {
            require_all(seen, enthalpy_target, kEnthalpyPrefix);
            enthalpies->lxc = params.lxc;
            enthalpies->max_ninio = params.max_ninio;
            enthalpies->has_enthalpies = true;
            check_same_hairpins(params, *enthalpies);
        }
        detail::complete_derived_entries(params);
        detail::complete_derived_entries(*enthalpies);
        if (enthalpies_out != nullptr && params.has_enthalpies) *enthalpies_out = *enthalpies;
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

    // "dH:NAME" names an enthalpy table or scalar, "NAME" an energy one.
    static std::pair<Target*, std::string_view> split_name(const Token& name, Target& energies,
                                                           Target& enthalpies) {
        if (name.text.starts_with(kEnthalpyPrefix))
            return {&enthalpies, name.text.substr(kEnthalpyPrefix.size())};
        return {&energies, name.text};
    }

    void require_all(const std::map<std::string_view, int>& seen, const Target& target,
                     std::string_view prefix) const {
        for (const auto& t : target.tables)
            if (!seen.count(fmt::format("{}{}", prefix, t.name)))
                throw InputError(fmt::format("{}: table {}{} is missing", source_, prefix, t.name));
        for (const auto& [name, value] : target.scalars) {
            if (!prefix.empty() && name == "max_ninio") continue;  // no enthalpy
            if (!seen.count(fmt::format("{}{}", prefix, name)))
                throw InputError(fmt::format("{}: scalar {}{} is missing", source_, prefix, name));
        }
    }

    // Every special hairpin needs an enthalpy, listed in the same order.
    template <int Length>
    void check_same(const SpecialHairpins<Length>& g, const SpecialHairpins<Length>& h) const {
        bool same = g.count == h.count;
        for (int k = 0; same && k < g.count; ++k)
            same = std::string_view(g.sequence[k]) == std::string_view(h.sequence[k]);
        if (!same)
            throw InputError(fmt::format(
                "{}: the hairpin-dH lines must list the special hairpins of the hairpin lines, in "
                "the same order",
                source_));
    }

    void check_same_hairpins(const EnergyParams& g, const EnergyParams& h) const {
        check_same(g.triloops, h.triloops);
        check_same(g.tetraloops, h.tetraloops);
        check_same(g.hexaloops, h.hexaloops);
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
        const std::optional<double> value = parse_number<double>(token.text);
        if (!value) fail(token, "malformed number");
        return *value;
    }

    std::vector<Token> tokens_;
    std::size_t pos_ = 0;
    const std::string& source_;
};

}  // namespace

EnergyParams parse_tropic_params(std::string_view text, const std::string& source,
                                 EnergyParams* enthalpies) {
    return Parser(text, source).parse(enthalpies);
}

}  // namespace tropic::rna
