#include "tropic/core/pipeline.hpp"

#include <algorithm>
#include <future>

#include "tropic/core/thread_pool.hpp"

namespace tropic::detail {

namespace {

// Items formatted into one string by one thread: enough blocks for every thread to take a few
// (a chunk of a few large items still spreads), and none so large that one thread lags behind.
constexpr std::size_t kMaxFormatBlock = 2048;
constexpr std::size_t kBlocksPerThread = 4;

void format_blocks(const SlotSteps& steps, int slot, std::size_t items,
                   std::vector<std::string>& texts, ThreadPool* pool) {
    const std::size_t threads = thread_count(pool);
    const std::size_t share =
        (items + kBlocksPerThread * threads - 1) / (kBlocksPerThread * threads);
    const std::size_t block = std::clamp<std::size_t>(share, 1, kMaxFormatBlock);
    texts.resize((items + block - 1) / block);
    auto format_block = [&](std::size_t b) {
        std::string& out = texts[b];
        out.clear();
        const std::size_t last = std::min(items, (b + 1) * block);
        for (std::size_t item = b * block; item < last; ++item) steps.format(slot, item, out);
    };
    parallel_for(pool, 0, texts.size(), format_block);
}

}  // namespace

void run_slot_pipeline(const SlotSteps& steps, OutputSink& sink, ThreadPool* pool) {
    // The texts of each slot; the writer of one slot runs while the other formats. Declared
    // before the futures, so that a future that waits for its thread (when a step throws) does so
    // while what that thread uses still exists.
    std::vector<std::string> texts[2];
    std::future<void> writing;
    int slot = 0;
    bool have = steps.read(slot);
    while (have) {
        std::future<bool> reading =
            std::async(std::launch::async, [&steps, next = slot ^ 1] { return steps.read(next); });
        const std::size_t items = steps.compute(slot);
        format_blocks(steps, slot, items, texts[slot], pool);
        if (writing.valid()) writing.get();
        writing = std::async(std::launch::async, [&sink, &out = texts[slot]] {
            for (const std::string& text : out) sink.write(text);
            sink.flush();
        });
        steps.chunk_done(slot);
        have = reading.get();
        slot ^= 1;
    }
    if (writing.valid()) writing.get();
}

}  // namespace tropic::detail
