#pragma once
// The one probe of this CPU's vector instructions (ksw2_dispatch.c's role in ksw2): kernels that
// are compiled for several instruction sets pick theirs with cpu_has, and `tropic --version`
// reports the widest level from the same answers.
namespace tropic {

enum class Isa { Sse2, Sse41, Sse42, Avx, Avx2, Avx512f };

// True when this CPU runs `isa` (always false off x86-64).
bool cpu_has(Isa isa) noexcept;

}  // namespace tropic
