"""The coverage tables of the full rulebooks (docs/rulebooks.md) say the truth: every
"implemented" row names tests that exist and are marked with one of its articles."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest
import yaml

from tests.helpers import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
import rulebook_coverage as rc  # noqa: E402

MARK = re.compile(r"pytest\.mark\.rule\(([^)]*)\)")


def marks_of(path: Path) -> dict[str, set[str]]:
    """Each test function of a file, with the strings of its ``rule`` marks."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
            found: set[str] = set()
            for dec in node.decorator_list:
                if isinstance(dec, ast.Call) and ast.unparse(dec.func).endswith("mark.rule"):
                    found.update(
                        a.value
                        for a in dec.args
                        if isinstance(a, ast.Constant) and isinstance(a.value, str)
                    )
            out[node.name] = found
    return out


def implemented() -> list[tuple[str, str, rc.Entry]]:
    books, entries = rc.load_books()
    return [
        (b.key, b.mark, e)
        for b in books
        for e in entries[b.key]
        if e.status == "implemented"
    ]


def test_every_status_is_one_of_the_three() -> None:
    _, entries = rc.load_books()
    for rows in entries.values():
        for e in rows:
            assert e.status in rc.STATUSES, e
            assert e.note or e.tests, f"{e.prefix}: a status says why or which tests"


def test_every_implemented_row_names_tests_marked_with_its_article() -> None:
    rows = implemented()
    assert rows, "nothing implemented"
    cache: dict[Path, dict[str, set[str]]] = {}
    for book, mark, entry in rows:
        assert entry.tests, f"{book} {entry.prefix}: implemented without tests"
        for test in entry.tests:
            file, _, name = test.partition("::")
            path = ROOT / file
            assert path.is_file(), f"{book} {entry.prefix}: {file} does not exist"
            if path not in cache:
                cache[path] = marks_of(path)
            assert name in cache[path], f"{book} {entry.prefix}: no test {test}"
            articles = [
                m.split(" ", 1)[1] for m in cache[path][name] if m.startswith(mark + " ")
            ]
            assert any(rc.in_prefix(a, entry.prefix) for a in articles), (
                f"{test} is not marked with a {mark} article of {entry.prefix}: {articles}"
            )


def test_article_marks_name_articles_of_the_tables() -> None:
    """A test marked "Riftbound 999.9" names an article some row covers."""
    books, entries = rc.load_books()
    prefixes = {b.mark: [e.prefix for e in entries[b.key]] for b in books}
    for path in (ROOT / "tests").rglob("test_*.py"):
        for args in MARK.findall(path.read_text(encoding="utf-8")):
            for mark, article in re.findall(r"\"(Riftbound|Altered) ([0-9][0-9a-z.]*)\"", args):
                assert any(rc.in_prefix(article, p) for p in prefixes[mark]) or not any(
                    rc.in_prefix(article.split(".")[0], p) for p in prefixes[mark]
                ), f"{path.name}: {mark} {article} is in no row"


def test_the_document_is_generated_from_the_status_file() -> None:
    built = rc.build()
    if built is None:
        pytest.skip("the full rulebooks are not here (set ARBITER_RULEBOOKS)")
    doc, _ = built
    assert (ROOT / "docs" / "rulebooks.md").read_text(encoding="utf-8") == doc, (
        "run: python benchmarks/rulebook_coverage.py --write"
    )


def test_the_status_file_is_plain_yaml_with_both_rulebooks() -> None:
    data = yaml.safe_load((ROOT / "docs" / "rulebook-coverage.yaml").read_text("utf-8"))
    assert set(data) == {"riftbound", "altered"}


def test_the_rules_reference_links_the_tables() -> None:
    assert "rulebooks.md" in (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")


def test_an_article_given_twice_in_the_status_file_is_refused() -> None:
    """A second entry of one article would silently replace the first (both were once in
    the file for 142, one "not yet" and one "implemented")."""
    with pytest.raises(ValueError, match="'142' is given twice"):
        rc.strict_load('status:\n  "142": {status: not yet}\n  "142": {status: implemented}\n')
    text = (ROOT / "docs" / "rulebook-coverage.yaml").read_text("utf-8")
    assert rc.strict_load(text) == yaml.safe_load(text)
