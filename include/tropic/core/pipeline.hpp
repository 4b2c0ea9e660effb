#pragma once
// The streaming pipeline that every command runs, so that all of them stream the same way:
// chunks of records are read on a reader thread, one chunk ahead of the computation; the
// caller's compute step takes each chunk in turn; the results are formatted in parallel blocks
// on the thread pool; and the text goes out in input order on a writer thread, to stdout or an
// atomic -o file (OutputSink), while the next chunk computes. Memory stays bounded by a few
// chunks, whatever the size of the input.
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "tropic/core/output_sink.hpp"

namespace tropic {

class ThreadPool;

template <class Chunk, class Result>
struct PipelineSteps {
    // Replaces the chunk's contents with the next records; false once the input is exhausted.
    // Runs on the reader thread while the previous chunk computes (the first on the calling
    // thread).
    std::function<bool(Chunk&)> read;
    // The chunk's results, one per item (a record, a target, ...) in input order. Runs on the
    // calling thread, one chunk at a time; it may use the pool.
    std::function<std::vector<Result>(Chunk&)> compute;
    // Appends the text of one item. Runs on the pool's threads, for several items at once.
    std::function<void(std::string& out, const Chunk&, std::size_t item, const Result&)> format;
    // Optional: called on the calling thread once a chunk's text is with the writer (for a
    // progress display).
    std::function<void(const Chunk&, const std::vector<Result>&)> chunk_done;
};

// Runs the steps over the whole input. Writes to `sink`, flushing stdout after each chunk so that
// results show as they come, and leaves commit() to the caller (a command may still report after
// the last chunk). An exception in any step stops the run once the other threads are done and
// leaves from here; what earlier chunks wrote stays written. `pool`: the formatting threads
// (nullptr: the calling thread).
template <class Chunk, class Result>
void run_pipeline(const PipelineSteps<Chunk, Result>& steps, OutputSink& sink, ThreadPool* pool);

namespace detail {

// The pipeline over two slots, each holding a chunk and its results while the other is read,
// without the types of either (pipeline.cpp).
struct SlotSteps {
    std::function<bool(int slot)> read;
    std::function<std::size_t(int slot)> compute;  // returns the number of items
    std::function<void(int slot, std::size_t item, std::string& out)> format;
    std::function<void(int slot)> chunk_done;
};

void run_slot_pipeline(const SlotSteps& steps, OutputSink& sink, ThreadPool* pool);

}  // namespace detail

template <class Chunk, class Result>
void run_pipeline(const PipelineSteps<Chunk, Result>& steps, OutputSink& sink, ThreadPool* pool) {
    Chunk chunks[2];
    std::vector<Result> results[2];
    const detail::SlotSteps slots{[&](int slot) { return steps.read(chunks[slot]); },
                                  [&](int slot) {
                                      results[slot] = steps.compute(chunks[slot]);
                                      return results[slot].size();
                                  },
                                  [&](int slot, std::size_t item, std::string& out) {
                                      steps.format(out, chunks[slot], item, results[slot][item]);
                                  },
                                  [&](int slot) {
                                      if (steps.chunk_done)
                                          steps.chunk_done(chunks[slot], results[slot]);
                                  }};
    detail::run_slot_pipeline(slots, sink, pool);
}

}  // namespace tropic
