#include "tropic/core/device_list.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tropic/core/error.hpp"

namespace tropic {
namespace {

TEST(DeviceList, OneIndex) {
    EXPECT_EQ(parse_device_list("0", 1), std::vector<int>{0});
    EXPECT_EQ(parse_device_list("3", 1), std::vector<int>{3});  // the run refuses it, as today
}

TEST(DeviceList, AListInItsOrderWithRepeats) {
    EXPECT_EQ(parse_device_list("0,2,3", 4), (std::vector<int>{0, 2, 3}));
    EXPECT_EQ(parse_device_list("3,1", 4), (std::vector<int>{3, 1}));
    EXPECT_EQ(parse_device_list("0,0", 1), (std::vector<int>{0, 0}));
    EXPECT_EQ(parse_device_list("0,0,0", 1), (std::vector<int>{0, 0, 0}));
}

TEST(DeviceList, AllIsEveryDeviceFound) {
    EXPECT_EQ(parse_device_list("all", 4), (std::vector<int>{0, 1, 2, 3}));
    EXPECT_EQ(parse_device_list("all", 1), std::vector<int>{0});
    EXPECT_TRUE(parse_device_list("all", 0).empty());
}

TEST(DeviceList, AnythingElseIsRefusedNamingTheText) {
    for (const std::string text : {"", "0,x", "x", ",", "0,", ",0", "0,,1", "-1", "0,-1", "+1",
                                   " 0", "0 ", "0, 1", "1.5", "ALL", "all,0", "99999999999"}) {
        try {
            (void)parse_device_list(text, 2);
            ADD_FAILURE() << "accepted '" << text << "'";
        } catch (const InputError& e) {
            EXPECT_EQ(std::string(e.what()),
                      "'" + text + "' is not a device list: expected N, all or N,M,...");
        }
    }
}

}  // namespace
}  // namespace tropic
