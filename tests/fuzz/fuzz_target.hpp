#pragma once
// One fuzz target, written once and built two ways (tests/fuzz/CMakeLists.txt):
//   - as a libFuzzer program (TROPIC_LIBFUZZER defined): the macro defines LLVMFuzzerTestOneInput;
//   - into the regression driver tropic_fuzz_regressions (plain GoogleTest, no libFuzzer): the
//     macro registers the target under its name, and the driver replays every file of
//     tests/fuzz/corpus/<name>/ and tests/fuzz/regressions/<name>/ through it.
//
//   TROPIC_FUZZ_TARGET(sequence_reader) { ... data, size ... }
//
// A target returns normally for any input: InputError is the expected answer to bad input
// (catch it with ignore_input_errors). Anything else that leaves the target (another exception,
// a failed check_invariant, a sanitizer report) is a finding.
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>

namespace tropic::fuzz {

using TargetFunction = void (*)(const std::uint8_t* data, std::size_t size);

// Every target linked into the regression driver, by name.
std::map<std::string, TargetFunction>& registered_targets();

inline bool register_target(const char* name, TargetFunction function) {
    registered_targets()[name] = function;
    return true;
}

}  // namespace tropic::fuzz

#ifdef TROPIC_LIBFUZZER
#define TROPIC_FUZZ_TARGET(name)                                                        \
    static void tropic_fuzz_##name(const std::uint8_t* data, std::size_t size);         \
    extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) { \
        tropic_fuzz_##name(data, size);                                                 \
        return 0;                                                                       \
    }                                                                                   \
    static void tropic_fuzz_##name(const std::uint8_t* data, std::size_t size)
#else
#define TROPIC_FUZZ_TARGET(name)                                                \
    static void tropic_fuzz_##name(const std::uint8_t* data, std::size_t size); \
    [[maybe_unused]] static const bool tropic_fuzz_##name##_registered =        \
        ::tropic::fuzz::register_target(#name, tropic_fuzz_##name);             \
    static void tropic_fuzz_##name(const std::uint8_t* data, std::size_t size)
#endif
