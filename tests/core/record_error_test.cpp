#include "tropic/core/record_error.hpp"

#include <gtest/gtest.h>

#include <string>

namespace tropic {
namespace {

TEST(RecordError, NamesFileRecordAndName) {
    const InputError error = record_error("in.txt", 3, "seq_x", "invalid character 'X'");
    EXPECT_STREQ(error.what(), "in.txt: record 3 ('seq_x'): invalid character 'X'");
    EXPECT_EQ(error.code(), ExitCode::Input);
}

TEST(RecordError, StdinAndUnnamedRecords) {
    EXPECT_STREQ(record_error("-", 1, "", "no structure line").what(),
                 "<stdin>: record 1: no structure line");
}

}  // namespace
}  // namespace tropic
