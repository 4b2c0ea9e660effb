#include "python/python_more_bindings.hpp"

namespace tropic::python {

void bind_analysis(nb::module_& m) {
    bind_align(m);
    bind_search(m);
    bind_map(m);
    bind_cnv(m);
    bind_rri(m);
    bind_align3(m);
    bind_mirna(m);
}

}  // namespace tropic::python
