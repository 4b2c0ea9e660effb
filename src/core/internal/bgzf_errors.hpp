#pragma once
// Why a read through htslib's BGZF layer (plain, gzip or BGZF-compressed input) failed, in words
// a user can act on: the operating system's reason, or what the compressed data lacks.
#include <htslib/bgzf.h>

#include <string>

namespace tropic {

// `err` is errno after the failed read (0 when the failure was not the operating system's).
std::string bgzf_read_failure(const BGZF& file, int err);

}  // namespace tropic
