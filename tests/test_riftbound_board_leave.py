"""Riftbound 110 for every move: a unit moved off the Board (the foundation ``move``, not
only a kill) keeps no damage, buff, Might effect or keyword change; a move between the
Board's zones keeps them; games without a Board keep everything."""

from __future__ import annotations

from typing import Any

import pytest

from arbiter.model.ruleset import RULESETS
from tests.helpers import view

OBJECTS = """objects:
  poro: {owner: bo, kind: unit, base: {might: 2}, zone: base, features: [Deathknell],
         counters: {damage: 1}}
steps:
  - keyword_change: {target: poro, gain: Shield, value: 2}
  - keyword_change: {target: poro, lose: Deathknell}
  - buff: {target: poro}
  - might: {target: poro, add: 3}
"""


def moved(zone: str) -> dict[str, Any]:
    out = view(
        "ruleset: riftbound\nplayers: [ana, bo]\n"
        + OBJECTS
        + f"  - move: {{target: poro, zone: {zone}}}\n"
    )
    assert "illegal" not in out, out["illegal"]
    poro: dict[str, Any] = out["objects"]["poro"]
    assert poro["zone"] == zone
    return poro


@pytest.mark.rule("Riftbound 110", "Riftbound 801.3.a.3", "Riftbound 801.3.b.2")
def test_a_unit_moved_to_hand_keeps_no_temporary_modification() -> None:
    poro = moved("hand")
    assert poro.get("counters", {}) == {}  # no damage, no buff
    assert "Shield" not in poro["features"]  # the grant ends
    assert poro["features"]["Deathknell"] is True  # the removal ends: printed again
    assert poro["might"]["shown"] == 2  # the Might effect ends


@pytest.mark.rule("Riftbound 110")
def test_a_move_between_the_boards_zones_keeps_them() -> None:
    poro = moved("battlefield")
    assert poro["counters"]["damage"] == 1
    assert poro["features"]["Shield"]["shown"] == 2
    assert "Deathknell" not in poro["features"]
    assert poro["might"]["shown"] == 2 + 1 + 3  # buff and Might effect


@pytest.mark.rule("Riftbound 110")
def test_only_riftbound_has_a_board_whose_leaving_clears_modifications() -> None:
    assert RULESETS["riftbound"].board_zones == {"play", "base", "battlefield"}
    assert all(not r.board_zones for n, r in RULESETS.items() if n != "riftbound")
    out = view(
        "ruleset: eredan\nplayers: [ana, bo]\nobjects:\n"
        "  u: {owner: ana, kind: character, base: {health: 4}, counters: {damage: 1}}\n"
        "steps:\n  - move: {target: u, zone: hand}\n"
    )
    assert out["objects"]["u"]["counters"]["damage"] == 1
