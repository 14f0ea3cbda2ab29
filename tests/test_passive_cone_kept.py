"""What the cone keeps per trial log from one event to the next is a pure cache
(``passive_cone_board.Known``: the trial applications of each passive by the identity of
the object, the channels each pair of versions differs in, the objects that have a
subtype or keyword at a round; ``passive_follow.FollowIndex.memo``: the objects derived
again). On random boards and sequences of events, the cone answered from a log that
earlier events warmed equals the cone answered from the same log with nothing kept, and
both equal a fresh ordering (A-ORDER-1, A-DEP-1, A-DEP-2).
"""

from __future__ import annotations

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from arbiter.model import passive_order as dep
from arbiter.model.passive_cone import cone_update
from arbiter.model.passive_order import Ordering
from arbiter.model.state import GameState
from tests.passive_strategies import same_ordering
from tests.test_passive_cone import _character, _terrain, region_boards
from tests.test_passive_cone_sinks import sink_boards
from tests.test_passive_cone_sources import EVENTS, _step


def _with_nothing_kept(ordering: Ordering, old: GameState, new: GameState) -> Ordering | None:
    """The cone from ``ordering``'s trial log with its indexes built again, then the log
    as it was (what the earlier events kept is back for the next)."""
    log = ordering.log
    assert log is not None
    known, follow = log.known, log.follow
    log.known, log.follow = None, None
    try:
        return cone_update(ordering, old, new, [])
    finally:
        log.known, log.follow = known, follow


def _warm_equals_cold(
    ordering: dep.Ordering, state: GameState, new: GameState
) -> dep.Ordering | None:
    """The cone from the warm log and from the same log with nothing kept: both answer or
    neither, and both equal a full ordering, object for object; the warm answer."""
    warm = cone_update(ordering, state, new, [])
    cold = _with_nothing_kept(ordering, state, new)
    event("cone: answered" if warm is not None else "cone: not answered")
    assert (warm is None) == (cold is None)
    if warm is not None and cold is not None:
        fresh = dep.order_passives(new)
        same_ordering(warm, fresh)
        same_ordering(cold, fresh)
        assert warm.state.objects == cold.state.objects
        assert dict(warm.applied_to) == dict(cold.applied_to)
    return warm


@pytest.mark.rule("A-PASS-1", "A-ORDER-1", "A-DEP-1", "A-DEP-2")
@settings(max_examples=300, deadline=None)
@given(
    region_boards(),
    st.lists(
        st.tuples(st.booleans(), st.integers(0, 5), st.integers(0, 7)), min_size=2, max_size=7
    ),
)
def test_the_cone_from_a_warm_trial_log_equals_the_cone_with_nothing_kept(
    state: GameState, events: list[tuple[bool, int, int]]
) -> None:
    ordering = dep.order_passives(state)
    for on_region, pick, value in events:
        new = _terrain(state, pick, value) if on_region else _character(state, pick, value)
        _warm_equals_cold(ordering, state, new)
        ordering = dep.reorder(ordering, state, new)
        state = new


@pytest.mark.rule("A-PASS-1", "A-PASS-2", "A-ORDER-1", "A-DEP-1", "A-DEP-2", "A-TIME-1")
@settings(max_examples=300, deadline=None)
@given(
    sink_boards(),
    st.lists(st.tuples(st.sampled_from(EVENTS), st.integers(0, 50)), min_size=2, max_size=8),
)
def test_a_warm_cone_of_sinks_sources_and_characters_equals_one_with_nothing_kept(
    state: GameState, events: list[tuple[str, int]]
) -> None:
    """Boards mostly of passives changing numbers (derived again where they move), with
    sources leaving play or changing controller, characters and regions changing."""
    ordering = dep.order_passives(state)
    for what, pick in events:
        new = _step(state, what, pick)
        warm = _warm_equals_cold(ordering, state, new)
        ordering = warm or dep.reorder(ordering, state, new)
        state = new
