// The streaming pipeline: output in input order whatever the threads, reading one chunk ahead of
// the computation, and errors from any step leaving the run with what came before written.
#include "tropic/core/pipeline.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <string>
#include <vector>

#include "support/samtools.hpp"
#include "support/temp_dir.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic {
namespace {

// A chunk of numbers; the input is 0, 1, ..., total - 1 in chunks of `per_chunk`.
using Chunk = std::vector<int>;

struct Counting {
    int total = 0;
    int per_chunk = 1;
    int next = 0;
    bool read(Chunk& chunk) {
        chunk.clear();
        while (next < total && static_cast<int>(chunk.size()) < per_chunk) chunk.push_back(next++);
        return !chunk.empty();
    }
};

PipelineSteps<Chunk, int> squares(Counting& input) {
    return {[&input](Chunk& chunk) { return input.read(chunk); },
            [](Chunk& chunk) {
                std::vector<int> results;
                for (int n : chunk) results.push_back(n * n);
                return results;
            },
            [](std::string& out, const Chunk& chunk, std::size_t item, const int& result) {
                out += std::to_string(chunk[item]) + " " + std::to_string(result) + "\n";
            },
            {}};
}

std::string expected_squares(int total) {
    std::string text;
    for (int n = 0; n < total; ++n) text += std::to_string(n) + " " + std::to_string(n * n) + "\n";
    return text;
}

class PipelineTest : public ::testing::Test {
  protected:
    std::string output_path() const { return (dir_.path() / "out.txt").string(); }
    std::string output() const { return test::read_text(output_path()); }
    test::TempDir dir_{"tropic-pipeline"};
};

TEST_F(PipelineTest, OutputInInputOrderWithAnyThreads) {
    for (unsigned threads : {1u, 4u}) {
        for (int per_chunk : {1, 7, 5000}) {
            Counting input{2000, per_chunk};
            ThreadPool pool(threads);
            OutputSink sink(output_path());
            run_pipeline(squares(input), sink, &pool);
            sink.commit();
            EXPECT_EQ(output(), expected_squares(2000))
                << threads << " threads, chunks of " << per_chunk;
        }
    }
    Counting input{100, 3};
    OutputSink sink(output_path());
    run_pipeline(squares(input), sink, nullptr);
    sink.commit();
    EXPECT_EQ(output(), expected_squares(100)) << "without a pool";
}

TEST_F(PipelineTest, AnEmptyInputWritesNothing) {
    Counting input{0, 10};
    OutputSink sink(output_path());
    run_pipeline(squares(input), sink, nullptr);
    sink.commit();
    EXPECT_EQ(output(), "");
}

TEST_F(PipelineTest, ChunkDoneFollowsTheChunksInOrder) {
    Counting input{10, 4};
    auto steps = squares(input);
    std::vector<std::size_t> sizes;
    steps.chunk_done = [&](const Chunk& chunk, const std::vector<int>& results) {
        EXPECT_EQ(chunk.size(), results.size());
        sizes.push_back(chunk.size());
    };
    OutputSink sink(output_path());
    run_pipeline(steps, sink, nullptr);
    EXPECT_EQ(sizes, (std::vector<std::size_t>{4, 4, 2}));
}

TEST_F(PipelineTest, TheNextChunkIsReadWhileOneComputes) {
    Counting input{6, 2};
    std::atomic<int> reads{0};
    std::promise<void> second_read;
    auto steps = squares(input);
    auto count = steps.compute;
    steps.read = [&](Chunk& chunk) {
        if (++reads == 2) second_read.set_value();
        return input.read(chunk);
    };
    bool overlapped = false;
    steps.compute = [&](Chunk& chunk) {
        if (chunk.front() == 0)  // generous: only a stuck reader takes this long
            overlapped = second_read.get_future().wait_for(std::chrono::seconds(30)) ==
                         std::future_status::ready;
        return count(chunk);
    };
    OutputSink sink(output_path());
    run_pipeline(steps, sink, nullptr);
    EXPECT_TRUE(overlapped) << "the second chunk was not read while the first computed";
}

TEST_F(PipelineTest, AComputeErrorLeavesWithEarlierChunksWritten) {
    Counting input{10, 3};
    auto steps = squares(input);
    auto count = steps.compute;
    steps.compute = [&](Chunk& chunk) {
        if (chunk.front() == 6) throw InputError("bad record 6");
        return count(chunk);
    };
    OutputSink sink(output_path());
    EXPECT_THROW(run_pipeline(steps, sink, nullptr), InputError);
    sink.commit();
    EXPECT_EQ(output(), expected_squares(6));
}

TEST_F(PipelineTest, AReadErrorLeavesAfterTheChunkBeforeIt) {
    Counting input{10, 3};
    auto steps = squares(input);
    steps.read = [&](Chunk& chunk) {
        if (input.next == 6) throw InputError("unreadable");
        return input.read(chunk);
    };
    OutputSink sink(output_path());
    EXPECT_THROW(run_pipeline(steps, sink, nullptr), InputError);
    sink.commit();
    EXPECT_EQ(output(), expected_squares(6));
}

TEST_F(PipelineTest, AFormatErrorLeavesFromThePool) {
    Counting input{100, 10};
    auto steps = squares(input);
    auto format = steps.format;
    steps.format = [&](std::string& out, const Chunk& chunk, std::size_t item, const int& r) {
        if (chunk[item] == 55) throw InternalError("cannot format 55");
        format(out, chunk, item, r);
    };
    ThreadPool pool(4);
    OutputSink sink(output_path());
    EXPECT_THROW(run_pipeline(steps, sink, &pool), InternalError);
}

}  // namespace
}  // namespace tropic
