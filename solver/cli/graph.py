"""``arbiter graph FILE``: the dependency graph of the passive abilities in play.

Formats: text (default), json, dot (Graphviz source), png and svg (drawn with
matplotlib). The scenario's steps are resolved first; the graph is that of the
final state. Edges go from the dependent ability to the one it depends on.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import click

from arbiter.solver.cli.convention import Output, output_options

FORMATS = ("text", "json", "dot", "png", "svg")


def draw(data: dict[str, Any], fmt: str) -> bytes:
    """The graph drawn (nodes by timestamp, cycle edges in red) as png or svg bytes."""
    from arbiter.solver.dependency.draw import save

    return save(data, fmt)


@click.command("graph")
@click.argument("file", type=click.Path(dir_okay=False, path_type=str))
@output_options(FORMATS)
def graph(file: str, out: Output) -> None:
    """Draw the dependency graph of the passive abilities of scenario FILE (A-DEP, A-ORDER-1)."""
    from arbiter.model.format.scenario import parse_file
    from arbiter.solver import limits
    from arbiter.solver.cli.escaping import json_text, terminal
    from arbiter.solver.dependency import view as dependency_view
    from arbiter.solver.engine import runner as engine
    from arbiter.solver.engine.options import RunOptions
    from arbiter.solver.safe_output import check_target

    if out.path is not None:  # a path that cannot be written is refused before any work
        drawn = out.format in ("png", "svg")
        check_target(out.path, [file], (f".{out.format}",) if drawn else ())
    limits.start(RunOptions().time_limit)  # the whole command, as `run` by default
    result = engine.run(parse_file(file))
    state = result.state
    out = replace(out, inputs=(file,))
    if out.format in ("png", "svg"):
        out.write(draw(dependency_view.graph_json(state), out.format), "the drawing")
        return
    if out.format == "json":
        text = json_text(dependency_view.graph_json(state), indent=2) + "\n"
    elif out.format == "dot":
        text = terminal(dependency_view.graph_dot(state))
    else:
        text = terminal(dependency_view.graph_text(state))
    out.write(text)


command = graph
