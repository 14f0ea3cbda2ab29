"""``arbiter graph FILE``: the dependency graph of the passive abilities in play.

Formats: text (default), json, dot (Graphviz source), png and svg (drawn with
matplotlib). The scenario's steps are resolved first; the graph is that of the
final state. Edges go from the dependent ability to the one it depends on.
"""

from __future__ import annotations

from typing import Any

import click

FORMATS = ("text", "json", "dot", "png", "svg")


def draw(data: dict[str, Any], fmt: str) -> bytes:
    """The graph drawn (nodes by timestamp, cycle edges in red) as png or svg bytes."""
    from arbiter.solver.dependency.draw import save

    return save(data, fmt)


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
    from arbiter.model.format.scenario import parse_file
    from arbiter.solver import limits
    from arbiter.solver.cli.escaping import json_text, say_replaced, terminal
    from arbiter.solver.dependency import view as dependency_view
    from arbiter.solver.engine import runner as engine
    from arbiter.solver.engine.options import RunOptions
    from arbiter.solver.safe_output import check_target, write_report

    if fmt in ("png", "svg") and out is None:
        raise click.UsageError(f"--format {fmt} needs -o FILE")
    if out is not None:  # a path that cannot be written is refused before any work
        check_target(out, [file], (f".{fmt}",) if fmt in ("png", "svg") else ())
    limits.start(RunOptions().time_limit)  # the whole command, as `run` by default
    result = engine.run(parse_file(file))
    state = result.state
    if fmt in ("png", "svg"):
        assert out is not None
        if write_report(out, draw(dependency_view.graph_json(state), fmt), [file]):
            say_replaced(out)
        return
    if fmt == "json":
        text = json_text(dependency_view.graph_json(state), indent=2) + "\n"
    elif fmt == "dot":
        text = terminal(dependency_view.graph_dot(state))
    else:
        text = terminal(dependency_view.graph_text(state))
    if out is None:
        click.echo(text, nl=False)
    elif write_report(out, text, [file]):
        say_replaced(out)


command = graph
