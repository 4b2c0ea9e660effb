#include "tropic/core/cpu_features.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <string_view>

namespace tropic {
namespace {

constexpr std::array<std::string_view, 6> kX86Levels = {"none", "SSE2", "SSE4.2",
                                                        "AVX",  "AVX2", "AVX-512"};

std::size_t rank(std::string_view level) {
    return static_cast<std::size_t>(std::find(kX86Levels.begin(), kX86Levels.end(), level) -
                                    kX86Levels.begin());
}

TEST(CpuFeatures, TheCpuRunsWhatTheBuildUses) {
#if defined(__x86_64__)
    ASSERT_LT(rank(simd_level_built()), kX86Levels.size()) << simd_level_built();
    ASSERT_LT(rank(simd_level_of_cpu()), kX86Levels.size()) << simd_level_of_cpu();
    // This test runs, so the CPU executes the build's instructions.
    EXPECT_GE(rank(simd_level_of_cpu()), rank(simd_level_built()));
    EXPECT_GE(rank(simd_level_built()), rank("SSE2")) << "x86-64 always has SSE2";
#else
    EXPECT_FALSE(simd_level_built().empty());
    EXPECT_FALSE(simd_level_of_cpu().empty());
#endif
}

}  // namespace
}  // namespace tropic
