"""``arbiter describe FILE [CARD]``: each card's abilities in plain English, built from
the card language (``model.effects.describe``), so a designer sees how arbiter
understood a card. A format 1 file is read by upgrading it in memory (a one-line note)."""

from __future__ import annotations

import click


def describe_cards(file: str, card: str | None) -> list[dict[str, object]]:
    """Per card: id, name, kind, text, the English of every ability, and what is not
    modelled (keys the card language does not read; abilities the engine does not run)."""
    from arbiter.model.effects.describe import ability
    from arbiter.model.errors import InputError
    from arbiter.model.format.cardset import load_cardset

    cs = load_cardset(file)
    if card is not None and card not in cs.cards:
        raise InputError(f"{file}: expected a card id of the set, got '{card}'")
    out: list[dict[str, object]] = []
    for c in cs.cards.values():
        if card is not None and c.id != card:
            continue
        lines = [ability(ab) for ab in c.abilities]
        out.append(
            {
                "id": c.id,
                "name": c.name,
                "kind": c.kind,
                "text": c.text,
                "keywords": sorted(c.template.features),
                "abilities": lines,
                "not_modelled": list(c.unmodelled),
                "described_only": list(c.described_only),
            }
        )
    return out


@click.command("describe")
@click.argument("file", type=click.Path(dir_okay=False, path_type=str))
@click.argument("card", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print the descriptions as JSON.")
def command(file: str, card: str | None, as_json: bool) -> None:
    """Render the cards of a card-set FILE (or one CARD) as plain English."""
    from arbiter.model.effects.rewrite import v1_note
    from arbiter.model.format.cardset import load_cardset
    from arbiter.solver.cli.output import emit_json

    note = v1_note(load_cardset(file).upgraded)
    if note:
        click.echo(note, err=True)
    cards = describe_cards(file, card)
    if as_json:
        emit_json({"file": file, "cards": cards})
        return
    for c in cards:
        keywords = c["keywords"]
        kw = ", ".join(keywords) if isinstance(keywords, list) else ""
        click.echo(f"{c['name']} ({c['kind']})" + (f" — {kw}" if kw else ""))
        for line in c["abilities"]:  # type: ignore[attr-defined]
            click.echo(f"  {line}")
        if not c["abilities"] and not kw:
            click.echo("  (no abilities)")
        for key in c["not_modelled"]:  # type: ignore[attr-defined]
            click.echo(f"  [not in the card language yet: {key}]")
        for ident in c["described_only"]:  # type: ignore[attr-defined]
            click.echo(f"  [{ident}: arbiter check does not analyse it yet]")
