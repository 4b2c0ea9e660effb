#pragma once
// The CUDA devices a run may use, as a user names them: one index ("2"), every device found
// ("all") or a list ("0,2,3"). A list may name a device twice: "0,0" is two logical devices on
// device 0, each taking its own share of a batch (how one GPU exercises the several-device path).
#include <string_view>
#include <vector>

namespace tropic {

// The devices `text` names, in its order, `device_count` being how many exist ("all": 0 to
// device_count - 1, nothing when there is none). Throws InputError "'0,x' is not a device list:
// expected N, all or N,M,..." for anything else (an empty item, a sign, a space, a letter); an
// index beyond the devices found is left for the run to refuse, as a single index is.
[[nodiscard]] std::vector<int> parse_device_list(std::string_view text, int device_count);

// The same with the devices this process finds (cuda_device_count(), asked only for "all").
[[nodiscard]] std::vector<int> parse_device_list(std::string_view text);

}  // namespace tropic
