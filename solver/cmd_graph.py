"""``arbiter graph FILE``: the dependency graph of the passive abilities in play.

Formats: text (default), json, dot (Graphviz source), png and svg (drawn with
matplotlib). The scenario's steps are resolved first; the graph is that of the
final state. Edges go from the dependent ability to the one it depends on.
"""

from __future__ import annotations

from typing import Any

import click

FORMATS = ("text", "json", "dot", "png", "svg")


def draw(data: dict[str, Any], fmt: str, out: str) -> None:
    """Draw the graph with matplotlib (Agg): nodes by timestamp, cycle edges in red."""
    import math

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import FancyArrowPatch

    nodes = data["nodes"]
    n = max(len(nodes), 1)
    pos: dict[str, tuple[float, float]] = {}
    for i, node in enumerate(nodes):
        angle = math.pi / 2 - 2 * math.pi * i / n
        pos[node["id"]] = (math.cos(angle), math.sin(angle)) if n > 1 else (0.0, 0.0)
    fig, ax = plt.subplots(figsize=(3 + 1.2 * n, 2.5 + 1.0 * n), dpi=100)
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
            ((x0 + x1) / 2 + 0.08 * (y1 - y0), (y0 + y1) / 2 - 0.08 * (x1 - x0)),
            color=color,
            ha="center",
            fontsize=9,
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
    order = " → ".join(data["order"]) or "-"
    title = f"order: {order}"
    for cycle in data["cycles"]:
        title += "\ncycle (timestamp order): " + " → ".join([*cycle, cycle[0]])
    ax.set_title(title, fontsize=9, color="tab:red" if data["cycles"] else "black")
    ax.set_xlim(-1.6, 1.6)
    ax.set_ylim(-1.5, 1.5)
    fig.savefig(out, format=fmt, bbox_inches="tight")
    plt.close(fig)


@click.command("graph")
@click.argument("file", type=click.Path(dir_okay=False, path_type=str))
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True)
@click.option(
    "-o",
    "--output",
    "out",
    type=click.Path(dir_okay=False, path_type=str),
    default=None,
    help="Write to this file (required for png and svg).",
)
def graph(file: str, fmt: str, out: str | None) -> None:
    """Draw the dependency graph of the passive abilities of scenario FILE (A-DEP, A-ORDER-1)."""
    import json

    from model.format.scenario import parse_file
    from solver import dependency_view, engine

    result = engine.run(parse_file(file))
    state = result.state
    if fmt in ("png", "svg"):
        if out is None:
            raise click.UsageError(f"--format {fmt} needs -o FILE")
        try:
            draw(dependency_view.graph_json(state), fmt, out)
        except OSError as exc:
            raise click.ClickException(f"cannot write {out}: {exc.strerror}") from exc
        return
    if fmt == "json":
        text = json.dumps(dependency_view.graph_json(state), indent=2, ensure_ascii=False) + "\n"
    elif fmt == "dot":
        text = dependency_view.graph_dot(state)
    else:
        text = dependency_view.graph_text(state)
    if out is None:
        click.echo(text, nl=False)
    else:
        try:
            with open(out, "w", encoding="utf-8") as fh:
                fh.write(text)
        except OSError as exc:
            raise click.ClickException(f"cannot write {out}: {exc.strerror}") from exc


command = graph
