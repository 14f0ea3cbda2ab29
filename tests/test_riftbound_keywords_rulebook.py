"""Riftbound keywords granted and removed for a duration (801.3), what leaving the Board
undoes (110), and spending buffs (702.2.b)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import ROOT, view

HEAD = """
ruleset: riftbound
players: [ana, bo]
"""


def run(objects: str, steps: str) -> dict[str, Any]:
    return view(HEAD + "objects:\n" + objects + "steps:\n" + steps)


def feature(out: dict[str, Any], oid: str, name: str) -> Any:
    found = out["objects"][oid].get("features", {}).get(name)
    return found.get("shown") if isinstance(found, dict) else found


OFFICER = "  officer: {owner: ana, kind: unit, base: {might: 2}, features: {Assault: 1}}\n"
ENEMY = "  foe: {owner: bo, kind: unit, base: {might: 5}}\n"


@pytest.mark.rule("Riftbound 801.3.a.2", "Riftbound 807.2", "Riftbound 807.1.c")
@pytest.mark.rule("RB-KEYWORD")
def test_assault_given_this_turn_adds_up_then_ends_with_the_turn() -> None:
    """The rulebook's Cleave on Petty Officer: Assault 4 this turn, Assault 1 after."""
    out = run(
        OFFICER + ENEMY,
        "  - keyword_change: {target: officer, gain: Assault, value: 3, this_turn: true}\n"
        "  - expect: {objects.officer.features.Assault.shown: 4}\n"
        "  - combat: {attackers: [officer], defenders: [foe], assign: {attackers: {foe: 6}, "
        "defenders: {officer: 5}}}\n"
        "  - end_turn: {}\n",
    )
    assert "illegal" not in out and out["expect"]["failed"] == 0
    assert out["events"][1]["total"] == 6  # 2 + Assault 4 while attacking
    assert feature(out, "officer", "Assault") == 1


@pytest.mark.rule("Riftbound 801.3.a.3", "Riftbound 110")
@pytest.mark.rule("RB-KEYWORD")
def test_a_keyword_given_without_duration_lasts_until_the_unit_leaves_the_board() -> None:
    out = run(
        "  poro: {owner: bo, kind: unit, base: {might: 2}, features: [Deathknell]}\n"
        "  bolt: {owner: ana, kind: spell}\n",
        "  - keyword_change: {target: poro, gain: Shield, value: 2}\n"
        "  - buff: {target: poro}\n"
        "  - end_turn: {}\n"
        "  - expect: {objects.poro.features.Shield.shown: 2}\n"
        "  - damage: {each: 3, targets: [poro], source: bolt}\n"
        "  - cleanup: {}\n",
    )
    assert out["expect"]["failed"] == 0
    poro = out["objects"]["poro"]
    assert poro["zone"] == "trash"
    # off the Board: no damage, no buff, no granted keyword; the printed one stays
    assert feature(out, "poro", "Shield") is None
    assert feature(out, "poro", "Deathknell") is True
    assert "counters" not in poro or not poro["counters"]


@pytest.mark.rule("Riftbound 801.3.b.1", "Riftbound 815.1.b")
@pytest.mark.rule("RB-KEYWORD")
def test_a_keyword_removed_this_turn_comes_back_at_the_end_of_the_turn() -> None:
    out = run(
        "  wall: {owner: bo, kind: unit, base: {might: 3}, features: [Tank]}\n"
        "  pal: {owner: bo, kind: unit, base: {might: 1}}\n"
        "  a: {owner: ana, kind: unit, base: {might: 1}}\n",
        "  - keyword_change: {target: wall, lose: Tank, this_turn: true}\n"
        "  - combat: {attackers: [a], defenders: [wall, pal], assign: {attackers: {pal: 1}, "
        "defenders: {a: 4}}}\n"
        "  - end_turn: {}\n",
    )
    assert "illegal" not in out  # without Tank the pal may be assigned first
    assert feature(out, "wall", "Tank") is True


@pytest.mark.rule("Riftbound 801.3.b.2")
def test_a_keyword_removed_without_duration_stays_removed_on_the_board() -> None:
    out = run(
        "  wall: {owner: bo, kind: unit, base: {might: 3}, features: [Tank]}\n",
        "  - keyword_change: {target: wall, lose: Tank}\n  - end_turn: {}\n  - end_turn: {}\n",
    )
    assert feature(out, "wall", "Tank") is None
    events = [e for e in out["events"] if e["kind"] == "keyword"]
    assert events[0]["rules"][-1] == "Riftbound 801.3.b.2"


@pytest.mark.rule("Riftbound 801.3.a.2", "Riftbound 802")
def test_a_flag_keyword_held_already_and_given_this_turn_is_kept_after_the_turn() -> None:
    out = run(
        "  wall: {owner: bo, kind: unit, base: {might: 3}, features: [Tank]}\n",
        "  - keyword_change: {target: wall, gain: Tank, this_turn: true}\n  - end_turn: {}\n",
    )
    (grant,) = [e for e in out["events"] if e["kind"] == "keyword"]
    assert grant["applied"] is False  # redundant (815.2): nothing to undo
    assert feature(out, "wall", "Tank") is True


@pytest.mark.rule("Riftbound 702.2", "Riftbound 702.2.b")
def test_spending_a_buff_removes_it_and_its_might() -> None:
    out = run(
        "  u: {owner: ana, kind: unit, base: {might: 3}}\n",
        "  - buff: {target: u}\n  - expect: {objects.u.might.shown: 4}\n"
        "  - spend_buff: {target: u}\n",
    )
    assert out["expect"]["failed"] == 0
    assert out["objects"]["u"]["might"]["shown"] == 3
    assert out["events"][-1]["kind"] == "spend_buff"


@pytest.mark.rule("Riftbound 702.2.b.1")
def test_a_unit_without_a_buff_has_none_to_spend() -> None:
    out = run("  u: {owner: ana, kind: unit, base: {might: 3}}\n", "  - spend_buff: {target: u}\n")
    assert out["illegal"]["rule"] == "Riftbound 702.2.b.1"


@pytest.mark.rule("Riftbound 702.2.b.2")
def test_a_player_spends_only_the_buffs_of_units_they_control() -> None:
    out = run(
        "  u: {owner: ana, kind: unit, base: {might: 3}}\n",
        "  - buff: {target: u}\n  - spend_buff: {target: u, by: bo}\n",
    )
    assert out["illegal"]["rule"] == "Riftbound 702.2.b.2"


@pytest.mark.rule("Riftbound 801.3.a.2", "Riftbound 702.2.b")
def test_the_example_gives_keywords_for_a_turn_and_spends_a_buff() -> None:
    out = view((ROOT / "examples" / "rulebooks" / "riftbound_keywords_this_turn.yaml").read_text())
    assert out["expect"]["failed"] == 0 and out["expect"]["passed"] == 7


# -- Deflect (809) ---------------------------------------------------------------------

DEFLECT = (
    "  bolt: {owner: ana, kind: spell}\n"
    "  fae: {owner: bo, kind: unit, base: {might: 2}, features: {Deflect: 2}}\n"
    "  wisp: {owner: bo, kind: unit, base: {might: 1}, features: [Deflect]}\n"
    "  mine: {owner: ana, kind: unit, base: {might: 2}, features: {Deflect: 3}}\n"
    "  plain: {owner: bo, kind: unit, base: {might: 2}}\n"
)


def chosen(targets: str, steps: str = "") -> dict[str, Any]:
    out = run(DEFLECT, steps + f"  - choose_targets: {{card: bolt, targets: [{targets}]}}\n")
    assert "illegal" not in out
    return dict(out["events"][-1])


@pytest.mark.rule("Riftbound 809.1.c", "Riftbound 809.1.d", "Riftbound 809.1.b.3")
@pytest.mark.rule("RB-DEFLECT")
def test_deflect_adds_its_value_in_power_for_each_time_an_opponents_spell_chooses_it() -> None:
    e = chosen("fae, fae, wisp, plain")
    assert e["deflect_power"] == 2 + 2 + 1  # twice Deflect 2, once Deflect 1 (X omitted)
    assert e["deflect"] == [
        {"target": "fae", "power": 2},
        {"target": "fae", "power": 2},
        {"target": "wisp", "power": 1},
    ]
    assert "Riftbound 809.1.d" in e["rules"]


@pytest.mark.rule("Riftbound 809.1.c")
@pytest.mark.rule("RB-DEFLECT")
def test_deflect_costs_nothing_to_its_own_controller() -> None:
    assert chosen("mine")["deflect_power"] == 0
    assert chosen("plain")["deflect_power"] == 0


@pytest.mark.rule("Riftbound 809.1.c.1", "Riftbound 809.2")
def test_granted_deflect_adds_up_and_its_power_may_be_of_any_domain() -> None:
    e = chosen(
        "fae", "  - keyword_change: {target: fae, gain: Deflect, value: 1, this_turn: true}\n"
    )
    assert e["deflect_power"] == 3 and e["domain"] == "any"


@pytest.mark.rule("Riftbound 809.1.c")
def test_the_deflect_example_reports_five_power() -> None:
    path = ROOT / "examples" / "rulebooks" / "riftbound_deflect.yaml"
    out = view(path.read_text(encoding="utf-8"))
    assert out["expect"]["failed"] == 0 and out["expect"]["passed"] == 2
