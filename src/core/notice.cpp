#include "tropic/core/notice.hpp"

#include <cstdio>

#include "tropic/core/error.hpp"

namespace tropic {

void say(const NoticeHandler& handler, const Notice& notice) {
    if (handler) {
        handler(notice);
        return;
    }
    std::fflush(stdout);
    std::fprintf(stderr, "tropic: %s: %s\n",
                 notice.kind == Notice::Kind::Warning ? "warning" : "note",
                 printable_text(notice.text).c_str());
}

}  // namespace tropic
