"""The matcher: a phrase template against a piece of text, slots parsed by their type.

A template is literal words and ``{name:type}`` slots (``{t:sel}``); any other brace
(``{might}``, ``{J}``) is literal text; a ``(a|b)`` group is alternative wordings of
the one form (``alternatives``). Matching is exact up
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


# Words whose number or person changes with the subject or the count, and nothing else:
# a form written with one of them also reads the other ("gains 1 boost" and "gain 2
# boosts"). The meaning of a form never depends on the agreement: counts are slots.
AGREEMENT = {
    "boost": "boosts",
    "counter": "counters",
    "point": "points",
    "rune": "runes",
    "card": "cards",
    "token": "tokens",
    "gains": "gain",
    "gets": "get",
    "has": "have",
    "loses": "lose",
    "deals": "deal",
    "draws": "draw",
    "attacks": "attack",
    "defends": "defend",
    "dies": "die",
    "moves": "move",
    "conquers": "conquer",
    "holds": "hold",
    "enters": "enter",
    "switches": "switch",
    "costs": "cost",
    "scores": "score",
    "is": "are",
    "sacrifices": "sacrifice",
    "discards": "discard",
    "puts": "put",
    "chooses": "choose",
    "channels": "channel",
}
_SWAP = {**AGREEMENT, **{v: k for k, v in AGREEMENT.items()}}
# "(score|gain)" or "({p:sel} |)" in a template: alternative wordings of one form, each
# read the same way (a missing slot is the form's default, e.g. "you")
_CHOICE = re.compile(r"\(([^()]*\|[^()]*)\)")


def alternatives(form: Form) -> list[Form]:
    """The form once for each choice of its ``(a|b)`` groups, in the order written."""
    m = _CHOICE.search(form.template)
    if m is None:
        return [form]
    out = []
    for choice in m.group(1).split("|"):
        template = form.template[: m.start()] + choice + form.template[m.end() :]
        out.extend(alternatives(Form(form.name, template, form.meaning, form.rules)))
    return out


_WORD = re.compile(r"[A-Za-z]+")


def agreement(form: Form) -> list[Form]:
    """The form with one agreeing word swapped (singular/plural, third person or not),
    for each such word of its literal text, and with all of them swapped."""
    parts = _SLOT.split(form.template)  # literal, name, type, literal, name, type, ...
    literal_words = [
        (i, m) for i in range(0, len(parts), 3) for m in _WORD.finditer(parts[i])
        if m.group(0).lower() in _SWAP
    ]  # fmt: skip
    if not literal_words:
        return []

    def swapped(chosen: list[tuple[int, re.Match[str]]]) -> Form:
        out = list(parts)
        for i in sorted({i for i, _ in chosen}):
            text, shift = parts[i], 0
            for j, m in chosen:
                if j != i:
                    continue
                word = _SWAP[m.group(0).lower()]
                word = word.capitalize() if m.group(0)[0].isupper() else word
                text = text[: m.start() + shift] + word + text[m.end() + shift :]
                shift += len(word) - len(m.group(0))
            out[i] = text
        template = "".join(
            out[k] if k % 3 == 0 else ("{" + out[k] + ":" + out[k + 1] + "}" if k % 3 == 1 else "")
            for k in range(len(out))
        )
        return Form(form.name, template, form.meaning, form.rules)

    variants = [swapped([w]) for w in literal_words]
    if len(literal_words) > 1:
        variants.append(swapped(literal_words))
    return variants


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
        """Add forms, each followed by its agreement variants (``agreement``)."""
        table = self.forms.setdefault(kind, [])
        known = {f.template for f, _ in table}
        for form in (alt for written in forms for alt in alternatives(written)):
            for variant in (form, *agreement(form)):
                if variant.template not in known:
                    known.add(variant.template)
                    table.append((variant, pieces(variant.template)))

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
