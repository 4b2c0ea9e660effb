#pragma once
// The one error of GPU code in a build without CUDA. choose_backend already refuses the cuda
// backend in such a build, so the stand-ins of GPU code (src/*/**/no_cuda/) are reached only by a
// caller that skipped it; they all throw this, with the words choose_backend uses.
namespace tropic {

[[noreturn]] void throw_built_without_cuda();

}  // namespace tropic
