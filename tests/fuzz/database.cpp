// A search database file (PREFIX.tdb, database.hpp) through Database::open: any bytes either give
// an InputError or a database whose every view stays inside the file and agrees with itself:
// offsets ascending from 0 to the residue count, storage order by ascending length, ordinals a
// permutation of 0..size-1, residue codes within the alphabet, the longest length right.
#include "tropic/align/database.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "fuzz_target.hpp"

TROPIC_FUZZ_TARGET(database) {
    using namespace tropic;
    // open() takes a path ending in .tdb (a memfd's path has no suffix).
    const std::string path = (std::filesystem::temp_directory_path() /
                              ("tropic-fuzz-" + std::to_string(getpid()) + ".tdb"))
                                 .string();
    {
        std::ofstream out(path, std::ios::binary);
        out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    }
    fuzz::ignore_input_errors([&] {
        const align::Database db = align::Database::open(path);
        const auto offsets = db.offsets();
        fuzz::check_invariant(offsets.size() == db.size() + 1 && offsets.front() == 0 &&
                                  offsets.back() == db.total_residues() &&
                                  db.all_residues().size() == db.total_residues(),
                              "offsets run from 0 to the residue count");
        const int codes = db.alphabet() == Alphabet::Dna ? 5 : 24;
        std::vector<bool> seen(db.size(), false);
        std::uint64_t longest = 0;
        for (std::size_t k = 0; k < db.size(); ++k) {
            fuzz::check_invariant(offsets[k] <= offsets[k + 1], "offsets ascend");
            fuzz::check_invariant(db.length(k) == offsets[k + 1] - offsets[k] &&
                                      db.residues(k).size() == db.length(k),
                                  "a sequence's length is its offsets' difference");
            if (k > 0)
                fuzz::check_invariant(db.length(k - 1) <= db.length(k),
                                      "storage order is by ascending length");
            fuzz::check_invariant(db.ordinal(k) < db.size() && !seen[db.ordinal(k)],
                                  "ordinals are a permutation");
            seen[db.ordinal(k)] = true;
            for (std::uint8_t code : db.residues(k))
                fuzz::check_invariant(code < codes, "residue codes lie within the alphabet");
            longest = std::max(longest, db.length(k));
            (void)db.name(k).size();
        }
        fuzz::check_invariant(longest == db.longest(), "the longest length is right");
    });
    std::remove(path.c_str());
}
