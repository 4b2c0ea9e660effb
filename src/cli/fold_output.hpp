#pragma once
// Output records of `tropic fold`: RNAfold's layout or one JSON object per line.
#include <string>
#include <string_view>

#include "tropic/core/sequence.hpp"
#include "tropic/rna/mfe.hpp"
#include "tropic/rna/nussinov.hpp"

namespace tropic::cli {

// ">name\nSEQUENCE\nSTRUCTURE (score)\n"; a record without a name gets no '>' line (RNAfold).
void append_fold_text(std::string& out, const SequenceRecord& record,
                      const rna::NussinovResult& result);

// {"name","length","sequence","structure","score","model"} and a newline.
void append_fold_json(std::string& out, const SequenceRecord& record,
                      const rna::NussinovResult& result, std::string_view model);

// RNAfold's layout for a free energy: "STRUCTURE (-12.30)", the energy in kcal/mol as " (%6.2f)".
void append_fold_text(std::string& out, const SequenceRecord& record, const rna::MfeResult& result);

// {"name","length","sequence","structure","energy","model"}: energy in kcal/mol, two decimals.
void append_fold_json(std::string& out, const SequenceRecord& record, const rna::MfeResult& result,
                      std::string_view model);

// " (%6.2f)" of an energy in dcal/mol, as RNAfold and RNAeval print it.
std::string format_energy(int dcal_per_mol);

}  // namespace tropic::cli
