"""Riftbound Core Rules 1.3, 437: Prevent "All", "the next damage", prevention restricted by
source, "this turn" prevention expiring at the end of the turn."""

from __future__ import annotations

from typing import Any

import pytest

from arbiter.model.damage import prevention as pv
from arbiter.model.ruleset import RULESETS
from arbiter.model.state import GameObject, GameState
from tests.helpers import view

HEAD = """
ruleset: riftbound
players: [ana, bo]
objects:
  bolt: {owner: ana, kind: spell}
  brute: {owner: ana, kind: unit, base: {might: 4}}
"""


def run(target: str, steps: str) -> dict[str, Any]:
    return view(HEAD + target + "steps:\n" + steps)


def dealt(out: dict[str, Any]) -> list[int]:
    return [e["amount"] for e in out["events"] if e["kind"] == "damage"]


@pytest.mark.rule("Riftbound 437.1.b.1.b", "Riftbound 437.3.c", "Riftbound 437.4")
def test_prevent_all_stays_all_and_the_unit_is_never_dealt_damage() -> None:
    out = run(
        "  u: {owner: bo, kind: unit, base: {might: 3}, prevention: {amount: all}}\n",
        "  - damage: {each: 5, targets: [u], source: bolt}\n"
        "  - damage: {each: 9, targets: [u], source: bolt}\n",
    )
    assert dealt(out) == [0, 0]
    assert all(e["damaged"] is False for e in out["events"] if e["kind"] == "damage")
    assert out["objects"]["u"]["prevention"][0]["remaining"] == "all"


@pytest.mark.rule("Riftbound 437.5.b", "D-LETHAL-1")
def test_no_amount_is_lethal_against_prevent_all() -> None:
    u = GameObject(
        "u", "bo", "unit", abilities=(pv.Shield("p", "u", remaining=1, all_damage=True),)
    )
    state = GameState(RULESETS["riftbound"], ("ana", "bo"), {"u": u})
    assert pv.total(u, state) == pv.ALL


@pytest.mark.rule("Riftbound 437.1.b.2")
def test_prevent_the_next_damage_takes_one_whole_hit_then_is_spent() -> None:
    out = run(
        "  u: {owner: bo, kind: unit, base: {might: 9}, prevention: {next: true}}\n",
        "  - damage: {each: 5, targets: [u], source: bolt}\n"
        "  - damage: {each: 2, targets: [u], source: bolt}\n",
    )
    assert dealt(out) == [0, 2]
    assert out["objects"]["u"]["prevention"][0]["remaining"] == 0


@pytest.mark.rule("RB-PREV-1")
@pytest.mark.rule("Riftbound 437.1.b", "Riftbound 437.1.b.1", "Riftbound 417.6.b.3")
def test_prevention_from_spells_lets_a_units_damage_through() -> None:
    out = run(
        "  u: {owner: bo, kind: unit, base: {might: 9},"
        " prevention: {amount: all, from: [spell]}}\n",
        "  - damage: {each: 3, targets: [u], source: bolt}\n"
        "  - damage: {each: 2, targets: [u], source: {unit: brute}}\n"
        "  - damage: {each: 4, targets: [u], source: {spell: bolt, dealt_by: brute}}\n",
    )
    # the spell's own damage is prevented; a unit's is not, nor a unit's that a spell
    # makes it deal (417.6.b.3: the unit is the source)
    assert dealt(out) == [0, 2, 4]
    assert "Riftbound 437.1.b" in out["events"][1]["rules"]


@pytest.mark.rule("Riftbound 317.2.c", "Riftbound 437.1.b.1")
def test_prevention_this_turn_expires_at_the_end_of_the_turn() -> None:
    out = run(
        "  u: {owner: bo, kind: unit, base: {might: 9}}\n",
        "  - prevent: {target: u, amount: all, this_turn: true, id: stand_firm}\n"
        "  - damage: {each: 3, targets: [u], source: bolt}\n"
        "  - end_turn: {}\n"
        "  - damage: {each: 3, targets: [u], source: bolt}\n",
    )
    assert dealt(out) == [0, 3]
    assert "prevention" not in out["objects"]["u"]
