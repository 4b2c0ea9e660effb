#include "rna/plot/picture_file.hpp"

#include <cstdio>

#include "core/internal/canvas.hpp"
#include "tropic/core/atomic_file.hpp"
#include "tropic/core/error.hpp"
#include "tropic/rna/structure_plot.hpp"

namespace tropic::rna {

// The rna pictures draw PNG on core's canvas: this build can when core found cairo.
bool rna_png_supported() noexcept {
    return draw::png_supported();
}

}  // namespace tropic::rna

namespace tropic::rna::plot {

void write_picture_file(const std::string& bytes, const std::string& path) {
    AtomicFile file(path);
    if (std::fwrite(bytes.data(), 1, bytes.size(), file.stream()) != bytes.size())
        throw ResourceError("cannot write " + path);
    file.commit();
}

}  // namespace tropic::rna::plot
