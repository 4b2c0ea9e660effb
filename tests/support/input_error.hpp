#pragma once
// The message of the InputError an action throws, for tests of error messages.
#include <gtest/gtest.h>

#include <string>

#include "tropic/core/error.hpp"

namespace tropic::test {

// The InputError message of `action`, or a test failure when it throws none.
template <class Action>
std::string input_error_of(Action&& action) {
    try {
        action();
    } catch (const InputError& e) {
        return e.what();
    }
    ADD_FAILURE() << "no InputError";
    return {};
}

}  // namespace tropic::test
