"""The Riftbound zones (Core Rules 1.3, 107-108): bases and battlefields as locations, the
Legend zone that nothing leaves, the Champion Zone of one card, decks, trash, banishment
and hand; ``Ruleset.fixed_zones`` and ``Ruleset.single_zones``."""

from __future__ import annotations

import pytest

from arbiter.model.ruleset import RULESETS
from tests.helpers import view

HEAD = """ruleset: riftbound
players: [ana, bo]
objects:
  ahri: {owner: ana, kind: legend, zone: legend}
  champ: {owner: ana, kind: unit, base: {might: 4}, zone: champion}
  other: {owner: ana, kind: unit, base: {might: 2}, zone: hand}
  buddy: {owner: ana, kind: unit, base: {might: 1}, zone: base, counters: {damage: 0}}
steps:
"""


def run(*steps: str) -> dict:  # type: ignore[type-arg]
    return view(HEAD + "".join(f"  - {s}\n" for s in steps))


@pytest.mark.rule("RB-ZONES", "Riftbound 107.4", "Riftbound 107.4.d")
def test_nothing_moves_a_legend_out_of_the_legend_zone() -> None:
    assert run("move: {target: ahri, zone: trash}")["illegal"]["rule"] == "Riftbound 107.4.d"
    assert RULESETS["riftbound"].fixed_zones == {"legend"}
    assert all(not r.fixed_zones for n, r in RULESETS.items() if n != "riftbound")


@pytest.mark.rule("Riftbound 108.3", "Riftbound 108.3.c.1", "Riftbound 108.3.d")
def test_the_champion_zone_holds_one_card_and_its_champion_is_played_from_there() -> None:
    out = run("move: {target: other, zone: champion}")
    assert out["illegal"]["rule"] == "Riftbound 108.3.c.1"
    assert RULESETS["riftbound"].single_zones == {"champion"}
    assert RULESETS["riftbound"].single_zone_rule == "Riftbound 108.3.c.1"
    assert not RULESETS["eredan"].single_zones and not RULESETS["berserk"].single_zones
    out = run("play_card: {card: champ}", "move: {target: other, zone: champion}")
    assert "illegal" not in out, out.get("illegal")
    assert out["objects"]["champ"]["zone"] == "base"
    assert out["objects"]["other"]["zone"] == "champion"  # the zone was empty again


@pytest.mark.rule("Riftbound 108.6", "Riftbound 108.6.a", "Riftbound 108.6.b")
def test_a_banished_unit_leaves_the_board_for_its_owners_banishment() -> None:
    out = run("might: {target: buddy, add: 2}", "move: {target: buddy, zone: banishment}")
    assert out["objects"]["buddy"]["zone"] == "banishment"
    assert out["objects"]["buddy"]["might"]["shown"] == 1  # off the Board (110)


@pytest.mark.rule(
    "Riftbound 133.4.a",
    "Riftbound 133.4.b",
    "Riftbound 133.5.a",
    "Riftbound 133.6.a",
    "Riftbound 133.6.b",
)
def test_units_and_gear_stay_on_the_board_spells_go_and_the_other_kinds_are_not_played() -> None:
    text = HEAD.replace(
        "steps:\n",
        "  zap: {owner: ana, kind: spell, zone: hand}\n"
        "  tool: {owner: ana, kind: gear, zone: hand}\n"
        "  rune: {owner: ana, kind: rune, zone: hand}\n"
        "  bf: {owner: ana, kind: battlefield, zone: hand}\nsteps:\n",
    )
    out = view(text + "  - play_card: {card: zap}\n  - play_card: {card: tool}\n")
    assert out["objects"]["zap"]["zone"] == "trash" and out["objects"]["tool"]["zone"] == "base"
    for card, rule in (("rune", "133.5.a.1"), ("bf", "133.6.a.1"), ("ahri", "133.6.b.1")):
        out = view(text + f"  - play_card: {{card: {card}}}\n")
        assert out["illegal"]["rule"] == f"Riftbound {rule}"


@pytest.mark.rule("Riftbound 108.7.e", "Riftbound 107.1", "Riftbound 107.1.c")
def test_cards_in_a_hand_can_be_acted_on_and_a_permanent_enters_its_players_base() -> None:
    out = run("play_card: {card: other}")
    assert out["objects"]["other"]["zone"] == "base"
    assert out["objects"]["other"]["controller"] == "ana"
