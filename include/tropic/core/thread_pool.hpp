#pragma once
// A fixed set of worker threads and a parallel-for over index ranges.
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace tropic {

class ThreadPool {
  public:
    // threads == 0 means std::thread::hardware_concurrency(). The calling thread takes part in
    // every parallel_for, so a pool of 1 thread runs everything inline.
    explicit ThreadPool(unsigned threads = 0);
    ~ThreadPool();
    ThreadPool(const ThreadPool&) = delete;
    ThreadPool& operator=(const ThreadPool&) = delete;

    [[nodiscard]] unsigned size() const noexcept { return size_; }

    // Calls body(i) for every i in [begin, end), indices handed out dynamically in blocks of
    // `grain`. Returns when all calls are done; the first exception thrown is rethrown here.
    void parallel_for(std::size_t begin, std::size_t end,
                      const std::function<void(std::size_t)>& body, std::size_t grain = 1);

  private:
    void worker_loop();
    void run_share();

    unsigned size_;
    std::vector<std::thread> workers_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::condition_variable done_;
    const std::function<void(std::size_t)>* body_ = nullptr;
    std::size_t next_ = 0, end_ = 0, grain_ = 1;
    std::size_t generation_ = 0;
    unsigned active_ = 0;
    bool stop_ = false;
    std::exception_ptr error_;
};

// Calls body(i) for every i in [begin, end): on `pool`'s threads as ThreadPool::parallel_for does,
// or in order on the calling thread when there is no pool (nullptr), the pool has one thread or
// the range one index. The one place that makes that choice.
void parallel_for(ThreadPool* pool, std::size_t begin, std::size_t end,
                  const std::function<void(std::size_t)>& body, std::size_t grain = 1);

// The threads that work on `pool` (1 without a pool).
[[nodiscard]] inline unsigned thread_count(const ThreadPool* pool) noexcept {
    return pool ? pool->size() : 1;
}

}  // namespace tropic
