"""The package as built: version, `python -m tropic --version`, stubs, docstrings."""

import inspect
import os
import re
import subprocess
import sys
from pathlib import Path

import tropic
from conftest import run_cli


def without_free_memory(report: str) -> str:
    # A device's free memory changes between two calls.
    return re.sub(r" \([0-9.]+ GiB free\)", "", report)


def test_version_is_the_tools():
    assert run_cli("--version").splitlines()[0] == f"tropic {tropic.__version__}"


def test_python_m_tropic_version_prints_what_the_tool_prints():
    module = subprocess.run([sys.executable, "-m", "tropic", "--version"], capture_output=True,
                            text=True, check=True).stdout
    assert without_free_memory(module) == without_free_memory(run_cli("--version"))


def test_build_info_matches_build_report():
    info = tropic.build_info()
    assert info["version"] == tropic.__version__
    assert f"CUDA devices: {len(info['devices'])}" in tropic.build_report()


def test_the_staged_package_is_the_one_imported():
    """Under ctest the tests import the build tree's package, not an installed one."""
    stage = os.environ.get("TROPIC_PYTHON_STAGE")
    if stage:
        assert Path(tropic.__file__).parent == Path(stage, "tropic")


def test_stubs_and_typing_marker_are_beside_the_module():
    package = Path(tropic.__file__).parent
    assert (package / "py.typed").exists()
    stub = (package / "_tropic.pyi").read_text()
    for name in ("def fold_mfe", "def fold_ensemble", "def multiply_accumulate", "class Run"):
        assert name in stub


def test_every_public_function_has_a_docstring():
    for name in tropic.__all__:
        value = getattr(tropic, name)
        if callable(value):
            assert inspect.getdoc(value), f"tropic.{name} has no docstring"


def test_the_installed_package_matches_the_build():
    """After `pip install` (scripts/test sets TROPIC_CHECK_INSTALLED): the interpreter's own
    tropic, without the build tree on its path, is this build."""
    if not os.environ.get("TROPIC_CHECK_INSTALLED"):
        return
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    code = ("import tropic; print(tropic.__file__); print(tropic.build_report()); "
            "print(tropic.fold('GGGGAAAACCCC'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env=environment, cwd="/").stdout.splitlines()
    assert "site-packages" in out[0]
    assert without_free_memory("\n".join(out[1:-1])) == without_free_memory(tropic.build_report())
    assert out[-1] == str(tropic.fold("GGGGAAAACCCC"))
