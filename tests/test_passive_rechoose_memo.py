"""What the re-choice keeps from one event to the next equals what it would compute again
(A-ORDER-1, A-DEP-2, A-PASS-2).

``passive_rechoose_memo`` reads the trial log as changes of value (the comparisons that
repeat a pair's value set apart, round by round, with the values of round 0 read at once)
and keeps the versions its passives made of the followed objects. Three checks: the
changes replayed to any round give every pair the value the whole log gives; a kept
version is the one ``passives.apply_effect`` makes, for the very same passive, object,
timestamp and rounding only; and on random boards and sequences of events the re-choice
with what the log's index kept from earlier events equals the re-choice from a new index
(nothing kept) and a fresh ordering.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.model import passive_follow as follow
from arbiter.model import passive_order as dep
from arbiter.model import passives as pv
from arbiter.model.effects import algebra as fx
from arbiter.model.passive_rechoose import rechoose
from arbiter.model.passive_rechoose_memo import Memo, reading
from arbiter.model.ruleset import Rounding
from arbiter.model.state import GameObject, GameState
from tests.passive_strategies import same_ordering
from tests.test_passive_rechoose import EVENTS, _event, regions_and_readers

Entry = tuple[int, str, str, bool]


@st.composite
def flat_logs(draw: st.DrawFn) -> list[Entry]:
    """Comparisons in round order, each pair at most once a round, among four passives."""
    names = ("a", "b", "c", "d")
    pairs = [(x, y) for x in names for y in names if x != y]
    out: list[Entry] = []
    for r in range(draw(st.integers(1, 6))):
        for pair in draw(st.lists(st.sampled_from(pairs), unique=True, max_size=6)):
            out.append((r, *pair, draw(st.booleans())))
    return out


@pytest.mark.rule("A-ORDER-1", "A-DEP-2")
@settings(max_examples=300, deadline=None)
@given(flat_logs())
def test_the_log_read_as_changes_gives_every_pair_its_value_in_every_round(
    flat: list[Entry],
) -> None:
    """Replaying the changes to round ``j`` gives each pair the value of its last
    comparison by then; the comparisons set apart repeat their pair's value; round 0's
    values and edges are those of the log."""
    got = reading(flat)
    last_round = max((r for r, *_ in flat), default=0)
    for j in range(last_round + 1):
        whole = {(a, b): p for r, a, b, p in flat if r <= j}
        changes = {(a, b): p for r, a, b, p in got.changes if r <= j}
        assert changes == whole
    seen: dict[tuple[str, str], bool] = {}
    again: dict[int, list[tuple[str, str]]] = {}
    for r, a, b, p in flat:
        if seen.get((a, b)) == p:
            again.setdefault(r, []).append((a, b))
        seen[(a, b)] = p
    assert got.again == again
    assert len(got.changes) + sum(map(len, again.values())) == len(flat) == got.read
    start = {(a, b): p for r, a, b, p in flat if r == 0}
    assert got.start == start
    assert got.changes[: got.first] == [e for e in got.changes if e[0] == 0]
    edges = {pair for pair, present in start.items() if present}
    assert {(a, b) for a, row in got.rows.items() for b in row} == edges
    assert {(a, b) for b, col in got.cols.items() for a in col} == edges


def _power(pid: str, amount: int) -> pv.Passive:
    return pv.passive(pid, "s", fx.ModifyStat("power"), fx.SELF, fx.Const(amount))


@pytest.mark.rule("A-PASS-2")
def test_a_kept_version_is_made_by_the_same_passive_object_timestamp_and_rounding() -> None:
    """The same call gives the same version (kept); another passive, object, timestamp or
    rounding gives what ``apply_effect`` gives for it."""
    memo = Memo()
    obj = GameObject("s", "ana", "character", base={"power": 1})
    other = replace(obj, base={"power": 5})
    p, q = _power("s.p", 2), _power("s.p", 3)
    first = memo.effect(p, obj, 1, Rounding.DOWN)
    assert first == pv.apply_effect(p, obj, 1, Rounding.DOWN)
    assert memo.effect(p, obj, 1, Rounding.DOWN) is first
    for args in ((q, obj, 1, Rounding.DOWN), (p, other, 1, Rounding.DOWN)):
        assert memo.effect(*args) == pv.apply_effect(*args)
    for args in ((p, obj, 2, Rounding.DOWN), (p, obj, 1, Rounding.UP)):
        assert memo.effect(*args) == pv.apply_effect(*args)


def _rechosen(log_of: dep.Ordering, new: GameState, fresh_index: bool) -> dep.Ordering | None:
    log = log_of.log
    assert log is not None and log.origin is not None and log.stored is not None
    if log.follow is None:
        log.follow = follow.build(log.origin, log.stored)
    index = follow.build(log.origin, log.stored) if fresh_index else log.follow
    dirty = [o for o, obj in new.objects.items() if obj != log.stored.objects[o]]
    return rechoose(log.origin, log.stored, new, log, index, dirty)


@pytest.mark.rule("A-ORDER-1", "A-DEP-1", "A-DEP-2", "A-PASS-2")
@settings(max_examples=300, deadline=None)
@given(regions_and_readers(), EVENTS, EVENTS)
def test_the_re_choice_with_what_was_kept_equals_it_from_nothing_kept(
    state: GameState, events: list[tuple[str, int]], more: list[tuple[str, int]]
) -> None:
    """Events in sequence from one full ordering: the re-choice through the log's index,
    which keeps versions and the log read from the events before, equals the re-choice
    through a new index, and both a fresh ordering."""
    first = dep.order_passives(state)
    for what, pick in events + more:
        state, _ = _event(state, what, pick)
        kept = _rechosen(first, state, fresh_index=False)
        again = _rechosen(first, state, fresh_index=True)
        assert (kept is None) == (again is None)
        if kept is not None and again is not None:
            fresh = dep.order_passives(state)
            same_ordering(kept, again)
            same_ordering(kept, fresh)
