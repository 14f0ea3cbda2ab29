"""The full ordering made in steps during a game (``passive_rebase``, A-ORDER-1): made in
steps it is the ordering made at once, and the log it gives, once in place, changes no
answer of the re-evaluation after an event, only how long it takes.

The property tests use the adversarial oracle's boards and events
(``tests/test_passive_reorder_oracle.py``) with a fixed number of steps per event
(``Pace.steps``), so that orderings in steps start, finish and replace the log in the
middle of sequences whatever the machine's speed.
"""

from __future__ import annotations

import os
from dataclasses import replace

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from arbiter.model import passive_order as dep
from arbiter.model import passive_rebase as rb
from arbiter.model import passives as pv
from arbiter.model.effects import algebra as fx
from arbiter.model.passive_order import _Orderer, _steps_of
from arbiter.model.passive_rebase import Step
from arbiter.model.state import GameState
from tests.passive_strategies import comparable, same_ordering
from tests.test_passive_reorder_oracle import (
    EVENTS,
    _board,
    _character,
    _region,
    apply_event,
    boards,
    describe,
)

EXAMPLES = int(os.environ.get("ARBITER_ORACLE_EXAMPLES", "300"))
ORDER = ("A-PASS-1", "A-DEP-1", "A-DEP-2", "A-ORDER-1", "A-TIME-1")


def drained(state: GameState, chunk: int, flushed: int) -> tuple[dep.Ordering, list[Step]]:
    """The ordering of ``state`` made step by step, and the kinds of steps announced."""
    steps = _Orderer(state).steps(chunk, flushed)
    kinds: list[Step] = []
    while True:
        try:
            kinds.append(next(steps))
        except StopIteration as stop:
            got: dep.Ordering = stop.value
            return got, kinds


def same_log(got: dep.Ordering, fresh: dep.Ordering) -> None:
    """Every comparison of the two trial logs, in the order made, and what they give."""
    assert got.log is not None and fresh.log is not None
    assert got.log.flat == fresh.log.flat
    assert got.log.trials == fresh.log.trials
    assert got.log.stored is not None and fresh.log.stored is not None
    assert comparable(got.log.stored) == comparable(fresh.log.stored)
    assert got.log.follow is not None and got.log.known is not None  # the indexes are built
    assert got.choices == fresh.choices
    assert got.edges == fresh.edges
    assert got.cycles == fresh.cycles
    assert (got.trials, got.applications) == (fresh.trials, fresh.applications)


@pytest.mark.rule(*ORDER)
@settings(max_examples=EXAMPLES, deadline=None)
@given(boards(8), st.integers(1, 5), st.integers(1, 3))
def test_a_full_ordering_made_in_steps_equals_the_one_made_at_once(
    state: GameState, chunk: int, flushed: int
) -> None:
    """Whatever the size of its steps: the same order, objects, choices, edges, trial log
    (every comparison in the same order) and indexes."""
    fresh = dep.order_passives(state)
    got, kinds = drained(state, chunk, flushed)
    same_ordering(got, fresh)
    same_log(got, fresh)
    assert kinds.count(Step.ROUND) == len(fresh.order)  # one round per passive applied
    assert kinds[-2:] == [Step.FOLLOW, Step.KNOWN]
    if Step.FLUSH in kinds:
        event("numbers flushed in steps")


@pytest.mark.rule(*ORDER)
@settings(max_examples=EXAMPLES, deadline=None)
@given(boards(), EVENTS, st.integers(1, 40), st.integers(0, 3))
def test_a_game_whose_log_is_replaced_by_orderings_in_steps_equals_full_orderings(
    state: GameState, events: list[list[tuple[str, int, int]]], steps: int, after: int
) -> None:
    """Each event re-evaluated from the previous answer, orderings in steps started,
    advanced and put in place meanwhile: every answer is the full ordering's."""
    pace = rb.Pace(after=after, steps=steps)
    previous, now = dep.order_passives(state), state
    for k, changes in enumerate(events):
        new = apply_event(now, changes)
        got = dep.reorder(previous, now, new, pace)
        try:
            same_ordering(got, dep.order_passives(new))
        except AssertionError as e:
            e.add_note(f"event {k} of {events}\nbefore:\n{describe(now)}\nafter:\n{describe(new)}")
            raise
        if got.reused and got.log is not previous.log:
            event("a log replaced")
        previous, now = got, new


def _game(state: GameState, events: list[list[tuple[str, int, int]]]) -> list[GameState]:
    states = [state]
    for changes in events:
        states.append(apply_event(states[-1], changes))
    return states


def _answered_from_a_log(states: list[GameState], pace: rb.Pace) -> list[dep.Ordering]:
    previous, answers = dep.order_passives(states[0]), []
    for old, new in zip(states, states[1:], strict=False):
        previous = dep.reorder(previous, old, new, pace)
        answers.append(previous)
    return answers


# A board whose events are all answered from the trial log: one passive "every character
# gets +1 power", events changing a character's power and keywords (no passive reads them).
def _plain_board() -> GameState:
    p = pv.passive(
        "s.p",
        "s",
        fx.ModifyStat("power", fx.StatOp.ADD),
        fx.Selector(fx.Pick.ALL, kinds=frozenset({"character"})),
        fx.Const(1),
    )
    return _board([_region("r0"), _character("s", p), _character("x"), _character("y")])


# a character's power and keyword: no two states of the game alike (an answer taken from
# an earlier state would show)
KEYWORD_EVENTS = [[("power", 1, k), ("keyword", 2 * k + 1, k)] for k in range(8)]


@pytest.mark.rule(*ORDER)
def test_the_log_is_replaced_once_its_ordering_in_steps_is_made() -> None:
    """After ``after`` events answered from a log, the ordering of the last state starts;
    with steps enough it is made at once and the answer carries its log (made on that
    state), counted again from there; with one step per event it takes several events."""
    state = _plain_board()
    states = _game(state, KEYWORD_EVENTS)
    answers = _answered_from_a_log(states, rb.Pace(after=2, steps=10_000))
    assert all(a.reused for a in answers)
    assert [a.since for a in answers] == [1, 0, 1, 0, 1, 0, 1, 0]
    for k in (1, 3, 5, 7):  # a log made on the state of that very event
        log = answers[k].log
        assert log is not None and log.stored is states[k + 1]
        assert log is not answers[k - 1].log
    slow = _answered_from_a_log(states, rb.Pace(after=2, steps=1))
    assert [a.since for a in slow][:2] == [1, 2]
    rebase = slow[1].rebase
    assert rebase is not None and rebase.state is states[2]
    replaced = [k for k in range(1, len(slow)) if slow[k].log is not slow[k - 1].log]
    assert replaced and replaced[0] > 2  # one step per event: several events
    for got, new in zip(slow, states[1:], strict=False):
        same_ordering(got, dep.order_passives(new))


@pytest.mark.rule(*ORDER)
def test_two_continuations_of_one_game_share_its_ordering_in_steps() -> None:
    """Two answers derived from the same one advance the same ordering in steps (of the
    state it started from); each answer is its own state's full ordering."""
    state = _plain_board()
    states = _game(state, KEYWORD_EVENTS[:2])
    pace = rb.Pace(after=2, steps=1)
    first = dep.reorder(dep.order_passives(state), states[0], states[1], pace)
    second = dep.reorder(first, states[1], states[2], pace)
    assert second.rebase is not None
    one = apply_event(states[2], [("power", 1, 3)])
    other = apply_event(states[2], [("power", 2, 1)])
    a = dep.reorder(second, states[2], one, pace)
    b = dep.reorder(second, states[2], other, pace)
    assert a.rebase is b.rebase is second.rebase
    assert second.rebase.made >= 3
    same_ordering(a, dep.order_passives(one))
    same_ordering(b, dep.order_passives(other))


@pytest.mark.rule(*ORDER)
def test_an_ordering_in_steps_busy_in_another_thread_makes_no_step() -> None:
    state = _plain_board()
    states = _game(state, KEYWORD_EVENTS[:3])
    pace = rb.Pace(after=2, steps=1)
    first = dep.reorder(dep.order_passives(state), states[0], states[1], pace)
    second = dep.reorder(first, states[1], states[2], pace)
    rebase = second.rebase
    assert rebase is not None
    made = rebase.made
    with rebase._lock:  # another thread making a step
        third = dep.reorder(second, states[2], states[3], pace)
    assert rebase.made == made and third.rebase is rebase
    same_ordering(third, dep.order_passives(states[3]))


@pytest.mark.rule(*ORDER)
def test_only_a_full_ordering_longer_than_an_event_and_not_too_long_is_made_in_steps() -> None:
    """Timed (the default pace): a log whose ordering took less than an event may is not
    made again in steps (a full ordering, if the fast paths give up, fits); one that took
    longer is, unless it took so long that it would take too many events."""
    state = _plain_board()
    states = _game(state, KEYWORD_EVENTS[:4])
    fast = dep.order_passives(state)
    assert fast.log is not None
    fast.log.took = 0.001
    pace = rb.Pace(after=1, limit=0.035)
    got = fast
    for old, new in zip(states, states[1:], strict=False):
        got = dep.reorder(got, old, new, pace)
    assert got.rebase is None and got.log is fast.log and got.since == 4
    slow = dep.order_passives(state)
    assert slow.log is not None
    slow.log.took = 100.0  # as if it had taken longer than any event may
    got = dep.reorder(slow, states[0], states[1], replace(pace, limit=10.0, most=1000.0))
    assert got.log is not slow.log  # (a generous limit: made in the same event)
    same_ordering(got, dep.order_passives(states[1]))
    # one that took longer than ``most`` would take too many events in steps: none
    got = dep.reorder(slow, states[0], states[1], replace(pace, limit=10.0, most=50.0))
    assert got.log is slow.log and got.rebase is None


@pytest.mark.rule(*ORDER)
def test_a_step_guessed_too_long_is_guessed_shorter_at_each_event_it_waits() -> None:
    """A step measured long once (a pause of the machine) would never fit again: each
    event it does not fit, its guess shrinks, so the ordering in steps goes on."""
    rebase = rb.Rebase(_plain_board(), _steps_of, {None: 1.0})
    pace = rb.Pace(limit=0.5)
    import time

    for _ in range(10):
        if rebase.made:
            break
        rebase.advance(pace, time.perf_counter())
    assert rebase.made > 0


@pytest.mark.rule(*ORDER)
def test_an_answer_with_an_ordering_in_steps_is_pickled_and_copied() -> None:
    """An answer carrying an ordering in steps pickles (and deep-copies) as it did without
    one: the ordering is started again after loading, and the game goes on."""
    import copy
    import pickle

    state = _plain_board()
    states = _game(state, KEYWORD_EVENTS)
    pace = rb.Pace(after=2, steps=1)
    got = dep.order_passives(states[0])
    for old, new in zip(states[:3], states[1:3], strict=False):
        got = dep.reorder(got, old, new, pace)
    assert got.rebase is not None and got.rebase.made > 0
    nxt = apply_event(states[2], [("power", 1, 4)])
    for again in (pickle.loads(pickle.dumps(got)), copy.deepcopy(got)):
        assert again.rebase is not None and again.rebase.made == 0
        answer = dep.reorder(again, states[2], nxt, rb.Pace(after=2, steps=10_000))
        assert answer.log is not again.log  # its ordering in steps made, from the start
        same_ordering(answer, dep.order_passives(nxt))
