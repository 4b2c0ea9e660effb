#include "core/internal/meminfo.hpp"

#include <gtest/gtest.h>

namespace tropic::detail {
namespace {

constexpr std::string_view kMeminfo =
    "MemTotal:       131981020 kB\nMemFree:        130653592 kB\n"
    "MemAvailable:   131471848 kB\nBuffers:           12 kB\n";

TEST(Meminfo, ReadsMemAvailableInBytes) {
    EXPECT_EQ(mem_available_bytes(kMeminfo), 131471848ull * 1024);
    EXPECT_EQ(mem_available_bytes("MemAvailable: 0 kB\n"), 0u);
}

TEST(Meminfo, RefusesWhatIsNotTheField) {
    EXPECT_EQ(mem_available_bytes(""), std::nullopt);
    EXPECT_EQ(mem_available_bytes("MemTotal: 5 kB\n"), std::nullopt);
    EXPECT_EQ(mem_available_bytes("XMemAvailable: 5 kB\n"), std::nullopt);
    EXPECT_EQ(mem_available_bytes("MemAvailable: lots\n"), std::nullopt);
    EXPECT_EQ(mem_available_bytes("MemAvailable: 5 MB\n"), std::nullopt);
    EXPECT_EQ(mem_available_bytes("MemAvailable: 99999999999999999999 kB\n"), std::nullopt);
    EXPECT_EQ(mem_available_bytes("Foo: 1 kB\nXMemAvailable: 2 kB\nMemAvailable: 3 kB\n"), 3072u);
}

}  // namespace
}  // namespace tropic::detail
