"""Whether play can return to an equivalent state: sound verdicts with witnesses.

The search walks *nodes* (a game state and its queue of pending triggers) by
*moves* (resolve the head trigger, accepting or declining a "may"; play a quick
action). Two nodes are equivalent (Decision LOOP-1) when they agree on everything
a later move can look at: zones, controllers, features, protections, which
characteristics exist, the order of timestamps, the pending queue, and the
counters that some cost, condition or floored effect reads. Counters nobody reads
(damage, life here), characteristic values, modification histories and the clock
may differ: replaying the same moves from two equivalent nodes gives the same moves
and the same changes, so a cycle of equivalent nodes repeats for ever, and the
difference across one iteration is its progress certificate.

Verdicts (Decision LOOP-2): ``loop`` when a cycle is found (``mandatory`` when every
node on it has exactly one move, a trigger with no "may"); ``terminates`` when every
reachable node was explored and no cycle exists (the reason names what runs out);
``undetermined`` when the budget of nodes ran out first. A quick action loop spans
days: A-GOLD-9 resets each Morning, so the search ignores the cap and then replays
one day under it to give the outcome per day (LOOP-3); ``one_day=True`` instead
counts activations as a resource and may answer ``terminates`` by A-GOLD-9.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from arbiter.model import abilities as ab
from arbiter.model.effects import refs as rf
from arbiter.model.errors import IllegalAction, InternalError
from arbiter.model.state import JSON, GameState
from arbiter.solver.loops.search import DEFAULT_BUDGET as DEFAULT_BUDGET  # the command's default
from arbiter.solver.loops.search import (
    Exploration,
    Move,
    Node,
    Seeded,
    difference,
    explore,
    fingerprint,
    play,
    reads_of,
    replay,
)

# -- verdicts ----------------------------------------------------------------------------


class LoopVerdict(StrEnum):
    """The three sound answers (LOOP-2): a loop with its witness, termination with the
    reason, or undetermined with the budget that ran out."""

    LOOP = "loop"
    TERMINATES = "terminates"
    UNDETERMINED = "undetermined"


@dataclass(frozen=True)
class Verdict:
    """``loop`` | ``terminates`` | ``undetermined``, with its witness or its reason."""

    verdict: LoopVerdict
    reason: str
    mandatory: bool | None = None
    prefix: tuple[Move, ...] = ()
    cycle: tuple[Move, ...] = ()
    per_iteration: dict[str, int] = field(default_factory=dict)
    activations: dict[str, int] = field(default_factory=dict)
    cap: dict[str, JSON] | None = None
    explored: int = 0
    budget: int = 0
    complete: bool = False
    wall_time: float = 0.0
    steps: tuple[dict[str, JSON], ...] = ()
    rules: tuple[str, ...] = ()
    varies: dict[str, list[int]] = field(default_factory=dict)  # [first, second iteration]

    @property
    def witness(self) -> tuple[Move, ...]:
        return self.prefix + self.cycle

    def as_json(self) -> dict[str, JSON]:
        return {
            "verdict": self.verdict.value,
            "mandatory": self.mandatory,
            "witness": list(self.steps),
            "per_iteration": dict(self.per_iteration),
            "per_iteration_varies": dict(self.varies),
            "activations_per_iteration": dict(self.activations),
            "cap": self.cap,
            "reason": self.reason,
            "explored": self.explored,
            "budget": self.budget,
            "complete": self.complete,
            "wall_time": round(self.wall_time, 6),
            "rules": list(self.rules),
        }


def _forced_cycle(ex: Exploration) -> tuple[int, list[int]] | None:
    """A cycle of nodes with exactly one, forced, move: the nearest to the start."""
    succ = {i: e[0][1] for i, e in enumerate(ex.edges) if len(e) == 1 and e[0][0].forced}
    color: dict[int, int] = {}
    best: tuple[int, list[int]] | None = None
    for s in sorted(succ, key=lambda i: ex.depth[i]):
        path: list[int] = []
        i: int | None = s
        while i is not None and i in succ and i not in color:
            color[i] = s
            path.append(i)
            i = succ[i]
        if i is not None and color.get(i) == s:
            cyc = path[path.index(i) :]
            entry = min(cyc, key=lambda n: (ex.depth[n], n))
            k = cyc.index(entry)
            cyc = cyc[k:] + cyc[:k]
            if best is None or ex.depth[entry] < ex.depth[best[0]]:
                best = (entry, cyc)
    return best


def _any_cycle(ex: Exploration) -> tuple[int, list[int]] | None:
    """A shortest cycle through the node nearest the start of a non-trivial SCC."""
    import networkx as nx

    g = nx.DiGraph()
    g.add_nodes_from(range(len(ex.nodes)))
    for i, out in enumerate(ex.edges):
        g.add_edges_from((i, j) for _, j in out)
    best: int | None = None
    for comp in nx.strongly_connected_components(g):
        if len(comp) == 1:
            (n,) = comp
            if not g.has_edge(n, n):
                continue
        entry = min(comp, key=lambda n: (ex.depth[n], n))
        if best is None or ex.depth[entry] < ex.depth[best]:
            best = entry
    if best is None:
        return None
    if g.has_edge(best, best):
        return best, [best]
    back = {best: best}
    todo = deque([best])
    while todo:
        i = todo.popleft()
        for _, j in ex.edges[i]:
            if j == best:
                path = [i]
                while path[-1] != best:
                    path.append(back[path[-1]])
                return best, list(reversed(path))
            if j not in back:
                back[j] = i
                todo.append(j)
    raise InternalError("a strongly connected component without a cycle")


def _edge(ex: Exploration, i: int, j: int) -> Move:
    return next(m for m, k in ex.edges[i] if k == j)


def _path_to(ex: Exploration, i: int) -> list[Move]:
    out: list[Move] = []
    while (p := ex.parent[i]) is not None:
        out.append(p[1])
        i = p[0]
    return list(reversed(out))


def _step_json(mv: Move, before: Node, after: Node) -> dict[str, JSON]:
    events = [e.as_json() for e in after.state.events[len(before.state.events) :]]
    return {
        "move": mv.kind,
        "object": mv.object,
        "ability": mv.ability,
        "forced": mv.forced,
        "accepted": mv.accept,
        "it": mv.it[len(ab.PLAYER) :] if mv.it and ab.is_player(mv.it) else mv.it,
        "text": mv.label(),
        "events": events,
    }


def _cap_outcome(start: GameState, entry: Node, cycle: Sequence[Move]) -> dict[str, JSON]:
    """LOOP-3: replay the cycle from its entry on a fresh day until A-GOLD-9 refuses."""
    cap = start.ruleset.quick_action_cap
    counters = entry.state.counters
    fresh = {k: v for k, v in counters.items() if not k.startswith("activations.")}
    state = replace(entry.state, ruleset=start.ruleset, counters=fresh, events=())
    node = Node(state, entry.queue)
    first = node.state
    iterations = 0
    refused = ""
    while iterations <= 10 * cap + 10 and not refused:
        try:
            for mv in cycle:
                node = play(node, mv)
                node = Node(replace(node.state, events=()), node.queue)
            iterations += 1
        except IllegalAction as exc:
            refused = exc.message
    return {
        "rule": "A-GOLD-9",
        "cap": cap,
        "iterations_per_day": iterations,
        "per_day": difference(first, node.state),
        "stopped_by": refused,
    }


def _loop(
    ex: Exploration,
    start: GameState,
    found: tuple[int, list[int]],
    mandatory: bool,
    budget: int,
    one_day: bool,
) -> Verdict:
    entry, cyc = found
    prefix = _path_to(ex, entry)
    cycle = [_edge(ex, a, b) for a, b in zip(cyc, cyc[1:] + cyc[:1], strict=True)]
    nodes = replay(start, prefix + cycle, one_day=one_day)
    reads = reads_of(start, one_day)
    at_entry = Node(replace(nodes[len(prefix)].state, events=()), nodes[len(prefix)].queue)
    at_end = Node(replace(nodes[-1].state, events=()), nodes[-1].queue)
    if fingerprint(at_entry, reads) != fingerprint(at_end, reads):
        raise InternalError("a loop witness does not return to an equivalent state")
    first = difference(at_entry.state, at_end.state)
    again = at_end
    for mv in cycle:  # a second iteration tells constant changes from growing ones
        again = play(again, mv)
    second = difference(at_end.state, again.state)
    varies = {
        k: [first.get(k, 0), second.get(k, 0)]
        for k in sorted(set(first) | set(second))
        if first.get(k, 0) != second.get(k, 0)
    }
    change = {k: v for k, v in first.items() if k not in varies}
    played = {
        f"{m.object}.{m.ability}": sum(1 for x in cycle if x == m)
        for m in cycle
        if m.kind == "activate"
    }
    cap = None
    if played and start.ruleset.quick_action_cap and not one_day:
        cap = _cap_outcome(start, at_entry, cycle)
    steps = tuple(
        _step_json(m, a, b) | {"cycle": k >= len(prefix)}
        for k, (m, a, b) in enumerate(zip(prefix + cycle, nodes, nodes[1:], strict=False))
    )
    said = ", ".join(f"{k} {v:+d}" for k, v in change.items()) or "no number changes"
    if varies:
        said += "; changing from one iteration to the next: " + ", ".join(
            f"{k} {a:+d} then {b:+d}" for k, (a, b) in varies.items()
        )
    kind = "mandatory" if mandatory else "optional"
    reason = (
        f"{kind} loop of {len(cycle)} move(s) after {len(prefix)} move(s): "
        f"per iteration {said}; nothing else changes"
    )
    if cap is not None:
        per_day = ", ".join(f"{k} {v:+d}" for k, v in dict(cap["per_day"]).items())
        reason += f"; A-GOLD-9 allows {cap['iterations_per_day']} iteration(s) a day: {per_day}"
    rules = ["LOOP-1", "LOOP-2"] + (["A-GOLD-9", "LOOP-3"] if cap is not None else [])
    return Verdict(
        LoopVerdict.LOOP,
        reason,
        mandatory,
        tuple(prefix),
        tuple(cycle),
        change,
        played,
        cap,
        ex.expanded,
        budget,
        ex.complete,
        ex.wall_time,
        steps,
        tuple(rules),
        varies,
    )


def _why_stuck(state: GameState) -> list[str]:
    """What stops play at a terminal node: quick actions that cannot be paid, conditions
    that fail for lack of a counter."""
    out: list[str] = []
    for oid, qa in ab.quick_actions(state):
        refusal = ab.unpaid(state, oid, qa)
        if refusal is not None:
            out.append(f"{oid}.{qa.id}: {refusal[1]} ({refusal[0]})")
    for oid in sorted(state.objects):
        for a in ab.abilities(state.objects[oid]):
            c = a.condition
            if isinstance(a, ab.Trigger) and c is not None:
                counter = rf.condition_counter(c)
                for t in ab.resolve(state, rf.condition_target(c), oid):
                    v = ab.counter_value(state, t, counter)
                    if not rf.condition_holds(c, v):
                        shown = t[len(ab.PLAYER) :] if ab.is_player(t) else t
                        out.append(
                            f"{oid}.{a.id} does nothing now: {shown}.{counter} is {v} (TRIG-4)"
                        )
    return out


def _terminates(ex: Exploration, budget: int) -> Verdict:
    import networkx as nx

    g = nx.DiGraph()
    g.add_nodes_from(range(len(ex.nodes)))
    for i, out in enumerate(ex.edges):
        g.add_edges_from((i, j) for _, j in out)
    longest = nx.dag_longest_path_length(g)
    ends = [i for i, e in enumerate(ex.edges) if not e]
    why: list[str] = []
    for i in ends:
        for w in _why_stuck(ex.nodes[i].state):
            if w not in why:
                why.append(w)
    rules = ["LOOP-2"] + sorted(
        {r for w in why for r in ("A-GOLD-2", "A-GOLD-9", "TRIG-4") if f"({r})" in w}
    )
    tail = "; ".join(why[:6]) if why else "no trigger is pending and no quick action exists"
    reason = (
        f"every play ends: all {len(ex.nodes)} equivalence classes explored, the longest play "
        f"has {longest} move(s); at the end: {tail}"
    )
    return Verdict(
        LoopVerdict.TERMINATES,
        reason,
        None,
        explored=ex.expanded,
        budget=budget,
        complete=True,
        wall_time=ex.wall_time,
        rules=tuple(rules),
    )


def decide(
    state: GameState, budget: int = DEFAULT_BUDGET, *, one_day: bool = False, seeded: Seeded = True
) -> Verdict:
    """Explore from ``state`` and give the verdict (LOOP-2)."""
    ex = explore(state, budget, one_day=one_day, seeded=seeded)
    forced = _forced_cycle(ex)
    if forced is not None:
        return _loop(ex, state, forced, True, budget, one_day)
    found = _any_cycle(ex)
    if found is not None:
        return _loop(ex, state, found, False, budget, one_day)
    if ex.complete:
        return _terminates(ex, budget)
    deepest = max(ex.depth) if ex.depth else 0
    stopped = f"the budget of {budget} states ran out"
    if ex.cut:
        stopped = f"the search was cut by {ex.cut}"
    reason = (
        f"{stopped} before play was shown to end or to repeat: "
        f"{len(ex.nodes)} states met, {len(ex.nodes) - ex.expanded} not yet explored, "
        f"plays followed to {deepest} move(s); retry with a larger --budget"
    )
    return Verdict(
        LoopVerdict.UNDETERMINED,
        reason,
        None,
        explored=ex.expanded,
        budget=budget,
        complete=False,
        wall_time=ex.wall_time,
        rules=("LOOP-2",),
    )
