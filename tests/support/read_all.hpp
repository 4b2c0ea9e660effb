#pragma once
// Reading a whole input with one of core's readers (SequenceReader, AlignmentReader, BedReader:
// constructed from a path and options, with next() returning an optional record), and the
// InputError that doing so raises.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "tropic/core/error.hpp"

namespace tropic::test {

template <class Reader, class... Options>
auto read_all(const std::string& path, Options&&... options) {
    Reader reader(path, std::forward<Options>(options)...);
    std::vector<typename decltype(reader.next())::value_type> records;
    while (auto record = reader.next()) records.push_back(std::move(*record));
    return records;
}

// The message of the InputError (exit code 1) that reading the whole input raises; a test
// failure when it raises none.
template <class Reader, class... Options>
std::string read_error(const std::string& path, Options&&... options) {
    try {
        read_all<Reader>(path, std::forward<Options>(options)...);
    } catch (const InputError& e) {
        EXPECT_EQ(e.code(), ExitCode::Input);
        return e.what();
    }
    ADD_FAILURE() << "no InputError for " << path;
    return {};
}

}  // namespace tropic::test
