"""The static pass: which ability can trigger or enable which (a NetworkX graph).

Nodes are abilities (``object.ability``); an edge ``a -> b`` says that a's costs or
effects can produce an event b's trigger waits for, or can refill b's cost (a
counter b pays, a ready when b exhausts). The relation over-approximates: targets
given as ``it`` or ``any`` match everything. A quick action whose cost takes nothing
may be played again at will, so it has an edge to itself. Strongly connected
components (with a cycle) are the candidate loops (Decision LOOP-4); the dynamic
search confirms them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from arbiter.model import abilities as ab
from arbiter.model.effects import engine_read as er
from arbiter.model.effects import refs as rf
from arbiter.model.state import GameState

if TYPE_CHECKING:
    import networkx as nx
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

ANY = "*"


@dataclass(frozen=True, slots=True)
class Produced:
    """An event an ability may cause: kind, whom it is about, a name, a direction."""

    event: str
    about: frozenset[str]
    name: str = ""
    sign: int = 0


def _names(state: GameState, ref: str, source: str) -> frozenset[str]:
    """What a reference can name, statically (``*``: anything)."""
    if ref in ("it", "any"):
        return frozenset({ANY})
    return frozenset(ab.resolve(state, ref, source)) or frozenset({ANY})


def produced(state: GameState, source: str, a: ab.Trigger | ab.QuickAction) -> list[Produced]:
    out: list[Produced] = []
    if isinstance(a, ab.QuickAction):
        out.append(Produced("activated", frozenset({source}), a.id))
        for cost in a.costs:
            about = _names(state, rf.ref(cost.selector), source)
            if rf.cost_kind(cost) == "exhaust":
                out.append(Produced("counter", about, "exhausted", +1))
            else:
                out.append(Produced("counter", about, rf.name(cost), -1))
    for e in a.effects:
        about = _names(state, rf.ref(e.selector), source)
        kind, name = rf.kind(e), rf.name(e)
        if kind == "damage":
            out += [
                Produced("damaged", about),
                Produced("counter", about, "damage", +1),
                Produced("counter", about, "life", -1),
            ]
        elif kind == "counter" and not er.sign_known(e):  # computed: either way
            out += [Produced("counter", about, name, +1), Produced("counter", about, name, -1)]
        elif kind == "counter":
            out.append(Produced("counter", about, name, 1 if rf.amount(e) > 0 else -1))
        elif kind in ("ready", "exhaust"):
            out.append(Produced("counter", about, "exhausted", 1 if kind == "exhaust" else -1))
        elif kind == "modify":
            out.append(Produced("modified", about, name))
        elif kind == "move":
            out += [Produced("enters", about, name), Produced("leaves", about, ANY)]
    return out


def _meet(a: frozenset[str], b: frozenset[str]) -> bool:
    return ANY in a or ANY in b or bool(a & b)


def can_trigger(state: GameState, p: Produced, source: str, t: ab.Trigger) -> bool:
    w = t.when
    event, name, subject = rf.event(w), rf.event_name(w), rf.subject(w)
    if event == "phase" or p.event != event:
        return False
    if name and p.name != ANY and p.name != name:
        return False
    if event == "counter" and w.change != "any" and (w.change == "up") != (p.sign > 0):
        return False
    return subject == "any" or _meet(p.about, _names(state, subject, source))


def can_enable(state: GameState, p: Produced, source: str, q: ab.QuickAction) -> bool:
    """Whether ``p`` can give back what q's cost takes."""
    if p.event != "counter":
        return False
    for cost in q.costs:
        about = _names(state, rf.ref(cost.selector), source)
        readies = p.name == "exhausted" and p.sign < 0
        kind = rf.cost_kind(cost)
        if kind == "exhaust" and readies and _meet(p.about, about):
            return True
        if kind == "pay" and p.name == rf.name(cost) and p.sign > 0 and _meet(p.about, about):
            return True
    return False


def free(q: ab.QuickAction) -> bool:
    """A quick action whose cost takes nothing can be played again at will; any other
    needs something to refill its cost (an edge into it) before it repeats."""
    return all(rf.cost_kind(c) == "pay" and rf.cost_amount(c) == 0 for c in q.costs)


def ability_graph(state: GameState) -> nx.DiGraph:
    """The trigger/enable graph of every ability of the objects in play."""
    import networkx as nx

    g = nx.DiGraph()
    items: list[tuple[str, ab.Trigger | ab.QuickAction]] = []
    for oid in sorted(state.objects):
        obj = state.objects[oid]
        if not ab.in_play(obj.zone):
            continue
        for a in ab.abilities(obj):
            items.append((oid, a))
            g.add_node(
                f"{oid}.{a.id}",
                object=oid,
                ability=a.id,
                card=obj.card or oid,
                kind="quick action" if isinstance(a, ab.QuickAction) else "trigger",
            )
    # triggers indexed by (event, name) then by what they watch (ANY: anything)
    index: dict[tuple[str, str], dict[str, list[tuple[str, ab.Trigger]]]] = {}
    quick: list[tuple[str, ab.QuickAction]] = []
    for oid, a in items:
        if isinstance(a, ab.Trigger):
            subject = rf.subject(a.when)
            watched = frozenset({ANY}) if subject == "any" else _names(state, subject, oid)
            by_subject = index.setdefault((rf.event(a.when), rf.event_name(a.when)), {})
            for w in watched:
                by_subject.setdefault(w, []).append((oid, a))
        else:
            quick.append((oid, a))
            if free(a):
                g.add_edge(f"{oid}.{a.id}", f"{oid}.{a.id}", why="may be played again")

    def watching(p: Produced) -> list[tuple[str, ab.Trigger]]:
        keys = [k for k in index if k[0] == p.event and (p.name in (ANY, k[1]) or not k[1])]
        out: list[tuple[str, ab.Trigger]] = []
        for k in keys:
            by_subject = index[k]
            if ANY in p.about:
                out += [x for xs in by_subject.values() for x in xs]
            else:
                out += by_subject.get(ANY, [])
                for name in p.about:
                    out += by_subject.get(name, [])
        return list(dict.fromkeys(out))

    for oid, a in items:
        for p in produced(state, oid, a):
            for tid, t in watching(p):
                if can_trigger(state, p, tid, t):
                    g.add_edge(f"{oid}.{a.id}", f"{tid}.{t.id}", why=f"{p.event} {p.name}".strip())
            for qid, q in quick:
                if can_enable(state, p, qid, q):
                    g.add_edge(f"{oid}.{a.id}", f"{qid}.{q.id}", why=f"enables ({p.name})")
    return g


@dataclass(frozen=True)
class Candidate:
    """A strongly connected set of abilities: a loop the search must confirm or refute."""

    abilities: tuple[str, ...]
    objects: tuple[str, ...]
    path: tuple[str, ...]  # a cycle through the component, first node repeated at the end

    def arrows(self) -> str:
        return " → ".join(self.path)


def candidates(g: nx.DiGraph) -> list[Candidate]:
    import networkx as nx

    out: list[Candidate] = []
    for comp in nx.strongly_connected_components(g):
        nodes = sorted(comp)
        if len(nodes) == 1 and not g.has_edge(nodes[0], nodes[0]):
            continue
        sub = nx.DiGraph(g.subgraph(nodes))
        if len(nodes) > 1:
            sub.remove_edges_from(list(nx.selfloop_edges(sub)))
        cycle = nx.find_cycle(sub, source=nodes[0])
        path = [cycle[0][0]] + [v for _, v in cycle]
        objs = sorted({g.nodes[n]["object"] for n in nodes})
        out.append(Candidate(tuple(nodes), tuple(objs), tuple(path)))
    out.sort(key=lambda c: (len(c.objects), c.abilities))
    return out


def named(state: GameState, oid: str) -> set[str]:
    """The objects an object's abilities name (targets, costs, conditions, subjects)."""
    refs: list[str] = []
    for a in ab.abilities(state.objects[oid]):
        refs += [rf.ref(e.selector) for e in a.effects]
        refs += [rf.condition_target(a.condition)] if a.condition is not None else []
        if isinstance(a, ab.QuickAction):
            refs += [rf.ref(c.selector) for c in a.costs]
        else:
            refs.append(rf.subject(a.when))
    out: set[str] = set()
    for r in refs:
        out |= {t for t in ab.resolve(state, r, oid) if not ab.is_player(t)}
    return out


def sub_state(state: GameState, objects: tuple[str, ...]) -> GameState:
    """The minimal state of a candidate (LOOP-4): its objects and every object their
    abilities name, transitively (a Battery a condition reads, say)."""
    from dataclasses import replace

    keep = set(objects)
    todo = list(objects)
    while todo:
        for o in named(state, todo.pop()):
            if o not in keep:
                keep.add(o)
                todo.append(o)
    return replace(state, objects={o: state.objects[o] for o in sorted(keep)})


def draw_on(axis: Axes, path: tuple[str, ...], title: str = "") -> None:
    """Draw a witness cycle (or a candidate) as a ring of arrows on ``axis``."""
    import networkx as nx

    g = nx.DiGraph()
    ring = list(path[:-1]) if len(path) > 1 and path[0] == path[-1] else list(path)
    labels: dict[Any, str] = {}
    for i, name in enumerate(ring):
        g.add_node(i)
        labels[i] = name
    for i in range(len(ring)):
        g.add_edge(i, (i + 1) % len(ring))
    pos = nx.circular_layout(g) if len(ring) > 1 else {0: (0.0, 0.0)}
    nx.draw_networkx_edges(
        g,
        pos,
        ax=axis,
        node_size=4000,
        arrows=True,
        arrowsize=18,
        connectionstyle="arc3,rad=0.15",
    )
    nx.draw_networkx_labels(
        g,
        pos,
        labels,
        ax=axis,
        font_size=9,
        bbox={"boxstyle": "round,pad=0.5", "facecolor": "#f3e6c4", "edgecolor": "#b8a06a"},
    )
    axis.set_title(title, fontsize=9)
    axis.set_axis_off()
    axis.margins(0.25)


def figure(path: tuple[str, ...], title: str = "") -> Figure:
    """A new figure holding the ring (built without pyplot: any backend may save or show it)."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(6, 6))
    draw_on(fig.add_subplot(), path, title)
    return fig


def draw(path: tuple[str, ...], title: str = "", fmt: str = "png") -> bytes:
    """A witness cycle (or a candidate) drawn as a ring of arrows: PNG (or SVG) bytes."""
    import io

    buffer = io.BytesIO()
    figure(path, title).savefig(buffer, format=fmt, dpi=100, bbox_inches="tight")
    return buffer.getvalue()
