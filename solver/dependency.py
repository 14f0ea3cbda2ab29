"""The order of passive abilities (A-PASS-3, A-DEP-2, A-ORDER-1) and the state after them.

Every active passive starts unapplied. Direct dependencies between unapplied
passives are found by trial application on the partial state (A-DEP-1,
Decision A-DEP-3, ``model.passives.trial``), only for the pairs whose channels
can interact (what [B] writes against what [A] reads). They are kept in a
NetworkX digraph; [A] depends on [B] when [B] is reachable from [A] (the
transitive closure, A-DEP-2). [A] is free when every unapplied passive it
depends on also depends on it; the free one with the smallest timestamp is
applied next (A-ORDER-1), and only the pairs that read or write what it changed
are trial-applied again. A cycle therefore falls back to timestamp order and
is reported as an arrow path.

After an event, the previous derivation is reused when the event changed no
channel any passive reads: its order and targets stay, and only the changed
objects are recomputed (A-PASS-1 still holds: they start again from base).
NetworkX is imported only when some dependency exists.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from model import passives as pv
from model import view
from model.state import JSON, GameObject, GameState
from model.trace import RuleStep


@dataclass(frozen=True, slots=True)
class Edge:
    """A direct dependency seen while ordering: [dependent] depends on [on]."""

    dependent: str
    on: str
    reasons: tuple[str, ...]
    round: int  # how many passives were applied when it was first seen
    because: tuple[RuleStep, ...] = ()


@dataclass(frozen=True, slots=True)
class Choice:
    """One step of the order and why that passive was next (A-ORDER-1)."""

    passive: str
    timestamp: int
    waiting: tuple[tuple[str, tuple[str, ...]], ...] = ()  # earlier stamps not free, and on what
    mutual: tuple[str, ...] = ()  # unapplied passives it depends on that depend on it
    ceased: tuple[str, ...] = ()  # passives that stopped existing before this step (A-DEP-1a)


@dataclass(frozen=True)
class Ordering:
    """The passives applied to a state, in order, with the explanation and the result."""

    state: GameState  # the state after every passive (what the view shows)
    order: tuple[str, ...]
    choices: tuple[Choice, ...]
    edges: tuple[Edge, ...]
    cycles: tuple[tuple[str, ...], ...]  # arrow paths, first node repeated at the end
    passives: Mapping[str, pv.Passive]
    stamps: Mapping[str, int]
    applied_to: Mapping[str, frozenset[str]] = field(default_factory=dict)
    trials: int = 0  # pairs compared by trial application
    applications: int = 0  # trial applications of a passive on the partial state
    reused: bool = False

    def rules(self) -> tuple[str, ...]:
        return ("A-PASS-2", "A-ORDER-1")


class _Graph:
    """Direct dependencies among unapplied passives; NetworkX only once an edge exists."""

    def __init__(self) -> None:
        self.out: dict[str, dict[str, pv.Dependence]] = {}
        self.g: Any = None

    def set(self, a: str, b: str, dep: pv.Dependence | None) -> None:
        row = self.out.setdefault(a, {})
        if dep is None:
            if b in row:
                del row[b]
                self.g.remove_edge(a, b)
            return
        if self.g is None:
            import networkx as nx

            self.g = nx.DiGraph()
        row[b] = dep
        self.g.add_edge(a, b)

    def remove(self, node: str) -> None:
        self.out.pop(node, None)
        if self.g is not None and node in self.g:
            for pred in list(self.g.predecessors(node)):
                self.out[pred].pop(node, None)
            self.g.remove_node(node)

    def status(self, node: str) -> tuple[bool, tuple[str, ...], tuple[str, ...]]:
        """(free, blocking, mutual) for ``node`` by the transitive closure (A-DEP-2)."""
        row = self.out.get(node)
        if not row:
            return True, (), ()
        sinks = tuple(sorted(b for b in row if not self.out.get(b)))
        if sinks:  # it depends on one that depends on nothing: not free, no need to look on
            return False, sinks, ()
        import networkx as nx

        below = nx.descendants(self.g, node)
        above = nx.ancestors(self.g, node)
        blocking = tuple(sorted(below - above))
        return not blocking, blocking, tuple(sorted(below & above))

    def cycle(self, node: str, members: Iterable[str]) -> tuple[str, ...]:
        import networkx as nx

        sub = self.g.subgraph({node, *members})
        path = [u for u, _ in nx.find_cycle(sub, source=node)]
        return (*path, path[0])


def _channel_index(
    ids: Iterable[str], chans: Mapping[str, frozenset[pv.Channel]]
) -> tuple[dict[pv.Channel, set[str]], dict[str, set[str]]]:
    exact: dict[pv.Channel, set[str]] = {}
    by_attr: dict[str, set[str]] = {}
    for pid in ids:
        for ch in chans[pid]:
            exact.setdefault(ch, set()).add(pid)
            by_attr.setdefault(ch[0], set()).add(pid)
    return exact, by_attr


def _readers(
    written: Iterable[pv.Channel],
    exact: Mapping[pv.Channel, set[str]],
    by_attr: Mapping[str, set[str]],
) -> set[str]:
    out: set[str] = set()
    for attr, name in written:
        if name == "*":
            out |= by_attr.get(attr, set())
        else:
            out |= exact.get((attr, name), set())
            out |= exact.get((attr, "*"), set())
    return out


def order_passives(state: GameState) -> Ordering:
    """Apply every active passive of ``state`` in the order of A-ORDER-1."""
    board = pv.Board(state)
    players = state.players
    found = sorted(pv.active_passives(board.objects), key=lambda p: p.id)
    ps = {p.id: p for p in found}
    keys = {pid: pv.order_key(p, board.objects, players) for pid, p in ps.items()}
    queue = sorted(ps, key=lambda pid: keys[pid])
    rd = {pid: pv.reads(p) for pid, p in ps.items()}
    wr = {pid: pv.writes(p) for pid, p in ps.items()}
    exact, by_attr = _channel_index(ps, rd)
    candidates = {b: _readers(wr[b], exact, by_attr) - {b} for b in ps}  # A's that B may affect
    # B's that may change what A does (its condition): re-tried whenever A's inputs change.
    cond_sources: dict[str, set[str]] = {}
    for b, aa in candidates.items():
        for a in aa:
            if pv.overlaps(wr[b], pv.condition_reads(ps[a])):
                cond_sources.setdefault(a, set()).add(b)
    by_source: dict[str, list[str]] = {}
    for pid in queue:
        by_source.setdefault(ps[pid].source, []).append(pid)
    graph = _Graph()
    edges: dict[tuple[str, str], Edge] = {}
    unapplied = set(ps)
    counts = [0, 0]  # trials, applications
    applied = 0

    # What applying B would change, kept until B reads something that changed or one of
    # the objects it applies to changes (then it is trial-applied again).
    trial_cache: dict[str, pv.Application] = {}
    cached_on: dict[str, set[str]] = {}

    def trial_apply(b: str) -> pv.Application:
        got = trial_cache.get(b)
        if got is None:
            got = trial_cache[b] = pv.apply_passive(ps[b], board)
            counts[1] += 1
            for oid in got.targets:
                cached_on.setdefault(oid, set()).add(b)
        return got

    sel_rd = {pid: pv.selector_reads(p) for pid, p in ps.items()}
    cond_rd = {pid: pv.condition_reads(p) for pid, p in ps.items()}

    delta_cache: dict[str, set[pv.Channel]] = {}

    def delta(b: str) -> set[pv.Channel]:
        """The channels applying B would really change (on the objects it changes)."""
        got = delta_cache.get(b)
        if got is None:
            got = set()
            for oid, obj in trial_apply(b).changes.items():
                got |= pv.changed_channels(board.objects[oid], obj)
            delta_cache[b] = got
        return got

    def clauses(a: str, b: str) -> str:
        """Which clauses of A-DEP-1 applying B could make true for A: only those reading a
        channel that B really changes (the prefilter inside a pair)."""
        changed = delta(b)
        out = "a" if ("abilities", ps[a].source) in changed else ""
        if pv.overlaps(changed, sel_rd[a]):
            out += "b"
        if pv.overlaps(changed, cond_rd[a]):
            out += "c"
        return out

    def evaluate(pairs: Mapping[str, set[str]]) -> None:
        for b in sorted(pairs):
            if b not in unapplied:
                continue
            changes = trial_apply(b).changes
            for a in sorted(pairs[b] & unapplied):
                which = clauses(a, b)
                dep = None
                if which:
                    counts[0] += 1
                    dep = pv.trial(ps[a], ps[b], board, changes, which)
                if dep is None and b not in graph.out.get(a, {}):
                    continue
                graph.set(a, b, dep)
                if dep is not None:
                    old = edges.get((a, b))
                    reasons = tuple(sorted(set(dep.reasons) | set(old.reasons if old else ())))
                    first = old.round if old else applied
                    because = old.because if old else dep.because
                    edges[(a, b)] = Edge(a, b, reasons, first, because)

    evaluate({b: set(aa) for b, aa in candidates.items() if aa})
    order: list[str] = []
    choices: list[Choice] = []
    cycles: dict[frozenset[str], tuple[str, ...]] = {}
    applied_to: dict[str, frozenset[str]] = {}
    ceased: list[str] = []
    head = 0
    while unapplied:
        waiting: list[tuple[str, tuple[str, ...]]] = []
        chosen = ""
        mutual: tuple[str, ...] = ()
        while queue[head] not in unapplied:
            head += 1
        for pid in queue[head:]:
            if pid not in unapplied:
                continue
            free, blocking, mutual = graph.status(pid)
            if free:
                chosen = pid
                break
            waiting.append((pid, blocking))
        if not chosen:  # cannot happen: a sink of the condensation is always free
            raise AssertionError("no free passive")
        if mutual:
            key = frozenset((chosen, *mutual))
            if key not in cycles:
                cycles[key] = graph.cycle(chosen, mutual)
        done = trial_cache.pop(chosen, None) or pv.apply_passive(ps[chosen], board)
        before = {oid: board.objects[oid] for oid in done.changes}
        board.commit(done.changes)
        applied += 1
        order.append(chosen)
        applied_to[chosen] = frozenset(done.targets)
        choices.append(
            Choice(chosen, keys[chosen][0], tuple(waiting), tuple(mutual), tuple(ceased))
        )
        ceased = []
        unapplied.discard(chosen)
        graph.remove(chosen)
        if not done.changes:
            continue
        # Only what really changed can change a dependency: readers of the subtypes and
        # features that changed, and the passives whose source lost abilities.
        written: set[pv.Channel] = set()
        for oid, obj in done.changes.items():
            written |= pv.changed_channels(before[oid], obj)
        lost = sorted(name for attr, name in written if attr == "abilities")
        written = {c for c in written if c[0] != "abilities"}
        touched = _readers(written, exact, by_attr) & unapplied
        for pid in (pid for oid in lost for pid in by_source.get(oid, ()) if pid in unapplied):
            if not pv.exists(ps[pid], board.objects):  # A-DEP-1a: removed by what applied
                unapplied.discard(pid)
                graph.remove(pid)
                ceased.append(pid)
                touched.discard(pid)
            else:
                touched.add(pid)
        # A pair (A, B) can change only if B's trial application is stale (B reads what
        # changed, or an object it applies to changed) or if A's condition may now flip
        # differently; otherwise A-DEP-1 a/b compare the same objects as before.
        stale = set(touched)
        for oid in done.changes:
            stale |= cached_on.pop(oid, set())
        pairs: dict[str, set[str]] = {}
        for b in stale:
            trial_cache.pop(b, None)
            delta_cache.pop(b, None)
            if b in unapplied and candidates[b]:
                pairs.setdefault(b, set()).update(candidates[b])
        for a in touched:
            for b in cond_sources.get(a, ()):
                pairs.setdefault(b, set()).add(a)
        evaluate(pairs)
    if ceased:
        choices.append(Choice("", 0, (), (), tuple(ceased)))
    return Ordering(
        state=board.state(state),
        order=tuple(order),
        choices=tuple(choices),
        edges=tuple(edges[k] for k in sorted(edges)),
        cycles=tuple(cycles.values()),
        passives=ps,
        stamps={pid: keys[pid][0] for pid in ps},
        applied_to=applied_to,
        trials=counts[0],
        applications=counts[1],
    )


def timestamp_order(state: GameState) -> GameState:
    """Every passive applied in timestamp order alone, ignoring dependency (for --explain)."""
    board = pv.Board(state)
    ps = sorted(
        pv.active_passives(board.objects),
        key=lambda p: pv.order_key(p, board.objects, state.players),
    )
    for p in ps:
        board.commit(pv.apply_passive(p, board).changes)
    return board.state(state)


# -- reuse after an event --------------------------------------------------------------------


def _signature(obj: GameObject) -> tuple[object, ...]:
    """Everything of an object that a passive can read, or that decides its order."""
    return (
        obj.zone,
        obj.kind,
        obj.controlled_by,
        obj.timestamp,
        obj.region,
        pv.subtypes(obj),
        frozenset(obj.features),
        obj.abilities,
    )


def reorder(previous: Ordering, old: GameState, new: GameState) -> Ordering:
    """The ordering of ``new``, reusing ``previous`` (of ``old``) when the event changed no
    channel that any passive reads; otherwise a full recomputation."""
    if (
        old.players != new.players
        or len(old.objects) != len(new.objects)
        or any(k not in old.objects for k in new.objects)
    ):
        return order_passives(new)
    changed = [oid for oid, obj in new.objects.items() if obj is not old.objects[oid]]
    if any(_signature(new.objects[o]) != _signature(old.objects[o]) for o in changed):
        return order_passives(new)
    objects = dict(previous.state.objects)
    for oid in changed:
        obj = new.objects[oid]
        for pid in previous.order:
            if oid in previous.applied_to[pid]:
                obj = pv.apply_effect(previous.passives[pid], obj, previous.stamps[pid])
        objects[oid] = obj
    return replace(previous, state=replace(new, objects=objects), reused=True)


_LAST: list[tuple[GameState, Ordering]] = []


def ordering(state: GameState) -> Ordering:
    """The ordering of ``state``, reusing the last one computed when it can."""
    if _LAST and _LAST[0][0] is state:
        return _LAST[0][1]
    result = reorder(_LAST[0][1], _LAST[0][0], state) if _LAST else order_passives(state)
    _LAST[:] = [(state, result)]
    return result


def has_passives(state: GameState) -> bool:
    return any(isinstance(a, pv.Passive) for o in state.objects.values() for a in o.abilities)


def derive(state: GameState) -> GameState:
    """The view's derivation hook: characteristics after passives (A-PASS-2)."""
    if not has_passives(state):
        return state
    return ordering(state).state


def _passives_section(obj: GameObject, state: GameState) -> tuple[str, JSON] | None:
    """``"passives"``: the passive abilities the object has after passives (ids)."""
    base = next((b for b, o in _LAST if o.state is state), None)
    had = base.objects.get(obj.id) if base is not None else obj
    if had is None or not pv.passives_of(had):
        return None
    return "passives", [p.id for p in pv.passives_of(obj)]


def _report_section(result: Any, out: Any, explain: bool) -> None:
    from solver.dependency_view import report_section

    report_section(result, out, explain)


def register() -> None:
    """Plug passives into the view (derivation, ``passives`` key) and the text report."""
    from solver import report

    if derive not in view.DERIVATIONS:
        view.DERIVATIONS.append(derive)
        view.OBJECT_SECTIONS.append(_passives_section)
        report.REPORT_SECTIONS.append(_report_section)


register()
