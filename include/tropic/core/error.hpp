#pragma once
// Error types of tropic and the process exit codes they map to.
#include <stdexcept>
#include <string>
#include <string_view>

namespace tropic {

// Exit codes of the `tropic` tool (docs/architecture.md): 0 ok, 1 usage or input, 2 resources, 3
// internal.
enum class ExitCode : int { Ok = 0, Input = 1, Resource = 2, Internal = 3 };

class Error : public std::runtime_error {
  public:
    Error(ExitCode code, const std::string& message) : std::runtime_error(message), code_(code) {}
    [[nodiscard]] ExitCode code() const noexcept { return code_; }

  private:
    ExitCode code_;
};

// Bad usage or bad input data; the message names file, record and position where known.
class InputError : public Error {
  public:
    explicit InputError(const std::string& message) : Error(ExitCode::Input, message) {}
};

// Not enough memory, no device, a device failure.
class ResourceError : public Error {
  public:
    explicit ResourceError(const std::string& message) : Error(ExitCode::Resource, message) {}
};

// A broken invariant inside tropic: a bug.
class InternalError : public Error {
  public:
    explicit InternalError(const std::string& message) : Error(ExitCode::Internal, message) {}
};

// `text` as a terminal can show it: every byte that does not print written as "\x9a" (control
// characters, DEL, and bytes that are not part of valid UTF-8, which passes through), so that a
// message quoting binary input stays one readable line. The tool passes every message through it.
[[nodiscard]] std::string printable_text(std::string_view text);

}  // namespace tropic
