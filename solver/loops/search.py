"""The state space of the loop search: nodes, moves, equivalence, exploration.

A *node* is a game state and its queue of pending triggers; a *move* resolves the
head trigger (accepting or declining a "may"), plays a quick action, or, from the
root, starts from the given state or supposes that one trigger triggers (a seed).
Two nodes are equivalent when their fingerprints are equal (Decision LOOP-1, see
``solver/loops/decide.py``); :func:`explore` walks the classes breadth first under a budget.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field, replace

from arbiter.model import abilities as ab
from arbiter.model.effects import engine_read as er
from arbiter.model.effects import evaluate as ev
from arbiter.model.effects import refs as rf
from arbiter.model.state import GameState
from arbiter.model.values import characteristics as ch
from arbiter.model.values.reading import NumberReading

DEFAULT_BUDGET = 20_000


@dataclass(frozen=True, slots=True)
class Move:
    """One move of the search: ``seed`` (suppose a trigger triggers), ``trigger`` (resolve
    the head of the queue) or ``activate`` (play a quick action)."""

    kind: str
    object: str
    ability: str
    forced: bool
    accept: bool = True
    it: str | None = None

    def label(self) -> str:
        if self.kind == "start":
            return "start from the given state"
        tail = "" if self.accept else " (declined)"
        verb = {"seed": "suppose", "trigger": "trigger", "activate": "play"}[self.kind]
        return f"{verb} {self.object}.{self.ability}{tail}"


@dataclass(frozen=True, slots=True)
class Node:
    state: GameState
    queue: ab.Queue


@dataclass(frozen=True, slots=True)
class Reads:
    """The counters some cost, condition or floored effect reads (LOOP-1)."""

    object_counters: frozenset[str]
    player_counters: frozenset[str]
    activations: bool  # one day: the A-GOLD-9 counts are a resource
    stats: frozenset[str] = frozenset()  # characteristics amounts and conditions read


def reads_of(state: GameState, one_day: bool) -> Reads:
    objs: set[str] = set()
    players: set[str] = set()
    stats: set[str] = set()
    for obj in state.objects.values():
        for a in ab.abilities(obj):
            conds = [a.condition] if a.condition is not None else []
            for c in conds:
                objs.add(rf.condition_counter(c))
                players.add(rf.condition_counter(c))
            counters, read = er.reads(a.effects, a.condition)  # Decision CHECK-ALGEBRA
            objs |= counters
            players |= counters
            stats |= read
            if isinstance(a, ab.QuickAction):
                for cost in a.costs:
                    exhaust = rf.cost_kind(cost) == "exhaust"
                    objs.add("exhausted" if exhaust else rf.name(cost))
                    players.add(rf.name(cost))
            for e in a.effects:
                kind = rf.kind(e)
                if kind in ("ready", "exhaust"):
                    objs.add("exhausted")
                elif kind == "counter" and rf.amount(e) < 0:
                    objs.add(rf.name(e))  # CTR-1: the floor at 0 makes the value matter
    return Reads(frozenset(objs), frozenset(players), one_day, frozenset(stats))


def fingerprint(node: Node, reads: Reads) -> Hashable:
    """The canonical key of a node's equivalence class (LOOP-1)."""
    state = node.state
    objects = []
    for oid in sorted(state.objects):
        o = state.objects[oid]
        objects.append(
            (
                oid,
                o.zone,
                o.controller,
                tuple(sorted(o.base)),
                tuple(sorted((f.name, f.number, f.boosts) for f in o.features.values())),
                o.protections,
                tuple(o.counters.get(n, 0) for n in sorted(reads.object_counters)),
                tuple(ev.stat_value(o, s) for s in sorted(reads.stats)),
            )
        )
    order = tuple(sorted(state.objects, key=lambda i: (state.objects[i].timestamp, i)))
    counters = tuple(
        sorted(
            (k, v)
            for k, v in state.counters.items()
            if k.partition(".")[0] in reads.player_counters
            or (reads.activations and k.startswith("activations."))
        )
    )
    return (tuple(objects), order, counters, node.queue)


def moves(node: Node) -> list[Move]:
    """Every move from a node: the head trigger (two answers for a "may" whose condition
    holds), or, with an empty queue, every quick action that can be paid."""
    state, queue = node.state, node.queue
    if queue:
        head = queue[0]
        trig = ab.find(state, head.source, head.ability)
        optional = (
            isinstance(trig, ab.Trigger)
            and trig.optional
            and ab.condition_holds(state, trig.condition, head.source, head.it)
        )
        if optional:
            return [
                Move("trigger", head.source, head.ability, False, True, head.it),
                Move("trigger", head.source, head.ability, False, False, head.it),
            ]
        return [Move("trigger", head.source, head.ability, True, True, head.it)]
    return [
        Move("activate", oid, qa.id, False)
        for oid, qa in ab.quick_actions(state)
        if ab.unpaid(state, oid, qa) is None
    ]


def play(node: Node, move: Move) -> Node:
    """The node after a move (events kept, so a replay can show them)."""
    if move.kind == "start":
        return Node(node.state, ())
    if move.kind == "seed":
        return Node(node.state, (ab.Pending(move.object, move.ability, move.it),))
    if move.kind == "trigger":
        state, queue = ab.advance(node.state, node.queue, move.accept)
        return Node(state, queue)
    state, queue = ab.activate(node.state, move.object, move.ability)
    return Node(state, node.queue + queue)


Seeded = bool | frozenset[str]  # every trigger, none, or only these ``object.ability``


def seeds(state: GameState, only: frozenset[str] | None = None) -> list[Move]:
    """ "Suppose this trigger triggers now": one seed per trigger in play and per thing its
    event could be about (LOOP-4)."""
    out: list[Move] = []
    for oid in sorted(state.objects):
        obj = state.objects[oid]
        if not ab.in_play(obj.zone):
            continue
        for a in obj.abilities:
            if not isinstance(a, ab.Trigger) or (only is not None and f"{oid}.{a.id}" not in only):
                continue
            its: Sequence[str | None]
            event, subject = rf.event(a.when), rf.subject(a.when)
            if event == "phase":
                its = [None]
            elif subject != "any":
                its = ab.resolve(state, subject, oid) or [None]
            else:
                players = [ab.player_ref(p) for p in state.players]
                objs = sorted(state.objects)
                its = objs + players if event in ("damaged", "counter") else objs
            out.extend(Move("seed", oid, a.id, False, True, it) for it in its)
    return out


ROOT_KEY = ("root",)
START = Move("start", "", "", False)


@dataclass
class Exploration:
    """The explored graph: node 0 is a root that no move returns to, whose moves are
    ``start`` (the given state) and the seeds; ``edges[i]`` lists (move, target)."""

    nodes: list[Node] = field(default_factory=list)
    keys: dict[Hashable, int] = field(default_factory=dict)
    edges: list[list[tuple[Move, int]]] = field(default_factory=list)
    parent: list[tuple[int, Move] | None] = field(default_factory=list)
    depth: list[int] = field(default_factory=list)
    expanded: int = 0
    complete: bool = False
    wall_time: float = 0.0
    cut: str | None = None  # what stopped the search before its budget (solver/limits.py)


def _search_state(state: GameState, one_day: bool) -> GameState:
    """Across days, the search ignores A-GOLD-9 (the count resets each Morning, LOOP-3)."""
    state = replace(state, events=())
    if not one_day:
        state = replace(state, ruleset=state.ruleset.with_policies(quick_action_cap=0))
    return state


def _seeds(state: GameState, seeded: Seeded) -> list[Move]:
    if seeded is True:
        return seeds(state)
    return seeds(state, seeded) if seeded else []


def explore(
    state: GameState, budget: int, *, one_day: bool = False, seeded: Seeded = True
) -> Exploration:
    """Breadth-first search of equivalence classes, expanding at most ``budget`` nodes."""
    import time

    from arbiter.solver.limits import cut

    t0 = time.perf_counter()
    reads = reads_of(state, one_day)
    start = Node(_search_state(state, one_day), ())
    ex = Exploration()

    def add(node: Node, parent: tuple[int, Move] | None) -> int:
        key = ROOT_KEY if parent is None else fingerprint(node, reads)
        found = ex.keys.get(key)
        if found is not None:
            return found
        ex.keys[key] = len(ex.nodes)
        ex.nodes.append(node)
        ex.edges.append([])
        ex.parent.append(parent)
        ex.depth.append(0 if parent is None else ex.depth[parent[0]] + 1)
        frontier.append(len(ex.nodes) - 1)
        return len(ex.nodes) - 1

    frontier: deque[int] = deque()
    add(start, None)
    while frontier and ex.expanded < budget:
        ex.cut = cut()  # the command's time limit or memory ceiling
        if ex.cut is not None:
            break
        i = frontier.popleft()
        node = ex.nodes[i]
        options = moves(node) if i else [START] + _seeds(node.state, seeded)
        ex.expanded += 1
        for mv in options:
            nxt = play(node, mv)
            nxt = Node(replace(nxt.state, events=()), nxt.queue)
            ex.edges[i].append((mv, add(nxt, (i, mv))))
    ex.complete = not frontier
    ex.wall_time = time.perf_counter() - t0
    return ex


def snapshot(state: GameState) -> dict[str, int]:
    """Every number a loop may change: counters, characteristic raw values, features."""
    out: dict[str, int] = {}
    for k, v in state.counters.items():
        if not k.startswith("activations.") and k != "day":
            out[k] = v
    for oid, o in state.objects.items():
        for name, v in o.counters.items():
            out[f"{oid}.{name}"] = v
        for stat in o.base:
            r = ch.read(o, stat)
            if isinstance(r, NumberReading):
                for n, c in enumerate(r.components):
                    suffix = "" if len(r.components) == 1 else f"[{n + 1}]"
                    out[f"{oid}.{stat}{suffix}"] = c.raw
        for f in o.features.values():
            if f.number is not None:
                out[f"{oid}.{f.name}"] = f.number
    return out


def difference(before: GameState, after: GameState) -> dict[str, int]:
    a, b = snapshot(before), snapshot(after)
    keys = sorted(set(a) | set(b))
    return {k: b.get(k, 0) - a.get(k, 0) for k in keys if b.get(k, 0) != a.get(k, 0)}


def replay(state: GameState, witness: Sequence[Move], *, one_day: bool = False) -> list[Node]:
    """The nodes met replaying moves from the start (the first is the start)."""
    node = Node(_search_state(state, one_day), ())
    out = [node]
    for mv in witness:
        node = play(node, mv)
        out.append(node)
    return out
