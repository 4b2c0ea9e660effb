#pragma once
// What the tool says on stderr beside its results, one line each, through one path: notes
// ("tropic: note: ...", which -q silences) and warnings ("tropic: warning: ...", always shown).
// The library's notices (RunOptions::on_notice, e.g. auto sending work to the CPU) reach note()
// through the RunOptions that make_run_options builds. Bytes that do not print are escaped.
#include <string>

namespace tropic::cli {

void note(const std::string& text, bool quiet);
void warn(const std::string& text);

}  // namespace tropic::cli
