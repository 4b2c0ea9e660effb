#include "tropic/core/backend.hpp"

#include <gtest/gtest.h>

#include "tropic/core/error.hpp"

namespace tropic {
namespace {

TEST(Backend, ParsesNames) {
    EXPECT_EQ(parse_backend("auto"), Backend::Auto);
    EXPECT_EQ(parse_backend("cpu"), Backend::Cpu);
    EXPECT_EQ(parse_backend("cuda"), Backend::Cuda);
}

TEST(Backend, RoundTripsThroughToString) {
    for (Backend b : {Backend::Auto, Backend::Cpu, Backend::Cuda})
        EXPECT_EQ(parse_backend(to_string(b)), b);
}

TEST(Backend, RejectsUnknownNamesWithInputError) {
    EXPECT_THROW(static_cast<void>(parse_backend("opencl")), InputError);
    EXPECT_THROW(static_cast<void>(parse_backend("")), InputError);
    EXPECT_THROW(static_cast<void>(parse_backend("CPU ")), InputError);
    try {
        static_cast<void>(parse_backend("tpu"));
        FAIL() << "no exception";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("tpu"), std::string::npos) << e.what();
        EXPECT_EQ(e.code(), ExitCode::Input);
    }
}

}  // namespace
}  // namespace tropic
