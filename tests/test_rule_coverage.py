"""Every rule id of an implemented section of docs/rules.md has a test marked with it."""

from __future__ import annotations

import re

from tests.helpers import ROOT

ID = re.compile(r"\*\*(?:Decision )?([A-Z]+-[A-Z0-9]+[a-z]?(?:-[A-Za-z0-9]+)*)\*\*")
STATUS = re.compile(r"<!-- status: (implemented|pending) -->")
PENDING = re.compile(r"<!-- pending: ([A-Z][A-Z0-9-]+)")
MARK = re.compile(r"pytest\.mark\.rule\(([^)]*)\)")


def rule_ids_by_status() -> dict[str, str]:
    status = "pending"
    ids: dict[str, str] = {}
    for line in (ROOT / "docs" / "rules.md").read_text(encoding="utf-8").splitlines():
        found = STATUS.search(line)
        if found:
            status = found.group(1)
        for rule in ID.findall(line):
            ids.setdefault(rule, status)
        for rule in PENDING.findall(line):
            ids[rule] = "pending"  # one id of an implemented section left for a later area
    return ids


def marked_ids() -> set[str]:
    marked: set[str] = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        for args in MARK.findall(path.read_text(encoding="utf-8")):
            marked.update(re.findall(r"\"([A-Z][A-Za-z0-9-]+)\"", args))
    return marked


def test_the_rules_reference_lists_ids() -> None:
    ids = rule_ids_by_status()
    assert {"E-LIMIT-2", "B-NAMED-3", "A-ORDER-1", "D-EACH-1", "R-4"} <= set(ids)


def test_every_implemented_rule_has_a_marked_test() -> None:
    ids = rule_ids_by_status()
    implemented = {rule for rule, status in ids.items() if status == "implemented"}
    assert implemented, "no section of docs/rules.md is marked implemented"
    missing = sorted(implemented - marked_ids())
    assert missing == []


def test_tests_mark_only_ids_that_exist() -> None:
    unknown = sorted(marked_ids() - set(rule_ids_by_status()))
    assert unknown == []
