"""Re-evaluating passives after events, locally, equals recomputing everything (A-PASS-1).

Random boards and random sequences of events (an object's creature types, keywords,
zone or power change); after each event the derivation reused from the previous one
(``passive_order.reorder``, with ``passive_events.local_update``) must equal a fresh
ordering of the new state: the same order, the same objects as the view shows them.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.model import passive_order as dep
from arbiter.model.passive_events import local_update
from arbiter.model.state import GameState
from tests.passive_strategies import CREATURE_TYPES, KEYWORDS, _flag, comparable, states

EVENTS = ("subtypes", "keyword", "zone", "power")


def _event(state: GameState, target: str, what: str, pick: int) -> GameState:
    obj = state.objects[target]
    if what == "subtypes":
        types = sorted(CREATURE_TYPES)
        obj = replace(obj, base={**obj.base, "subtypes": frozenset({types[pick % len(types)]})})
    elif what == "keyword":
        name = sorted(KEYWORDS)[pick % len(KEYWORDS)]
        feats = dict(obj.features)
        if name in feats:
            del feats[name]
        else:
            feats[name] = _flag(name)
        obj = replace(obj, features=feats)
    elif what == "zone":
        obj = replace(obj, zone="reserve" if obj.zone == "play" else "play")
    elif "power" in obj.base:
        obj = replace(obj, base={**obj.base, "power": pick % 7})
    return replace(state, objects={**state.objects, target: obj})


@pytest.mark.rule("A-PASS-1", "A-ORDER-1")
@settings(max_examples=150, deadline=None)
@given(
    states(),
    st.lists(
        st.tuples(st.integers(0, 50), st.sampled_from(EVENTS), st.integers(0, 50)),
        min_size=1,
        max_size=6,
    ),
)
def test_reevaluating_after_each_event_equals_recomputing(
    state: GameState, events: list[tuple[int, str, int]]
) -> None:
    ordering = dep.order_passives(state)
    for which, what, pick in events:
        ids = sorted(state.objects)
        new = _event(state, ids[which % len(ids)], what, pick)
        ordering = dep.reorder(ordering, state, new)
        fresh = dep.order_passives(new)
        assert ordering.order == fresh.order
        assert comparable(ordering.state) == comparable(fresh.state)
        assert {k: v for k, v in ordering.applied_to.items()} == dict(fresh.applied_to)
        state = new


@pytest.mark.rule("A-PASS-1")
def test_a_subtype_change_that_no_written_channel_reads_is_local() -> None:
    from arbiter.model import passives as pv
    from arbiter.model.effects import algebra as fx
    from arbiter.model.ruleset import RULESETS
    from arbiter.model.state import GameObject

    elementals = fx.Selector(fx.Pick.ALL, subtypes=frozenset({"Elemental"}))
    plus = pv.passive("s.p", "s", fx.ModifyStat("power"), elementals, fx.Const(1))
    objects = {
        "s": GameObject("s", "ana", "character", base={"power": 0}, abilities=(plus,)),
        "x": GameObject("x", "ana", "character", base={"power": 2, "subtypes": frozenset()}),
    }
    state = GameState(RULESETS["altered"], ("ana", "bo"), objects)
    first = dep.order_passives(state)
    x = objects["x"]
    new = replace(
        state,
        objects={**objects, "x": replace(x, base={**x.base, "subtypes": frozenset({"Elemental"})})},
    )
    local = local_update(first, new, ["x"])
    assert local is not None and local.reused
    assert comparable(local.state) == comparable(dep.order_passives(new).state)
    assert local.applied_to["s.p"] == frozenset({"x"})
    # the source itself changing is not local
    s = objects["s"]
    moved = replace(state, objects={**objects, "s": replace(s, zone="reserve")})
    assert local_update(first, moved, ["s"]) is None
