"""The direct dependencies among the unapplied passives while they are ordered (A-ORDER-1):
who depends on whom, with the predecessors and the cached sinks the ordering reads. Used
by ``passive_order`` and by ``passive_choices`` (re-checking an earlier order's choices).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from arbiter.model import passive_trial as pt

_Nodes = set[str]  # (``DependencyGraph.set`` hides the builtin's name inside the class)


class DependencyGraph:
    """Direct dependencies among unapplied passives: ``out[a][b]`` when [a] depends on [b]."""

    def __init__(self) -> None:
        self.out: dict[str, dict[str, pt.Dependence]] = {}
        self.into: dict[str, dict[str, None]] = {}  # predecessors, in insertion order
        # ``status`` of the nodes that depend on one that depends on nothing: their sinks,
        # dropped when their row changes or one of those it depends on gains or loses all
        self.sinks: dict[str, tuple[str, ...]] = {}

    def _changed(self, a: str, was_empty: bool) -> None:
        """Row ``a`` changed: forget its sinks, and its predecessors' if it became a sink
        or stopped being one."""
        self.sinks.pop(a, None)
        if was_empty != (not self.out.get(a)):
            for x in self.into.get(a, ()):
                self.sinks.pop(x, None)

    def set(self, a: str, b: str, dep: pt.Dependence | None) -> None:
        row = self.out.setdefault(a, {})
        if dep is None:
            if b in row:
                del row[b]
                self.into[b].pop(a, None)
                self._changed(a, False)
            return
        if b not in row:
            was_empty = not row
            row[b] = dep
            self.into.setdefault(b, {})[a] = None
            self._changed(a, was_empty)
        else:
            row[b] = dep

    def remove(self, node: str) -> None:
        self.sinks.pop(node, None)
        for b in self.out.pop(node, {}):
            self.into.get(b, {}).pop(node, None)
        for a in self.into.pop(node, {}):
            row = self.out.get(a)
            if row is not None and node in row:
                del row[node]
                self._changed(a, False)

    @staticmethod
    def _reach(start: str, step: Callable[[str], Iterable[str]]) -> _Nodes:
        """Every node reachable from ``start`` in one or more steps, ``start`` left out."""
        seen: _Nodes = _Nodes()
        todo = [start]
        while todo:
            for m in step(todo.pop()):
                if m not in seen:
                    seen.add(m)
                    todo.append(m)
        seen.discard(start)
        return seen

    def _sinks(self, node: str, row: dict[str, pt.Dependence]) -> tuple[str, ...]:
        """Those ``node`` depends on that depend on nothing (cached while they may not
        change)."""
        sinks = self.sinks.get(node)
        if sinks is None:
            get = self.out.get
            sinks = tuple(sorted([b for b in row if not get(b)]))
            if sinks:
                self.sinks[node] = sinks
        return sinks

    def status(self, node: str) -> tuple[bool, tuple[str, ...], tuple[str, ...]]:
        """(free, blocking, mutual) for ``node`` by the transitive closure (A-DEP-2)."""
        row = self.out.get(node)
        if not row:
            return True, (), ()
        sinks = self._sinks(node, row)
        if sinks:  # it depends on one that depends on nothing: not free, no need to look on
            return False, sinks, ()
        below = self._reach(node, lambda n: self.out.get(n, {}))
        # Those of ``below`` that reach ``node`` back: every node on such a path is reached
        # from ``node``, so the walk up stays inside ``below`` (the rest of what is above
        # ``node`` does not matter here)
        into = self.into
        above = self._reach(node, lambda n: [m for m in into.get(n, ()) if m in below])
        blocking = tuple(sorted(below - above))
        return not blocking, blocking, tuple(sorted(above))

    def free(self, node: str) -> bool:
        """``status(node)[0]``: whether ``node`` is free (A-DEP-2), the passives that
        block it not listed."""
        row = self.out.get(node)
        if not row:
            return True
        if self.sinks.get(node) or self._sinks(node, row):
            return False
        below = self._reach(node, lambda n: self.out.get(n, {}))
        return below <= self._reach(node, lambda n: self.into.get(n, {}))

    def cycle(self, node: str, members: Iterable[str]) -> tuple[str, ...]:
        """A cycle among ``node`` and ``members``, found by a depth-first search of the edges
        from ``node`` (in the order they were added), as an arrow path."""
        inside = {node, *members}
        stack: list[tuple[str, Iterator[str]]] = [(node, iter(self._next(node, inside)))]
        path = [node]
        on_path = {node}
        done: _Nodes = _Nodes()
        while stack:
            current, successors = stack[-1]
            nxt = next(successors, None)
            if nxt is None:
                stack.pop()
                path.pop()
                on_path.discard(current)
                done.add(current)
                continue
            if nxt in on_path:
                found = path[path.index(nxt) :]
                return (*found, found[0])
            if nxt not in done:
                stack.append((nxt, iter(self._next(nxt, inside))))
                path.append(nxt)
                on_path.add(nxt)
        raise AssertionError("no cycle among mutually dependent passives")

    def _next(self, n: str, inside: _Nodes) -> list[str]:
        return [m for m in self.out.get(n, {}) if m in inside]
