"""Whole-output goldens: every example's full answer is unchanged (``make goldens`` rewrites).

A refactoring changes no answer; a change of behaviour shows up here as a diff, and is
accepted by ``make goldens`` together with the change that explains it.
"""

from __future__ import annotations

import difflib

import pytest

from tests.goldens import ROOT, SCHEMA, compute_all, examples, golden_path, stored


@pytest.fixture(scope="module")
def fresh() -> dict[str, str]:
    return compute_all()


def test_every_example_has_a_golden() -> None:
    missing = [n for n in [SCHEMA, *examples()] if not golden_path(n).exists()]
    assert missing == [], "run `make goldens` to write the goldens of " + ", ".join(missing)


def test_every_golden_belongs_to_an_example() -> None:
    known = {golden_path(n) for n in [SCHEMA, *examples()]}
    orphans = sorted(str(p) for p in golden_path(SCHEMA).parent.rglob("*.json") if p not in known)
    assert orphans == []


def test_every_answer_matches_its_golden(fresh: dict[str, str]) -> None:
    old = stored()
    diffs = []
    for name, text in fresh.items():
        if old.get(name, "") != text:
            rel = str(golden_path(name).relative_to(ROOT))
            lines = difflib.unified_diff(
                old.get(name, "").splitlines(), text.splitlines(), rel, "now", lineterm="", n=2
            )
            diffs.append("\n".join(list(lines)[:80]))
    assert not diffs, "answers changed (`make goldens` accepts them):\n" + "\n\n".join(diffs)
