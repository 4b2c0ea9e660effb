"""The examples of docs/python.md run as the page shows them: every ```python block is a doctest
session (">>> " lines and the output they print), the blocks of the page sharing one namespace,
run from the repository root (so that data/ is the repository's data folder)."""

import doctest
import os
import re
from pathlib import Path

import pytest

PAGE = Path(__file__).resolve().parents[2] / "docs" / "python.md"


def python_blocks(text):
    """(line number, source) of every ```python block."""
    return [(text.count("\n", 0, m.start()) + 2, m.group(1))
            for m in re.finditer(r"^```python\n(.*?)^```", text, re.MULTILINE | re.DOTALL)]


def test_the_page_has_examples():
    assert len(python_blocks(PAGE.read_text())) >= 5


def test_every_example_prints_what_the_page_shows(monkeypatch):
    monkeypatch.chdir(PAGE.parents[1])
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    namespace = {}
    for line, source in python_blocks(PAGE.read_text()):
        test = parser.get_doctest(source, namespace, f"{PAGE.name}:{line}", str(PAGE), line)
        test.globs = namespace  # get_doctest copies it; the page's blocks share one
        runner.run(test, clear_globs=False)
    results = runner.summarize(verbose=False)
    assert results.attempted > 0
    assert results.failed == 0, f"{results.failed} of the page's examples differ (above)"
