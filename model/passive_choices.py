"""Whether the previous order of passives stands on a dependency graph that changed in
some rounds (A-DEP-2, A-ORDER-1), for ``passive_replay``.

The graph of each round is rebuilt from the trial log (the value of each pair in a
round is that of its last comparison by then; a passive leaves the graph once applied
or ceased), and the pairs whose value changed are set to their new value in the rounds
they changed. A choice stands when the passive chosen then is still free and every
passive before it in timestamp order is still not free (A-ORDER-1). Only the passives
from which the changed pairs can be reached can change status: only those are looked at.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING

from arbiter.model import passives as pv
from arbiter.model.passive_graph import DependencyGraph
from arbiter.model.state import GameState

if TYPE_CHECKING:
    from arbiter.model.passive_log import TrialLog
    from arbiter.model.passive_order import Ordering

Changes = Mapping[tuple[str, str], list[tuple[int, int, bool]]]


def _above(into: Mapping[str, Mapping[str, None]], starts: set[str]) -> set[str]:
    """The nodes from which one of ``starts`` is reachable (the starts included)."""
    seen = set(starts)
    todo = list(starts)
    while todo:
        for m in into.get(todo.pop(), ()):
            if m not in seen:
                seen.add(m)
                todo.append(m)
    return seen


def _leaning_on(log: TrialLog, removed: frozenset[str], last: Mapping[str, int]) -> set[int]:
    """The rounds in which some passive depended on one of ``removed`` (only there can its
    absence change another's status: a node nothing reaches is in no closure)."""
    out: set[int] = set()
    for (a, b), trials in log.trials.items():
        if b not in removed or a in removed:
            continue
        live = min(last.get(a, -1), last.get(b, -1))
        for t, nxt in zip(trials, [*trials[1:], None], strict=True):
            if t.present:
                stop = live + 1 if nxt is None else min(nxt.round, live + 1)
                out.update(range(t.round, stop))
    return out


def choices_stand(
    origin: Ordering,
    stored: GameState,
    log: TrialLog,
    last: Mapping[str, int],
    changes: Changes,
    removed: Collection[str] = (),
) -> bool:
    """Whether every choice of ``origin``'s order is the same with ``changes`` made to the
    graph (pair -> rounds [start, stop) and the pair's value there) and the passives of
    ``removed`` absent (their own steps left out of the order)."""
    from arbiter.model.passive_trial import Dependence

    gone = frozenset(removed)
    spanned = {k for spans in changes.values() for s, e, _ in spans for k in range(s, e)}
    rounds = sorted(spanned | _leaning_on(log, gone, last))
    if not rounds:
        return True
    players = stored.players
    key = {pid: pv.order_key(p, stored.objects, players) for pid, p in origin.passives.items()}
    events = log.flat  # in round order
    depends = Dependence("", "", ())  # the graph's edges need no reasons here
    leaving = sorted((k + 1, pid) for pid, k in last.items())
    graph = DependencyGraph()
    i = j = 0
    for k in rounds:
        while j < len(leaving) and leaving[j][0] <= k:
            graph.remove(leaving[j][1])
            j += 1
        while i < len(events) and events[i][0] <= k:
            _, a, b, present = events[i]
            if last.get(a, -1) >= k and last.get(b, -1) >= k:
                graph.set(a, b, depends if present else None)
            i += 1
        now = {
            pair: value
            for pair, spans in changes.items()
            for s, e, value in spans
            if s <= k < e and last.get(pair[0], -1) >= k and last.get(pair[1], -1) >= k
        }
        out_now = [pid for pid in gone if last.get(pid, -1) >= k]
        if not now and not out_now:
            continue
        starts = {a for a, _ in now} | set(out_now)
        touched = _above(graph.into, starts)
        saved = {pair: pair[1] in graph.out.get(pair[0], {}) for pair in now}
        for (a, b), value in now.items():
            graph.set(a, b, depends if value else None)
        rows = {
            pid: (list(graph.out.get(pid, {})), list(graph.into.get(pid, {}))) for pid in out_now
        }
        for pid in out_now:
            graph.remove(pid)
        touched |= _above(graph.into, starts - gone)
        chosen = origin.order[k]
        ok = chosen in gone or _stands(graph, key, last, k, chosen, touched - gone)
        for pid, (outs, ins) in rows.items():
            for b in outs:
                graph.set(pid, b, depends)
            for a in ins:
                graph.set(a, pid, depends)
        for (a, b), had in saved.items():
            graph.set(a, b, depends if had else None)
        if not ok:
            return False
    return True


def _stands(
    graph: object,
    key: Mapping[str, tuple[int, int, str, str]],
    last: Mapping[str, int],
    k: int,
    chosen: str,
    touched: set[str],
) -> bool:
    """Round ``k``: ``chosen`` still free, the unapplied ones before it in timestamp order
    still not free (only those in ``touched`` can have changed)."""

    assert isinstance(graph, DependencyGraph)
    mine = key[chosen]
    for pid in touched:
        if pid == chosen:
            if not graph.status(pid)[0]:
                return False
        elif key[pid] < mine and last.get(pid, -1) >= k and graph.status(pid)[0]:
            return False
    return True
