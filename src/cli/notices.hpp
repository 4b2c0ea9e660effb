#pragma once
// What the tool says on stderr beside its results, one line each, through one path: notes
// ("tropic: note: ...", which -q silences), warnings ("tropic: warning: ...") and errors
// ("tropic: error: ...": the one that ends a run, or one about a pair that is skipped).
// The library's notices (RunOptions::on_notice, e.g. auto sending work to the CPU) reach note()
// through the RunOptions that make_run_options builds. Bytes that do not print are escaped.
#include <string>

#include "tropic/core/notice.hpp"

namespace tropic::cli {

void note(const std::string& text, bool quiet);
void warn(const std::string& text);
void report_error(const std::string& text);

// The library's notices (notice.hpp) said as note() and warn() say them.
NoticeHandler notice_handler(bool quiet);

}  // namespace tropic::cli
