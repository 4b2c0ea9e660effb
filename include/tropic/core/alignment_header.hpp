#pragma once
// The header of a SAM/BAM/CRAM file: its text (the '@' lines) and the reference sequences its
// @SQ lines declare, in order, so that a record's reference_id indexes references().
// Parsing goes through htslib, so a header is accepted exactly when htslib accepts it.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tropic {

struct ReferenceSequence {
    std::string name;
    std::int64_t length = 0;
    bool operator==(const ReferenceSequence&) const = default;
};

class AlignmentHeader {
  public:
    // No lines and no references.
    AlignmentHeader() = default;
    // Parses SAM header text: lines starting with '@', each ending in '\n' (one is added to the
    // last line when missing). Throws InputError when htslib rejects it.
    explicit AlignmentHeader(std::string text);
    // An "@HD VN:1.6" line and one @SQ line per reference, in order. Throws InputError
    // "reference K ('name'): ..." for a name SAM does not allow (sam_reference_name_problem).
    [[nodiscard]] static AlignmentHeader from_references(
        const std::vector<ReferenceSequence>& references);

    [[nodiscard]] const std::string& text() const noexcept { return text_; }
    [[nodiscard]] const std::vector<ReferenceSequence>& references() const noexcept {
        return references_;
    }
    // The index of the reference with this name, or nullopt.
    [[nodiscard]] std::optional<std::int32_t> reference_id(std::string_view name) const;

    // Every line of one record type, e.g. "RG" or "PG", whole and without its '\n'.
    [[nodiscard]] std::vector<std::string> lines(std::string_view type) const;
    [[nodiscard]] std::vector<std::string> read_groups() const { return lines("RG"); }
    [[nodiscard]] std::vector<std::string> programs() const { return lines("PG"); }

    // Appends one line (e.g. the @PG line of the program writing the file) and parses again.
    void add_line(std::string_view line);

    bool operator==(const AlignmentHeader& other) const { return text_ == other.text_; }

  private:
    std::string text_;
    std::vector<ReferenceSequence> references_;
    std::map<std::string, std::int32_t, std::less<>> ids_;
};

// What makes `name` unfit to be a SAM reference name (an @SQ SN, an RNAME), or nullopt when it is
// fit. The SAM specification (SAMv1 1.2.1): printable ASCII other than \ , " ' ` ( ) [ ] { } < >,
// not empty, and not starting with '*' or '=' (RNAME '*' means unmapped, RNEXT '=' the record's
// own reference).
std::optional<std::string> sam_reference_name_problem(std::string_view name);

}  // namespace tropic
