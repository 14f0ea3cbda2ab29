"""Which runes pay a Riftbound cost is the player's choice (Core Rules 1.3, 357.1.a): a
``pay`` step that names no runes is a choice point whose options are every minimal plan
(model/riftbound_pay_plans.py); ``arbiter run`` takes Decision RB-PAY-1's plan and the
outcome search tries them all."""

from __future__ import annotations

import pytest

from arbiter.model import riftbound_costs as rc
from arbiter.model.riftbound_pay_plans import plans
from arbiter.solver.choices.outcomes import enumerate_outcomes
from tests.helpers import scenario, view

RUNES = """ruleset: riftbound
players: [ana, bo]
objects:
  fury1: {owner: ana, kind: rune, zone: base, base: {domains: [fury]}}
  fury2: {owner: ana, kind: rune, zone: base, base: {domains: [fury]}}
  calm1: {owner: ana, kind: rune, zone: base, base: {domains: [calm]}}
steps:
  - pay: {player: ana, cost: {energy: 1, power: [A]}}
"""


@pytest.mark.rule("Riftbound 357.1.a", "Riftbound 163.2", "RB-PAY-1")
def test_every_minimal_use_of_the_runes_is_an_outcome_and_alike_runes_count_once() -> None:
    found = enumerate_outcomes(scenario(RUNES), method="exhaustive")
    chosen = [
        (c.option.as_json()["exhaust"], c.option.as_json()["recycle"])
        for o in found.outcomes
        for c in o.choices
    ]
    assert sorted(chosen) == [
        (["calm1"], ["calm1"]),
        (["calm1"], ["fury1"]),
        (["fury1"], ["calm1"]),
        (["fury1"], ["fury1"]),
        (["fury1"], ["fury2"]),
    ]  # fury2 alone is fury1's twin: never offered in its place
    for o in found.outcomes:
        assert o.state is not None and rc.pool(o.state, "ana") == rc.Pool()


@pytest.mark.rule("RB-PAY-1", "Riftbound 357.1.a")
def test_a_run_takes_the_default_plan_and_a_cost_nothing_can_pay_offers_no_plan() -> None:
    out = view(RUNES)
    paid = [e for e in out["events"] if e["kind"] == "pay_cost"][0]
    assert (paid["exhausted"], paid["recycled"]) == (["fury1"], ["fury1"])
    state = scenario(RUNES).start
    assert plans(state, "ana", rc.Cost.of(4)) == []
    assert plans(state, "ana", rc.Cost.of(power={rc.Domain.MIND: 1})) == []
    assert plans(state, "ana", rc.Cost.of())[0] == rc.PayChoice(auto=False)  # nothing used
    refused = view(RUNES.replace("energy: 1, power: [A]", "energy: 4"))
    assert refused["illegal"]["rule"] == "Riftbound 404.1"
