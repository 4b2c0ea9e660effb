#include "tropic/core/output_files.hpp"

#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <system_error>

#include "core/internal/messages.hpp"
#include "core/temp_file_registry.hpp"
#include "tropic/core/error.hpp"

namespace tropic {

namespace {

[[noreturn]] void refuse_folder(std::string_view option, const std::string& dir,
                                const std::string& why) {
    throw InputError(fmt::format("{} '{}': {}", option, dir, why));
}

bool is_folder(const std::string& path) {
    struct stat info {};
    return ::stat(path.c_str(), &info) == 0 && S_ISDIR(info.st_mode);
}

// The key under which two outputs are the same file: the path with every link and "..", as far
// as it exists, resolved.
std::string canonical_key(const std::string& path) {
    std::error_code error;
    const std::filesystem::path key = std::filesystem::weakly_canonical(path, error);
    return error ? path : key.string();
}

// The folders of `dir` that do not exist yet, outermost first, and the nearest one that does.
std::vector<std::string> missing_folders(const std::string& dir, std::string& existing) {
    std::vector<std::string> missing;
    std::filesystem::path at(dir);
    std::error_code error;
    while (!at.empty() && !std::filesystem::exists(at, error)) {
        missing.push_back(at.string());
        if (!at.has_parent_path() || at.parent_path() == at) {
            at.clear();
            break;
        }
        at = at.parent_path();
    }
    existing = at.empty() ? "." : at.string();
    std::reverse(missing.begin(), missing.end());
    return missing;
}

}  // namespace

OutputFolder::OutputFolder(std::string dir, std::string_view option) : dir_(std::move(dir)) {
    if (dir_.empty()) throw InputError(fmt::format("{}: the folder name is empty", option));
    while (dir_.size() > 1 && dir_.back() == '/') dir_.pop_back();
    struct stat info {};
    if (::stat(dir_.c_str(), &info) == 0) {
        if (!S_ISDIR(info.st_mode)) refuse_folder(option, dir_, "it is a file, not a folder");
    } else if (errno == ENOTDIR) {
        refuse_folder(option, dir_, "a part of the path is a file, not a folder");
    } else if (errno != ENOENT) {
        refuse_folder(option, dir_, errno_reason(errno));
    } else {
        std::string existing;
        const std::vector<std::string> missing = missing_folders(dir_, existing);
        if (!is_folder(existing))
            refuse_folder(option, dir_, "'" + existing + "' is a file, not a folder");
        for (const std::string& folder : missing) {
            if (::mkdir(folder.c_str(), 0777) != 0) {
                const std::string why = "cannot create it: " + errno_reason(errno);
                forget_created();
                refuse_folder(option, dir_, why);
            }
            created_.push_back(folder);
            slots_.push_back(detail::register_temp_path(folder, detail::TempKind::CreatedFolder));
        }
    }
    std::string tmpl = dir_ + "/.tropic-staging.XXXXXX";
    std::vector<char> buffer(tmpl.begin(), tmpl.end());
    buffer.push_back('\0');
    if (::access(dir_.c_str(), W_OK | X_OK) != 0 || ::mkdtemp(buffer.data()) == nullptr) {
        const std::string why = "cannot write into it: " + errno_reason(errno);
        forget_created();
        refuse_folder(option, dir_, why);
    }
    staging_ = buffer.data();
    slots_.push_back(detail::register_temp_path(staging_, detail::TempKind::Folder));
}

OutputFolder::~OutputFolder() {
    if (published_) {
        for (const int slot : slots_) detail::unregister_temp_file(slot);
        return;
    }
    std::error_code ignored;
    std::filesystem::remove_all(staging_, ignored);
    forget_created();
}

void OutputFolder::forget_created() noexcept {
    for (auto it = created_.rbegin(); it != created_.rend(); ++it) ::rmdir(it->c_str());
    created_.clear();
    for (const int slot : slots_) detail::unregister_temp_file(slot);
    slots_.clear();
}

std::string OutputFolder::stage(const std::string& name) {
    if (name.empty() || name.find('/') != std::string::npos || name == "." || name == "..")
        throw InternalError("OutputFolder::stage: '" + name + "' is not a file name");
    if (std::find(names_.begin(), names_.end(), name) != names_.end())
        throw InputError(fmt::format("'{}/{}' would be written twice", dir_, name));
    names_.push_back(name);
    return staging_ + "/" + name;
}

void OutputFolder::publish() {
    if (published_) throw InternalError("OutputFolder::publish called twice for '" + dir_ + "'");
    for (const std::string& name : names_) {
        const std::string from = staging_ + "/" + name, to = dir_ + "/" + name;
        if (std::rename(from.c_str(), to.c_str()) != 0)
            throw ResourceError(
                fmt::format("cannot create output file '{}': {}", to, errno_reason(errno)));
    }
    published_ = true;
    ::rmdir(staging_.c_str());
}

void OutputFiles::claim(const std::string& key, std::string_view option, const std::string& shown) {
    for (const Claim& earlier : claims_)
        if (earlier.key == key)
            throw InputError(fmt::format("{} and {} name the same output '{}'; give each its own",
                                         earlier.option, option, shown));
    claims_.push_back({key, std::string(option)});
}

void OutputFiles::standard_output(std::string_view option) {
    claim("<stdout>", option, "<stdout>");
}

AtomicFile& OutputFiles::file(const std::string& path, std::string_view option) {
    const bool to_stdout = path == "-" || path == "/dev/stdout";
    claim(to_stdout ? "<stdout>" : canonical_key(path), option, display_output_path(path));
    try {
        files_.push_back(std::make_unique<AtomicFile>(path));
    } catch (const InputError& e) {
        if (option.empty()) throw;
        throw InputError(fmt::format("{}: {}", option, e.what()));
    }
    return *files_.back();
}

OutputFolder& OutputFiles::folder(const std::string& dir, std::string_view option) {
    const std::string key = canonical_key(dir);
    // Several options may write into one folder (fold's --plot and --dotplot): their files differ.
    for (std::size_t k = 0; k < folders_.size(); ++k)
        if (folder_keys_[k] == key) return *folders_[k];
    claim(key, option, dir);
    folders_.push_back(std::make_unique<OutputFolder>(dir, option));
    folder_keys_.push_back(key);
    return *folders_.back();
}

void OutputFiles::commit() {
    for (const auto& file : files_) file->finish();
    for (const auto& file : files_) file->publish();
    for (const auto& folder : folders_) folder->publish();
}

}  // namespace tropic
