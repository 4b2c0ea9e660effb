// core's toolbox (src/core/internal/ and the free functions beside the public types): the one
// number reader, the one escaping of bytes in messages, the pool-or-serial loop, the CPU probe,
// the device headroom rule and the batch outcome.
#include <gtest/gtest.h>

#include <atomic>
#include <vector>

#include "core/internal/cpu_isa.hpp"
#include "core/internal/json_text.hpp"
#include "core/internal/memory_fit.hpp"
#include "core/internal/messages.hpp"
#include "tropic/core/alphabet.hpp"
#include "tropic/core/cpu_features.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/outcome.hpp"
#include "tropic/core/parse_number.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic {
namespace {

TEST(ParseNumber, TakesExactlyOneNumber) {
    EXPECT_EQ(parse_number<int>("42"), 42);
    EXPECT_EQ(parse_number<int>("-7"), -7);
    EXPECT_EQ(parse_number<double>("0.25"), 0.25);
    EXPECT_EQ(parse_number<std::int64_t>("9000000000"), 9'000'000'000);
    for (const char* bad : {"", " 1", "1 ", "+1", "1x", "0x10", "1e", "--1"})
        EXPECT_FALSE(parse_number<int>(bad).has_value()) << "'" << bad << "'";
    EXPECT_FALSE(parse_number<int>("2.5").has_value());
    EXPECT_FALSE(parse_number<int>("99999999999").has_value()) << "out of range";
    EXPECT_FALSE(parse_number<unsigned>("-1").has_value());
    // from_chars's words for infinity: callers that need a finite value check for it.
    EXPECT_TRUE(parse_number<double>("inf").has_value());
}

TEST(Messages, EscapeBytesThatDoNotPrint) {
    EXPECT_EQ(printable_text("plain text"), "plain text");
    EXPECT_EQ(printable_text(std::string("a\x9a\x01\tb\x7f", 6)), "a\\x9a\\x01\\x09b\\x7f");
    // Valid UTF-8 passes through; a lone lead byte, an overlong form or a surrogate does not.
    EXPECT_EQ(printable_text("donn\xc3\xa9"
                             "es \xe2\x84\x83"),
              "donn\xc3\xa9"
              "es \xe2\x84\x83");
    EXPECT_EQ(printable_text("\xc3x"), "\\xc3x");
    EXPECT_EQ(printable_text("\xc0\xaf"), "\\xc0\\xaf");
    EXPECT_EQ(printable_text("\xed\xa0\x80"), "\\xed\\xa0\\x80");
    EXPECT_EQ(display_input_path("-"), "<stdin>");
    EXPECT_EQ(display_output_path(""), "<stdout>");
    EXPECT_EQ(display_output_path("x.txt"), "x.txt");
}

TEST(JsonText, EscapesAndReplacesInvalidUtf8) {
    std::string out;
    append_json_string(out, std::string("a\"b\\c\n\xff", 7));
    EXPECT_EQ(out, "\"a\\\"b\\\\c\\n\xef\xbf\xbd\"");
}

TEST(LooksLikeDna, IupacNucleotideCodesOnly) {
    EXPECT_TRUE(looks_like_dna("ACGTUNRYSWKMBDHV"));
    EXPECT_TRUE(looks_like_dna(""));
    EXPECT_FALSE(looks_like_dna("ACGTE"));
    EXPECT_FALSE(looks_like_dna("acgt")) << "records are normalised to upper case first";
}

TEST(ParallelFor, RunsEveryIndexOnceWithOrWithoutAPool) {
    ThreadPool pool(4);
    for (ThreadPool* p : {static_cast<ThreadPool*>(nullptr), &pool}) {
        std::vector<std::atomic<int>> seen(1000);
        parallel_for(
            p, 3, 1000, [&](std::size_t i) { ++seen[i]; }, 7);
        for (std::size_t i = 0; i < seen.size(); ++i) EXPECT_EQ(seen[i], i < 3 ? 0 : 1) << i;
    }
    EXPECT_EQ(thread_count(nullptr), 1u);
    EXPECT_EQ(thread_count(&pool), 4u);
    // Without a pool the loop runs in order on the calling thread.
    std::vector<std::size_t> order;
    parallel_for(nullptr, 0, 5, [&](std::size_t i) { order.push_back(i); });
    EXPECT_EQ(order, (std::vector<std::size_t>{0, 1, 2, 3, 4}));
}

TEST(CpuIsa, TheWidestLevelAgreesWithTheProbe) {
    const std::string_view level = simd_level_of_cpu();
    if (cpu_has(Isa::Avx512f)) {
        EXPECT_EQ(level, "AVX-512");
    } else if (cpu_has(Isa::Avx2)) {
        EXPECT_EQ(level, "AVX2");
    }
    if (cpu_has(Isa::Avx2)) {
        EXPECT_TRUE(cpu_has(Isa::Sse41));
    }
}

TEST(DeviceHeadroom, ATenthOfTheFreeMemoryStaysBack) {
    EXPECT_EQ(usable_device_bytes(1000), 900u);
    EXPECT_EQ(usable_device_bytes(0), 0u);
    const MemoryBudget budget = device_budget(2, 80ull << 30);
    EXPECT_TRUE(budget.on_device());
    EXPECT_EQ(budget.device, 2);
    EXPECT_EQ(budget.free_bytes, 80ull << 30);
    EXPECT_EQ(budget.bytes, 72ull << 30);
}

TEST(Outcome, CapturesTheErrorAndThrowsItAgainWithItsKind) {
    const Outcome<int> good = capture_outcome<int>([] { return 5; });
    EXPECT_TRUE(good.ok());
    EXPECT_EQ(good.result, 5);
    EXPECT_NO_THROW(good.rethrow_error("x: "));
    const Outcome<int> bad = capture_outcome<int>([]() -> int { throw ResourceError("too big"); });
    EXPECT_FALSE(bad.ok());
    EXPECT_EQ(bad.code, ExitCode::Resource);
    try {
        bad.rethrow_error("in.fa: record 2: ");
        FAIL() << "no exception";
    } catch (const ResourceError& e) {
        EXPECT_STREQ(e.what(), "in.fa: record 2: too big");
    }
}

}  // namespace
}  // namespace tropic
