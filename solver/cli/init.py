"""``arbiter init [FOLDER]``: a card set and a scenario to start from, with the editors'
schemas beside them and the ``# yaml-language-server: $schema=`` modeline that points
editors at them (docs/format.md, "Editors"). Never writes over an existing file."""

from __future__ import annotations

import json
import os

import click

MODELINE = "# yaml-language-server: $schema={path}\n"

CARDS = """\
title: My first card set
ruleset: {ruleset}
cards:
  squire:
    name: Squire
    kind: character
    text: "A brave young squire."
    base: {{attack: 2, defense: 2}}
  sharpen:
    name: Sharpen
    kind: spell
    text: "Target ally character gets +1 attack."
    roles: {{ally: {{kind: character, side: ally}}}}
    effect:
      - modify: {{target: ally, stat: attack, op: add, value: 1}}
"""

SCENARIO = """\
title: The squire sharpened
ruleset: {ruleset}
players: [you, opponent]
objects:
  squire: {{owner: you, kind: character, base: {{attack: 2, defense: 2}}}}
steps:
  - modify: {{target: squire, stat: attack, op: add, value: 1, source: sharpen}}
expect:
  squire.attack: 3
"""

RULESETS = ("eredan", "berserk")  # the rulesets whose characters have attack and defense


@click.command("init")
@click.argument("folder", default=".", type=click.Path(file_okay=False, path_type=str))
@click.option(
    "--ruleset",
    type=click.Choice(RULESETS),
    default="eredan",
    show_default=True,
    help="The ruleset of the card set and the scenario.",
)
def command(folder: str, ruleset: str) -> None:
    """Scaffold a card set and a scenario in FOLDER, with schemas for editors."""
    from arbiter.model.format.editor_schema import build
    from arbiter.solver.cli.convention import say_wrote, write_file

    files = {
        os.path.join("schemas", "cardset.schema.json"): _json(build("cardset")),
        os.path.join("schemas", "scenario.schema.json"): _json(build("scenario")),
        "cards.yaml": MODELINE.format(path="schemas/cardset.schema.json")
        + CARDS.format(ruleset=ruleset),
        "scenario.yaml": MODELINE.format(path="schemas/scenario.schema.json")
        + SCENARIO.format(ruleset=ruleset),
    }
    taken = [name for name in files if os.path.lexists(os.path.join(folder, name))]
    if taken:
        raise click.UsageError(
            f"will not write over {', '.join(os.path.join(folder, t) for t in taken)}"
        )
    try:
        os.makedirs(os.path.join(folder, "schemas"), exist_ok=True)
    except OSError as exc:
        raise click.UsageError(f"cannot create {folder}: {exc.strerror}") from None
    for name, text in files.items():
        path = os.path.join(folder, name)
        write_file(path, text)
        say_wrote(path)
    click.echo(
        f"next: arbiter check {os.path.join(folder, 'cards.yaml')}; "
        f"arbiter run {os.path.join(folder, 'scenario.yaml')}"
    )


def _json(data: object) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
