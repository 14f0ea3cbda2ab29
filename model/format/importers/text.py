"""Ability text, normalised and cut into lines.

Normalisation is the same for parsing and for rendering, so that a reading can be
compared with the line it came from:

- Riftbound icons ``:rb_might:`` → ``{might}``, ``:rb_energy_2:`` → ``{2}``,
  ``:rb_rune_fury:`` → ``{fury}``, ``:rb_rune_rainbow:`` → ``{rune}``,
  ``:rb_exhaust:`` → ``{exhaust}``;
- Altered rare-difference marks ``#…#`` are dropped (their text is this card's text),
  empty ``[]`` after "boost" is dropped, no-break spaces become spaces;
- reminder text (in parentheses) is set apart: it restates rules and is never what a
  line says (Riftbound 135.2.d; Altered 1.1.1).

A *line* is one ability: a line of Riftbound text, a paragraph of Altered text (the API
separates them by two spaces); an Altered "Choose one:" keeps its bullets.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from arbiter.model.format.importers.sources import Game, RawCard, Section

_RB_ICON = re.compile(r":rb_([a-z]+)(?:_([a-z0-9]+))?:")
_PARENS = re.compile(r"\s*\(([^()]*)\)")


@dataclass(frozen=True, slots=True)
class Line:
    section: Section
    index: int  # 1-based, per card
    printed: str  # the line as printed (icons normalised), reminders included
    text: str  # what is parsed: reminders removed
    reminders: tuple[str, ...]


def _rb_icon(match: re.Match[str]) -> str:
    kind, arg = match.group(1), match.group(2)
    if kind == "energy" and arg is not None:
        return "{" + arg + "}"
    if kind == "rune" and arg is not None:
        return "{rune}" if arg == "rainbow" else "{" + arg + "}"
    if arg is None:
        return "{" + kind + "}"
    return "{" + f"{kind}_{arg}" + "}"


def normalise(game: Game, text: str) -> str:
    text = text.replace("\u00a0", " ").replace("\u2019", "'").replace("\r", "")
    if game is Game.RIFTBOUND:
        text = _RB_ICON.sub(_rb_icon, text)
    else:
        text = text.replace("#", "").replace("[]", "")
    return text


def strip_reminders(text: str) -> tuple[str, tuple[str, ...]]:
    reminders = tuple(m.group(1).strip() for m in _PARENS.finditer(text))
    stripped = _PARENS.sub("", text)
    return re.sub(r"[ \t]+", " ", stripped).strip(), reminders


def _altered_paragraphs(text: str) -> list[str]:
    parts = [p.strip() for p in re.split(r"\s{2,}|\n+", text) if p.strip()]
    out: list[str] = []
    for part in parts:
        # bullets belong to the "Choose one:" (or "Roll a die:") paragraph before them
        if part.startswith("\u2022") and out and (out[-1].endswith(":") or "\u2022" in out[-1]):
            out[-1] = f"{out[-1]} {part}"
        else:
            out.append(part)
    return out


def _riftbound_paragraphs(text: str) -> list[str]:
    """Lines of Riftbound text; a "Choose one -" (or "…:") line keeps the options that
    follow it (the gallery prints them on the next line, run together)."""
    out: list[str] = []
    for part in (p.strip() for p in text.split("\n")):
        if not part:
            continue
        if out and (out[-1].endswith(" -") or out[-1].endswith(":")):
            out[-1] = f"{out[-1]} {part}"
        else:
            out.append(part)
    return out


def lines_of(card: RawCard) -> list[Line]:
    out: list[Line] = []
    for section in (Section.MAIN, Section.ECHO):
        raw = card.text.get(section, "")
        if not raw or not raw.strip():
            continue
        text = normalise(card.game, raw)
        if card.game is Game.RIFTBOUND:
            paragraphs = _riftbound_paragraphs(text)
        else:
            paragraphs = _altered_paragraphs(text)
        for para in paragraphs:
            stripped, reminders = strip_reminders(para)
            stripped = re.sub(r"\s+([.,:])", r"\1", stripped).strip()
            if not stripped and not reminders:
                continue
            out.append(Line(section, len(out) + 1, para, stripped, reminders))
    return out


def squash(text: str) -> str:
    """The comparison form of a line: case, spacing and the final full stop ignored."""
    text = text.lower().replace("\u2014", "-").replace("\u2013", "-")
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r"\s*([.,:;])", r"\1", text)
    return text.rstrip(". ")
