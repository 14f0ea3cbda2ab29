"""The matcher: a phrase template against a piece of text, slots parsed by their type.

A template is literal words and ``{name:type}`` slots (``{t:sel}``); any other brace
(``{might}``, ``{J}``) is literal text. Matching is exact up
to letter case and backtracks over every split of the text between literals, so a
slot takes exactly the words that its own parser reads completely. Results are
memoised per (type, text): a line is parsed in polynomial time.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from arbiter.model.format.importers.clauses import Form, Node, Value

SlotParser = Callable[[str], Value | None]

_SLOT = re.compile(r"\{([a-z_]+):([a-z_]+)\}")


@dataclass(frozen=True, slots=True)
class Piece:
    literal: str  # "" for a slot
    slot: str = ""
    kind: str = ""


def pieces(template: str) -> tuple[Piece, ...]:
    out: list[Piece] = []
    pos = 0
    for m in _SLOT.finditer(template):
        if m.start() > pos:
            out.append(Piece(template[pos : m.start()]))
        out.append(Piece("", m.group(1), m.group(2)))
        pos = m.end()
    if pos < len(template):
        out.append(Piece(template[pos:]))
    return tuple(out)


def render_template(template: str) -> str:
    """The template as rendered: slot types dropped (``{target:sel}`` → ``{target}``)."""
    return _SLOT.sub(lambda m: "{" + m.group(1) + "}", template)


class Grammar:
    """Forms grouped by slot type; ``parse(kind, text)`` reads ``text`` completely as a
    ``kind`` or returns None. Base types (selectors, words) are plain functions."""

    def __init__(self) -> None:
        self.forms: dict[str, list[tuple[Form, tuple[Piece, ...]]]] = {}
        self.base: dict[str, SlotParser] = {}
        self._memo: dict[tuple[str, str], Value | None] = {}

    def add(self, kind: str, forms: Sequence[Form]) -> None:
        for form in forms:
            self.forms.setdefault(kind, []).append((form, pieces(form.template)))

    def add_base(self, kind: str, parser: SlotParser) -> None:
        self.base[kind] = parser

    def parse(self, kind: str, text: str) -> Value | None:
        text = text.strip()
        key = (kind, text)
        if key in self._memo:
            return self._memo[key]
        self._memo[key] = None  # a left-recursive attempt on the same text fails
        result: Value | None = None
        if not text:
            result = None
        elif kind in self.base:
            result = self.base[kind](text)
        else:
            for form, ps in self.forms.get(kind, []):
                slots = next(self._match(ps, 0, text, 0), None)
                if slots is not None:
                    clean = Form(
                        form.name, render_template(form.template), form.meaning, form.rules
                    )
                    result = Node(clean, tuple(slots))
                    break
        self._memo[key] = result
        return result

    def _match(
        self, ps: tuple[Piece, ...], i: int, text: str, pos: int
    ) -> Iterator[list[tuple[str, Value]]]:
        if i == len(ps):
            if pos == len(text):
                yield []
            return
        piece = ps[i]
        if piece.literal:
            end = pos + len(piece.literal)
            if text[pos:end].lower() == piece.literal.lower():
                yield from self._match(ps, i + 1, text, end)
            return
        if i + 1 == len(ps):
            ends = [len(text)]
        else:
            lit = ps[i + 1].literal.lower()
            low = text.lower()
            ends = []
            at = low.find(lit, pos + 1)
            while at != -1:
                ends.append(at)
                at = low.find(lit, at + 1)
        for end in ends:
            value = self.parse(piece.kind, text[pos:end])
            if value is None:
                continue
            for rest in self._match(ps, i + 1, text, end):
                yield [(piece.slot, value), *rest]
