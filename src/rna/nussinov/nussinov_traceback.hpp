#pragma once
// The Nussinov traceback rule of nussinov.hpp, written once for host and device code.
// Every backend traces with this function, so equal tables give equal structures.
#include <cstdint>

#include "tropic/core/host_device.hpp"

namespace tropic::rna::detail {

// table(i, j) returns N(i,j) for 0 <= i <= j < n with j - i > min_loop; the traceback never asks
// for other cells. A table may also offer table.along_column(i, j), the same value read from a
// copy laid out along columns (the L half of the square layout): the traceback then uses it
// where it walks down a column (N(i+1,j) and N(k+1,j) for successive i and k), so both of its
// scans read memory contiguously. weights is the kBaseCount x kBaseCount pair-weight table (0 =
// cannot pair). structure receives n characters ('.', '(' or ')'). stack needs room for 2 * (n / 2
// + 1) ints.
template <typename Score, typename Table>
TROPIC_HOST_DEVICE void trace_nussinov(int n, const std::uint8_t* seq, const std::int32_t* weights,
                                       int min_loop, const Table& table, char* structure,
                                       int* stack) {
    for (int p = 0; p < n; ++p) structure[p] = '.';
    auto at = [&](int i, int j) -> Score { return j - i > min_loop ? table(i, j) : Score(0); };
    auto down = [&](int i, int j) -> Score {
        if (j - i <= min_loop) return Score(0);
        if constexpr (requires { table.along_column(i, j); }) {
            return table.along_column(i, j);
        } else {
            return table(i, j);
        }
    };
    int top = 0;
    if (n > 0) {
        stack[top++] = 0;
        stack[top++] = n - 1;
    }
    while (top > 0) {
        int j = stack[--top];
        int i = stack[--top];
        while (j - i > min_loop) {
            Score v = table(i, j);
            if (v == down(i + 1, j)) {  // i unpaired
                ++i;
                continue;
            }
            int partner = -1;
            const std::int32_t* row = weights + seq[i] * 5;
            for (int k = i + min_loop + 1; k <= j; ++k) {
                std::int32_t w = row[seq[k]];
                if (w > 0 && at(i + 1, k - 1) + w + down(k + 1, j) == v) {
                    partner = k;
                    break;
                }
            }
            if (partner < 0) {  // cannot happen for a correct table; leave the rest unpaired
                break;
            }
            structure[i] = '(';
            structure[partner] = ')';
            if (j - (partner + 1) > min_loop) {
                stack[top++] = partner + 1;
                stack[top++] = j;
            }
            ++i;
            j = partner - 1;
        }
    }
}

}  // namespace tropic::rna::detail
