#include "align/database/database_paths.hpp"

#include <sys/stat.h>

#include <string_view>

#include "tropic/align/database.hpp"

namespace tropic::align {

namespace {

constexpr std::string_view kExtension = ".tdb";

bool ends_with_extension(const std::string& path) {
    return path.size() > kExtension.size() && path.ends_with(kExtension);
}

bool is_regular_file(const std::string& path) {
    struct stat info {};
    return ::stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode);
}

}  // namespace

std::string database_path(const std::string& prefix) {
    return prefix + std::string(kExtension);
}

bool Database::is_database(const std::string& prefix_or_path) {
    return (ends_with_extension(prefix_or_path) && is_regular_file(prefix_or_path)) ||
           is_regular_file(database_path(prefix_or_path));
}

std::string detail::database_file(const std::string& prefix_or_path) {
    if (ends_with_extension(prefix_or_path) &&
        (is_regular_file(prefix_or_path) || !is_regular_file(database_path(prefix_or_path))))
        return prefix_or_path;
    return database_path(prefix_or_path);
}

}  // namespace tropic::align
