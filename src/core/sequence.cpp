#include "tropic/core/sequence.hpp"

namespace tropic {

std::string record_label(const std::string& name, std::size_t ordinal) {
    return name.empty() ? std::to_string(ordinal) : name;
}

}  // namespace tropic
