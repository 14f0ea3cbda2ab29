"""Riftbound "would die" replacements of simultaneous deaths ordered by each controller in
turn order (Core Rules 1.3: 373, 373.1, 374), replacements active in the trash that only
apply when their source was there before the event (370.3), and the turn player ordering
the replacements of an uncontrolled battlefield (372.2)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import view

TWO = """ruleset: riftbound
players: [%s]
objects:
  a: {owner: ana, kind: unit, zone: battlefield, base: {might: 2}, counters: {damage: 2}}
  b: {owner: bo, kind: unit, zone: battlefield, base: {might: 2}, counters: {damage: 2}}
  ana_gear:
    owner: ana
    kind: gear
    timestamp: 5
    death_replacements: [{id: ana_all, protects: any, instead: [heal]}]
  bo_gear:
    owner: bo
    kind: gear
    timestamp: 1
    death_replacements: [{id: bo_all, protects: any, instead: [heal, recall]}]
steps:
  - cleanup: {order: {ana: [ana_all], bo: [bo_all]}}
"""


def replaced(out: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for e in out["events"] if e["kind"] == "replaced"]


@pytest.mark.rule(
    "RB-REPL-2", "Riftbound 373", "Riftbound 373.1", "Riftbound 374", "Riftbound 373.2"
)
def test_simultaneous_deaths_the_turn_players_replacements_apply_first() -> None:
    """Both units die at once and each player has a replacement for any unit: on ana's
    turn hers applies first, to both deaths in one sequence (373.2); on bo's turn his."""
    out = view(TWO % "ana, bo")
    first = replaced(out)[0]
    assert (first["by"], first["chooser"], first["saved"]) == ("ana_all", "ana", ["a", "b"])
    assert "Riftbound 373.1" in first["rules"]
    assert len(replaced(out)) == 1  # nothing left for bo's
    assert out["objects"]["a"]["zone"] == out["objects"]["b"]["zone"] == "battlefield"
    out = view(TWO % "bo, ana")
    first = replaced(out)[0]
    assert (first["by"], first["chooser"]) == ("bo_all", "bo")
    assert out["objects"]["a"]["zone"] == out["objects"]["b"]["zone"] == "base"


@pytest.mark.rule("Riftbound 373", "Riftbound 372")
def test_one_death_is_still_ordered_by_the_owner_of_the_unit() -> None:
    one = (TWO % "ana, bo").replace("counters: {damage: 2}}\n  b:", "}\n  b:", 1)
    out = view(one)
    first = replaced(out)[0]
    assert (first["by"], first["chooser"]) == ("bo_all", "bo")  # 372: b's owner
    assert "Riftbound 373.1" not in first["rules"]


PHOENIX = """ruleset: riftbound
players: [ana, bo]
objects:
  phoenix:
    owner: ana
    kind: unit
    zone: %s
    base: {might: 1}
    counters: {damage: %d}
    death_replacements:
      - {id: rise, protects: friendly, zone: trash, instead: [banish_source, heal, exhaust, recall]}
  recruit: {owner: ana, kind: unit, zone: battlefield, base: {might: 1}, counters: {damage: 1}}
steps:
  - cleanup: {}
"""


@pytest.mark.rule("RB-REPL-ZONE", "Riftbound 370.3", "Riftbound 369.1")
def test_a_replacement_active_in_the_trash_needs_its_source_there_before_the_event() -> None:
    # the phoenix dies together with the recruit: it does not save it
    out = view(PHOENIX % ("battlefield", 1))
    assert out["objects"]["recruit"]["zone"] == "trash"
    assert out["objects"]["phoenix"]["zone"] == "trash"
    assert not replaced(out)
    # already in the trash: it banishes itself and saves the recruit
    out = view(PHOENIX % ("trash", 0))
    assert replaced(out)[0]["by"] == "rise"
    assert out["objects"]["recruit"]["zone"] == "base"
    assert out["objects"]["phoenix"]["zone"] == "banishment"


FIELD = """ruleset: riftbound
players: [ana, bo]
objects:
  bolt: {owner: ana, kind: spell}
  field: {owner: bo, kind: battlefield, zone: battlefield%s}
  ana_idol:
    owner: ana
    kind: gear
    replacements:
      - {id: ana_take, when: {event: dealt-damage, object: field}, instead: {object: self}}
  bo_idol:
    owner: bo
    kind: gear
    replacements:
      - {id: bo_take, when: {event: dealt-damage, object: field}, instead: {object: self}}
steps:
  - game-action: {id: hit, source: bolt, events: [{event: dealt-damage, object: field, amount: 1}]}
"""


@pytest.mark.rule("Riftbound 372.2", "Riftbound 372")
def test_the_turn_player_orders_the_replacements_of_an_uncontrolled_battlefield() -> None:
    out = view(FIELD % "")
    assert replaced(out)[0]["chooser"] == "ana"  # the turn player, not bo, its owner
    out = view(FIELD % ", controller: bo")
    assert replaced(out)[0]["chooser"] == "bo"  # controlled: its owner orders (372)


INHERIT = """ruleset: riftbound
players: [ana, bo]
objects:
  annie:
    {owner: ana, kind: unit, base: {health: 3}, zone: %s, damage_bonus: {amount: 1, to: [spell]}}
  bolt: {owner: ana, kind: spell}
  a: {owner: bo, kind: unit, base: {health: 20}}
  idol:
    owner: bo
    kind: unit
    base: {health: 20}
    replacements:
      - {id: take, when: {event: dealt-damage, object: a}, instead: {object: self}}
steps:
  - damage: {id: hit, each: 2, source: bolt, targets: [a]}
"""


@pytest.mark.rule("Riftbound 375", "Riftbound 417")
def test_the_event_a_replacement_makes_inherits_the_modified_damage() -> None:
    """Annie's bonus modifies the spell's damage to a (+1); the idol takes a's damage
    instead and inherits the modification: 3, not the printed 2."""
    out = view(INHERIT % "play")
    assert "counters" not in out["objects"]["a"] or not out["objects"]["a"]["counters"].get(
        "damage"
    )
    assert out["objects"]["idol"]["counters"]["damage"] == 3
    made = [e for e in out["events"] if e["kind"] == "damage" and e["target"] == "idol"][0]
    assert made["lineage"] == ["take"]
    out = view(INHERIT % "discard")  # no bonus to inherit
    assert out["objects"]["idol"]["counters"]["damage"] == 2
