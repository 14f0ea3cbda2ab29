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
    """Draw the graph (nodes by timestamp, cycle edges in red) to ``out`` as png or svg."""
    from arbiter.solver.dependency.draw import save

    save(data, fmt, out)


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

    from arbiter.model.format.scenario import parse_file
    from arbiter.solver.dependency import view as dependency_view
    from arbiter.solver.engine import runner as engine

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
