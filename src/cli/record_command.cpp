#include "cli/record_command.hpp"

namespace tropic::cli {

void add_record_inputs(CLI::App* command, std::vector<std::string>& inputs,
                       const std::string& what) {
    command
        ->add_option("inputs", inputs, what + ", plain or gzip-compressed; none or '-' reads stdin")
        ->type_name("FILE");
}

}  // namespace tropic::cli
