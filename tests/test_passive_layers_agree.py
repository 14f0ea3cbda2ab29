"""The two ways of re-evaluating passives after a region's change cross-checked: ordering
the cone again (``passive_cone``) and choosing the order again from the trial log
(``passive_rechoose``). Each has its own properties against a full ordering; here, on
the boards of both test modules, wherever both answer they must give the same order,
objects, targets and passives that held, and so must the layered ``reorder``.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from arbiter.model import passive_follow as follow
from arbiter.model import passive_order as dep
from arbiter.model.passive_cone import cone_update
from arbiter.model.passive_rechoose import rechoose
from arbiter.model.state import GameState
from tests.passive_strategies import TERRAINS, same_ordering
from tests.test_passive_cone import region_boards
from tests.test_passive_rechoose import regions_and_readers


def _terrain(state: GameState, pick: int, terrain: int) -> GameState:
    regions = sorted(o for o, obj in state.objects.items() if obj.kind == "region")
    rid = regions[pick % len(regions)]
    obj = state.objects[rid]
    now = frozenset({sorted(TERRAINS)[terrain % len(TERRAINS)]}) if terrain % 4 else frozenset()
    return replace(
        state, objects={**state.objects, rid: replace(obj, base={**obj.base, "subtypes": now})}
    )


def _both(state: GameState, pick: int, terrain: int) -> None:
    previous = dep.order_passives(state)
    new = _terrain(state, pick, terrain)
    log = previous.log
    assert log is not None and log.origin is not None and log.stored is not None
    if log.follow is None:
        log.follow = follow.build(log.origin, log.stored)
    dirty = [o for o, obj in new.objects.items() if obj != log.stored.objects[o]]
    by_cone = cone_update(previous, state, new, dirty)
    by_log = rechoose(log.origin, log.stored, new, log, log.follow, dirty)
    layered = dep.reorder(previous, state, new)
    event(f"cone {'answers' if by_cone else 'refuses'}, log {'answers' if by_log else 'refuses'}")
    if by_cone is not None and by_log is not None:
        same_ordering(by_cone, by_log)
    for got in (by_cone, by_log):
        if got is not None:
            same_ordering(got, layered)


@pytest.mark.rule("A-ORDER-1", "A-DEP-1", "A-DEP-2", "A-PASS-1")
@settings(max_examples=200, deadline=None)
@given(region_boards(), st.integers(0, 50), st.integers(0, 7))
def test_the_cone_and_the_order_chosen_again_agree_on_the_cones_boards(
    state: GameState, pick: int, terrain: int
) -> None:
    _both(state, pick, terrain)


@pytest.mark.rule("A-ORDER-1", "A-DEP-1", "A-DEP-2", "A-PASS-1")
@settings(max_examples=200, deadline=None)
@given(regions_and_readers(), st.integers(0, 50), st.integers(0, 7))
def test_the_cone_and_the_order_chosen_again_agree_on_the_trial_logs_boards(
    state: GameState, pick: int, terrain: int
) -> None:
    _both(state, pick, terrain)
