"""The shortcuts of the full ordering give what the plain computation gives (issue 19).

``Board.targets`` keeps each index of the partial board in id order until ``commit``
changes it; a dependence by A-DEP-1b alone found again for a pair that already has that
reason is logged (``TrialLog.record_b``) without building its ``Dependence``, and the
dependency graph keeps the one it has. Each must equal the plain computation: the
objects a passive applies to by a full scan (``passives.applies_to``), and the ordering
in which every comparison is a trial application (the shortcut made impossible).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.model import passive_order as po
from arbiter.model import passive_order_pairs
from arbiter.model import passive_trial as pt
from arbiter.model import passives as pv
from arbiter.model.passive_graph import DependencyGraph
from arbiter.model.passive_log import TrialLog
from arbiter.model.state import GameState
from tests.passive_strategies import states as passive_states
from tests.test_passive_copies import guarded_states


@pytest.mark.rule("A-PASS-1", "A-PASS-2", "A-ORDER-1")
@settings(max_examples=150, deadline=None)
@given(guarded_states())
def test_the_targets_on_the_partial_board_are_those_a_full_scan_selects(
    state: GameState,
) -> None:
    """Passive after passive committed to the board (subtypes and keywords gained and
    lost): what each passive applies to, read twice from the kept indexes, is the full
    scan's selection in id order."""
    board = pt.Board(state)
    ps = sorted(
        pv.active_passives(board.objects),
        key=lambda p: pv.order_key(p, board.objects, state.players),
    )
    for applied in (*ps, None):
        for p in ps:
            if not pv.exists(p, board.objects):
                continue
            want = tuple(sorted(pv.applies_to(p, board.objects)))
            assert tuple(board.targets(p)) == want
            assert tuple(board.targets(p)) == want
        if applied is not None:
            board.commit(pt.apply_passive(applied, board).changes)


@pytest.mark.rule("A-DEP-1")
def test_a_dependence_by_b_logged_alone_is_the_one_it_stands_for() -> None:
    """``record_b`` logs what ``record`` logs of ``Dependence(a, b, ("A-DEP-1b",), (),
    witnesses)``."""
    plain, short = TrialLog({}), TrialLog({})
    for round_, (a, b, seen) in enumerate(
        (("p1", "p2", frozenset({"o1"})), ("p1", "p2", frozenset()), ("p3", "p2", None))
    ):
        if seen is None:
            plain.record(a, b, round_, None)
            short.record(a, b, round_, None)
            continue
        plain.record(a, b, round_, pt.Dependence(a, b, ("A-DEP-1b",), (), seen))
        short.record_b(a, b, round_, seen)
    assert short.flat == plain.flat
    assert list(short.trials.items()) == list(plain.trials.items())


def _same(got: po.Ordering, want: po.Ordering) -> None:
    assert got == want
    assert got.state == want.state
    assert list(got.state.objects.items()) == list(want.state.objects.items())
    assert got.edges == want.edges
    assert [e.because for e in got.edges] == [e.because for e in want.edges]
    assert got.log is not None and want.log is not None
    assert got.log.flat == want.log.flat
    assert list(got.log.trials.items()) == list(want.log.trials.items())


@pytest.mark.rule("A-DEP-1", "A-DEP-2", "A-ORDER-1")
@settings(max_examples=200, deadline=None)
@given(passive_states(max_passives=6, numbers=True))
def test_the_ordering_with_dependences_found_again_equals_trying_every_pair(
    state: GameState,
) -> None:
    """The full ordering equals the one where every comparison of a pair is a trial
    application (``passive_order_pairs._B`` made a reason no dependence has): the order, the
    choices, the edges with their explanations, the counts, the state and the trial log."""
    got = po.order_passives(state)
    with pytest.MonkeyPatch.context() as m:
        m.setattr(passive_order_pairs, "_B", "no such reason")
        want = po.order_passives(state)
    _same(got, want)


def _plain_status(
    out: dict[str, set[str]], node: str
) -> tuple[bool, tuple[str, ...], tuple[str, ...]]:
    """A-DEP-2 from the definitions: what ``node`` reaches and what reaches it; a node that
    depends on one depending on nothing is not free, blocked by those (``status``)."""
    if not out.get(node):
        return True, (), ()
    sinks = tuple(sorted(b for b in out[node] if not out.get(b)))
    if sinks:
        return False, sinks, ()

    def reach(start: str, step: dict[str, set[str]]) -> set[str]:
        seen: set[str] = set()
        todo = [start]
        while todo:
            for m in step.get(todo.pop(), set()):
                if m not in seen:
                    seen.add(m)
                    todo.append(m)
        seen.discard(start)
        return seen

    into: dict[str, set[str]] = {}
    for a, bs in out.items():
        for b in bs:
            into.setdefault(b, set()).add(a)
    below, above = reach(node, out), reach(node, into)
    blocking = tuple(sorted(below - above))
    return not blocking, blocking, tuple(sorted(below & above))


@pytest.mark.rule("A-DEP-2", "A-ORDER-1")
@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7)), max_size=24),
    st.lists(st.integers(0, 7), max_size=3),
)
def test_the_status_of_a_passive_is_that_of_the_transitive_closure(
    pairs: list[tuple[int, int]], removed: list[int]
) -> None:
    """``DependencyGraph.status`` (free, blocking, mutual), whose walk up stays among the
    nodes below, equals the plain closure both ways, before and after nodes are removed."""
    graph = DependencyGraph()
    out: dict[str, set[str]] = {}
    for x, y in pairs:
        if x != y:
            a, b = f"p{x}", f"p{y}"
            graph.set(a, b, pt.Dependence(a, b, ("A-DEP-1b",)))
            out.setdefault(a, set()).add(b)
    nodes = [f"p{i}" for i in range(8)]
    for gone in (None, *removed):
        if gone is not None:
            graph.remove(f"p{gone}")
            out.pop(f"p{gone}", None)
            for bs in out.values():
                bs.discard(f"p{gone}")
            nodes = [n for n in nodes if n != f"p{gone}"]
        for node in nodes:
            assert graph.status(node) == _plain_status(out, node)
