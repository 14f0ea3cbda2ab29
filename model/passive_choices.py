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


def _above(
    into: Mapping[str, Mapping[str, None]],
    starts: set[str],
    extra: Mapping[str, set[str]] | None = None,
) -> set[str]:
    """The nodes from which one of ``starts`` is reachable (the starts included), by the
    edges of ``into`` and of ``extra`` (more predecessors)."""
    seen = set(starts)
    todo = list(starts)
    while todo:
        n = todo.pop()
        for m in (*into.get(n, ()), *(extra.get(n, ()) if extra else ())):
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
    # the changed values, as (round, pair, value or None where a span stops), in order
    marks: list[tuple[int, tuple[str, str], bool | None]] = sorted(
        (
            (k, pair, value)
            for pair, spans in changes.items()
            for s, e, v in spans
            for k, value in ((s, v), (e, None))
        ),
        key=lambda x: (x[0], x[2] is not None, x[1]),
    )
    graph = DependencyGraph()  # the graph now: the log's values but where changed
    base: dict[tuple[str, str], bool] = {}  # the log's value of each pair changed now
    active: dict[tuple[str, str], bool] = {}
    into_gone: dict[str, set[str]] = {pid: set() for pid in gone}  # who depends on them

    by_node: dict[str, set[tuple[str, str]]] = {}  # the changed pairs of each passive

    def alive(pid: str, k: int) -> bool:
        return last.get(pid, -1) >= k

    def put(pair: tuple[str, str], value: bool) -> None:
        graph.set(pair[0], pair[1], depends if value else None)

    i = j = m = 0
    for k in rounds:
        while j < len(leaving) and leaving[j][0] <= k:
            node = leaving[j][1]
            graph.remove(node)
            for pair in by_node.pop(node, ()):  # applied: its pairs are gone
                active.pop(pair, None)
                base.pop(pair, None)
            j += 1
        while i < len(events) and events[i][0] <= k:
            _, a, b, present = events[i]
            i += 1
            if not (alive(a, k) and alive(b, k)):
                continue
            if b in gone and a not in gone:
                (into_gone[b].add if present else into_gone[b].discard)(a)
            elif a in gone or b in gone:
                continue
            elif (a, b) in active:
                base[(a, b)] = present
            else:
                put((a, b), present)
        while m < len(marks) and marks[m][0] <= k:
            _, pair, value = marks[m]
            m += 1
            if value is None:  # a span stops: back to the log's value
                if pair in active and not any(s <= k < e for s, e, _ in changes[pair]):
                    del active[pair]
                    had = base.pop(pair)
                    if alive(pair[0], k) and alive(pair[1], k):
                        put(pair, had)
            elif alive(pair[0], k) and alive(pair[1], k):
                if pair not in active:
                    base[pair] = pair[1] in graph.out.get(pair[0], {})
                    by_node.setdefault(pair[0], set()).add(pair)
                    by_node.setdefault(pair[1], set()).add(pair)
                active[pair] = value
                put(pair, value)
        out_now = {pid for pid in gone if alive(pid, k)}
        if not active and not out_now:
            continue
        starts = {a for a, _ in active}
        for pid in out_now:  # (a chain of them: their predecessors in turn)
            starts |= into_gone[pid]
        while starts & gone:
            for pid in starts & gone:
                starts.discard(pid)
                starts |= into_gone.get(pid, set())
        # the nodes that reach a changed pair, by the log's edges or the changed ones
        extra: dict[str, set[str]] = {}
        for (a, b), had in base.items():
            if had:
                extra.setdefault(b, set()).add(a)
        touched = _above(graph.into, starts, extra) - gone
        chosen = origin.order[k]
        if chosen not in gone and not _stands(graph, key, last, k, chosen, touched):
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
