"""Paying Riftbound costs, stated as invariants and checked against a brute-force twin:
the runes Decision RB-PAY-1 picks pay a cost whenever some use of the player's runes and
pool could (357.1, 163.2), and a payment takes exactly the cost."""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.model import riftbound_costs as rc
from arbiter.model.errors import IllegalAction
from arbiter.model.riftbound_pay_plans import plans
from arbiter.model.ruleset import RULESETS
from arbiter.model.state import GameObject, GameState

DOMAINS = [rc.Domain.FURY, rc.Domain.CALM, rc.Domain.MIND]

rune_st = st.tuples(st.sampled_from([*DOMAINS, None]), st.booleans())  # domain, exhausted
cost_st = st.builds(
    lambda e, f, c, a: rc.Cost.of(e, {rc.Domain.FURY: f, rc.Domain.CALM: c}, a),
    st.integers(0, 3),
    st.integers(0, 2),
    st.integers(0, 1),
    st.integers(0, 2),
)
pool_st = st.fixed_dictionaries(
    {
        "energy.ana": st.integers(0, 2),
        "power.ana": st.integers(0, 1),
        "power_fury.ana": st.integers(0, 1),
        "power_mind.ana": st.integers(0, 1),
    }
)


def state_of(runes: list[tuple[rc.Domain | None, bool]], counters: dict[str, int]) -> GameState:
    objects = {}
    for n, (domain, tired) in enumerate(runes):
        base = {"domains": frozenset({domain.value})} if domain else {}
        objects[f"r{n}"] = GameObject(
            id=f"r{n}",
            owner="ana",
            kind="rune",
            zone="base",
            base=base,
            counters={"exhausted": 1} if tired else {},
            timestamp=n + 1,
        )
    live = {k: v for k, v in counters.items() if v}
    return GameState(RULESETS["riftbound"], ("ana", "bo"), objects, clock=len(runes), counters=live)


def brute_force(state: GameState, cost: rc.Cost) -> bool:
    """Every use of every rune: none, exhaust, recycle, both (exhaust only when ready)."""
    ids = [r.id for r in rc.runes(state, "ana")]
    for uses in product(("none", "exhaust", "recycle", "both"), repeat=len(ids)):
        exhaust = tuple(i for i, u in zip(ids, uses, strict=True) if u in ("exhaust", "both"))
        recycle = tuple(i for i, u in zip(ids, uses, strict=True) if u in ("recycle", "both"))
        choice = rc.PayChoice(exhaust, recycle, auto=False)
        try:
            rc.pay(state, "ana", (rc.Part("x", cost, "Riftbound 357.1"),), choice=choice)
        except IllegalAction:
            continue
        return True
    return False


@pytest.mark.rule("RB-PAY-1", "Riftbound 357.1", "Riftbound 135.2.e.5.a", "Riftbound 163.2")
@settings(max_examples=150, deadline=None)
@given(st.lists(rune_st, max_size=4), pool_st, cost_st)
def test_the_default_payment_pays_whenever_some_use_of_the_runes_could(
    runes: list[tuple[rc.Domain | None, bool]], counters: dict[str, int], cost: rc.Cost
) -> None:
    state = state_of(runes, counters)
    parts = (rc.Part("x", cost, "Riftbound 357.1"),)
    assert rc.can_pay(state, "ana", parts) == brute_force(state, cost)


@pytest.mark.rule("Riftbound 357.1", "Riftbound 131.2", "Riftbound 131.3")
@settings(max_examples=150, deadline=None)
@given(st.lists(rune_st, max_size=4), pool_st, cost_st)
def test_a_payment_takes_exactly_the_cost_from_what_the_pool_and_runes_held(
    runes: list[tuple[rc.Domain | None, bool]], counters: dict[str, int], cost: rc.Cost
) -> None:
    state = state_of(runes, counters)
    try:
        after = rc.pay(state, "ana", (rc.Part("x", cost, "Riftbound 357.1"),))
    except IllegalAction:
        return
    event = after.events[-1]
    fields = dict(event.fields)
    exhausted, recycled = fields["exhausted"], fields["recycled"]
    assert isinstance(exhausted, list) and isinstance(recycled, list)
    before, now = rc.pool(state, "ana"), rc.pool(after, "ana")
    assert before.energy + len(exhausted) - now.energy == cost.energy
    made = sum(1 for _ in recycled)
    held = sum(n for _, n in before.power) + before.universal + made
    assert held - sum(n for _, n in now.power) - now.universal == cost.total_power
    for rune in recycled:
        assert isinstance(rune, str) and after.obj(rune).zone == rc.RUNE_DECK


@pytest.mark.rule("Riftbound 357.1.a", "RB-PAY-1")
@settings(max_examples=100, deadline=None)
@given(st.lists(rune_st, max_size=4), pool_st, cost_st)
def test_the_plans_offered_each_pay_and_exist_exactly_when_the_cost_can_be_paid(
    runes: list[tuple[rc.Domain | None, bool]], counters: dict[str, int], cost: rc.Cost
) -> None:
    state = state_of(runes, counters)
    parts = (rc.Part("x", cost, "Riftbound 357.1"),)
    offered = plans(state, "ana", cost)
    assert bool(offered) == rc.can_pay(state, "ana", parts)
    for plan in offered:
        rc.pay(state, "ana", parts, choice=plan)  # never refused
    assert len({(p.exhaust, p.recycle) for p in offered}) == len(offered)
