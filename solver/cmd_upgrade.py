"""``arbiter upgrade FILE…``: rewrite format 1 card-set files as format 2, in place,
keeping their comments (``model.effects.rewrite``). A card the card language cannot yet
say exactly keeps its format 1 keys and is listed."""

from __future__ import annotations

import click


@click.command("upgrade")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=str))
@click.option("--check", is_flag=True, help="Only say what would change; write nothing.")
def command(files: tuple[str, ...], check: bool) -> None:
    """Rewrite format 1 card-set FILES as format 2 in place."""
    from model.effects.rewrite import upgrade_text
    from model.format.cardset import load_cardset
    from model.format.document import read_text

    for name in files:
        text = read_text(name)
        load_cardset(name, text)  # bad input is refused before anything is written
        up = upgrade_text(name, text)
        if up.already:
            click.echo(f"{name}: already format 2")
            continue
        if not check:
            with open(name, "w", encoding="utf-8") as fh:
                fh.write(up.text)
        verb = "would upgrade" if check else "upgraded"
        click.echo(f"{name}: {verb} {len(up.changed)} cards to format 2")
        for key in up.kept:
            click.echo(f"  kept in format 1: {key}")
