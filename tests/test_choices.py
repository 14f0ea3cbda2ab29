"""The search over choices (solver/choices/outcomes.py): distinct outcomes, witnesses, order
dependence, the best sequence; the CP-SAT model against its exhaustive twin."""

from __future__ import annotations

import json
from collections.abc import Hashable
from dataclasses import dataclass, replace
from typing import Any

import pytest
from hypothesis import given, settings

from arbiter.model.choicepoints import ChoicePoint, ChoosingStep, FixedChoice, Option
from arbiter.model.damage.action_step import GameActionStep
from arbiter.model.errors import IllegalAction
from arbiter.model.scenario import Scenario
from arbiter.model.state import Event, GameState
from arbiter.solver.choices.leaves import objective_value, objects_of
from arbiter.solver.choices.outcomes import (
    enumerate_outcomes,
    exhaustive_leaves,
    minimax,
    order_dependent,
    replay,
)
from arbiter.solver.choices.replacement import best_cpsat, expand_cpsat
from arbiter.solver.engine.options import RunOptions
from arbiter.solver.status import Status
from tests.helpers import ROOT, cli, scenario
from tests.replacement_cases import replacement_sets

SEEDS = ROOT / "examples" / "seeds"


def load(name: str) -> Scenario:
    return scenario((SEEDS / name).read_text(encoding="utf-8"), name)


def lives(outcome_objects: Any, oid: str, counter: str = "lives") -> int:
    return int(outcome_objects[oid].get("counters", {}).get(counter, 0))


# -- the seed examples ------------------------------------------------------------------------


@pytest.mark.rule("R-4")
@pytest.mark.parametrize("method", ["cp-sat", "exhaustive"])
def test_razgal_and_the_druid_have_four_distinct_outcomes(method: str) -> None:
    found = enumerate_outcomes(load("berserk_razgal_druid.yaml"), method=method)
    assert found.status is Status.OPTIMAL
    assert len(found.outcomes) == 4
    seen = set()
    for o in found.outcomes:
        gains = tuple(lives(o.objects, r) for r in ("r1", "r2", "r3"))
        wounded = lives(o.objects, "enemy", "damage")
        assert gains.count(0) <= 1  # never two gains replaced
        assert wounded == (2 if 0 in gains else 0)
        seen.add(gains)
    assert seen == {(0, 2, 2), (2, 0, 2), (2, 2, 0), (2, 2, 2)}
    assert not found.order_dependent


@pytest.mark.rule("R-6")
@pytest.mark.parametrize("method", ["cp-sat", "exhaustive"])
def test_soul_stone_outcomes(method: str) -> None:
    found = enumerate_outcomes(load("berserk_soul_stone.yaml"), method=method)
    ends = {
        (
            lives(o.objects, "creature"),
            lives(o.objects, "hero_mage", "damage"),
            lives(o.objects, "soul_stone", "damage"),
        )
        for o in found.outcomes
    }
    assert ends == {(0, 0, 2), (2, 0, 0)}


def test_each_outcome_comes_with_a_witness_that_leads_to_it() -> None:
    sc = load("berserk_razgal_druid.yaml")
    for o in enumerate_outcomes(sc).outcomes:
        entries = [
            {k: v for k, v in d.as_json().items() if k not in ("step", "rule")} for d in o.choices
        ]
        step = sc.steps[0]
        assert isinstance(step, GameActionStep)
        fixed = tuple(FixedChoice(e) for e in entries)
        state = replace(step, fixed=fixed).resolve(sc.start)
        assert objects_of(state) == o.objects


@pytest.mark.rule("R-4", "R-5")
def test_fixed_choices_are_honoured_by_the_search() -> None:
    text = (SEEDS / "berserk_razgal_druid.yaml").read_text(encoding="utf-8")
    text = text.replace("outcomes.count: 4", "outcomes.count: 1")
    found = enumerate_outcomes(
        scenario(text + "choices:\n  combat: [{apply: druid_gift, event: r3}]\n")
    )
    assert len(found.outcomes) == 1
    assert lives(found.outcomes[0].objects, "r3") == 0


@pytest.mark.rule("R-4")
def test_an_illegal_fixed_choice_ends_the_path_with_its_rule() -> None:
    text = (SEEDS / "berserk_razgal_druid.yaml").read_text(encoding="utf-8")
    text += "choices:\n  combat: [{apply: druid_gift, event: r3}, {decline: druid_gift}]\n"
    found = enumerate_outcomes(scenario(text))
    assert [o.stopped for o in found.outcomes] == ["R-4"]


# -- order dependence -------------------------------------------------------------------------

CROSSED = """
ruleset: berserk
players: [ana, bo]
objects:
  a_guard:
    owner: ana
    kind: creature
    replacements:
      - id: ana_guard
        when: {event: wounded, object: [target, b_guard]}
        instead: {object: a_guard}
  b_guard:
    owner: bo
    kind: creature
    replacements:
      - id: bo_guard
        when: {event: wounded, object: [target, a_guard]}
        instead: {object: b_guard}
  target: {owner: ana, kind: creature}
steps:
  - game-action: {id: hit, events: [{event: wounded, object: target, amount: 2}]}
"""


@pytest.mark.rule("R-5", "R-6")
@pytest.mark.parametrize("method", ["cp-sat", "exhaustive"])
def test_the_order_of_two_crossed_guards_decides_who_is_wounded(method: str) -> None:
    found = enumerate_outcomes(scenario(CROSSED), method=method)
    assert len(found.outcomes) == 2
    assert found.order_dependent and all(o.order_dependent for o in found.outcomes)
    wounded = {
        next(oid for oid in ("a_guard", "b_guard") if lives(o.objects, oid, "damage"))
        for o in found.outcomes
    }
    assert wounded == {"a_guard", "b_guard"}
    # the active player (ana) chooses which guard applies first
    assert all(o.choices[0].chooser == "ana" for o in found.outcomes)


# -- the twins agree --------------------------------------------------------------------------


@pytest.mark.rule("R-1", "R-4", "R-5", "R-6")
@given(replacement_sets())
def test_cpsat_and_exhaustive_search_find_the_same_distinct_outcomes(
    case: tuple[GameState, GameActionStep],
) -> None:
    """On random small sets of replacements, the CP-SAT model and the exhaustive search of
    the rules process reach exactly the same outcomes, and agree on which of them depend
    on the order of the choices."""
    state, step = case
    run = step.begin(state)
    twin = exhaustive_leaves(step, 0, run)
    model, status = expand_cpsat(step, 0, run, RunOptions())
    assert status is Status.OPTIMAL
    assert set(model) == set(twin)
    assert order_dependent(model) == order_dependent(twin)


@pytest.mark.rule("R-5")
@settings(max_examples=30)
@given(replacement_sets())
def test_the_best_cpsat_sequence_is_the_best_outcome_of_the_exhaustive_search(
    case: tuple[GameState, GameActionStep],
) -> None:
    """Maximising 'wounds on o0 minus lives of o1' with CP-SAT gives the greatest value of
    any outcome the exhaustive search finds; an adversary can only make it smaller."""
    state, step = case
    objective = {"o0.damage": 1, "o1.lives": -1}
    run = step.begin(state)
    values = []
    for leaf in exhaustive_leaves(step, 0, run).values():
        objects = objects_of(step.finish(replay(step, run, leaf.decisions)))
        values.append(objective_value(objects, objective))
    best = best_cpsat(step, state, objective)
    assert best.status is Status.OPTIMAL
    assert best.value == max(values) == best.bound
    assert objective_value(best.objects, objective) == best.value
    worst_case = minimax(step, state, objective, "ana")
    assert min(values) <= worst_case.value <= best.value


def test_minimax_lets_each_player_choose_their_own_points() -> None:
    sc = scenario(CROSSED)
    step = sc.steps[0]
    assert isinstance(step, GameActionStep)
    # ana chooses the order; she wants b_guard wounded
    best = minimax(step, sc.start, {"b_guard.damage": 1}, "ana")
    assert best.value == 2 and best.choices[0].chooser == "ana"
    # if the objective is bo's, ana (the chooser) plays against it
    assert minimax(step, sc.start, {"a_guard.damage": 1}, "bo").value == 0


# -- a choice point of another kind plugs in --------------------------------------------------


Order = tuple[GameState, tuple[str, ...], int]


@dataclass(frozen=True, kw_only=True)
class ShieldOrder(ChoosingStep[Order]):
    """A toy P-ORDER step: one player orders shields of 'prevent the next N'; each shield
    used whole or in part (P-4) prevents what is left of the wounds."""

    shields: tuple[tuple[str, int], ...]
    wounds: int

    def start(self, state: GameState) -> Order:
        return (state, (), 0)

    def point(self, run: Order) -> ChoicePoint | None:
        left = [s for s, _ in self.shields if s not in run[1]]
        if not left or run[2] >= self.wounds:
            return None
        return ChoicePoint("ana", "P-ORDER", tuple(Option(f"use {s}", (("use", s),)) for s in left))

    def take(self, run: Order, option: Option) -> Order:
        name = str(dict(option.data)["use"])
        size = dict(self.shields)[name]
        return (run[0], (*run[1], name), run[2] + min(size, self.wounds - run[2]))

    def finish(self, run: Order) -> GameState:
        return run[0].with_event(Event("used", (("order", list(run[1])),), ("P-ORDER",)))

    def key(self, run: Order) -> Hashable:
        return run[1:]

    def match(self, run: Order, point: ChoicePoint, choice: FixedChoice) -> Option:
        raise IllegalAction("P-ORDER", "not used here")


def test_any_choosing_step_is_searched_by_the_exhaustive_engine() -> None:
    step = ShieldOrder(shields=(("a", 2), ("b", 2)), wounds=3)
    sc = scenario("ruleset: berserk\nplayers: [ana]\nobjects: {}\n")
    leaves = exhaustive_leaves(step, 0, step.begin(sc.start))
    # the objects do not change: every order is one outcome, reached by 2 sequences
    assert len(leaves) == 1
    (leaf,) = leaves.values()
    assert [d.option.key for d in leaf.decisions] == ["use a", "use b"]
    assert [d.rule for d in leaf.decisions] == ["P-ORDER", "P-ORDER"]


# -- the command line -------------------------------------------------------------------------


def test_arbiter_run_outcomes_json_lists_the_outcomes_with_their_choices() -> None:
    done = cli("run", "examples/seeds/berserk_razgal_druid.yaml", "--outcomes", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    outcomes = data["outcomes"]
    assert len(outcomes) == 4
    for o in outcomes:
        assert set(o["objects"]) == {"druid", "enemy", "r1", "r2", "r3", "razgal"}
        assert "characteristics" in o["objects"]["r1"]
        assert isinstance(o["choices"], list) and len(o["choices"]) == 1
    assert {tuple(c) for o in outcomes for c in [sorted(o["choices"][0])]} >= {
        ("by", "decline", "rule", "step")
    }
    assert data["outcome_search"]["count"] == 4


def test_arbiter_run_outcomes_prints_a_table() -> None:
    done = cli("run", "examples/seeds/berserk_soul_stone.yaml", "--outcomes")
    assert done.returncode == 0, done.stderr
    assert "2 distinct outcomes" in done.stdout
    assert "soul_stone.damage=2" in done.stdout


def test_outcomes_are_computed_only_when_asked_or_expected() -> None:
    text = (SEEDS / "berserk_razgal_druid.yaml").read_text(encoding="utf-8")
    text = text.replace("  outcomes.count: 4\n", "")
    from arbiter.solver.engine.runner import run

    assert "outcomes" not in run(scenario(text)).as_json()
    assert len(run(scenario(text), RunOptions(outcomes=True)).as_json()["outcomes"]) == 4


@pytest.mark.rule("R-5")
def test_a_witness_pasted_under_choices_gives_its_outcome() -> None:
    done = cli("run", "examples/seeds/berserk_razgal_druid.yaml", "--outcomes", "--json")
    outcomes = json.loads(done.stdout)["outcomes"]
    text = (SEEDS / "berserk_razgal_druid.yaml").read_text(encoding="utf-8")
    text = text.split("expect:")[0]
    for o in outcomes:
        entries = ", ".join(json.dumps(c) for c in o["choices"])
        sc = scenario(text + f"choices:\n  combat: [{entries}]\n")
        from arbiter.solver.engine.runner import run

        assert run(sc).as_json()["objects"] == o["objects"]
