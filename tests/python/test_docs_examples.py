"""The examples of docs/python.md and of the README's Python section run as the pages show them:
every ```python block is a doctest session (">>> " lines and the output they print), the blocks of
a page sharing one namespace, run from the repository root (so that data/ is the repository's data
folder)."""

import doctest
import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "python.md"
PAGES = [PAGE, ROOT / "README.md"]


def python_blocks(text):
    """(line number, source) of every ```python block."""
    return [(text.count("\n", 0, m.start()) + 2, m.group(1))
            for m in re.finditer(r"^```python\n(.*?)^```", text, re.MULTILINE | re.DOTALL)]


def test_the_page_has_examples():
    assert len(python_blocks(PAGE.read_text())) >= 5


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_every_example_prints_what_the_page_shows(monkeypatch, page):
    assert python_blocks(page.read_text()), f"{page.name} has no python examples"
    monkeypatch.chdir(ROOT)
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    namespace = {}
    for line, source in python_blocks(page.read_text()):
        test = parser.get_doctest(source, namespace, f"{page.name}:{line}", str(page), line)
        test.globs = namespace  # get_doctest copies it; the page's blocks share one
        runner.run(test, clear_globs=False)
    results = runner.summarize(verbose=False)
    assert results.attempted > 0
    assert results.failed == 0, f"{results.failed} of the page's examples differ (above)"
