"""Riftbound Start of Turn (Core Rules 1.3, 315), scoring (464-466), Burn Out (431), the
Victory Score (323.1) and Hunt (823): ``end_turn: {phases: true}`` and ``conquer``."""

from __future__ import annotations

from typing import Any

import pytest

from arbiter.model.errors import InputError
from tests.helpers import scenario, view

HEAD = "ruleset: riftbound\nplayers: [ana, bo]\n"


def events(out: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [e for e in out["events"] if e["kind"] == kind]


def phases(out: dict[str, Any]) -> list[str]:
    return [e["name"] for e in events(out, "phase")]


BOARD = """objects:
  bf: {owner: bo, kind: battlefield, zone: battlefield, controller: bo}
  wolf: {owner: bo, kind: unit, base: {might: 2}, zone: battlefield, at: bf,
         counters: {exhausted: 1}, features: {Hunt: 2}}
  axe: {owner: ana, kind: gear, zone: base, counters: {exhausted: 1}}
  r1: {owner: bo, kind: rune, zone: rune_deck}
  r2: {owner: bo, kind: rune, zone: rune_deck}
  r3: {owner: bo, kind: rune, zone: rune_deck}
  c1: {owner: bo, kind: spell, zone: deck}
  c2: {owner: bo, kind: spell, zone: deck}
"""


@pytest.mark.rule(
    "RB-START",
    "Riftbound 146",
    "Riftbound 315.1",
    "Riftbound 315.2",
    "Riftbound 315.3",
    "Riftbound 315.4",
    "Riftbound 823.1.b",
    "Riftbound 108.4",
    "Riftbound 108.5",
    "Riftbound 133.5.a.1",
    "Riftbound 108.7",
)
def test_the_start_of_turn_readies_scores_channels_two_runes_and_draws_one() -> None:
    out = view(HEAD + BOARD + "steps:\n  - end_turn: {phases: true}\n")
    assert phases(out)[1:] == ["start_of_turn", "awaken", "beginning", "scoring", "channel", "draw"]
    objs = out["objects"]
    assert "exhausted" not in objs["wolf"].get("counters", {})  # bo's: readied
    assert objs["axe"]["counters"]["exhausted"] == 1  # ana's: not bo's to ready
    assert [objs[r]["zone"] for r in ("r1", "r2", "r3")] == ["base", "base", "rune_deck"]
    assert objs["c1"]["zone"] == "hand" and objs["c2"]["zone"] == "deck"
    assert out["counters"]["points"]["bo"] == 1  # bo holds bf
    assert out["counters"]["xp"]["bo"] == 2  # Hunt 2 at the held battlefield


@pytest.mark.rule(
    "RB-BURN",
    "Riftbound 315.3.b.1",
    "Riftbound 315.4.b.1",
    "Riftbound 315.4.b.2",
    "Riftbound 108.4.a",
)
def test_a_draw_from_an_empty_deck_burns_out_then_draws_from_the_recycled_trash() -> None:
    out = view(
        HEAD
        + """objects:
  r1: {owner: bo, kind: rune, zone: rune_deck}
  t1: {owner: bo, kind: spell, zone: trash}
  t2: {owner: bo, kind: spell, zone: trash}
steps:
  - end_turn: {phases: true}
"""
    )
    assert out["objects"]["r1"]["zone"] == "base"  # one rune: as many as there are
    burn = events(out, "burn_out")[0]
    assert burn["recycled"] == ["t1", "t2"] and burn["point_to"] == "ana"
    assert out["objects"]["t1"]["zone"] == "hand" and out["objects"]["t2"]["zone"] == "deck"
    assert out["counters"]["points"]["ana"] == 1


@pytest.mark.rule("Riftbound 315.4.b.1")
def test_the_burn_out_point_goes_to_the_chosen_opponent_only() -> None:
    text = HEAD.replace("[ana, bo]", "[ana, bo, cy]") + "objects: {}\nsteps:\n"
    out = view(text + "  - end_turn: {phases: true, burn_out: cy}\n")
    assert out["counters"]["points"] == {"cy": 1}
    out = view(text + "  - end_turn: {phases: true, burn_out: bo}\n")
    assert out["illegal"]["rule"] == "Riftbound 431.2.c"


@pytest.mark.rule("Riftbound 315.4.c", "Riftbound 315.4.d", "Riftbound 317.2.d")
def test_rune_pools_empty_at_the_end_of_a_turn_and_after_the_draw() -> None:
    out = view(
        HEAD
        + "counters: {energy.ana: 2, power.bo: 1, xp.ana: 1}\nobjects: {}\nsteps:\n"
        + "  - end_turn: {phases: true}\n"
    )
    assert out["counters"].get("energy") is None and out["counters"].get("power") is None
    assert out["counters"]["xp"]["ana"] == 1
    assert events(out, "pools_empty")[0]["lost"] == {"energy.ana": 2, "power.bo": 1}
    assert [e["rules"] for e in events(out, "pools_empty")] == [
        ["Riftbound 317.2.d"],
        ["Riftbound 315.4.d"],
    ]


@pytest.mark.rule("Riftbound 315", "Riftbound 816")
def test_without_phases_a_turn_starts_as_before() -> None:
    out = view(HEAD + BOARD + "steps:\n  - end_turn: {}\n")
    assert phases(out) == ["end_of_turn", "start_of_turn"]
    assert out["objects"]["wolf"]["counters"]["exhausted"] == 1
    assert "counters" not in out or "points" not in out["counters"]


@pytest.mark.rule("Riftbound 315.2.a", "Riftbound 315.2.a.1", "Riftbound 816")
def test_a_temporary_permanent_dies_in_the_beginning_phase_after_the_awaken_phase() -> None:
    out = view(
        HEAD
        + """objects:
  ghost: {owner: bo, kind: unit, base: {might: 1}, zone: base, features: [Temporary]}
  card: {owner: bo, kind: spell, zone: deck}
steps:
  - end_turn: {phases: true}
"""
    )
    kinds = [(e["kind"], e.get("name")) for e in out["events"]]
    killed = next(i for i, k in enumerate(kinds) if k[0] == "move")
    assert kinds.index(("phase", "beginning")) < killed < kinds.index(("phase", "scoring"))
    assert out["objects"]["ghost"]["zone"] == "trash"


CONQUEST = """objects:
  bf1: {owner: ana, kind: battlefield, zone: battlefield}
  bf2: {owner: bo, kind: battlefield, zone: battlefield}
  hound: {owner: ana, kind: unit, base: {might: 3}, zone: battlefield, at: bf1, features: [Hunt]}
  top: {owner: ana, kind: spell, zone: deck}
"""


@pytest.mark.rule("Riftbound 823.1.b", "Riftbound 823.1.c", "Riftbound 823.1.c.2")
def test_conquering_scores_once_a_turn_and_hunt_gives_xp() -> None:
    out = view(
        HEAD
        + CONQUEST
        + "steps:\n  - conquer: {battlefield: bf1, player: ana}\n"
        + "  - conquer: {battlefield: bf1, player: bo}\n"
        + "  - conquer: {battlefield: bf1, player: ana}\n"
    )
    scores = [(e["player"], e["scored"]) for e in events(out, "score")]
    assert scores == [("ana", True), ("bo", True), ("ana", False)]  # 464.1: once a turn
    assert out["counters"]["points"] == {"ana": 1, "bo": 1}
    assert out["counters"]["xp"]["ana"] == 1  # Hunt without a number is Hunt 1
    assert out["objects"]["bf1"]["controller"] == "ana"


@pytest.mark.rule("Riftbound 823.2")
def test_hunt_granted_again_adds_its_value() -> None:
    out = view(
        HEAD
        + CONQUEST
        + "steps:\n  - keyword_change: {target: hound, gain: Hunt, value: 2}\n"
        + "  - conquer: {battlefield: bf1, player: ana}\n"
    )
    assert out["counters"]["xp"]["ana"] == 3


@pytest.mark.rule("Riftbound 323.1")
def test_the_winning_point_of_a_conquer_needs_every_battlefield_else_a_draw() -> None:
    text = HEAD + "counters: {points.ana: 7}\n" + CONQUEST + "steps:\n"
    out = view(text + "  - conquer: {battlefield: bf1, player: ana}\n  - cleanup: {}\n")
    assert out["counters"]["points"]["ana"] == 7 and out["objects"]["top"]["zone"] == "hand"
    assert not events(out, "victory")
    out = view(
        text
        + "  - conquer: {battlefield: bf2, player: ana}\n"
        + "  - conquer: {battlefield: bf1, player: ana}\n  - cleanup: {}\n"
    )
    assert out["counters"]["points"]["ana"] == 8  # bf2 drew; bf1 scored every battlefield
    assert events(out, "victory")[0]["winner"] == "ana"


@pytest.mark.rule("Riftbound 323.1")
def test_the_victory_score_needs_more_points_than_any_opponent() -> None:
    text = HEAD + "counters: {points.ana: 8, points.bo: %d}\nobjects: {}\nsteps:\n  - cleanup: {}\n"
    assert events(view(text % 8), "victory") == []
    assert events(view(text % 7), "victory")[0]["winner"] == "ana"


@pytest.mark.rule("Riftbound 146", "Riftbound 107.2.b")
def test_a_unit_is_at_a_battlefield_object_only_in_the_zone_battlefield() -> None:
    with pytest.raises(InputError, match="'at' needs the zone battlefield or facedown"):
        scenario(
            HEAD
            + """objects:
  bf: {owner: ana, kind: battlefield, zone: battlefield}
  u: {owner: ana, kind: unit, base: {might: 1}, zone: base, at: bf}
steps: []
"""
        )
