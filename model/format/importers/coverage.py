"""The import of a pool: each card read line by line, and what was understood.

A card is **full** when every line is modelled, **partial** when some are,
**opaque** when none is, **blank** when it has no ability text (counted apart). A
keyword line is modelled when every keyword on it is one of the rulebook's; a line
of instructions when its reading renders back to the line (``patterns.Reading``).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from arbiter.model.effects.algebra import CardAbility
from arbiter.model.format.importers.clauses import Node
from arbiter.model.format.importers.keywords import KeywordTable
from arbiter.model.format.importers.patterns import LineParser, Reading
from arbiter.model.format.importers.sources import Pool, RawCard
from arbiter.model.format.importers.text import Line, lines_of


class Status(Enum):
    FULL = "full"
    PARTIAL = "partial"
    OPAQUE = "opaque"
    BLANK = "blank"


@dataclass(frozen=True, slots=True)
class ReadLine:
    """A line, the grammar's reading of it, and that reading in the card language: the
    line is modelled only when both are complete (IMP-FULL, IMP-ALGEBRA)."""

    line: Line
    reading: Reading
    abilities: tuple[CardAbility, ...] = ()
    lost: str = ""  # what of the reading has no counterpart in the card language

    @property
    def modelled(self) -> bool:
        return self.reading.modelled and not self.lost

    @property
    def rendering(self) -> str:
        """The card language's English for the line (``arbiter describe``)."""
        from arbiter.model.effects.describe import ability

        return " ".join(ability(ab) for ab in self.abilities)


@dataclass(frozen=True, slots=True)
class ImportedCard:
    raw: RawCard
    lines: tuple[ReadLine, ...]
    keywords: tuple[tuple[str, int | bool], ...]  # features from keyword lines

    @property
    def status(self) -> Status:
        if not self.lines:
            return Status.BLANK
        done = sum(1 for r in self.lines if r.modelled)
        if done == len(self.lines):
            return Status.FULL
        return Status.PARTIAL if done else Status.OPAQUE

    @property
    def not_modelled(self) -> list[str]:
        return [r.line.printed for r in self.lines if not r.modelled]


def _keywords_of(
    card_lines: Iterable[ReadLine], table: KeywordTable
) -> list[tuple[str, int | bool]]:
    """Named features of a card: the keywords of its keyword lines (a number when printed
    with one, e.g. Assault 2; Tough X is a flag)."""
    out: dict[str, int | bool] = {}
    for r in card_lines:
        node = r.reading.node
        if not r.modelled or node is None or not node.form.name.startswith("keywords"):
            continue
        # a keyword printed without brackets is the whole line ("Ganking")
        bare = [r.line.text.strip().rstrip(".")]
        for item in re.findall(r"\[\[?([^\[\]]+)\]?\]", r.line.text) or bare:
            name, number = table.split(item)
            canon = table.canonical(name)
            out[canon] = int(number) if number.isdigit() else True
    return sorted(out.items())


def converted(line: Line, reading: Reading, spell: bool) -> ReadLine:
    """The line with its reading converted into the card language, or what was lost."""
    from arbiter.model.format.importers.to_abilities import abilities, written
    from arbiter.model.format.importers.to_effects import Lost

    if not reading.modelled or reading.node is None:
        return ReadLine(line, reading)
    try:
        return ReadLine(line, reading, written(abilities(reading.node, spell)))
    except Lost as lost:
        return ReadLine(line, reading, lost=lost.what)


def import_card(card: RawCard, parser: LineParser) -> ImportedCard:
    read = []
    for line in lines_of(card):
        # a line of reminder text only says nothing beyond the rules: it is modelled
        permanent = card.kind != "spell"
        reading = parser.read(line.text, permanent) if line.text else Reading(None, "", True)
        read.append(converted(line, reading, spell=not permanent))
    return ImportedCard(card, tuple(read), tuple(_keywords_of(read, parser.keywords)))


def import_pool(pool: Pool, sets: Sequence[str] = ()) -> list[ImportedCard]:
    """Every card of the pool (of ``sets`` when given), read with one grammar that knows
    the pool's tags and subtypes."""
    wanted = {s.upper() for s in sets}
    cards = [c for c in pool.cards if not wanted or c.set_code in wanted]
    tags = {t for c in pool.cards for t in c.tags}
    parser = LineParser(pool.game, tags)
    return [import_card(c, parser) for c in cards]


# -- the report ---------------------------------------------------------------------------

_GENERAL = [
    (re.compile(r"\{(\d+|X)\}"), "{N}"),
    (re.compile(r"\{(fury|calm|mind|body|chaos|order|rune)\}"), "{rune}"),
    (re.compile(r"(?<![\w{])[+-]?\d+(?![\w}])"), "N"),
]


def phrase_of(sentence: str) -> str:
    """A backlog phrase: the sentence with numbers and icons generalised."""
    out = sentence.strip().rstrip(".")
    for rx, repl in _GENERAL:
        out = rx.sub(repl, out)
    return out


def unparsed_phrases(cards: Iterable[ImportedCard], parser: LineParser) -> Counter[str]:
    """Sentences of opaque lines that the grammar does not read, generalised, with the
    number of cards they occur on."""
    counts: Counter[str] = Counter()
    for card in cards:
        seen: set[str] = set()
        for r in card.lines:
            if r.modelled:
                continue
            for sentence in _sentences(r.line.text):
                if parser.read(sentence).modelled:
                    continue
                seen.add(phrase_of(sentence))
        counts.update(seen)
    return counts


def algebra_backlog(cards: Iterable[ImportedCard]) -> Counter[str]:
    """What the card language lacks: for lines the grammar read completely but could not
    convert, the part without a counterpart (generalised), with the number of lines."""
    return Counter(phrase_of(r.lost) for c in cards for r in c.lines if r.lost)


def _sentences(text: str) -> list[str]:
    parts = re.split(r"(?<=[.])\s+(?=[A-Z\[{])", text)
    return [p for p in (x.strip() for x in parts) if p]


def unmapped_keywords(cards: Iterable[ImportedCard], table: KeywordTable) -> Counter[str]:
    counts: Counter[str] = Counter()
    for card in cards:
        for r in card.lines:
            for item in re.findall(r"(?<!\[)\[([^\[\]]+)\](?!\])", r.line.text):
                if re.fullmatch(r"[A-Z][A-Za-z' ]* \d+/\d+/\d+|[A-Z0-9]+(_[A-Z0-9]+)+", item):
                    continue  # an Altered token: [Name f/m/w], or a token's id [MANA_MOTH]
                if table.lookup(item) is None:
                    counts[table.split(item)[0]] += 1
            for item in re.findall(r"\[\[([^\[\]]+)\]\]", r.line.text):
                if table.status(item) is None:
                    counts[item] += 1
    return counts


def pattern_hits(cards: Iterable[ImportedCard]) -> Counter[str]:
    hits: Counter[str] = Counter()
    for card in cards:
        for r in card.lines:
            if r.modelled and isinstance(r.reading.node, Node):
                hits.update(r.reading.node.forms())
    return hits


def tally(cards: Sequence[ImportedCard]) -> dict[str, int | float]:
    counts = Counter(c.status for c in cards)
    non_blank = len(cards) - counts[Status.BLANK]
    return {
        "cards": len(cards),
        "full": counts[Status.FULL],
        "partial": counts[Status.PARTIAL],
        "opaque": counts[Status.OPAQUE],
        "blank": counts[Status.BLANK],
        "full_pct": round(100.0 * counts[Status.FULL] / non_blank, 1) if non_blank else 100.0,
        "lines": sum(len(c.lines) for c in cards),
        "lines_modelled": sum(1 for c in cards for r in c.lines if r.modelled),
    }


def build_report(
    pool: Pool, cards: Sequence[ImportedCard], parser: LineParser, backlog: int = 50
) -> dict[str, object]:
    """The content of import-report.json (docs/format.md, "Imported card pools")."""
    per_set = {}
    for code in sorted({c.raw.set_code for c in cards}):
        in_set = [c for c in cards if c.raw.set_code == code]
        per_set[code] = {"name": in_set[0].raw.set_name, **tally(in_set)}
    phrases = unparsed_phrases(cards, parser)
    overall = tally(cards)
    return {
        "game": pool.game.value,
        **overall,
        "per_set": per_set,
        "skipped": [{"index": s.index, "reason": s.reason} for s in pool.skipped],
        "pattern_hits": dict(sorted(pattern_hits(cards).items(), key=lambda kv: (-kv[1], kv[0]))),
        "backlog": [{"phrase": p, "cards": n} for p, n in _ranked(phrases)[:backlog]],
        "algebra_backlog": [
            {"missing": p, "lines": n} for p, n in _ranked(algebra_backlog(cards))[:backlog]
        ],
        "unmapped_keywords": dict(_ranked(unmapped_keywords(cards, parser.keywords))),
        "per_card": [
            {
                "id": c.raw.id,
                "name": c.raw.name,
                "set": c.raw.set_code,
                "kind": c.raw.kind,
                "status": c.status.value,
                "not_modelled": c.not_modelled,
                "lines": [
                    {
                        "text": r.line.printed,
                        "reading": r.reading.rendering,
                        "describe": r.rendering,
                        "modelled": r.modelled,
                        **({"lost": r.lost} if r.lost else {}),
                    }
                    for r in c.lines
                ],
            }
            for c in cards
        ],
    }


def _ranked(counts: Counter[str]) -> list[tuple[str, int]]:
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
