#pragma once
// Where a finished rna picture goes: its bytes (core's canvas, core/internal/canvas.hpp) into a
// file.
#include <string>

namespace tropic::rna::plot {

// Writes `bytes` to `path` through an AtomicFile: complete or not at all.
void write_picture_file(const std::string& bytes, const std::string& path);

}  // namespace tropic::rna::plot
