#pragma once
// Every output of one run, committed together: all or none. A command declares its outputs before
// any work (each path is checked then: a folder where a file is asked for, a missing or
// unwritable folder, two outputs naming one file), writes each under a temporary name as it goes,
// and commits at the end: every file is finished first, and only when all are complete are they
// renamed into place. A run that fails, or is ended by a signal, before commit() leaves none of
// them behind, nor a folder it created.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tropic/core/atomic_file.hpp"

namespace tropic {

// A folder of output files (pictures, one per record): they are written into a hidden staging
// folder inside it and moved out on publish. A missing folder is created when the OutputFolder is
// made, and removed again (with any parents it needed) when the run does not publish.
class OutputFolder {
  public:
    // Throws InputError when `dir` is a file, or cannot be created or written; `option` names
    // it in messages ("--plot").
    OutputFolder(std::string dir, std::string_view option);
    ~OutputFolder();
    OutputFolder(const OutputFolder&) = delete;
    OutputFolder& operator=(const OutputFolder&) = delete;

    // The path to write the file `name` (no '/') to now; it appears in the folder on publish.
    // Throws InputError for a name given twice.
    [[nodiscard]] std::string stage(const std::string& name);
    // Moves every staged file into the folder. Throws ResourceError when one cannot be moved.
    void publish();
    [[nodiscard]] const std::string& path() const noexcept { return dir_; }

  private:
    // Removes the folders made for this one (innermost first) and forgets every registration.
    void forget_created() noexcept;

    std::string dir_;
    std::string staging_;
    std::vector<std::string> names_;
    std::vector<std::string> created_;  // folders made for it, outermost first
    std::vector<int> slots_;            // in the signal registry: created folders, staging
    bool published_ = false;
};

class OutputFiles {
  public:
    OutputFiles() = default;
    OutputFiles(const OutputFiles&) = delete;
    OutputFiles& operator=(const OutputFiles&) = delete;

    // The output file `path`, named by `option` in messages ("-o", "--bpp"; "" for none). Throws
    // InputError
    // when it cannot be written (AtomicFile) or another output of the run names the same file.
    AtomicFile& file(const std::string& path, std::string_view option);
    // An output folder (OutputFolder), checked the same way; a folder named again (by another
    // option, say) is the same OutputFolder.
    OutputFolder& folder(const std::string& dir, std::string_view option);
    // Records that `option` writes standard output ("-" or no file), so that a second output on
    // standard output is refused.
    void standard_output(std::string_view option);

    // Finishes every file, then moves every file and every folder's files into place. Throws
    // ResourceError when a file cannot be completed (then none is moved) or moved.
    void commit();

  private:
    void claim(const std::string& key, std::string_view option, const std::string& shown);

    struct Claim {
        std::string key;  // the canonical path, or "<stdout>"
        std::string option;
    };
    std::vector<Claim> claims_;
    std::vector<std::unique_ptr<AtomicFile>> files_;
    std::vector<std::unique_ptr<OutputFolder>> folders_;
    std::vector<std::string> folder_keys_;  // folders_[k]'s claim
};

}  // namespace tropic
