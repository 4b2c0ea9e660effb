#pragma once
// The alignment file formats that AlignmentReader reads (htslib tells them apart by their
// content) and AlignmentWriter writes (SAM text or BAM).
#include <cstdint>
#include <string>
#include <string_view>

namespace tropic {

enum class AlignmentFormat : std::uint8_t { Sam, Bam, Cram };

// "SAM", "BAM" or "CRAM".
[[nodiscard]] std::string_view alignment_format_name(AlignmentFormat format) noexcept;

// The format an output path asks for by its extension: ".bam" BAM, ".cram" CRAM, anything else
// (".sam", "-" for stdout, no extension) SAM text.
[[nodiscard]] AlignmentFormat alignment_format_for_path(std::string_view path) noexcept;

}  // namespace tropic
