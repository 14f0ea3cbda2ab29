"""``arbiter graph FILE``: the dependency graph of the passive abilities in play.

Formats: text (default), json, dot (Graphviz source), png and svg (drawn with
matplotlib). The scenario's steps are resolved first; the graph is that of the
final state. Edges go from the dependent ability to the one it depends on.
"""

from __future__ import annotations

from typing import Any

import click

from arbiter.solver.cli.convention import Output, output_options, say_wrote

FORMATS = ("text", "json", "dot", "png", "svg")


def draw(data: dict[str, Any], fmt: str, out: str) -> None:
    """Draw the graph (nodes by timestamp, cycle edges in red) to ``out`` as png or svg."""
    from arbiter.solver.dependency.draw import save

    save(data, fmt, out)


@click.command("graph")
@click.argument("file", type=click.Path(dir_okay=False, path_type=str))
@output_options(FORMATS)
def graph(file: str, out: Output) -> None:
    """Draw the dependency graph of the passive abilities of scenario FILE (A-DEP, A-ORDER-1)."""
    import json

    from arbiter.model.format.scenario import parse_file
    from arbiter.solver.dependency import view as dependency_view
    from arbiter.solver.engine import runner as engine

    result = engine.run(parse_file(file))
    state = result.state
    if out.format in ("png", "svg"):
        path = out.file_for(out.format)
        try:
            draw(dependency_view.graph_json(state), out.format, path)
        except OSError as exc:
            raise click.ClickException(f"cannot write {path}: {exc.strerror}") from exc
        say_wrote(path, "the drawing")
        return
    if out.format == "json":
        text = json.dumps(dependency_view.graph_json(state), indent=2, ensure_ascii=False) + "\n"
    elif out.format == "dot":
        text = dependency_view.graph_dot(state)
    else:
        text = dependency_view.graph_text(state)
    out.write(text)


command = graph
