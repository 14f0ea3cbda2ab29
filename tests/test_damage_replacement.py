"""Damage dealt by a ``damage:`` step passes through replacement (R-2..R-6, D-PREV-2)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbiter.model.damage import instructions as dm
from arbiter.model.damage.replacement import Replacement
from arbiter.model.damage.steps import ChoosingDealDamage
from arbiter.solver.choices.outcomes import enumerate_outcomes
from tests.helpers import run_text, scenario, view

HEAD = """
ruleset: berserk
players: [ana, bo]
objects:
  bolt: {owner: ana, kind: spell}
  orc: {owner: ana, kind: creature, base: {health: 3}}
"""

MAGE = """
  {oid}:
    owner: bo
    kind: creature
    base: {{health: 10, classes: [dark, hero-mage]}}
    counters: {{damage: 0}}{extra}
"""

STONE = """
  soul_stone:
    owner: bo
    kind: artifact
    base: {{health: 9}}
    counters: {{damage: 0}}
    replacements:
      - id: stone
        when: {{event: wounded, object: {{side: yours, has: [dark, hero-mage]}}}}
        instead: {{object: self}}{may}
"""


def mage(oid: str = "hero_mage", extra: str = "") -> str:
    return MAGE.format(oid=oid, extra=extra)


def stone(may: bool = False) -> str:
    return STONE.format(may="\n        may: true" if may else "")


def damage_of(out: dict[str, Any], oid: str) -> int:
    return int(out["objects"][oid].get("counters", {}).get("damage", 0))


def damage_events(out: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for e in out["events"] if e["kind"] == "damage"]


@pytest.mark.rule("R-2", "R-6", "R-DMG-ACTION")
def test_the_soul_stone_takes_a_spells_damage_with_its_lineage() -> None:
    out = view(
        HEAD + mage() + stone() + "steps:\n  - damage: {id: fire, each: 2, source: bolt, "
        "targets: [hero_mage]}\n"
    )
    assert (damage_of(out, "hero_mage"), damage_of(out, "soul_stone")) == (0, 2)
    mage_ev, stone_ev = damage_events(out)
    assert mage_ev["target"] == "hero_mage" and mage_ev["damaged"] is False
    assert mage_ev["replaced_by"] == "stone" and "R-3" in mage_ev["rules"]
    assert stone_ev["target"] == "soul_stone" and stone_ev["amount"] == 2
    assert stone_ev["damaged"] is True and stone_ev["lineage"] == ["stone"]
    assert stone_ev["event"] == "fire.0/stone" and "R-6" in stone_ev["rules"]
    for e in (mage_ev, stone_ev):  # DESIGN.md's damage event keys stay
        assert {"target", "amount", "prevented", "sources", "damaged", "rules"} <= set(e)
        assert e["sources"] == ["bolt"]


@pytest.mark.rule("R-2", "P-2")
def test_replacement_sees_the_damage_left_after_prevention() -> None:
    out = view(
        HEAD + mage(extra="\n    prevention: 1") + stone() + "steps:\n  - damage: "
        "{id: fire, each: 3, source: bolt, targets: [hero_mage]}\n"
    )
    assert (damage_of(out, "hero_mage"), damage_of(out, "soul_stone")) == (0, 2)
    assert damage_events(out)[0]["prevented"] == 1


@pytest.mark.rule("D-PREV-2", "R-2")
def test_fully_prevented_damage_is_no_event_to_replace() -> None:
    out = view(
        HEAD + mage(extra="\n    prevention: 5") + stone() + "steps:\n  - damage: "
        "{id: fire, each: 3, source: bolt, targets: [hero_mage]}\n"
    )
    assert (damage_of(out, "hero_mage"), damage_of(out, "soul_stone")) == (0, 0)
    assert "replaced" not in [e["kind"] for e in out["events"]]
    (ev,) = damage_events(out)
    assert ev["damaged"] is False and ev["prevented"] == 3 and "replaced_by" not in ev


WARD = """
  knight:
    owner: bo
    kind: creature
    base: {health: 5}
    counters: {damage: 0}
    replacements:
      - {id: ward, no_wounds_from: {kind: spell}}
    triggers:
      - id: rage
        when: {damaged: self}
        do: [{counter: {target: self, name: rage, add: 1}}]
"""


@pytest.mark.rule("R-3", "R-1")
def test_a_replaced_damage_is_not_done_and_triggers_nothing() -> None:
    spell = HEAD + WARD + "steps:\n  - damage: {each: 3, source: bolt, targets: [knight]}\n"
    out = view(spell)
    assert damage_of(out, "knight") == 0
    assert "rage" not in out["objects"]["knight"].get("counters", {})
    assert "trigger" not in [e["kind"] for e in out["events"]]
    creature = HEAD + WARD + "steps:\n  - damage: {each: 1, source: orc, targets: [knight]}\n"
    out = view(creature)
    assert damage_of(out, "knight") == 1
    assert out["objects"]["knight"]["counters"]["rage"] == 1


TWO_MAGES = HEAD + mage("m1") + mage("m2") + stone()


@pytest.mark.rule("R-4", "R-5")
def test_one_instruction_is_one_game_action() -> None:
    """Each of two dark hero-mages is dealt 2 by one instruction: the stone replaces one
    of the two events only (R-4); which one is its controller's choice (R-5)."""
    text = TWO_MAGES + "steps:\n  - damage: {id: fire, each: 2, source: bolt, targets: [m1, m2]}\n"
    out = view(text)
    assert damage_of(out, "soul_stone") == 2
    assert sorted((damage_of(out, "m1"), damage_of(out, "m2"))) == [0, 2]
    found = enumerate_outcomes(scenario(text), method="exhaustive")
    ends = {
        tuple(int(o.objects[k].get("counters", {}).get("damage", 0)) for k in ("m1", "m2"))
        for o in found.outcomes
    }
    assert ends == {(0, 2), (2, 0)}


@pytest.mark.rule("R-4")
def test_a_second_instruction_is_a_new_game_action() -> None:
    out = view(
        TWO_MAGES + "steps:\n  - damage: {each: 2, source: bolt, targets: [m1]}\n"
        "  - damage: {each: 2, source: bolt, targets: [m2]}\n"
    )
    assert (damage_of(out, "m1"), damage_of(out, "m2"), damage_of(out, "soul_stone")) == (0, 0, 4)


@pytest.mark.rule("R-1", "R-5")
def test_an_optional_replacement_makes_the_damage_step_a_choice_point() -> None:
    text = (
        HEAD
        + mage()
        + stone(may=True)
        + ("steps:\n  - damage: {id: fire, each: 2, source: bolt, targets: [hero_mage]}\n")
    )
    step = scenario(text).steps[0]
    assert isinstance(step, ChoosingDealDamage)
    found = enumerate_outcomes(scenario(text), method="cp-sat")
    ends = {
        (
            int(o.objects["hero_mage"]["counters"]["damage"]),
            int(o.objects["soul_stone"]["counters"]["damage"]),
        )
        for o in found.outcomes
    }
    assert ends == {(0, 2), (2, 0)}
    out = view(text)  # R-DEFAULT: the optional replacement is used
    assert (damage_of(out, "hero_mage"), damage_of(out, "soul_stone")) == (0, 2)


# -- property ----------------------------------------------------------------------------------

TARGETS = ("t0", "t1", "t2")


@st.composite
def damage_files(draw: st.DrawFn) -> str:
    lines = [HEAD]
    for t in TARGETS:
        lines.append(f"  {t}:\n    owner: bo\n    kind: creature\n    base: {{health: 9}}\n")
        shield = draw(st.integers(0, 3))
        if shield:
            lines.append(f"    prevention: {shield}\n")
        kind = draw(st.sampled_from(("none", "no_spells", "to_self", "to_other")))
        may = draw(st.booleans())
        if kind == "no_spells":
            lines.append(
                f"    replacements:\n      - {{id: r_{t}, no_wounds_from: {{kind: spell}}}}\n"
            )
        elif kind != "none":
            other = draw(st.sampled_from(TARGETS))
            into = "self" if kind == "to_self" else other
            lines.append(
                f"    replacements:\n      - id: r_{t}\n"
                f"        when: {{event: wounded, object: {{side: yours}}}}\n"
                f"        instead: {{object: {into}}}\n        may: {str(may).lower()}\n"
            )
    source = draw(st.sampled_from(("bolt", "orc")))
    targets = draw(st.lists(st.sampled_from(TARGETS), min_size=1, max_size=3, unique=True))
    amount = draw(st.integers(0, 4))
    lines.append(
        f"steps:\n  - damage: {{id: hit, each: {amount}, source: {source}, "
        f"targets: [{', '.join(targets)}]}}\n"
    )
    return "".join(lines)


@pytest.mark.rule("R-2", "R-3", "R-4", "D-PREV-2")
@given(damage_files())
def test_damage_carried_out_never_exceeds_the_damage_after_prevention(text: str) -> None:
    """Whatever the replacements and the choices, the damage carried out adds up to at
    most the damage left after prevention; damage carried out on another object than the
    one dealt it was redirected, and goes to the object the last replacement names."""
    sc = scenario(text)
    step = sc.steps[0]
    assert isinstance(step, ChoosingDealDamage) and step.targets is not None
    pending = dm.finalize(sc.start, step.instruction, step.targets)
    after_prevention = sum(
        int(e.get("amount") or 0) for e in dm.damage_events(sc.start, pending) if e.kind == "damage"
    )
    found = enumerate_outcomes(sc, method="exhaustive")
    assert found.outcomes
    for o in found.outcomes:
        total = sum(int(v.get("counters", {}).get("damage", 0)) for v in o.objects.values())
        assert total <= after_prevention
    out = view(text)
    done = [e for e in damage_events(out) if e["damaged"]]
    assert sum(e["amount"] for e in done) <= after_prevention
    replacements = {
        a.id: a
        for v in sc.start.objects.values()
        for a in v.abilities
        if isinstance(a, Replacement)
    }
    for e in done:
        if e["lineage"]:
            last = replacements[e["lineage"][-1]]
            into = last.instead[0].target
            assert e["target"] == (last.source if into == "self" else into)
        assert len(set(e["lineage"])) == len(e["lineage"])  # never twice in one action


@pytest.mark.rule("R-4", "R-5")
def test_fixed_choices_of_a_damage_step_are_honoured_or_refused() -> None:
    steps = "steps:\n  - damage: {id: fire, each: 2, source: bolt, targets: [m1, m2]}\n"
    out = view(TWO_MAGES + steps + "choices:\n  fire: [{apply: stone, event: m2}]\n")
    assert (damage_of(out, "m1"), damage_of(out, "m2"), damage_of(out, "soul_stone")) == (2, 0, 2)
    twice = "choices:\n  fire: [{apply: stone, event: m2}, {apply: stone, event: m1}]\n"
    result = run_text(TWO_MAGES + steps + twice)
    assert result.stopped_by is not None and result.stopped_by.rule == "R-4"


@pytest.mark.rule("R-DMG-SHIELDS", "R-2")
def test_shields_are_spent_first_and_redirected_damage_is_not_prevented_again() -> None:
    text = (
        HEAD
        + mage(extra="\n    prevention: 1")
        + stone().replace("counters: {damage: 0}", "counters: {damage: 0}\n    prevention: 5")
    )
    out = view(text + "steps:\n  - damage: {each: 3, source: bolt, targets: [hero_mage]}\n")
    assert (damage_of(out, "hero_mage"), damage_of(out, "soul_stone")) == (0, 2)
    assert out["objects"]["hero_mage"]["prevention"][0]["remaining"] == 0
    assert out["objects"]["soul_stone"]["prevention"][0]["remaining"] == 5


@pytest.mark.rule("R-DMG-OPEN", "D-DIST-1")
def test_an_open_split_is_chosen_then_replaced_by_default() -> None:
    out = view(
        TWO_MAGES + "steps:\n  - damage: {id: fire, split: 4, source: bolt, targets: [m1, m2]}\n"
    )
    kinds = [e["kind"] for e in out["events"]]
    assert "optimal_split" in kinds and "replaced" in kinds
    marked = [damage_of(out, k) for k in ("m1", "m2", "soul_stone")]
    assert sum(marked) == 4 and marked[2] > 0 and 0 in marked[:2]
