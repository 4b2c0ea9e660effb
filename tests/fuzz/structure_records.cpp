// The record reader of `tropic eval` and `tropic fold -C` (tropic/rna/structure_records.hpp):
// every record is then scored as eval scores it and read as a constraint as fold -C reads it.
#include "tropic/rna/structure_records.hpp"

#include <string>

#include "fuzz_support.hpp"
#include "fuzz_target.hpp"
#include "tropic/core/alphabet.hpp"
#include "tropic/rna/energy_eval.hpp"
#include "tropic/rna/energy_params.hpp"
#include "tropic/rna/structure_constraint.hpp"

TROPIC_FUZZ_TARGET(structure_records) {
    using namespace tropic;
    const fuzz::MemoryFile file(fuzz::as_text(data, size));
    fuzz::ignore_input_errors([&] {
        rna::StructureRecordReader reader(file.path(), rna::SecondLine::Structure);
        rna::StructureRecord record;
        while (reader.next(record)) {
            for (char c : record.sequence)
                fuzz::check_invariant(normalize_rna_residue(c) == c, "residue not normalised");
            fuzz::check_invariant(record.structure.find_first_of(" \t\n") == std::string::npos,
                                  "white space in the structure");
            const std::vector<std::uint8_t> encoded = encode_rna(record.sequence);
            fuzz::ignore_input_errors([&] {
                (void)rna::evaluate_structure(encoded, record.structure, rna::turner2004_params(),
                                              rna::Dangles::Both);
            });
            fuzz::ignore_input_errors(
                [&] { const rna::StructureConstraint allowed(record.structure, encoded); });
        }
    });
}
