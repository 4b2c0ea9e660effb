#include "cli/pair_command.hpp"

namespace tropic::cli {

void add_pair_inputs(CLI::App* command, PairFiles& files, const std::string& query_help,
                     const std::string& target_help) {
    command->add_option("query", files.query, query_help)->required()->type_name("FILE");
    command->add_option("target", files.target, target_help)->required()->type_name("FILE");
    command->add_flag("--pairs", files.paired,
                      "Pair the records of the two files in order instead of every query against "
                      "every target");
}

}  // namespace tropic::cli
