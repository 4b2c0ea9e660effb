// Reader of ViennaRNA 2.x parameter files (`## RNAfold parameter file v2.0`): `/* */` comments,
// sections headed `# name`, tables listed row-major, `INF` for forbidden entries, and `#END`.
// Energies go into EnergyParams; `_enthalpies` sections are read just as strictly (so a
// malformed token anywhere is an error) and only their presence is kept.
#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <memory>
#include <sstream>
#include <vector>

#include "rna/energy/energy_tables.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/parse_number.hpp"
#include "tropic/rna/energy_params.hpp"

namespace tropic::rna {

namespace {

constexpr std::string_view kHeader = "## RNAfold parameter file v2.0";
constexpr std::string_view kEnthalpySuffix = "_enthalpies";

struct Token {
    std::string text;
    int line;
};

// One section: its name, the line of its header and its tokens.
struct Section {
    std::string name;
    int line = 0;
    std::vector<Token> tokens;
};

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

class ViennaReader {
  public:
    ViennaReader(std::string_view text, const std::string& source) : source_(source) {
        split_sections(text);
    }

    EnergyParams read(EnergyParams* enthalpies_out) {
        EnergyParams params = turner2004_params();
        auto scratch = std::make_unique<EnergyParams>(turner2004_enthalpies());
        params.has_enthalpies = false;  // true once the file lists enthalpies
        for (const Section& section : sections_) {
            std::string_view name = section.name;
            const bool enthalpy = name.ends_with(kEnthalpySuffix);
            if (enthalpy) {
                name.remove_suffix(kEnthalpySuffix.size());
                params.has_enthalpies = true;
            }
            EnergyParams& target = enthalpy ? *scratch : params;
            if (!read_table(section, table_name(name), target) &&
                !(!enthalpy && read_special(section, name, params, *scratch)))
                throw InputError(fmt::format("{}: line {}: unknown section '# {}'", source_,
                                             section.line, section.name));
        }
        detail::complete_derived_entries(params);
        detail::complete_derived_entries(*scratch);
        scratch->lxc = params.lxc;
        scratch->max_ninio = params.max_ninio;
        if (enthalpies_out != nullptr && params.has_enthalpies) *enthalpies_out = *scratch;
        return params;
    }

  private:
    // ViennaRNA says "internal" where tropic says "interior".
    static std::string table_name(std::string_view name) {
        std::string out(name);
        if (auto at = out.find("internal"); at != std::string::npos) out.replace(at, 8, "interior");
        return out;
    }

    void split_sections(std::string_view text) {
        std::string uncommented = strip_comments(text);
        std::istringstream lines(uncommented);
        std::string line;
        int number = 0;
        bool header_seen = false, ended = false;
        while (std::getline(lines, line)) {
            ++number;
            std::string_view content = trim(line);
            if (!header_seen) {
                if (content.empty()) continue;
                if (content != kHeader)
                    throw InputError(
                        fmt::format("{}: line {}: not a ViennaRNA parameter file (expected '{}')",
                                    source_, number, kHeader));
                header_seen = true;
                continue;
            }
            if (content.empty() || ended) continue;
            if (content.front() == '#') {
                std::string_view name = trim(content.substr(1));
                if (name == "END") {
                    ended = true;
                    continue;
                }
                sections_.push_back({std::string(name), number, {}});
                continue;
            }
            if (sections_.empty())
                throw InputError(
                    fmt::format("{}: line {}: values before the first section", source_, number));
            std::istringstream words{std::string(content)};
            std::string word;
            while (words >> word) sections_.back().tokens.push_back({word, number});
        }
        if (!header_seen)
            throw InputError(fmt::format("{}: empty file, expected '{}'", source_, kHeader));
    }

    // Replaces /* ... */ with spaces, keeping newlines so that line numbers stay right.
    std::string strip_comments(std::string_view text) const {
        std::string out(text);
        std::size_t at = 0;
        while ((at = out.find("/*", at)) != std::string::npos) {
            std::size_t end = out.find("*/", at + 2);
            if (end == std::string::npos) {
                int line = 1 + static_cast<int>(std::count(out.begin(), out.begin() + at, '\n'));
                throw InputError(fmt::format("{}: line {}: unterminated comment", source_, line));
            }
            for (std::size_t k = at; k < end + 2; ++k)
                if (out[k] != '\n') out[k] = ' ';
            at = end + 2;
        }
        return out;
    }

    int energy(const Token& token) const {
        int value = 0;
        if (!detail::parse_energy_token(token.text, value))
            throw InputError(fmt::format(
                "{}: line {}: malformed energy '{}' (expected an integer in dcal/mol or INF)",
                source_, token.line, token.text));
        return value;
    }

    double decimal(const Token& token) const {
        const std::optional<double> value = parse_number<double>(token.text);
        if (!value)
            throw InputError(
                fmt::format("{}: line {}: malformed number '{}'", source_, token.line, token.text));
        return *value;
    }

    double lxc(const Token& token) const {
        const double value = decimal(token);
        if (!(std::abs(value) <= detail::kMaxLxc))
            throw InputError(fmt::format("{}: line {}: lxc '{}' outside -{} to {}", source_,
                                         token.line, token.text, detail::kMaxLxc, detail::kMaxLxc));
        return value;
    }

    void expect_count(const Section& section, std::size_t low, std::size_t high) const {
        const std::size_t n = section.tokens.size();
        if (n >= low && n <= high) return;
        const int line = n > high ? section.tokens[high].line : section.line;
        throw InputError(fmt::format("{}: line {}: section '# {}' has {} values, expected {}{}",
                                     source_, line, section.name, n, low,
                                     high == low ? "" : fmt::format(" to {}", high)));
    }

    bool read_table(const Section& section, const std::string& name, EnergyParams& target) {
        for (const auto& table : detail::table_layouts(target)) {
            if (table.name != name) continue;
            expect_count(section, table.value_count(), table.value_count());
            for (std::size_t k = 0; k < table.value_count(); ++k)
                table.at(k) = energy(section.tokens[k]);
            return true;
        }
        return false;
    }

    // Sections other than tables; values come as energy/enthalpy pairs.
    bool read_special(const Section& section, std::string_view name, EnergyParams& params,
                      EnergyParams& enthalpies) {
        const auto& t = section.tokens;
        if (name == "ML_params") {
            expect_count(section, 6, 6);
            params.ml_base = energy(t[0]);
            enthalpies.ml_base = energy(t[1]);
            params.ml_closing = energy(t[2]);
            enthalpies.ml_closing = energy(t[3]);
            params.ml_intern = energy(t[4]);
            enthalpies.ml_intern = energy(t[5]);
        } else if (name == "NINIO") {
            expect_count(section, 3, 3);
            params.ninio = energy(t[0]);
            enthalpies.ninio = energy(t[1]);
            params.max_ninio = energy(t[2]);
        } else if (name == "Misc") {
            expect_count(section, 4, 6);
            params.duplex_init = energy(t[0]);
            enthalpies.duplex_init = energy(t[1]);
            params.terminal_au = energy(t[2]);
            enthalpies.terminal_au = energy(t[3]);
            if (t.size() >= 5) params.lxc = lxc(t[4]);
            if (t.size() == 6) decimal(t[5]);
        } else if (name == "Triloops" || name == "Tetraloops" || name == "Hexaloops") {
            // The file's list replaces the built-in one.
            for (EnergyParams* p : {&params, &enthalpies}) {
                if (name == "Triloops") p->triloops.count = 0;
                if (name == "Tetraloops") p->tetraloops.count = 0;
                if (name == "Hexaloops") p->hexaloops.count = 0;
            }
            if (t.size() % 3 != 0)
                throw InputError(fmt::format(
                    "{}: line {}: section '# {}' needs lines 'SEQUENCE energy enthalpy'", source_,
                    section.line, section.name));
            const std::size_t length = name == "Triloops" ? 5 : name == "Tetraloops" ? 6 : 8;
            for (std::size_t k = 0; k < t.size(); k += 3) {
                const std::string where = fmt::format("{}: line {}", source_, t[k].line);
                if (t[k].text.size() != length)
                    throw InputError(fmt::format("{}: '{}' in '# {}' must have {} bases", where,
                                                 t[k].text, section.name, length));
                detail::add_special_hairpin(params, t[k].text, energy(t[k + 1]), where);
                detail::add_special_hairpin(enthalpies, t[k].text, energy(t[k + 2]), where);
            }
        } else {
            return false;
        }
        return true;
    }

    const std::string& source_;
    std::vector<Section> sections_;
};

}  // namespace

EnergyParams parse_vienna_params(std::string_view text, const std::string& source,
                                 EnergyParams* enthalpies) {
    return ViennaReader(text, source).read(enthalpies);
}

EnergyParams read_vienna_params(const std::string& path, EnergyParams* enthalpies) {
    return parse_vienna_params(detail::read_parameter_file(path), path, enthalpies);
}

}  // namespace tropic::rna
