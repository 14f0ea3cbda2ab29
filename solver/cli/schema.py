"""``arbiter schema [--cardset]``: the JSON Schema of scenario and card-set files."""

from __future__ import annotations

import click

from arbiter.solver.cli.output import emit_json


@click.command("schema")
@click.option("--cardset", is_flag=True, help="The schema of card-set files (arbiter check).")
def command(cardset: bool) -> None:
    """Print the JSON Schema of scenario and card-set files."""
    from arbiter.model.format.schema import build_schema

    if cardset:
        from arbiter.model.format.areas import OBJECT_KEY_PARSERS
        from arbiter.model.format.cardset_schema import build_cardset_schema

        emit_json(build_cardset_schema(sorted(OBJECT_KEY_PARSERS)))
        return
    emit_json(build_schema())
