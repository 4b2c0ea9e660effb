#pragma once
// Command-line options shared by the benchmark drivers: [--quick] [--repeats N] [--json FILE].
#include <cstdlib>
#include <cstring>
#include <string>

namespace tropic::bench {

struct BenchOptions {
    int repeats = 5;        // timed runs per problem; the median is reported
    bool quick = false;     // a short subset of the problems
    std::string json_path;  // also write one JSON object per row here
};

inline BenchOptions parse_bench_options(int argc, char** argv) {
    BenchOptions options;
    for (int a = 1; a < argc; ++a) {
        if (!std::strcmp(argv[a], "--quick"))
            options.quick = true;
        else if (!std::strcmp(argv[a], "--repeats") && a + 1 < argc)
            options.repeats = std::atoi(argv[++a]);
        else if (!std::strcmp(argv[a], "--json") && a + 1 < argc)
            options.json_path = argv[++a];
    }
    return options;
}

}  // namespace tropic::bench
