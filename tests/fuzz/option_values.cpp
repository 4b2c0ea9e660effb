// The parsers of option values (the --max-memory transform runs while the command line parses,
// the others after it): the first byte chooses --weights of fold (PairWeights) or rri
// (BpmaxWeights), --max-memory or --backend; the rest is the value.
#include <CLI/CLI.hpp>
#include <string>

#include "cli/memory_size.hpp"
#include "fuzz_support.hpp"
#include "fuzz_target.hpp"
#include "tropic/core/backend.hpp"
#include "tropic/rna/bpmax_weights.hpp"
#include "tropic/rna/pair_weights.hpp"

TROPIC_FUZZ_TARGET(option_values) {
    using namespace tropic;
    if (size == 0) return;
    const std::string value(fuzz::as_text(data + 1, size - 1));
    fuzz::ignore_input_errors([&] {
        switch (data[0] % 4) {
            case 0: {
                const rna::PairWeights w = rna::PairWeights::parse(value);
                fuzz::check_invariant(w.au >= 0 && w.gc >= 0 && w.gu >= 0, "negative weight");
                break;
            }
            case 1: {
                const rna::BpmaxWeights w = rna::BpmaxWeights::parse(value);
                fuzz::check_invariant(w.scale > 0 && w.au >= 0 && w.gc >= 0 && w.gu >= 0,
                                      "negative weight or scale");
                (void)w.format_score(w.max_weight());
                break;
            }
            case 2: {
                std::string bytes = value;
                try {
                    cli::memory_size("--max-memory")(bytes);
                } catch (const CLI::ParseError&) {
                    break;  // refused with a message, as the command line refuses it
                }
                fuzz::check_invariant(
                    !bytes.empty() && bytes.find_first_not_of("0123456789") == std::string::npos,
                    "an accepted size is not a number of bytes");
                break;
            }
            default:
                static_cast<void>(parse_backend(value));
                break;
        }
    });
}
