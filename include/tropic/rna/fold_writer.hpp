#pragma once
// Fold results as text: RNAfold's layout, or one JSON object per line.
#include <string>

#include "tropic/core/sequence.hpp"
#include "tropic/rna/mfe.hpp"
#include "tropic/rna/nussinov.hpp"

namespace tropic::rna {

// ">name\nSEQUENCE\nSTRUCTURE (score)\n"; a record without a name, or a plain sequence line
// without a header, gets no '>' line (as RNAfold).
void append_fold_text(std::string& out, const SequenceRecord& record, const NussinovResult& result);

// {"name","length","sequence","structure","score","model":"nussinov"} and a newline.
void append_fold_json(std::string& out, const SequenceRecord& record, const NussinovResult& result);

// RNAfold's layout for a free energy: "STRUCTURE (-12.30)", the energy in kcal/mol as " (%6.2f)".
void append_fold_text(std::string& out, const SequenceRecord& record, const MfeResult& result);

// {"name","length","sequence","structure","energy","model":"mfe"}: energy in kcal/mol, two
// decimals.
void append_fold_json(std::string& out, const SequenceRecord& record, const MfeResult& result);

}  // namespace tropic::rna
