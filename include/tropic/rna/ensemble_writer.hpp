#pragma once
// Ensemble results as text: RNAfold -p's layout, RNAsubopt -p's sample lines, one JSON object per
// line, and the sparse pair-probability table.
#include <string>

#include "tropic/core/sequence.hpp"
#include "tropic/rna/ensemble.hpp"

namespace tropic::rna {

struct EnsembleTextOptions {
    bool ensemble = true;          // RNAfold -p's lines after the MFE line
    bool mea = false;              // the MEA line
    bool sample_energies = false;  // each sample with " %6.2f %6g": energy and probability
};

// RNAfold -p: ">name", the sequence, "MFE ( -1.23)", "PAIRING-TENDENCY [ -1.50]",
// "CENTROID { -1.10 d=2.34}", with --MEA "MEA { -1.20 MEA=12.34}", then " frequency of mfe
// structure in ensemble %g; ensemble diversity %-6.2f"; then the samples, one per line (with
// their energy and Boltzmann probability when asked). Without `ensemble`: the MFE line and the
// samples only, RNAsubopt -p's layout.
void append_ensemble_text(std::string& out, const SequenceRecord& record,
                          const EnsembleResult& result, const EnsembleTextOptions& options);

// {"name","length","sequence","structure","energy","model":"ensemble","ensemble_energy",
// "pairing_tendency","centroid":{"structure","energy","distance"},"mea":{...} (when computed),
// "mfe_frequency","diversity","pairs":[[i,j,p],...] (1-based, p >= the threshold),
// "samples":[...]} and a newline; energies in kcal/mol.
void append_ensemble_json(std::string& out, const SequenceRecord& record,
                          const EnsembleResult& result);

// One line per listed pair: "name\ti\tj\tp" (1-based i < j, p with 6 significant digits).
void append_pair_probability_rows(std::string& out, const SequenceRecord& record,
                                  const EnsembleResult& result);

}  // namespace tropic::rna
