// Replays every seed and every saved crashing input of each fuzz target (tests/fuzz/corpus/<name>
// and tests/fuzz/regressions/<name>) in the normal build, without libFuzzer: a fixed crash stays
// fixed. Each target is linked in through TROPIC_FUZZ_TARGET (fuzz_target.hpp).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

#include "fuzz_target.hpp"

namespace tropic::fuzz {

std::map<std::string, TargetFunction>& registered_targets() {
    static std::map<std::string, TargetFunction> targets;
    return targets;
}

namespace {

namespace fs = std::filesystem;

const fs::path kFuzzDir = TROPIC_FUZZ_DIR;

std::vector<std::string> target_names() {
    std::vector<std::string> names;
    for (const auto& [name, function] : registered_targets()) names.push_back(name);
    return names;
}

std::string read_file(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The files of `dir`, sorted; none when it does not exist.
std::vector<fs::path> files_in(const fs::path& dir) {
    std::vector<fs::path> files;
    if (!fs::is_directory(dir)) return files;
    for (const auto& entry : fs::directory_iterator(dir))
        if (entry.is_regular_file()) files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

class FuzzReplay : public testing::TestWithParam<std::string> {
  protected:
    // Runs the target over every file of `dir`; returns how many.
    std::size_t replay(const fs::path& dir) {
        const TargetFunction target = registered_targets().at(GetParam());
        const std::vector<fs::path> files = files_in(dir);
        for (const fs::path& file : files) {
            SCOPED_TRACE(file.string());
            const std::string input = read_file(file);
            target(reinterpret_cast<const std::uint8_t*>(input.data()), input.size());
        }
        return files.size();
    }
};

TEST_P(FuzzReplay, SeedCorpus) {
    EXPECT_GT(replay(kFuzzDir / "corpus" / GetParam()), 0u) << "every target has seeds";
}

TEST_P(FuzzReplay, SavedCrashes) {
    replay(kFuzzDir / "regressions" / GetParam());
}

INSTANTIATE_TEST_SUITE_P(Targets, FuzzReplay, testing::ValuesIn(target_names()),
                         [](const testing::TestParamInfo<std::string>& info) {
                             return info.param;
                         });

// A corpus or regression folder without a target would never be replayed.
TEST(FuzzReplay, EveryFolderHasATarget) {
    const std::vector<std::string> names = target_names();
    const std::set<std::string> known(names.begin(), names.end());
    for (const char* kind : {"corpus", "regressions"}) {
        if (!fs::is_directory(kFuzzDir / kind)) continue;
        for (const auto& entry : fs::directory_iterator(kFuzzDir / kind)) {
            if (!entry.is_directory()) continue;
            EXPECT_TRUE(known.count(entry.path().filename().string()))
                << entry.path() << " has no fuzz target of that name";
        }
    }
}

}  // namespace

}  // namespace tropic::fuzz
