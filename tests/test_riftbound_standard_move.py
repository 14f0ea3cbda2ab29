"""Riftbound Standard Move (Core Rules 1.3, 144) and Ganking (810): ``standard_move``."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import view

HEAD = """ruleset: riftbound
players: [ana, bo]
objects:
  ridge: {owner: ana, kind: battlefield, zone: battlefield}
  bay: {owner: bo, kind: battlefield, zone: battlefield}
  scout: {owner: ana, kind: unit, base: {might: 2}, zone: base}
  guard: {owner: ana, kind: unit, base: {might: 3}, zone: battlefield, at: bay}
  rover: {owner: ana, kind: unit, base: {might: 1}, zone: battlefield, at: bay,
          features: [Ganking]}
  foe: {owner: bo, kind: unit, base: {might: 4}, zone: battlefield, at: ridge}
steps:
"""


def run(*steps: str) -> dict[str, Any]:
    return view(HEAD + "".join(f"  - {s}\n" for s in steps))


def refused(*steps: str) -> str:
    out = run(*steps)
    assert "illegal" in out, out["events"]
    rule: str = out["illegal"]["rule"]
    return rule


@pytest.mark.rule(
    "Riftbound 144",
    "Riftbound 144.2",
    "Riftbound 144.4.a",
    "Riftbound 316.4.a",
    "Riftbound 107.1.b",
    "Riftbound 107.2",
)
def test_a_unit_moves_from_its_base_to_a_battlefield_and_is_exhausted() -> None:
    out = run("standard_move: {units: [scout], to: ridge}")
    scout = out["objects"]["scout"]
    assert scout["zone"] == "battlefield" and scout["counters"]["exhausted"] == 1
    move = [e for e in out["events"] if e["kind"] == "standard_move"][0]
    assert move["from"] == ["base"] and move["to"] == "ridge"
    assert move["combat_staged"] is True  # bo's foe is at the ridge (316.4.a)


@pytest.mark.rule("Riftbound 144.3", "Riftbound 144.3.a", "Riftbound 144.3.b", "Riftbound 144.3.c")
def test_several_units_from_different_places_move_at_once_to_one_destination() -> None:
    out = run("standard_move: {units: [guard, rover], to: base}")
    assert [out["objects"][u]["zone"] for u in ("guard", "rover")] == ["base", "base"]
    assert all(out["objects"][u]["counters"]["exhausted"] == 1 for u in ("guard", "rover"))
    move = [e for e in out["events"] if e["kind"] == "standard_move"][0]
    assert move["from"] == ["bay", "bay"] and move["combat_staged"] is False


@pytest.mark.rule("Riftbound 144.2")
def test_an_exhausted_unit_cannot_pay_for_its_move() -> None:
    assert (
        refused(
            "standard_move: {units: [scout], to: ridge}",
            "standard_move: {units: [scout], to: base}",
        )
        == "Riftbound 144.2"
    )


@pytest.mark.rule(
    "Riftbound 144.4.b", "Riftbound 144.4.c", "Riftbound 144.4.c.1", "Riftbound 810.1.b"
)
def test_only_a_unit_with_ganking_moves_between_battlefields() -> None:
    assert refused("standard_move: {units: [guard], to: ridge}") == "Riftbound 144.4.c.1"
    out = run("standard_move: {units: [rover], to: ridge}")
    assert out["objects"]["rover"]["zone"] == "battlefield"
    assert (
        "Riftbound 810.1.b"
        in [e for e in out["events"] if e["kind"] == "standard_move"][0]["rules"]
    )


@pytest.mark.rule(
    "Riftbound 810.1.b",
    "Riftbound 810.1.c",
    "Riftbound 810.1.c.1",
    "Riftbound 810.1.c.2",
    "Riftbound 810.1.c.3",
)
def test_ganking_adds_options_without_a_cost_or_a_further_move() -> None:
    out = run("standard_move: {units: [rover], to: base}")  # still moves to its base
    assert out["objects"]["rover"]["zone"] == "base"
    # its one move exhausted it: Ganking gives no second move (810.1.c.3)
    assert (
        refused(
            "standard_move: {units: [rover], to: ridge}", "standard_move: {units: [rover], to: bay}"
        )
        == "Riftbound 144.2"
    )


@pytest.mark.rule("Riftbound 144.1", "Riftbound 144.1.a")
def test_only_the_turn_player_moves_units() -> None:
    assert refused("standard_move: {units: [foe], to: base}") == "Riftbound 144.1.a"
    assert refused("standard_move: {units: [foe], to: base, by: ana}") == "Riftbound 144"


@pytest.mark.rule("Riftbound 144.4.a.1")
def test_no_move_to_a_battlefield_holding_units_of_two_other_players() -> None:
    text = HEAD.replace("players: [ana, bo]", "players: [ana, bo, cy]") + (
        "  - standard_move: {units: [scout], to: ridge}\n"
    )
    extra = "  cy1: {owner: cy, kind: unit, base: {might: 1}, zone: battlefield, at: ridge}\n"
    out = view(text.replace("steps:\n", extra + "steps:\n"))
    assert out["illegal"]["rule"] == "Riftbound 144.4.a.1"
    assert "illegal" not in view(text)


@pytest.mark.rule("Riftbound 144.4")
def test_a_unit_moves_to_a_battlefield_or_its_base_only() -> None:
    assert refused("standard_move: {units: [scout], to: base}") == "Riftbound 144.4"
    assert refused("standard_move: {units: [scout], to: guard}") == "Riftbound 144.4"
