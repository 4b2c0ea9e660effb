#pragma once
// Output records of `tropic fold`: RNAfold's layout or one JSON object per line.
#include <string>
#include <string_view>

#include "tropic/core/sequence.hpp"
#include "tropic/rna/nussinov.hpp"

namespace tropic::cli {

// ">name\nSEQUENCE\nSTRUCTURE (score)\n"; a record without a name gets no '>' line (RNAfold).
void append_fold_text(std::string& out, const SequenceRecord& record,
                      const rna::NussinovResult& result);

// {"name","length","sequence","structure","score","model"} and a newline.
void append_fold_json(std::string& out, const SequenceRecord& record,
                      const rna::NussinovResult& result, std::string_view model);

}  // namespace tropic::cli
