"""Diagnostics of imported card pools (``arbiter import``).

``not-modelled`` (info): a line of an imported card that arbiter did not model. It
is reported once per line, so the rest of a check's answer is read knowing what it
could not see: no error is ever inferred from an opaque line.
"""

from __future__ import annotations

from collections.abc import Iterator

from arbiter.solver.check.base import CardIndex, Diagnostic, Severity


def not_modelled(index: CardIndex) -> Iterator[Diagnostic]:
    """A line of an imported card's text that arbiter did not model (info)."""
    for card in sorted(index.cardset.cards.values(), key=lambda c: c.id):
        source = card.area_keys.get("source")
        if not isinstance(source, dict):
            continue
        lines = source.get("not_modelled")
        if not isinstance(lines, list):
            continue
        where = (card.where,) if card.where is not None else ()
        for i, line in enumerate(dict.fromkeys(str(x) for x in lines)):
            yield Diagnostic(
                "not-modelled",
                Severity.INFO,
                (card.id,),
                (f"{card.id}.source.not_modelled[{i}]",),
                ("CHECK-IMPORT",),
                f"{card.id} ({card.name}): line not modelled, not examined: {line}",
                locations=where,
            )
