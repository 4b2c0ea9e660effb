"""Errors as Python exceptions, with the tool's messages: bad input -> ValueError, work that fits
in no memory -> MemoryError."""

import subprocess

import pytest

import tropic
from conftest import tool_path


def tool_error(args, fasta):
    result = subprocess.run([tool_path(), *args], input=fasta, capture_output=True, text=True)
    assert result.returncode == 1
    return result.stderr


def test_a_bad_letter_names_the_record_and_position_as_the_tool_does():
    seqs = {"seq_a": "GGGAAACCC", "seq_b": "ACGU", "seq_x": "ACGUACGUACGUACGUXACG"}
    with pytest.raises(ValueError) as caught:
        tropic.fold(seqs)
    message = str(caught.value)
    assert message == ("seqs: record 3 ('seq_x'): invalid character 'X' at position 17: "
                       "not in the RNA alphabet")
    fasta = "".join(f">{name}\n{seq}\n" for name, seq in seqs.items())
    assert "record 3 ('seq_x'): invalid character 'X' at position 17: not in the RNA alphabet" \
        in tool_error(["fold"], fasta)


@pytest.mark.parametrize("call", [
    lambda s: tropic.fold(s, model="nussinov"),
    lambda s: tropic.fold_ensemble(s),
    lambda s: tropic.sample(s, 3),
    lambda s: tropic.subopt(s),
    lambda s: tropic.eval(s, ["." * len(x) for x in s]),
])
def test_every_rna_function_checks_letters(call):
    with pytest.raises(ValueError, match=r"^seqs: record 2: invalid character '-' at position 3"):
        call(["ACGU", "AC-GU"])


def test_a_record_too_long_for_any_memory_is_a_memory_error():
    with pytest.raises(MemoryError, match="longest"):
        tropic.fold("A" * 3_000_000, backend="cpu")
    with pytest.raises(MemoryError, match="longest"):
        tropic.fold_ensemble(["ACGU", "A" * 1_000_000], backend="cpu")


def test_bad_options_are_value_errors_with_the_librarys_message():
    with pytest.raises(ValueError, match="dangles"):
        tropic.fold("ACGU", dangles=1)
    with pytest.raises(ValueError, match="temperature"):
        tropic.fold("ACGU", temperature=-300)
    with pytest.raises(ValueError, match="backend"):
        tropic.fold("ACGU", backend="gpu")
    with pytest.raises(ValueError, match="model"):
        tropic.fold("ACGU", model="zuker")
    with pytest.raises(ValueError):
        tropic.fold("ACGU", model="nussinov", weights="GC=x")
    with pytest.raises(ValueError, match="parameter file"):
        tropic.fold("ACGU", params="/nonexistent/file.par")
    with pytest.raises(ValueError, match="devices"):
        tropic.fold("ACGU", devices="some")
    with pytest.raises(ValueError, match="record 1: a int"):
        tropic.fold([1, 2])


def test_cuda_without_a_device_is_a_memory_error():
    if tropic.build_info()["devices"]:
        pytest.skip("this host has a CUDA device")
    with pytest.raises(MemoryError, match="backend='cuda'"):
        tropic.fold("ACGU", backend="cuda")
