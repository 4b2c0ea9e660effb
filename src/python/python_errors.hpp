#pragma once
// tropic's errors as Python exceptions, with the library's message: InputError -> ValueError,
// ResourceError -> MemoryError, any other tropic::Error -> RuntimeError.

namespace tropic::python {

void register_error_translation();

}  // namespace tropic::python
