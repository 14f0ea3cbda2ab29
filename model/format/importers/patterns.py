"""The pattern library: a line of card text read with the phrase forms of ``forms``.

A line is *modelled* when the chosen reading renders back to the line itself (see
``clauses.describe``); otherwise it stays opaque. The grammar of one import knows the
pool's tags and subtypes (``phrases``) and the game's keywords (``keywords``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from dataclasses import dataclass

from arbiter.model.format.importers import forms_lexical as lexical
from arbiter.model.format.importers import forms_more as more
from arbiter.model.format.importers import phrases_more
from arbiter.model.format.importers.clauses import Action, Form, Node, Shape, Word, WordKind
from arbiter.model.format.importers.forms import (
    BODY,
    BVP,
    BVPS,
    CLAUSE,
    CLAUSES,
    COND,
    COST_ITEMS,
    COSTS,
    LINE,
    MODES,
    PHASE,
    RBMODES,
    SENTENCE,
    STATIC,
    TRIGGER,
    VP,
    VPS,
    WOULD,
)
from arbiter.model.format.importers.grammar import Grammar
from arbiter.model.format.importers.keywords import KeywordKind, KeywordTable
from arbiter.model.format.importers.phrases import Phrases
from arbiter.model.format.importers.sources import Game

# The longest line the grammar reads (characters, reminder text removed). Printed lines
# of both games stay under 240; parsing time grows with the cube of the length, so a
# longer line is left opaque rather than read slowly.
MAX_LINE = 320


@dataclass(frozen=True, slots=True)
class Reading:
    """What a line was read as; ``modelled`` when its rendering is the line."""

    node: Node | None
    rendering: str
    modelled: bool


class LineParser:
    """The grammar of one import (it knows the pool's tags and the game's keywords)."""

    def __init__(self, game: Game, tags: Collection[str]) -> None:
        self.game = game
        self.keywords = KeywordTable(game)
        self.phrases = ph = Phrases(self.keywords, tags)
        g = self.grammar = Grammar()
        lexical.register(g, ph, with_subject)  # before the specific forms of the same kinds
        for kind, forms in (
            ("line", LINE),
            ("modes", MODES),
            ("rbmodes", RBMODES),
            ("body", BODY),
            ("sentence", SENTENCE),
            ("clauses", CLAUSES),
            ("clause", [*CLAUSE, *with_subject(CLAUSE)]),
            ("trigger", TRIGGER),
            ("phase", PHASE),
            ("cond", COND),
            ("cost", COST_ITEMS),
            ("costs", COSTS),
            ("static", STATIC),
            ("would", WOULD),
            ("vp", VP),
            ("vps", VPS),
            ("bvp", BVP),
            ("bvps", BVPS),
        ):
            g.add(kind, forms)
        for kind, forms in more.FORMS.items():  # after the first forms of each type
            g.add(kind, forms)
        g.add_base("sel", phrases_more.selector(ph))
        g.add_base("number", ph.number)
        g.add_base("ordinal", ph.ordinal)
        g.add_base("state", ph.state)
        g.add_base("signed", ph.signed)
        g.add_base("icons", ph.icons)
        g.add_base("kw", ph.keyword)
        g.add_base("status", ph.status)
        g.add_base("dur", ph.duration)
        g.add_base("place", ph.place)
        g.add_base("name", ph.name)
        g.add_base("kwline", self._kwline)
        g.add_base("permission", self._kind_kw(KeywordKind.PERMISSION, KeywordKind.DEPENDENT))
        g.add_base("trigkw", self._kind_kw(KeywordKind.TRIGGER))
        g.add_base("depkw", self._kind_kw(KeywordKind.DEPENDENT))
        g.add_base("actkw", self._kind_kw(KeywordKind.ACTION))
        g.add_base("statref", self._statref)
        g.add_base("possessive", self._possessive)
        g.add_base("rbtoken", self._rbtoken)
        g.add_base("altoken", self._altoken)
        g.add_base("barekw", phrases_more.bare_keyword(self.keywords))
        g.add_base("tagsel", phrases_more.tag_of(ph))
        g.add_base("events", phrases_more.events)
        g.add_base("barevent", phrases_more.bare_event)
        g.add_base("youverbs", phrases_more.you_verbs)
        g.add_base("ignored", phrases_more.ignored_cost)
        g.add_base("spends", phrases_more.spends)

    # -- base phrases that need the keyword table --------------------------------------

    def _kwline(self, text: str) -> Word | None:
        """A line of keywords: ``[Tank]``, ``[Assault 2]``, ``[Equip] {fury}``,
        ``[[Fleeting]]``, ``[Gigantic]``, separated by spaces or commas."""
        items = re.findall(r"(\[\[[^\]]+\]\]|\[[^\]]+\])((?:\s*\{[^}]+\})*)", text)
        rebuilt = ", ".join(a + b for a, b in items)
        if not items or _loose(rebuilt) != _loose(text):
            return None
        names: list[str] = []
        for printed, cost in items:
            if printed.startswith("[["):
                if self.keywords.status(printed[2:-2]) is None:
                    return None
                names.append(printed[2:-2])
                continue
            kw = self.keywords.lookup(printed[1:-1])
            if kw is None or kw.kind in (KeywordKind.ACTION, KeywordKind.DESCRIPTOR):
                return None
            if kw.kind is KeywordKind.TRIGGER or kw.kind is KeywordKind.DEPENDENT:
                return None
            if cost.strip() and kw.kind is not KeywordKind.COST:
                return None
            names.append(self.keywords.canonical(printed[1:-1]) + (cost and f" {cost.strip()}"))
        return Word(WordKind.KEYWORD, ",".join(names), text)

    def _kind_kw(self, *kinds: KeywordKind) -> Callable[[str], Word | None]:
        def parse(text: str) -> Word | None:
            parts = [p.strip() for p in text.split(",")]
            names = []
            for part in parts:
                m = re.fullmatch(r"\[([^\[\]]+)\]", part)
                kw = self.keywords.lookup(m.group(1)) if m else None
                if kw is None or kw.kind not in kinds or m is None:
                    return None
                names.append(self.keywords.canonical(m.group(1)))
            return Word(WordKind.KEYWORD, ",".join(names), text)

        return parse

    def _statref(self, text: str) -> Word | None:
        m = re.fullmatch(r"(my|its|their|his|her) Might", text)
        if m:
            return Word(WordKind.STAT, f"{m.group(1)}:might", text)
        m = re.fullmatch(r"(my|its) \[(Assault|Shield|Deflect)\]", text)
        return Word(WordKind.STAT, f"{m.group(1)}:{m.group(2)}", text) if m else None

    def _possessive(self, text: str) -> Word | None:
        owner = {"my": "self", "its": "it", "their": "them", "a": "any"}.get(text.lower())
        return None if owner is None else Word(WordKind.NAME, owner, text)

    def _rbtoken(self, text: str) -> Word | None:
        m = re.fullmatch(
            r"(a|an|one|two|three|four|\d+) (ready )?(\d+) \{might\} ([A-Z][A-Za-z' ]*?) "
            r"unit tokens?( with \[[^\[\]]+\])?( exhausted)?",
            text,
        )
        if m and not (m.group(2) and m.group(6)):
            n = _count(m.group(1))
            extra = "".join(f", {x.strip()}" for x in (m.group(2), m.group(6)) if x is not None)
            extra += f", with {m.group(5).strip()[5:]}" if m.group(5) else ""
            if m.group(5) and self.phrases.keyword(m.group(5).strip()[5:]) is None:
                return None
            return Word(WordKind.TOKEN, f"{n} x {m.group(4)} unit, might {m.group(3)}{extra}", text)
        m = re.fullmatch(
            r"(a|an|one|two|three|four|\d+) ([A-Z][A-Za-z']*) gear tokens?( exhausted)?", text
        )
        if m:
            entry = ", exhausted" if m.group(3) else ""
            return Word(WordKind.TOKEN, f"{_count(m.group(1))} x {m.group(2)} gear{entry}", text)
        return None

    def _altoken(self, text: str) -> Word | None:
        m = re.fullmatch(r"(a|an|one|two|three) (\[[^\]]+\]) ([A-Z][A-Za-z]*) tokens?", text)
        if not m:
            return None
        spec = self.phrases.altered_token(m.group(2))
        if spec is None or self.phrases.tag(m.group(3)) is None:
            return None
        return Word(WordKind.TOKEN, f"{_count(m.group(1))} x {spec.value} {m.group(3)}", text)

    # -- lines -------------------------------------------------------------------------

    def read(self, text: str, permanent: bool = False) -> Reading:
        """The reading of one line. On a permanent (anything but a spell), a line of
        instructions without a trigger or a cost is a static ability (Riftbound 135.2,
        Altered 2.2.11), and so is a line that changes a cost, on any card: its shape
        says so."""
        reading = self._read(text)
        node = reading.node
        changes_cost = node is not None and Action.COST_CHANGE in node.meanings()
        if (permanent or changes_cost) and node is not None and node.form.meaning is Shape.SPELL:
            static = Form("static-effect", node.form.template, Shape.STATIC, node.form.rules)
            return Reading(Node(static, node.slots), reading.rendering, reading.modelled)
        return reading

    def _read(self, text: str) -> Reading:
        if len(text) > MAX_LINE:
            return Reading(None, "", False)  # too long to read in bounded time: opaque
        from arbiter.model.format.importers.clauses import describe
        from arbiter.model.format.importers.text import squash

        body = text.strip().rstrip(".").strip()
        body = body.replace(" \u2014 ", " - ").replace("\u2014", " - ")
        node = self.grammar.parse("line", body) if body else None
        if not isinstance(node, Node):
            return Reading(None, "", False)
        rendering = describe(node)
        return Reading(node, rendering, squash(rendering) == squash(body))


def third_person(verb: str) -> str:
    """``draw`` → ``draws``, ``banish`` → ``banishes``, ``ready`` → ``readies``."""
    if verb.endswith(("s", "sh", "ch", "x")):
        return verb + "es"
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def with_subject(forms: list[Form]) -> list[Form]:
    """Each instruction ("draw 1", "kill {t}") also read with a player or object doing
    it ("its controller draws 1", "each player kills {t}"): the same action, by the
    subject in slot ``by``."""
    out = []
    for form in forms:
        m = re.match(r"([a-z]+)( .*)?$", form.template)
        if not m or m.group(1) in {"you", "if", "then"} or "{by:" in form.template:
            continue
        rest = m.group(2) or ""
        template = "{by:sel} " + third_person(m.group(1)) + rest
        out.append(Form(form.name + "-by", template, form.meaning, form.rules))
    return out


def _count(word: str) -> int:
    from arbiter.model.format.importers.phrases import NUMBERS

    return int(word) if word.isdigit() else NUMBERS[word.lower()]


def _loose(text: str) -> str:
    return re.sub(r"[\s,]+", " ", text).strip().lower()
