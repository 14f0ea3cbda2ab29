"""The dependency graph of passives as data (json, text, dot) and the ``run --explain`` lines.

An edge goes from the dependent ability to the one it depends on, labelled with
the clause of A-DEP-1 that holds (a: existence, b: what it applies to, c: what
it does). Cycles are printed as arrow paths.
"""

from __future__ import annotations

from arbiter.model.state import JSON, GameState
from arbiter.solver.dependency.order import Ordering, ordering, timestamp_order

ARROW = " → "


def arrow_path(cycle: tuple[str, ...]) -> str:
    return ARROW.join(cycle)


def graph_json(state: GameState, result: Ordering | None = None) -> dict[str, JSON]:
    """``{"nodes", "edges", "order", "cycles", "closure", ...}`` for ``arbiter graph``."""
    result = result or ordering(state)
    position = {pid: i for i, pid in enumerate(result.order)}
    ceased = {pid for c in result.choices for pid in c.ceased}
    nodes = []
    for pid in sorted(result.passives, key=lambda p: (result.stamps[p], p)):
        p = result.passives[pid]
        src = state.objects[p.source]
        nodes.append(
            {
                "id": pid,
                "card": src.card or p.source,
                "source": p.source,
                "timestamp": result.stamps[pid],
                "text": p.label(),
                "applied": position.get(pid),
                "ceased": pid in ceased,
            }
        )
    in_cycle = {(c[i], c[i + 1]) for c in result.cycles for i in range(len(c) - 1)}
    edges = [
        {
            "from": e.dependent,
            "to": e.on,
            "reason": e.reasons[0],
            "reasons": list(e.reasons),
            "round": e.round,
            "in_cycle": (e.dependent, e.on) in in_cycle,
            "why": [s.note for s in e.because],
        }
        for e in result.edges
    ]
    return {
        "nodes": nodes,
        "edges": edges,
        "order": list(result.order),
        "cycles": [list(c[:-1]) for c in result.cycles],
        "closure": [list(pair) for pair in closure(result)],
        "trials": result.trials,
        "applications": result.applications,
        "rules": ["A-DEP-1", "A-DEP-2", "A-DEP-3", "A-ORDER-1", "A-TIME-1"],
    }


def closure(result: Ordering) -> list[tuple[str, str]]:
    """A-DEP-2: every (A, B) such that A depends on B through direct dependencies."""
    if not result.edges:
        return []
    import networkx as nx

    g = nx.DiGraph()
    g.add_edges_from((e.dependent, e.on) for e in result.edges)
    return sorted((str(a), str(b)) for a, b in nx.transitive_closure(g, reflexive=False).edges)


def graph_text(state: GameState) -> str:
    data = graph_json(state)
    lines = ["passives (timestamp order):"]
    for n in data["nodes"]:
        applied = "ceased to exist" if n["ceased"] else f"applied #{n['applied'] + 1}"
        if n["applied"] is None and not n["ceased"]:
            applied = "not applied"
        lines.append(f"  {n['id']}  t{n['timestamp']}  {n['card']}: {n['text']}  ({applied})")
    if not data["nodes"]:
        lines.append("  none")
    lines.append("direct dependencies (dependent -> depends on):")
    for e in data["edges"]:
        mark = "  [cycle]" if e["in_cycle"] else ""
        lines.append(f"  {e['from']} -> {e['to']}  {', '.join(e['reasons'])}{mark}")
        lines.extend(f"      {w}" for w in e["why"])
    if not data["edges"]:
        lines.append("  none")
    lines.append("order: " + (ARROW.join(data["order"]) or "-"))
    for c in data["cycles"]:
        lines.append("cycle (applied in timestamp order): " + arrow_path((*c, c[0])))
    return "\n".join(lines) + "\n"


def _dot_id(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def graph_dot(state: GameState) -> str:
    data = graph_json(state)
    lines = ["digraph dependency {", "  rankdir=LR;", "  node [shape=box];"]
    for n in data["nodes"]:
        label = f"{n['id']} (t{n['timestamp']})\\n{n['card']}: {n['text']}"
        lines.append(f"  {_dot_id(n['id'])} [label={_dot_id(label)}];")
    for e in data["edges"]:
        color = ' color="red" fontcolor="red"' if e["in_cycle"] else ""
        label = _dot_id(", ".join(e["reasons"]))
        lines.append(f"  {_dot_id(e['from'])} -> {_dot_id(e['to'])} [label={label}{color}];")
    lines.append("}")
    return "\n".join(lines) + "\n"


# -- run --explain ----------------------------------------------------------------------------


def explain_lines(state: GameState) -> list[str]:
    """The application order and why each passive was next; the timestamp-only reading."""
    result = ordering(state)
    lines = ["passive abilities (A-PASS-2: applied one at a time; A-ORDER-1: order)"]
    for i, c in enumerate(result.choices, start=1):
        for pid in c.ceased:
            lines.append(f"     {pid} ceased to exist before it applied [A-DEP-1a]")
        if not c.passive:
            continue
        p = result.passives[c.passive]
        why = []
        for pid, blocking in c.waiting:
            on = ", ".join(blocking)
            why.append(f"{pid} (t{result.stamps[pid]}) waits: it depends on {on} [A-DEP-2]")
        if c.mutual:
            why.append(
                f"in a cycle with {', '.join(c.mutual)}: all free, timestamp decides [A-ORDER-1]"
            )
        free = "free from dependency" if not c.mutual else "free (mutual dependency)"
        lines.append(f"  {i}. {c.passive} (t{c.timestamp}) {p.label()}: {free}, smallest timestamp")
        lines.extend(f"       {w}" for w in why)
    for e in result.edges:
        lines.append(f"  edge {e.dependent} -> {e.on} {', '.join(e.reasons)} (after {e.round})")
        lines.extend(f"       [{s.rule}] {s.note}" for s in e.because)
    for cycle in result.cycles:
        lines.append(f"  cycle: {arrow_path(cycle)}")
    lines.append(
        f"  trials: {result.trials} pairs compared, {result.applications} trial applications"
    )
    by_stamp = sorted(result.passives, key=lambda pid: (result.stamps[pid], pid))
    lines.append("  dependency order: " + (ARROW.join(result.order) or "-"))
    lines.append("  timestamp order alone: " + ARROW.join(by_stamp))
    by_time = timestamp_order(state)
    diffs = _differences(result.state, by_time, state)
    if diffs:
        lines.append("  timestamps alone would give a different result (wrong by A-ORDER-1):")
        lines.extend(f"    {d}" for d in diffs)
    else:
        lines.append("  timestamps alone give the same result here")
    return lines


def _differences(by_dependency: GameState, by_time: GameState, before: GameState) -> list[str]:
    from arbiter.model.view import object_json

    out = []
    for oid in sorted(by_dependency.objects):
        a = object_json(by_dependency.objects[oid], by_dependency, before)
        b = object_json(by_time.objects[oid], by_time)
        for key in ("characteristics", "features"):
            for name in sorted(set(a[key]) | set(b[key])):
                va, vb = a[key].get(name), b[key].get(name)
                if va != vb:
                    out.append(f"{oid}.{name}: dependency {_short(va)}, timestamps {_short(vb)}")
    return out


def _short(value: JSON) -> str:
    if isinstance(value, dict) and "shown" in value:
        return repr(value["shown"])
    return "absent" if value is None else repr(value)
