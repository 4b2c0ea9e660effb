// The TSV layout of a count matrix (count_matrix_io.hpp): reading it a sequence at a time with
// every check, and writing it, plain or BGZF-compressed (".gz", which gzip and zcat read).
#include <fmt/format.h>
#include <htslib/bgzf.h>
#include <htslib/kstring.h>

#include <charconv>
#include <cmath>
#include <map>
#include <set>
#include <string_view>

#include "cnv/counts/matrix_reader.hpp"
#include "core/internal/messages.hpp"
#include "tropic/cnv/count_matrix_io.hpp"
#include "tropic/core/atomic_file.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/output_sink.hpp"
#include "tropic/core/parse_number.hpp"

namespace tropic::cnv {

namespace detail {

namespace {

constexpr std::string_view kHeaderHelp = "#chrom<TAB>start<TAB>end<TAB>sample...";

// A field in one pair of double quotes, as R's write.table writes strings ("chr1"), is read
// without them.
std::string_view unquoted(std::string_view field) {
    if (field.size() >= 2 && field.front() == '"' && field.back() == '"')
        return field.substr(1, field.size() - 2);
    return field;
}

std::vector<std::string_view> split_tabs(std::string_view line) {
    std::vector<std::string_view> fields;
    std::size_t begin = 0;
    while (true) {
        const std::size_t tab = line.find('\t', begin);
        fields.push_back(unquoted(line.substr(begin, tab - begin)));
        if (tab == std::string_view::npos) return fields;
        begin = tab + 1;
    }
}

// The first header field: "#chrom", or "chrom" as cn.mops users export their matrices.
bool is_chrom_column(std::string_view field) {
    return field == "#chrom" || field == "chrom";
}

// One window's line, parsed.
struct WindowLine {
    std::string name;
    std::int64_t start = 0, end = 0;
    std::vector<double> counts;
    std::size_t line = 0;
};

class TsvMatrixReader : public MatrixReader {
  public:
    TsvMatrixReader(HFile file, const std::string& path) : shown_(display_input_path(path)) {
        bgzf_.reset(bgzf_hopen(file.get(), "r"));
        if (!bgzf_)
            throw InputError(fmt::format("{}: cannot read (not plain text or gzip)", shown_));
        file.release();  // the BGZF owns it now
        read_header();
        has_pending_ = read_window(pending_);
        if (has_pending_) first_line_[pending_.name] = pending_.line;
    }

    const std::vector<std::string>& samples() const override { return samples_; }

    bool next(SequenceCounts& sequence) override {
        if (!has_pending_) return false;
        sequence.name = pending_.name;
        sequence.start.clear();
        sequence.end.clear();
        sequence.counts.clear();
        append(sequence, pending_);
        WindowLine window;
        while ((has_pending_ = read_window(window))) {
            if (window.name != sequence.name) {
                start_sequence(window);
                pending_ = std::move(window);
                return true;
            }
            if (window.start < sequence.end.back())
                fail(window.line, 2,
                     fmt::format("window {}:[{}, {}) starts before the end ({}) of the window on "
                                 "line {}; a sequence's windows go in increasing order without "
                                 "overlaps",
                                 window.name, window.start, window.end, sequence.end.back(),
                                 window.line - 1));
            append(sequence, window);
        }
        return true;
    }

  private:
    [[noreturn]] void fail(std::size_t line, std::size_t column, const std::string& what) const {
        throw InputError(fmt::format("{}: line {}, column {}: {}", shown_, line, column, what));
    }

    // The next line without its line break; false at the end.
    bool read_line(std::string_view& line) {
        const int length = bgzf_getline(bgzf_.get(), '\n', &line_.text);
        if (length == -1) return false;
        ++line_number_;
        if (length < -1)
            throw InputError(fmt::format("{}: line {}: read error (corrupt or truncated input)",
                                         shown_, line_number_));
        line = std::string_view(line_.text.s, line_.text.l);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        return true;
    }

    void read_header() {
        std::string_view line;
        if (!read_line(line))
            throw InputError(fmt::format("{}: empty; a count matrix starts with the header line {}",
                                         shown_, kHeaderHelp));
        const std::vector<std::string_view> fields = split_tabs(line);
        if (fields.size() < 4 || !is_chrom_column(fields[0]) || fields[1] != "start" ||
            fields[2] != "end")
            fail(1, 1,
                 fmt::format("not a count matrix header: expected {} (at least one sample)",
                             kHeaderHelp));
        std::map<std::string_view, std::size_t> column_of;
        for (std::size_t column = 3; column < fields.size(); ++column) {
            const std::string_view name = fields[column];
            if (name.empty()) fail(1, column + 1, "an empty sample name");
            auto [at, fresh] = column_of.emplace(name, column + 1);
            if (!fresh)
                fail(1, column + 1,
                     fmt::format("sample name '{}' appears twice (also column {})", name,
                                 at->second));
            samples_.emplace_back(name);
        }
    }

    std::int64_t parse_position(std::string_view text, std::size_t column, const char* what) {
        const std::optional<std::int64_t> value = parse_number<std::int64_t>(text);
        if (!value || *value < 0)
            fail(line_number_, column,
                 fmt::format("{} '{}' is not a non-negative integer", what, text));
        return *value;
    }

    double parse_count(std::string_view text, std::size_t column) {
        const std::optional<double> parsed = parse_number<double>(text);
        const std::string& sample = samples_[column - 4];
        if (!parsed || !std::isfinite(*parsed))
            fail(line_number_, column,
                 fmt::format("count '{}' of sample '{}' is not a number; counts are finite "
                             "non-negative numbers",
                             text, sample));
        if (*parsed < 0)
            fail(line_number_, column,
                 fmt::format("count {} of sample '{}' is negative", text, sample));
        return *parsed + 0.0;  // -0 as 0
    }

    // The next window line (blank lines skipped); false at the end.
    bool read_window(WindowLine& window) {
        std::string_view line;
        do {
            if (!read_line(line)) return false;
        } while (line.empty());
        const std::vector<std::string_view> fields = split_tabs(line);
        if (fields.size() != samples_.size() + 3)
            fail(line_number_, std::min(fields.size(), samples_.size() + 3) + 1,
                 fmt::format("{} columns, but the header has {} (chrom, start, end and {} "
                             "sample(s))",
                             fields.size(), samples_.size() + 3, samples_.size()));
        if (fields[0].empty()) fail(line_number_, 1, "an empty sequence name");
        window.name.assign(fields[0]);
        window.line = line_number_;
        window.start = parse_position(fields[1], 2, "start");
        window.end = parse_position(fields[2], 3, "end");
        if (window.end <= window.start)
            fail(line_number_, 3,
                 fmt::format("end {} is not after start {}; windows hold at least one base",
                             window.end, window.start));
        window.counts.resize(samples_.size());
        for (std::size_t s = 0; s < samples_.size(); ++s)
            window.counts[s] = parse_count(fields[s + 3], s + 4);
        return true;
    }

    // A new sequence begins at `window`: it must not have had windows before.
    void start_sequence(const WindowLine& window) {
        auto [at, fresh] = first_line_.emplace(window.name, window.line);
        if (!fresh)
            fail(window.line, 1,
                 fmt::format("sequence '{}' appears again; its windows began on line {} and "
                             "must all be on consecutive lines",
                             window.name, at->second));
    }

    static void append(SequenceCounts& sequence, const WindowLine& window) {
        sequence.start.push_back(window.start);
        sequence.end.push_back(window.end);
        sequence.counts.insert(sequence.counts.end(), window.counts.begin(), window.counts.end());
    }

    std::string shown_;
    struct BgzfCloser {
        void operator()(BGZF* file) const noexcept { bgzf_close(file); }
    };
    std::unique_ptr<BGZF, BgzfCloser> bgzf_;
    // Freed by its own destructor, so that a constructor that throws (a bad header) leaks nothing.
    struct Line {
        kstring_t text = {0, 0, nullptr};
        Line() = default;
        Line(const Line&) = delete;
        Line& operator=(const Line&) = delete;
        ~Line() { ks_free(&text); }
    } line_;
    std::size_t line_number_ = 0;
    std::vector<std::string> samples_;
    bool has_pending_ = false;
    WindowLine pending_;  // the first window of the next sequence
    std::map<std::string, std::size_t, std::less<>> first_line_;
};

// A count as the shortest text that reads back as the same double; whole numbers (read counts)
// without a decimal point or exponent.
void append_count(std::string& out, double count) {
    if (count == std::floor(count) && count < 9.0e15)
        fmt::format_to(std::back_inserter(out), "{}", static_cast<std::int64_t>(count));
    else
        fmt::format_to(std::back_inserter(out), "{}", count);
}

// Text in pieces of about this size, so that a large matrix never exists whole as text.
constexpr std::size_t kFlushBytes = std::size_t{1} << 20;

template <class Write>
void write_tsv_text(const CountMatrix& matrix, Write&& write) {
    std::string out = "#chrom\tstart\tend";
    for (const std::string& sample : matrix.samples) out += '\t' + sample;
    out += '\n';
    const std::size_t samples = matrix.sample_count();
    for (const SequenceCounts& sequence : matrix.sequences)
        for (std::size_t w = 0; w < sequence.window_count(); ++w) {
            fmt::format_to(std::back_inserter(out), "{}\t{}\t{}", sequence.name, sequence.start[w],
                           sequence.end[w]);
            for (std::size_t s = 0; s < samples; ++s) {
                out += '\t';
                append_count(out, sequence.counts[w * samples + s]);
            }
            out += '\n';
            if (out.size() >= kFlushBytes) {
                write(out);
                out.clear();
            }
        }
    write(out);
}

}  // namespace

std::unique_ptr<MatrixReader> open_tsv_matrix(HFile file, const std::string& path) {
    return std::make_unique<TsvMatrixReader>(std::move(file), path);
}

}  // namespace detail

void write_count_matrix_tsv(const CountMatrix& matrix, const std::string& path) {
    detail::check_matrix_for_writing(matrix, path);
    if (!path.ends_with(".gz")) {
        OutputSink sink(path);
        detail::write_tsv_text(matrix, [&sink](const std::string& text) { sink.write(text); });
        sink.commit();
        return;
    }
    AtomicFile file(path);
    BGZF* bgzf = bgzf_open(file.temp_path().c_str(), "w");
    if (!bgzf) throw InputError(fmt::format("cannot create '{}'", path));
    bool failed = false;
    detail::write_tsv_text(matrix, [&](const std::string& text) {
        if (!failed && bgzf_write(bgzf, text.data(), text.size()) < 0) failed = true;
    });
    if (bgzf_close(bgzf) != 0 || failed)
        throw ResourceError(fmt::format("{}: cannot write (disk full?)", path));
    file.commit();
}

}  // namespace tropic::cnv
