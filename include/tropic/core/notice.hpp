#pragma once
// What the library says beside its results, one line at a time, through the one callback every
// options struct names `on_notice`: notes (where work went, what was detected or assumed) and
// warnings (something in the input or the results a user should look at). Without a listener
// they go to stderr as "tropic: note: ..." and "tropic: warning: ...".
#include <functional>
#include <string>

namespace tropic {

struct Notice {
    enum class Kind { Note, Warning };
    Kind kind = Kind::Note;
    std::string text;  // one line, without a prefix
};

using NoticeHandler = std::function<void(const Notice& notice)>;

// Says `notice` through `handler`, or on stderr when it is empty.
void say(const NoticeHandler& handler, const Notice& notice);

}  // namespace tropic
