"""``arbiter check`` reports a redirect of damage that meets a prevention of the same
damage: the result differs between prevention first (R-2, the default) and prevention as a
replacement (Riftbound 437.7, Decision D-PREV-REPL); the witness runs both readings."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from arbiter.model.format.cardset import load_cardset
from arbiter.model.format.scenario import parse_file
from arbiter.solver.check.diagnostics import run_check
from arbiter.solver.check.witness import write_witnesses
from arbiter.solver.engine.runner import run

SET = """
ruleset: riftbound
cards:
  bodyguard:
    kind: unit
    base: {might: 5}
    replacements:
      - id: take_the_hit
        when: {event: dealt-damage, object: {side: yours, kind: unit}}
        instead: {object: self}
  squire:
    kind: unit
    base: {might: 3}
    prevention: {id: ward, amount: 2}
  saint:
    kind: unit
    base: {might: 3}
    prevention: {id: halo, amount: all}
  stone_wall:
    kind: gear
    replacements:
      - id: no_spells
        when: {event: dealt-damage, object: {kind: unit}}
        instead: nothing
"""


def diagnostics() -> list:  # type: ignore[type-arg]
    return list(run_check(load_cardset("set.yaml", textwrap.dedent(SET))).diagnostics)


@pytest.mark.rule("D-PREV-REPL", "Riftbound 437.7", "Riftbound 372")
def test_check_reports_a_redirect_against_a_prevention_of_the_same_damage() -> None:
    """Only the bodyguard and the squire: "prevent all" leaves nothing to redirect under
    either reading, and a replacement with nothing instead moves no damage."""
    found = [(d.code, d.cards, d.rules) for d in diagnostics() if "D-PREV-REPL" in d.rules]
    assert found == [
        (
            "ruling-rulebook-version",
            ("bodyguard", "squire"),
            ("D-PREV-REPL", "R-2", "Riftbound 437.7", "Riftbound 372"),
        )
    ]


@pytest.mark.rule("D-PREV-REPL", "Riftbound 437.7")
def test_the_witness_and_its_replacement_variant_run_and_differ(tmp_path: Path) -> None:
    found = [d for d in diagnostics() if "D-PREV-REPL" in d.rules]
    for d, path in zip(found, write_witnesses(found, str(tmp_path)), strict=True):
        assert path is not None and d.witness is not None
        variant = Path(path).with_suffix(".replacement.yaml")
        results = [run(parse_file(p)) for p in (path, str(variant))]
        assert all(r.stopped_by is None and r.passed == 1 and r.failed == 0 for r in results)
        texts = [Path(p).read_text(encoding="utf-8") for p in (path, str(variant))]
        assert "bodyguard.counters.damage: 1" in texts[0]
        assert "bodyguard.counters.damage: 3" in texts[1]
