"""The passives whose status (free or not, A-DEP-2) can differ from the trial log's in a
round of ``passive_rechoose``, kept from round to round while it cannot grow.

In each round ``passive_rechoose`` asks for the passives that reach, on the graph now or
on the log's, a pair whose value differs from the log's or a *displaced* passive
(applied by one order and not by the other): only their status can differ from the
log's (A-DEP-2: the others reach the same passives by the same edges). That set was
searched again in every round (a third of the module's time on the dense board of
``benchmarks/dependency.py``), though it seldom changes from one round to the next.

**A superset is enough.** The module looks only at the passives of the set: whether the
previous choice is in it, and which of them with a smaller order key are free, their
status computed on the graph now. A passive wrongly in the set is one whose status is the
log's; looking at it changes no answer (it is not free if its key is smaller: the log's
choice was the smallest free one; and a previous choice in the set is only looked for
among all passives again).

**When the kept set may be too small.** It is every node from which a start (a pair's
dependent, a displaced passive) is reachable by the edges now: predecessors in the graph,
the log's edges missing from it (those of the differing pairs, whose dependent is a
start) and the log's edges into passives applied earlier than before (``into_gone``).
The set stays closed under predecessors, hence a superset, as long as no start appears
outside it and no edge appears from outside it into it: edges that go away, pairs that
no longer differ and passives no longer displaced only make the true set smaller. So
the kept set is dropped (searched again at the next question) when a differing pair's
dependent is outside it (``Pairs.add``), when an edge into it from outside appears in
the graph (``Graph.set``) or in ``into_gone`` (``Gone``), or when a displaced passive is
outside it (checked when asked).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from arbiter.model import passive_trial as pt
from arbiter.model.passive_graph import DependencyGraph

Pair = tuple[str, str]


class Reach:
    """The kept set (None: to be searched again)."""

    def __init__(self) -> None:
        self.nodes: set[str] | None = None
        self._ranked: tuple[set[str], list[str]] | None = None

    def ranked(self, nodes: set[str], rank: Mapping[str, int]) -> list[str]:
        """``nodes``, a set ``touched`` returned (never changed in place), by ``rank``;
        kept with it."""
        kept = self._ranked
        if kept is None or kept[0] is not nodes:
            kept = self._ranked = (nodes, sorted(nodes, key=rank.__getitem__))
        return kept[1]

    def edge(self, a: str, b: str) -> None:
        """An edge from ``a`` into ``b`` appeared (``a`` reaches ``b``)."""
        nodes = self.nodes
        if nodes is not None and b in nodes and a not in nodes:
            self.nodes = None

    def start(self, a: str) -> None:
        nodes = self.nodes
        if nodes is not None and a not in nodes:
            self.nodes = None

    def touched(
        self,
        displaced: Iterable[str],
        diff: Iterable[Pair],
        logval: Mapping[Pair, bool],
        into: Mapping[str, Mapping[str, None]],
        gone: Mapping[str, set[str]],
    ) -> set[str]:
        """The passives that reach a differing pair or a displaced passive (a superset,
        see the module's text)."""
        nodes = self.nodes
        shifted = list(displaced)
        if nodes is not None and all(m in nodes for m in shifted):
            return nodes
        extra: dict[str, set[str]] = {}  # the log's edges that are not in the graph now
        starts = set(shifted)
        for a, b in diff:
            starts.add(a)
            if logval.get((a, b), False):
                extra.setdefault(b, set()).add(a)
        seen = set(starts)
        todo = list(starts)
        while todo:
            node = todo.pop()
            for m in (*into.get(node, ()), *extra.get(node, ()), *gone.get(node, ())):
                if m not in seen:
                    seen.add(m)
                    todo.append(m)
        self.nodes = seen
        return seen


class Graph(DependencyGraph):
    """The dependency graph, telling ``reach`` of each edge that appears."""

    def __init__(self, reach: Reach) -> None:
        super().__init__()
        self.reach = reach

    def set(self, a: str, b: str, dep: pt.Dependence | None) -> None:
        """``DependencyGraph.set`` written out (the re-choice's most frequent call)."""
        row = self.out.setdefault(a, {})
        if dep is None:
            if b in row:
                del row[b]
                self.into[b].pop(a, None)
                self._changed(a, False)
            return
        nodes = self.reach.nodes
        if nodes is not None and b in nodes and a not in nodes:
            self.reach.nodes = None
        if b in row:
            row[b] = dep
            return
        was_empty = not row
        row[b] = dep
        into = self.into.get(b)
        if into is None:
            into = self.into[b] = {}
        into[a] = None
        sinks = self.sinks
        sinks.pop(a, None)
        if was_empty:  # ``a`` stopped being a sink: its predecessors' sinks change
            for x in self.into.get(a, ()):
                sinks.pop(x, None)


class Pairs(set[Pair]):
    """The pairs whose value differs from the log's, telling ``reach`` of each new one."""

    def __init__(self, reach: Reach) -> None:
        super().__init__()
        self.reach = reach

    def add(self, pair: Pair) -> None:
        self.reach.start(pair[0])
        super().add(pair)


class _Into(set[str]):
    """The log's edges into one passive applied earlier than before (its dependents)."""

    def __init__(self, reach: Reach, node: str, items: Iterable[str]) -> None:
        super().__init__(items)
        self.reach, self.node = reach, node

    def add(self, a: str) -> None:
        self.reach.edge(a, self.node)
        super().add(a)


class Gone(dict[str, set[str]]):
    """``into_gone``: per passive applied earlier than before, the log's edges into it."""

    def __init__(self, reach: Reach) -> None:
        super().__init__()
        self.reach = reach

    def __setitem__(self, node: str, items: set[str]) -> None:
        self.reach.nodes = None
        super().__setitem__(node, _Into(self.reach, node, items))
