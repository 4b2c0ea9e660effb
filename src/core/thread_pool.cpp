#include "tropic/core/thread_pool.hpp"

#include <algorithm>

namespace tropic {

ThreadPool::ThreadPool(unsigned threads) {
    size_ = threads == 0 ? std::max(1u, std::thread::hardware_concurrency()) : threads;
    for (unsigned t = 1; t < size_; ++t) workers_.emplace_back([this] { worker_loop(); });
}

ThreadPool::~ThreadPool() {
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
    }
    wake_.notify_all();
    for (auto& w : workers_) w.join();
}

// Takes blocks of indices until the range is exhausted; records the first exception.
void ThreadPool::run_share() {
    for (;;) {
        std::size_t first, last;
        {
            std::lock_guard lock(mutex_);
            if (next_ >= end_) return;
            first = next_;
            last = std::min(end_, first + grain_);
            next_ = last;
        }
        try {
            for (std::size_t i = first; i < last; ++i) (*body_)(i);
        } catch (...) {
            std::lock_guard lock(mutex_);
            if (!error_) error_ = std::current_exception();
            next_ = end_;  // stop handing out work
        }
    }
}

void ThreadPool::worker_loop() {
    std::size_t seen = 0;
    for (;;) {
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [&] { return stop_ || generation_ != seen; });
            if (stop_) return;
            seen = generation_;
            ++active_;
        }
        run_share();
        {
            std::lock_guard lock(mutex_);
            if (--active_ == 0) done_.notify_all();
        }
    }
}

void ThreadPool::parallel_for(std::size_t begin, std::size_t end,
                              const std::function<void(std::size_t)>& body, std::size_t grain) {
    if (begin >= end) return;
    if (workers_.empty() || end - begin <= 1) {
        for (std::size_t i = begin; i < end; ++i) body(i);
        return;
    }
    {
        std::lock_guard lock(mutex_);
        body_ = &body;
        next_ = begin;
        end_ = end;
        grain_ = std::max<std::size_t>(1, grain);
        error_ = nullptr;
        ++generation_;
    }
    wake_.notify_all();
    run_share();
    std::exception_ptr error;
    {
        std::unique_lock lock(mutex_);
        // Workers that woke for this generation must finish before body goes out of scope.
        done_.wait(lock, [&] { return active_ == 0 && next_ >= end_; });
        body_ = nullptr;
        error = error_;
    }
    if (error) std::rethrow_exception(error);
}

void parallel_for(ThreadPool* pool, std::size_t begin, std::size_t end,
                  const std::function<void(std::size_t)>& body, std::size_t grain) {
    if (pool != nullptr && pool->size() > 1 && end > begin + 1) {
        pool->parallel_for(begin, end, body, grain);
        return;
    }
    for (std::size_t i = begin; i < end; ++i) body(i);
}

}  // namespace tropic
