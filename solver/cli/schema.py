"""``arbiter schema [--cardset | --loops | --witness]``: the JSON Schemas for editors
(draft-07, with ``$id`` and a description on every key; model/format/editor_schema.py)."""

from __future__ import annotations

import click

from arbiter.solver.cli.convention import Output, output_options


@click.command("schema")
@click.option("--cardset", "kind", flag_value="cardset", help="The schema of card-set files.")
@click.option("--loops", "kind", flag_value="loops", help="The schema of arbiter loops files.")
@click.option(
    "--witness", "kind", flag_value="witness", help="The schema of the witnesses check writes."
)
@output_options(("json",))
def command(kind: str | None, out: Output) -> None:
    """Print the JSON Schema (draft-07, for editors) of scenario files, or of another kind."""
    from arbiter.model.format.editor_schema import build

    out.json(build(kind or "scenario"))
