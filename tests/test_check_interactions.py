"""``arbiter check`` on the merged areas: dependency cycles among passives (A-ORDER-1),
loops (LOOP-2, A-GOLD-9) and the ruling on Decision D-PREV-3. The pruning by what each
ability reads and writes never loses one of them; the D-PREV-3 ruling is reported exactly
when the two readings deal different damage."""

from __future__ import annotations

import itertools
import textwrap

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.model.format.cardset import load_cardset
from arbiter.model.format.document import load
from arbiter.model.format.scenario import parse_document
from arbiter.solver.check.base import build_index
from arbiter.solver.check.catalogue import TUPLE_CHECKS
from arbiter.solver.check.diagnostics import examine, plan, run_check
from arbiter.solver.engine.runner import run

PASSIVES = [
    "{applies_to: {kind: character, other: true}, effect: {lose_all_abilities: true}}",
    "{applies_to: {subtype: Elemental}, effect: {gain: Gigantic}}",
    "{applies_to: {kind: character}, effect: {add_subtypes: [Elemental]}}",
    "{applies_to: {subtype: Spirit}, effect: {add_subtypes: [Elemental]}}",
    "{applies_to: {subtype: Elemental}, effect: {add_subtypes: [Spirit]}}",
    "{applies_to: {keyword: Gigantic}, effect: {lose: Gigantic}}",
]


@st.composite
def passive_sets(draw: st.DrawFn) -> str:
    lines = ["ruleset: altered", "cards:"]
    for i in range(draw(st.integers(2, 5))):
        chosen = draw(st.lists(st.sampled_from(PASSIVES), max_size=2, unique=True))
        sub = draw(st.sampled_from(["[]", "[Spirit]", "[Elemental]"]))
        passives = f", passives: [{', '.join(chosen)}]" if chosen else ""
        lines.append(f"  c{i}: {{kind: character, base: {{subtypes: {sub}}}{passives}}}")
    return "\n".join(lines) + "\n"


@st.composite
def damage_sets(draw: st.DrawFn) -> str:
    lines = ["ruleset: riftbound", "cards:"]
    for i in range(draw(st.integers(1, 2))):
        n = draw(st.integers(0, 5))
        src = draw(st.sampled_from(["spell", "unit"]))
        kind = "spell" if src == "spell" else "unit"
        lines.append(
            f"  d{i}: {{kind: {kind}, roles: {{t: unit}}, effect: "
            f"[{{damage: {{each: {n}, targets: [t], source: {{{src}: self}}}}}}]}}"
        )
    for i in range(draw(st.integers(0, 2))):
        to = draw(st.sampled_from(["[spell]", "[unit]", "[spell, unit]"]))
        lines.append(
            f"  b{i}: {{kind: unit, damage_bonus: {{amount: {draw(st.integers(0, 3))}, to: {to}}}}}"
        )
    for i in range(draw(st.integers(0, 2))):
        lines.append(f"  p{i}: {{kind: unit, prevention: {draw(st.integers(0, 7))}}}")
    return "\n".join(lines) + "\n"


def _everything(text: str, codes: set[str]) -> set[tuple[str, tuple[str, ...]]]:
    index = build_index(load_cardset("set.yaml", text))
    units = [
        (check.name, combo)
        for check in TUPLE_CHECKS
        if set(check.codes) & codes
        for combo in itertools.permutations(index.cardset.cards, len(check.roles))
    ]
    return {(d.code, d.cards) for d in examine(index, units)}


def _pruned(text: str, codes: set[str]) -> set[tuple[str, tuple[str, ...]]]:
    index = build_index(load_cardset("set.yaml", text))
    return {(d.code, d.cards) for d in examine(index, plan(index).units) if d.code in codes}


@pytest.mark.rule("A-ORDER-1", "A-DEP-2", "CHECK-SUBJ", "CHECK-DEP")
@settings(max_examples=25)
@given(passive_sets())
def test_pruning_never_loses_a_dependency_cycle(text: str) -> None:
    """Examining only the pairs where one card's passives write what the other's read finds
    every cycle that examining every ordered pair of cards finds."""
    assert _pruned(text, {"dependency-cycle"}) == _everything(text, {"dependency-cycle"})


@pytest.mark.rule("D-PREV-3", "CHECK-SUBJ")
@settings(max_examples=40)
@given(damage_sets())
def test_pruning_never_loses_a_d_prev_3_ruling(text: str) -> None:
    assert _pruned(text, {"ruling-D-PREV-3"}) == _everything(text, {"ruling-D-PREV-3"})


def _dealt(base: int, bonus: int, shield: int, timing: str) -> int:
    scenario = textwrap.dedent(
        f"""\
        ruleset: riftbound
        policies: {{prevention_timing: {timing}}}
        players: [ana, bo]
        objects:
          annie: {{owner: ana, kind: unit, damage_bonus: {{amount: {bonus}, to: [spell]}}}}
          ray: {{owner: ana, kind: spell}}
          poro: {{owner: bo, kind: unit, prevention: {shield}}}
        steps:
          - damage: {{each: {base}, targets: [poro], source: {{spell: ray}}}}
        """
    )
    result = run(parse_document(load("w.yaml", scenario)))
    events = [e for e in result.state.events if e.kind == "damage"]
    return int(dict(events[0].fields)["amount"])  # type: ignore[call-overload]


@pytest.mark.rule("D-PREV-3", "D-PREV-1", "CHECK-PREV")
@settings(max_examples=40)
@given(st.integers(0, 5), st.integers(0, 3), st.integers(0, 8))
def test_the_ruling_is_reported_exactly_when_the_two_readings_differ(
    base: int, bonus: int, shield: int
) -> None:
    """Brute force: both policies are run on the hit; the ruling is there iff the damage
    dealt differs."""
    text = textwrap.dedent(
        f"""\
        ruleset: riftbound
        cards:
          annie: {{kind: unit, damage_bonus: {{amount: {bonus}, to: [spell]}}}}
          ray: {{kind: spell, roles: {{t: unit}},
                effect: [{{damage: {{each: {base}, targets: [t], source: {{spell: self}}}}}}]}}
          poro: {{kind: unit, prevention: {shield}}}
        """
    )
    found = [d.code for d in run_check(load_cardset("set.yaml", text)).diagnostics]
    differ = _dealt(base, bonus, shield, "with-bonus") != _dealt(base, bonus, shield, "base-first")
    assert ("ruling-D-PREV-3" in found) == differ


@pytest.mark.rule("LOOP-2", "A-GOLD-9", "CHECK-LOOP")
def test_a_may_makes_a_loop_optional_not_mandatory() -> None:
    text = """\
    ruleset: altered
    cards:
      imp:
        kind: character
        triggers:
          - id: kindle
            when: {counter: heat, of: totem, change: up}
            MAY
            do: [{counter: {target: self, name: ember, add: 1}}]
      totem:
        kind: permanent
        triggers:
          - id: flare
            when: {counter: ember, of: imp, change: up}
            do: [{counter: {target: self, name: heat, add: 1}}]
    """
    forced = textwrap.dedent(text.replace("MAY", "may: false"))
    optional = textwrap.dedent(text.replace("MAY", "may: true"))
    assert [d.code for d in run_check(load_cardset("s.yaml", forced)).diagnostics] == [
        "loop-mandatory"
    ]
    assert [d.code for d in run_check(load_cardset("s.yaml", optional)).diagnostics] == [
        "loop-capped"
    ]


@pytest.mark.rule("LOOP-2")
def test_a_chain_that_ends_is_no_loop() -> None:
    text = """\
    ruleset: altered
    cards:
      imp:
        kind: character
        triggers:
          - id: kindle
            when: {counter: heat, of: totem, change: up}
            do: [{counter: {target: self, name: ember, add: 1}}]
      totem:
        kind: permanent
        triggers:
          - id: flare
            when: {phase: morning}
            do: [{counter: {target: self, name: heat, add: 1}}]
    """
    assert run_check(load_cardset("s.yaml", textwrap.dedent(text))).diagnostics == ()


@pytest.mark.rule("A-ORDER-1", "A-DEP-1", "CHECK-DEP")
def test_a_one_way_dependency_is_no_cycle() -> None:
    text = f"""\
    ruleset: altered
    cards:
      a: {{kind: character, passives: [{PASSIVES[1]}]}}
      b: {{kind: character, passives: [{PASSIVES[2]}]}}
    """
    assert run_check(load_cardset("s.yaml", textwrap.dedent(text))).diagnostics == ()
