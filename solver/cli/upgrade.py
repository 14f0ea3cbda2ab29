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
    from arbiter.model.effects.rewrite import upgrade_text
    from arbiter.model.format.cardset import TOP_KEYS, load_cardset
    from arbiter.model.format.document import load, read_text
    from arbiter.model.format.loop_input import load_for_loops

    for name in files:
        text = read_text(name)
        root = load(name, text).root
        if isinstance(root, dict) and "objects" in root:
            from arbiter.model.format.scenario import parse_file

            parse_file(name)  # bad input is refused (exit 2) even though nothing changes
            click.echo(f"{name}: a scenario: its steps are the same in format 1 and 2")
            continue
        # bad input is refused before anything is written (a loops card set has more keys)
        if isinstance(root, dict) and set(root) - TOP_KEYS:
            load_for_loops(name, text)
        else:
            load_cardset(name, text)
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
