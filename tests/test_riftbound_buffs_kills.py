"""Riftbound buffs as objects effects count and spend (702, 704), kills "with" a spell
(428.5.e), Facedown Zones whose occupancy changes (107.3.b.1-2), keyword effects in the
order a card lists them (803), and "this turn" effects of the card language ending with
the Riftbound turn (801.3.a.2)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import view

HEAD = """
ruleset: riftbound
players: [ana, bo]
"""


def run(objects: str, steps: str) -> dict[str, Any]:
    return view(HEAD + "objects:\n" + objects + "steps:\n" + steps)


# -- 702, 704: buffs are objects ----------------------------------------------------------

BUFFED = (
    "  a: {owner: ana, kind: unit, base: {might: 2}}\n"
    "  b: {owner: ana, kind: unit, base: {might: 3}}\n"
    "  plain: {owner: ana, kind: unit, base: {might: 1}}\n"
    "  c: {owner: bo, kind: unit, base: {might: 2}}\n"
)
BUFF_ALL = "  - buff: {target: a}\n  - buff: {target: b}\n  - buff: {target: c}\n"
SPEND = (
    "  - perform: {by: a, do: {counters: {name: buff, add: -1, "
    "target: {choose: 1, yours: unit, has: buff}}}, choose: [%s]}\n"
)


@pytest.mark.rule("Riftbound 702", "Riftbound 704", "Riftbound 703", "RB-BUFF-OBJ")
def test_buffs_are_counted_and_referenced_by_effects() -> None:
    """ "For each buff on units", "for each of your buffed units": a buff is an object on
    its unit, seen as the unit's counter ``buff`` (one at most, 702.3)."""
    out = run(
        BUFFED,
        BUFF_ALL + "  - perform: {by: a, do: {counters: {name: seen, "
        "add: {counter: buff, of: {all: unit}}, target: you}}}\n"
        "  - perform: {by: a, do: {counters: {name: mine, "
        "add: {per: {yours: unit, has: buff}}, target: you}}}\n",
    )
    assert out["counters"]["seen"]["ana"] == 3 and out["counters"]["mine"]["ana"] == 2
    assert out["objects"]["a"]["counters"] == {"buff": 1}  # the counter view is kept
    assert out["objects"]["a"]["might"]["buff"] == 1


@pytest.mark.rule("Riftbound 704", "Riftbound 702.2.b", "Riftbound 702.2.b.2", "RB-BUFF-OBJ")
def test_an_effect_targets_a_buff_and_spends_it() -> None:
    """ "Spend a buff of one of your units": the chosen buff is removed with its +1 Might;
    an enemy's buff or a unit without one is not a legal target."""
    out = run(BUFFED, BUFF_ALL + SPEND % "a")
    assert out["objects"]["a"].get("counters", {}).get("buff", 0) == 0
    assert out["objects"]["a"]["might"]["shown"] == 2
    for wrong in ("c", "plain"):
        refused = run(BUFFED, BUFF_ALL + SPEND % wrong)
        assert refused["illegal"]["rule"] == "A-SPELL-1", wrong


# -- 428.5.e: killed with a spell -----------------------------------------------------------

KILLS = (
    "  phoenix: {owner: ana, kind: unit, zone: trash, base: {might: 2}}\n"
    "  bolt: {owner: ana, kind: spell, zone: trash}\n"
    "  zap: {owner: bo, kind: spell, zone: trash}\n"
    "  brute: {owner: ana, kind: unit, base: {might: 5}}\n"
    "  foe: {owner: bo, kind: unit, base: {might: 2}}\n"
)
PHOENIX = (
    "  - perform: {by: phoenix, trigger: {when: {dies: foe}, do: {counters: "
    "{name: rise, add: 1, if: {killed_with: spell}}}}, event: {dies: foe}}\n"
)


def rises(steps: str) -> int:
    out = run(KILLS, steps + PHOENIX)
    assert "illegal" not in out, out.get("illegal")
    counters: dict[str, int] = out["objects"]["phoenix"].get("counters", {})
    return counters.get("rise", 0)


@pytest.mark.rule("Riftbound 428.5.e", "Riftbound 428.5.b", "Riftbound 428.5.c", "RB-KILL-WITH")
def test_a_kill_with_a_spell_is_one_attributed_to_a_spell_its_player_controls() -> None:
    """ "When you kill a unit with a spell": a Kill instruction of ana's spell, or a
    Cleanup after its damage, is one; bo's spell, a unit's damage, or no attribution is
    not."""
    assert rises("  - kill: {target: foe, by: bolt}\n") == 1
    assert rises("  - damage: {each: 2, targets: [foe], source: bolt}\n  - cleanup: {}\n") == 1
    assert rises("  - kill: {target: foe, by: zap}\n") == 0
    assert rises("  - damage: {each: 2, targets: [foe], source: brute}\n  - cleanup: {}\n") == 0
    assert rises("  - kill: {target: foe}\n") == 0


# -- 107.3.b.1-2: a Facedown Zone's maximum occupancy -------------------------------------

FACEDOWN = (
    "  ridge: {owner: ana, kind: battlefield, zone: battlefield, controller: ana}\n"
    "  trap: {owner: ana, kind: spell, zone: hand, features: [Hidden]}\n"
    "  snare: {owner: ana, kind: spell, zone: hand, features: [Hidden]}\n"
)


@pytest.mark.rule("Riftbound 107.3.b.1", "Riftbound 107.3.b", "RB-FACEDOWN")
def test_a_facedown_zone_that_holds_two_takes_a_second_card() -> None:
    one = run(FACEDOWN, "  - hide: {card: trap, at: ridge}\n  - hide: {card: snare, at: ridge}\n")
    assert one["illegal"]["rule"] == "Riftbound 107.3.b"
    two = run(
        FACEDOWN,
        "  - facedown_occupancy: {at: ridge, add: 1}\n"
        "  - hide: {card: trap, at: ridge}\n"
        "  - hide: {card: snare, at: ridge}\n",
    )
    assert "illegal" not in two
    assert {two["objects"][c]["zone"] for c in ("trap", "snare")} == {"facedown"}


@pytest.mark.rule("Riftbound 107.3.b.2", "RB-FACEDOWN")
def test_an_occupancy_lowered_below_the_cards_there_trashes_the_difference() -> None:
    steps = (
        "  - facedown_occupancy: {at: ridge, set: 2}\n"
        "  - hide: {card: trap, at: ridge}\n"
        "  - hide: {card: snare, at: ridge}\n"
    )
    refused = run(FACEDOWN, steps + "  - facedown_occupancy: {at: ridge, set: 1}\n")
    assert refused["illegal"]["rule"] == "Riftbound 107.3.b.2"
    out = run(FACEDOWN, steps + "  - facedown_occupancy: {at: ridge, set: 1, trash: [snare]}\n")
    assert out["objects"]["snare"]["zone"] == "trash"
    assert out["objects"]["trap"]["zone"] == "facedown"
    event = [e for e in out["events"] if e["kind"] == "facedown_occupancy"][-1]
    assert (event["before"], event["after"], event["trashed"]) == (2, 1, ["snare"])


# -- 803: keyword effects in the order listed ---------------------------------------------

ORDERED = (
    "  knight: {owner: ana, kind: unit, zone: base, base: {might: 3}}\n"
    "  charm: {owner: ana, kind: gear, zone: base, features: [Equip]}\n"
    "  top: {owner: ana, kind: unit, zone: deck}\n"
)


@pytest.mark.rule("Riftbound 803", "RB-KEYWORD-ORDER")
def test_a_played_cards_keyword_effects_follow_the_order_it_lists_them() -> None:
    """Vision then Weaponmaster: the look comes before the attachment; listed the other
    way, after it."""

    def kinds(features: str) -> list[str]:
        master = (
            "  master: {owner: ana, kind: unit, base: {might: 2}, zone: hand, "
            f"features: [{features}]}}\n"
        )
        out = run(ORDERED + master, "  - play_card: {card: master, equip: charm}\n")
        assert "illegal" not in out, out.get("illegal")
        return [e["kind"] for e in out["events"] if e["kind"] in ("vision", "attach")]

    assert kinds("Vision, Weaponmaster") == ["vision", "attach"]
    assert kinds("Weaponmaster, Vision") == ["attach", "vision"]


# -- 801.3.a.2 with the card language ------------------------------------------------------


@pytest.mark.rule("Riftbound 801.3.a.2", "Riftbound 317.2.c", "EFF-UNTIL", "RB-KEYWORD-ORDER")
def test_a_keyword_the_card_language_gives_this_turn_ends_with_the_turn() -> None:
    """ "I gain Tank this turn" written in the card language ends at ``end_turn`` as the
    ``keyword_change`` step's does."""
    out = run(
        "  wall: {owner: ana, kind: unit, base: {might: 3}}\n",
        "  - perform: {by: wall, do: {give: {keyword: Tank, until: end_of_turn}}}\n"
        "  - expect: {objects.wall.features.Tank: true}\n"
        "  - end_turn: {}\n",
    )
    assert "illegal" not in out, out.get("illegal")
    assert out["expect"]["failed"] == 0
    assert "Tank" not in out["objects"]["wall"]["features"]
    assert any(e["kind"] == "expired" for e in out["events"])


# -- 315.2.b.3: modes of play with teams ----------------------------------------------------

TEAMS = """
ruleset: riftbound
players: [di, ana, bo, cy]
counters: {team.ana: 1, team.cy: 1, team.bo: 2, team.di: 2}
objects:
  south: {owner: ana, kind: battlefield, zone: battlefield, controller: ana}
  north: {owner: cy, kind: battlefield, zone: battlefield, controller: cy}
  east: {owner: bo, kind: battlefield, zone: battlefield, controller: bo}
steps:
  - end_turn: {phases: true}
  - conquer: {battlefield: north, player: ana}
  - conquer: {battlefield: east, player: ana}
"""


@pytest.mark.rule("Riftbound 315.2.b.3", "RB-TEAMS")
def test_a_battlefield_a_teammate_holds_at_the_scoring_step_is_not_scored_this_turn() -> None:
    """Ana's turn: she holds the south (a point); the north, held by her teammate cy, is
    disqualified, so conquering it later this turn scores nothing; the east, an
    opponent's, scores as usual. Without teams the north would score."""
    out = view(TEAMS)
    assert "illegal" not in out, out.get("illegal")
    scores = [(e["battlefield"], e["scored"]) for e in out["events"] if e["kind"] == "score"]
    assert scores == [("south", True), ("north", False), ("east", True)]
    assert out["counters"]["points"]["ana"] == 2
    dq = [e for e in out["events"] if e["kind"] == "disqualified"]
    assert dq and dq[0]["player"] == "ana" and dq[0]["battlefields"] == ["north"]
    apart = view(TEAMS.replace("counters: {team.ana: 1, team.cy: 1, team.bo: 2, team.di: 2}\n", ""))
    assert apart["counters"]["points"]["ana"] == 3
