#include "tropic/cnv/cnv_writers.hpp"

namespace tropic::cnv {

void CnvSinkList::begin(const CnvRunInfo& info) {
    for (CnvSink* sink : sinks_) sink->begin(info);
}

void CnvSinkList::sequence(const SequenceResult& result) {
    for (CnvSink* sink : sinks_) sink->sequence(result);
}

void CnvSinkList::finish() {
    for (CnvSink* sink : sinks_) sink->finish();
}

}  // namespace tropic::cnv
