#include "cli/command_output.hpp"

namespace tropic::cli {

void write_results(const SharedOptions& shared,
                   const std::function<void(OutputSink& sink, OutputFiles& outputs)>& write) {
    OutputFiles outputs;
    OutputSink sink(outputs, shared.output);
    write(sink, outputs);
    sink.commit();
    outputs.commit();
}

}  // namespace tropic::cli
