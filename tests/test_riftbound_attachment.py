"""Riftbound attachment (Core Rules 1.3: 135.4, 136, 137, 716-725), Equip (818), Quick-Draw
(819), Weaponmaster (821): steps ``attach``, ``equip``, ``detach``; ``play_card`` with
``attach`` and ``equip``; object key ``effect_text``."""

from __future__ import annotations

from typing import Any

import pytest

from arbiter.model.keyword_reads import with_passives
from tests.helpers import run_text, view

HEAD = """ruleset: riftbound
players: [ana, bo]
objects:
  knight: {owner: ana, kind: unit, base: {might: 3}, zone: base}
  page: {owner: ana, kind: unit, base: {might: 1}, zone: base}
  foe: {owner: bo, kind: unit, base: {might: 2}, zone: base}
  ridge: {owner: ana, kind: battlefield, zone: battlefield, controller: ana}
  blade:
    owner: ana
    kind: gear
    zone: base
    base: {might_bonus: 2}
    features: [Equip, Temporary]
    might_passives: [{id: rally, add: 1, to: friendly}]
    effect_text:
      keyword_passives: [{id: edge, keyword: Assault, value: 2, while_mighty: false}]
  buckler: {owner: bo, kind: gear, zone: base, base: {might_bonus: 1}, features: [Equip]}
steps:
"""


def run(*steps: str) -> dict[str, Any]:
    return view(HEAD + "".join(f"  - {s}\n" for s in steps))


def might(out: dict[str, Any], oid: str) -> int:
    shown: int = out["objects"][oid]["might"]["shown"]
    return shown


@pytest.mark.rule(
    "Riftbound 137",
    "Riftbound 137.3",
    "Riftbound 137.3.a",
    "Riftbound 472.3.c",
    "Riftbound 818.1.b",
    "Riftbound 818.2",
    "Riftbound 107.1.c.1",
)
def test_an_equipped_unit_gets_the_might_bonus_until_it_is_detached() -> None:
    out = run("equip: {gear: blade, to: knight}")
    assert might(out, "knight") == 3 + 2
    assert out["objects"]["blade"]["zone"] == "base"  # attached, in the base (107.1.c.1)
    assert [e for e in out["events"] if e["kind"] == "attach"][0]["equipped"] is True
    out = run("equip: {gear: blade, to: knight}", "detach: {card: blade}")
    assert might(out, "knight") == 3 + 1  # the blade's own passive is active again


@pytest.mark.rule(
    "Riftbound 135.4",
    "Riftbound 135.4.a",
    "Riftbound 136.2.b",
    "Riftbound 136.2.c",
    "Riftbound 472.2.c",
    "Riftbound 475.2",
)
def test_an_attached_cards_rules_text_is_inactive_and_its_effect_text_applies() -> None:
    loose = view(HEAD.replace("steps:\n", "steps: []\n"))
    assert might(loose, "knight") == 3 + 1 and might(loose, "page") == 1 + 1  # rally
    assert "Assault" not in loose["objects"]["blade"]["features"]
    out = run("equip: {gear: blade, to: knight}")
    assert might(out, "page") == 1  # the rally is inactive while attached
    assert out["objects"]["blade"]["features"]["Temporary"] is True  # keywords stay (722.1)
    # the Effect Text's keyword passive is the knight's while the blade is attached
    state = run_text(HEAD + "  - equip: {gear: blade, to: knight}\n").state
    assert with_passives(state, state.obj("knight")).features["Assault"].number == 2
    assert "Assault" not in with_passives(state, state.obj("blade")).features
    kept = run("equip: {gear: blade, to: knight}", "detach: {card: blade}")
    assert might(kept, "page") == 2
    before = run_text(HEAD.replace("steps:\n", "steps: []\n")).state.obj("blade")
    after = run_text(
        HEAD + "  - equip: {gear: blade, to: knight}\n  - detach: {card: blade}\n"
    ).state.obj("blade")
    stamp = {a.id: a.timestamp for a in after.abilities}["rally"]
    assert stamp > {a.id: a.timestamp for a in before.abilities}["rally"]  # 475.2


@pytest.mark.rule("Riftbound 137.3.b")
def test_a_might_bonus_on_a_unit_without_might_is_ignored() -> None:
    out = view(
        HEAD.replace(
            "knight: {owner: ana, kind: unit, base: {might: 3}, zone: base}",
            "knight: {owner: ana, kind: unit, base: {}, zone: base}",
        )
        + "  - attach: {card: blade, to: knight}\n"
    )
    assert "illegal" not in out
    assert "might" not in out["objects"]["knight"] or out["objects"]["knight"]["might"] is None


@pytest.mark.rule("Riftbound 818.1.b", "Riftbound 818.1.b.1", "Riftbound 818.1.c.2")
def test_equip_attaches_only_a_gear_with_equip_to_a_unit_of_its_controller() -> None:
    assert run("equip: {gear: blade, to: foe}")["illegal"]["rule"] == "Riftbound 818.1.c.2"
    text = HEAD.replace("features: [Equip, Temporary]", "features: [Temporary]")
    out = view(text + "  - equip: {gear: blade, to: knight}\n")
    assert out["illegal"]["rule"] == "Riftbound 818.1.b"


@pytest.mark.rule("Riftbound 718.5.d", "Riftbound 719.2")
def test_a_card_is_attached_to_one_unit_at_a_time() -> None:
    out = run("equip: {gear: blade, to: knight}", "equip: {gear: blade, to: page}")
    assert might(out, "knight") == 3 and might(out, "page") == 1 + 2
    assert [e["kind"] for e in out["events"]].count("detach") == 1


@pytest.mark.rule("RB-ATTACH", "Riftbound 719.3", "Riftbound 719.3.a", "Riftbound 719.5")
def test_attached_cards_move_with_the_unit_and_stay_when_it_leaves_the_board() -> None:
    out = run("equip: {gear: blade, to: knight}", "standard_move: {units: [knight], to: ridge}")
    assert out["objects"]["blade"]["zone"] == "battlefield"
    out = run("equip: {gear: blade, to: knight}", "move: {target: knight, zone: hand}")
    assert out["objects"]["blade"]["zone"] == "base"
    assert [e for e in out["events"] if e["kind"] == "detach"][0]["rules"][0] == "Riftbound 719.5"
    hurt = HEAD.replace("might: 3}, zone: base}", "might: 3}, zone: base, counters: {damage: 1}}")
    out = view(
        hurt
        + "  - equip: {gear: blade, to: knight}\n"
        + "  - might: {target: knight, add: -4}\n"
        + "  - cleanup: {}\n"
    )
    assert out["objects"]["knight"]["zone"] == "trash" and out["objects"]["blade"]["zone"] == "base"
    assert might(out, "page") == 2  # detached: its rally is active again


@pytest.mark.rule("Riftbound 323.7")
def test_an_unattached_gear_at_a_battlefield_is_recalled_at_the_cleanup() -> None:
    out = run(
        "equip: {gear: blade, to: knight}",
        "standard_move: {units: [knight], to: ridge}",
        "detach: {card: blade}",
        "cleanup: {}",
    )
    assert out["objects"]["blade"]["zone"] == "base"


PLAYED = """  hook: {owner: ana, kind: gear, zone: hand, base: {might_bonus: 1},
         features: [Quick-Draw, Equip]}
  master: {owner: ana, kind: unit, base: {might: 2}, zone: hand, features: [Weaponmaster]}
  charm: {owner: ana, kind: gear, zone: base, features: [Equipment]}
"""


def played(*steps: str) -> dict[str, Any]:
    return view(
        HEAD.replace("steps:\n", PLAYED + "steps:\n") + "".join(f"  - {s}\n" for s in steps)
    )


@pytest.mark.rule("Riftbound 819.1.b", "Riftbound 819.1.c", "Riftbound 819.1.d")
def test_quick_draw_is_played_as_a_reaction_and_attached_as_it_is_played() -> None:
    out = played("play_card: {card: hook, timing: closed, attach: knight}")
    assert "illegal" not in out, out.get("illegal")
    assert might(out, "knight") == 3 + 1 + 1  # the hook's bonus, the loose blade's rally
    assert played("play_card: {card: hook, attach: foe}")["illegal"]["rule"] == "Riftbound 819.1.d"
    out = played("play_card: {card: blade, attach: knight}")
    assert out["illegal"]["rule"] in ("Riftbound 811.1.c.3", "Riftbound 819.1.d")


@pytest.mark.rule(
    "Riftbound 821.1.b", "Riftbound 821.1.c", "Riftbound 821.1.c.4", "Riftbound 821.1.c.6"
)
def test_weaponmaster_attaches_an_equipment_of_its_player_as_it_is_played() -> None:
    out = played("equip: {gear: blade, to: knight}", "play_card: {card: master, equip: blade}")
    assert might(out, "master") == 2 + 2 and might(out, "knight") == 3
    out = played("play_card: {card: master, equip: charm}")  # no Equip cost: nothing paid
    assert [e["kind"] for e in out["events"]][-1] == "not_attached"
    assert played("play_card: {card: knight, equip: blade}")["illegal"]["rule"] in (
        "Riftbound 811.1.c.3",
        "Riftbound 821.1.b",
    )
    out = played("play_card: {card: master, equip: buckler}")
    assert out["illegal"]["rule"] == "Riftbound 821.1.c"


@pytest.mark.rule("Riftbound 818.3", "Riftbound 818.3.a", "Riftbound 818.3.b", "Riftbound 818.3.c")
def test_a_unit_is_equipped_while_an_equipment_is_attached_to_it() -> None:
    text = HEAD + "  - equip: {gear: blade, to: knight}\n"
    state = run_text(text).state
    assert "Equipped" in with_passives(state, state.obj("knight")).features
    state = run_text(text + "  - detach: {card: blade}\n").state
    assert "Equipped" not in with_passives(state, state.obj("knight")).features
    # a gear without Equip attached does not make the unit Equipped
    state = run_text(
        HEAD.replace("features: [Equip, Temporary]", "features: []")
        + ("  - attach: {card: blade, to: knight}\n")
    ).state
    assert "Equipped" not in with_passives(state, state.obj("knight")).features
