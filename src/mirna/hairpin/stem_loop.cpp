// The longest stem-loop in one left-to-right pass over the dot-bracket, O(n).
//
// A pair closes a stem-loop when it and every pair inside it enclose at most one pair directly:
// its pairs form a chain ending in one hairpin loop. Every chain that is not outermost lies
// directly inside a longer chain (its enclosing pair, which encloses nothing else), so the
// longest chain is always outermost, and among chains of one length the leftmost one is too:
// the longest outermost stem-loop is the longest chain, and no pair needs to know its parent.
#include <array>
#include <vector>

#include "mirna/hairpin/dot_bracket.hpp"
#include "tropic/core/error.hpp"
#include "tropic/mirna/hairpin.hpp"

namespace tropic::mirna {

namespace {

// What is known of an open pair's inside so far.
enum class Inside : std::uint8_t {
    Empty,      // no pair closed directly inside yet
    OneChain,   // exactly one, and it is a chain
    NotAChain,  // two or more, or one that is not a chain
};

struct OpenPair {
    std::uint32_t begin;
    Inside inside;
};

// A window's structure keeps its open pairs on the stack of the call; longer ones use the heap.
constexpr std::size_t kInlineDepth = 256;

// More open pairs than half the length can never all close: partner_table says where it fails.
[[noreturn]] void throw_too_deep(std::string_view structure) {
    std::vector<std::int32_t> partner;
    detail::partner_table(structure, partner);
    throw InternalError("longest_stem_loop: an unbalanced structure passed partner_table");
}

std::optional<StemLoop> longest_chain(std::string_view structure, std::uint32_t min_length,
                                      OpenPair* stack, std::size_t capacity) {
    std::size_t depth = 0;
    std::optional<StemLoop> best;
    for (std::size_t k = 0; k < structure.size(); ++k) {
        switch (structure[k]) {
            case '(':
                if (depth == capacity) throw_too_deep(structure);
                stack[depth++] = {static_cast<std::uint32_t>(k), Inside::Empty};
                break;
            case ')': {
                if (depth == 0) detail::throw_unmatched_close(k);
                const OpenPair pair = stack[--depth];
                const bool chain = pair.inside != Inside::NotAChain;
                const auto end = static_cast<std::uint32_t>(k + 1);
                const std::uint32_t length = end - pair.begin;
                // Pairs close in order of their ends: the first of a length is the leftmost.
                if (chain && length >= min_length && (!best || length > best->length()))
                    best = StemLoop{pair.begin, end};
                if (depth > 0) {
                    Inside& parent = stack[depth - 1].inside;
                    parent =
                        (parent == Inside::Empty && chain) ? Inside::OneChain : Inside::NotAChain;
                }
                break;
            }
            case '.':
                break;
            default:
                detail::throw_bad_structure_character(structure[k], k);
        }
    }
    if (depth > 0) detail::throw_unclosed_open(stack[0].begin);
    return best;
}

}  // namespace

std::optional<StemLoop> longest_stem_loop(std::string_view structure, std::uint32_t min_length) {
    const std::size_t max_depth = structure.size() / 2 + 1;
    if (max_depth <= kInlineDepth) {
        std::array<OpenPair, kInlineDepth> stack;
        return longest_chain(structure, min_length, stack.data(), max_depth);
    }
    std::vector<OpenPair> stack(max_depth);
    return longest_chain(structure, min_length, stack.data(), max_depth);
}

}  // namespace tropic::mirna
