"""Riftbound's Active Kill (428.1.a.1): a Kill Instruction of an effect, the `kill` step or
the card language's "kill" (`destroy`), and a kill paid as an additional cost, are deaths
like a Cleanup's: "would die" replacements apply to them first (369.1), a cost whose kill
is replaced is still paid (357.2.a), a unit with Deathknell has it noted (428.1.a.1.b).
Every card here is invented."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from arbiter.model.ruleset import RULESETS, DestroyMeans
from arbiter.solver.engine.runner import run as run_scenario
from tests.helpers import scenario, view

HEAD = """\
ruleset: riftbound
players: [ana, bo]
"""

WARD = (
    "  ward:\n    owner: ana\n    kind: gear\n    zone: base\n"
    "    death_replacements: [{id: ward_save, protects: friendly, "
    "instead: [kill_source, heal, exhaust, recall]}]\n"
)


def run(objects: str, steps: str, cards: str = "") -> dict[str, Any]:
    return view(HEAD + cards + "objects:\n" + objects + "steps:\n" + steps)


def events(out: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [e for e in out["events"] if e["kind"] == kind]


@pytest.mark.rule("RB-KILL-ACTIVE", "Riftbound 428.1.a.1", "Riftbound 369.1", "RB-REPL-1")
def test_a_kill_step_is_replaced_by_a_would_die_replacement() -> None:
    knight = (
        "  knight: {owner: ana, kind: unit, zone: battlefield, base: {might: 3}}\n"
        "  bolt: {owner: bo, kind: spell, zone: trash}\n"
    )
    saved = run(knight + WARD, "  - kill: {target: knight, by: bolt}\n")
    assert saved["objects"]["knight"]["zone"] == "base"  # recalled (the ward's text)
    assert saved["objects"]["ward"]["zone"] == "trash"  # "kill this instead"
    (replaced,) = events(saved, "replaced")
    assert replaced["saved"] == ["knight"] and replaced["by"] == "ward_save"
    killed = [e["target"] for e in events(saved, "move") if e.get("killed")]
    assert killed == ["ward"]
    plain = run(knight, "  - kill: {target: knight, by: bolt}\n")
    (kill,) = [e for e in events(plain, "move") if e.get("killed")]
    assert kill["target"] == "knight" and "Riftbound 428.1.a.1" in kill["rules"]
    assert kill["killed_by"] == ["bolt"]


@pytest.mark.rule("RB-KILL-ACTIVE", "Riftbound 428.1.a.1.a", "Riftbound 428.5.b", "Riftbound 369.1")
def test_the_card_languages_kill_is_a_kill_instruction_in_riftbound() -> None:
    objs = (
        "  caster: {owner: bo, kind: unit, zone: base, base: {might: 1}}\n"
        "  knight: {owner: ana, kind: unit, zone: base, base: {might: 3}}\n"
        "  squire: {owner: ana, kind: unit, zone: base, base: {might: 1}}\n"
    )
    step = "  - perform: {by: caster, do: {destroy: {enemy: unit}}}\n"
    plain = run(objs, step)
    kills = [e for e in events(plain, "move") if e.get("killed")]
    assert [e["target"] for e in kills] == ["knight", "squire"]
    assert all(e["killed_by"] == ["caster"] for e in kills)
    assert all("Riftbound 428.1.a.1.a" in e["rules"] for e in kills)
    # the ward saves the first death it meets and is killed instead (then it is gone)
    saved = run(objs + WARD, step)
    assert saved["objects"]["knight"]["zone"] == "base"
    assert saved["objects"]["knight"]["counters"].get("exhausted") == 1
    assert saved["objects"]["squire"]["zone"] == "trash"
    assert saved["objects"]["ward"]["zone"] == "trash"


@pytest.mark.rule("Riftbound 357.2.a", "Riftbound 356.6", "Riftbound 369.1", "Riftbound 428.1.a.1")
def test_a_kill_paid_as_a_cost_and_replaced_is_still_paid() -> None:
    """The rulebook's own example of 357.2.a: a unit whose additional cost kills a friendly
    unit, played while a "would die" replacement kills itself instead and recalls the unit."""
    cards = (
        "cards:\n  patron:\n    kind: unit\n    base: {might: 5, energy: 1}\n"
        "    additional_costs:\n      - id: toll\n"
        "        cost: {destroy: {choose: 1, yours: unit}}\n"
    )
    objs = (
        "  pal: {owner: ana, kind: unit, zone: battlefield, base: {might: 1}}\n"
        "  p: {owner: ana, card: patron, zone: hand}\n"
    )
    step = "  - play_card: {card: p, extra: [{id: toll, choose: [pal]}]}\n"
    out = run(objs + WARD, step, cards)
    assert "illegal" not in out, out.get("illegal")
    assert out["objects"]["p"]["zone"] == "base"  # played: the cost counts as paid
    assert out["objects"]["pal"]["zone"] == "base"  # saved and recalled
    assert out["objects"]["ward"]["zone"] == "trash"
    (cost,) = events(out, "additional_cost")
    assert cost["ability"] == "toll"
    without = run(objs, step, cards)
    assert without["objects"]["pal"]["zone"] == "trash"


@pytest.mark.rule("Riftbound 428.1.a.1.b", "Riftbound 428.1.a.1", "Riftbound 808")
def test_a_kill_instruction_notes_the_deathknell_of_the_unit_it_kills() -> None:
    objs = (
        "  old: {owner: ana, kind: unit, zone: base, base: {might: 2}, features: {Deathknell: 1}}\n"
    )
    out = run(objs, "  - kill: {target: old}\n")
    (note,) = events(out, "deathknell")
    assert note["target"] == "old" and "Riftbound 428.1.a.1.b" in note["rules"]
    assert out["objects"]["old"]["zone"] == "trash"


@pytest.mark.rule("RB-KILL-ACTIVE", "Riftbound 428.1.a.1")
def test_destroy_means_is_a_field_of_the_game_a_move_elsewhere() -> None:
    """`destroy_means` describes the game: Riftbound's "kill" is a Kill Instruction; with
    `move` the same card text is a plain zone change that no replacement sees."""
    assert RULESETS["riftbound"].destroy_means is DestroyMeans.KILL
    assert all(
        r.destroy_means is DestroyMeans.MOVE for name, r in RULESETS.items() if name != "riftbound"
    )
    text = (
        HEAD + "objects:\n"
        "  caster: {owner: bo, kind: unit, zone: base}\n"
        "  knight: {owner: ana, kind: unit, zone: base, base: {might: 3}}\n"
        + WARD
        + "steps:\n  - perform: {by: caster, do: {destroy: {target: knight}}}\n"
    )
    sc = scenario(text)
    as_kill = run_scenario(sc).state
    assert as_kill.objects["knight"].zone == "base"  # saved by the ward
    moved = replace(sc.start.ruleset, destroy_means=DestroyMeans.MOVE)
    as_move = run_scenario(replace(sc, start=replace(sc.start, ruleset=moved))).state
    assert as_move.objects["knight"].zone == "trash"
    assert as_move.objects["ward"].zone == "base"
