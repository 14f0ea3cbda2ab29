"""The dependency graph of passives as a matplotlib figure (``arbiter graph --format png``).

Nodes sit on a circle in timestamp order; an edge goes from the dependent ability to
the one it depends on, labelled with the clauses of A-DEP-1 that hold; the edges of
a cycle are red. The figure is built without pyplot, so a notebook can show it and
a command can save it with any backend.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure


MAX_DRAWN = 40  # passives drawn; a larger graph is summarised (its picture took 5 GB)
MAX_INCHES = 24.0  # the figure's largest side
MAX_ORDER_SHOWN = 16  # passives named in the "order:" heading


def summarised(data: dict[str, Any]) -> tuple[dict[str, Any], str | None]:
    """The graph as drawn: at most ``MAX_DRAWN`` passives (the first in timestamp order),
    with the edges and cycles among them, and a note saying what was left out."""
    nodes = data["nodes"]
    if len(nodes) <= MAX_DRAWN:
        return data, None
    kept = nodes[:MAX_DRAWN]
    ids = {n["id"] for n in kept}
    small = {
        **data,
        "nodes": kept,
        "edges": [e for e in data["edges"] if e["from"] in ids and e["to"] in ids],
        "cycles": [c for c in data["cycles"] if set(c) <= ids],
        "order": [o for o in data["order"] if o in ids],
    }
    note = (
        f"the first {MAX_DRAWN} of {len(nodes)} passives (timestamp order); "
        "all of them: --format text, json or dot"
    )
    return small, note


def _layout(nodes: list[dict[str, Any]]) -> dict[str, tuple[float, float]]:
    n = max(len(nodes), 1)
    pos: dict[str, tuple[float, float]] = {}
    for i, node in enumerate(nodes):
        angle = math.pi / 2 - 2 * math.pi * i / n
        pos[node["id"]] = (math.cos(angle), math.sin(angle)) if n > 1 else (0.0, 0.0)
    return pos


def draw_on(ax: Axes, data: dict[str, Any], title: str | None = None) -> None:
    """Draw the graph of ``graph_json`` on ``ax`` (``title``: a first line above the order)."""
    from matplotlib.patches import FancyArrowPatch

    nodes = data["nodes"]
    pos = _layout(nodes)
    ax.set_axis_off()
    for e in data["edges"]:
        color = "tab:red" if e["in_cycle"] else "black"
        (x0, y0), (x1, y1) = pos[e["from"]], pos[e["to"]]
        arrow = FancyArrowPatch(
            (x0, y0),
            (x1, y1),
            arrowstyle="-|>",
            mutation_scale=18,
            color=color,
            connectionstyle="arc3,rad=0.15",
            shrinkA=30,
            shrinkB=30,
            linewidth=1.5,
            zorder=5,
        )
        ax.add_patch(arrow)
        ax.annotate(
            ", ".join(r.replace("A-DEP-", "") for r in e["reasons"]),
            ((x0 + x1) / 2 + 0.12 * (y1 - y0), (y0 + y1) / 2 - 0.12 * (x1 - x0)),
            color=color,
            ha="center",
            va="center",
            fontsize=9,
            bbox={"boxstyle": "round,pad=0.15", "facecolor": "white", "edgecolor": "none"},
            zorder=6,
        )
    for node in nodes:
        x, y = pos[node["id"]]
        text = node["text"] if len(node["text"]) <= 48 else node["text"][:47] + "…"
        label = f"{node['id']} (t{node['timestamp']})\n{node['card']}\n{text}"
        ax.text(
            x,
            y,
            label,
            ha="center",
            va="center",
            fontsize=8,
            bbox={"boxstyle": "round", "facecolor": "#fff7e0" if node["ceased"] else "#e8f0ff"},
        )
    shown = data["order"][:MAX_ORDER_SHOWN]
    more = len(data["order"]) - len(shown)
    order = " → ".join(shown) + (f" → … ({more} more)" if more else "") if shown else "-"
    heading = f"order: {order}"
    for cycle in data["cycles"]:
        heading += "\ncycle (timestamp order): " + " → ".join([*cycle, cycle[0]])
    if title:
        heading = f"{title}\n{heading}"
    ax.set_title(heading, fontsize=9, color="tab:red" if data["cycles"] else "black")
    ax.set_xlim(-1.6, 1.6)
    ax.set_ylim(-1.5, 1.5)


def figure(data: dict[str, Any], title: str | None = None) -> Figure:
    """A new figure holding the graph, sized by the number of passives."""
    from matplotlib.figure import Figure

    data, note = summarised(data)
    if note is not None:
        title = f"{title}\n{note}" if title else note
    n = max(len(data["nodes"]), 1)
    size = (min(3 + 1.2 * n, MAX_INCHES), min(2.5 + 1.0 * n, MAX_INCHES))
    fig = Figure(figsize=size, dpi=100)
    draw_on(fig.add_subplot(), data, title)
    return fig


def save(data: dict[str, Any], fmt: str) -> bytes:
    """The graph drawn as png or svg bytes (the command writes them safely)."""
    import io

    buffer = io.BytesIO()
    figure(data).savefig(buffer, format=fmt, bbox_inches="tight")
    return buffer.getvalue()
