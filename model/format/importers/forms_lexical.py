"""Lexical forms: one phrase structure whose head is a word of a closed lexicon.

The first grammar had one form per verb ("exhaust {t}", "ready {t}", "sacrifice {t}"),
per copula ("I'm in {M}", "it is [[Asleep]]", "I was [[Fleeting]]") and per quantifier
head ("there are {t}", "you have {t}", "you control {t}"). A card set that uses the same
structure with a word another set did not print needed a new form. Here the structure
is one form and the word is read by a lexicon (a base phrase), so every set that prints
the structure uses the same form: a new set is read as long as its words are in the
lexicon.

Conversion is unchanged: ``lower`` rewrites each lexical node into the node of the
specific form the conversion already knows (same slots, the word decides which), so
the card language receives exactly what the specific forms gave it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from arbiter.model.format.importers.clauses import (
    Det,
    Form,
    Node,
    NounPhrase,
    Value,
    Word,
    WordKind,
)
from arbiter.model.format.importers.clauses import Link as L
from arbiter.model.format.importers.forms import VP
from arbiter.model.format.importers.grammar import Grammar
from arbiter.model.format.importers.phrases import Phrases

# -- lexicons ---------------------------------------------------------------------------

# verbs of one object: the word → the specific form (as an instruction; as a cost; as an
# event "when you <verb> …"). Altered 7.3.10 exhaust, 7.3.18 ready, 7.3.25 sacrifice,
# 7.3.5 discard.
VERBS: dict[str, tuple[str, str | None, str]] = {
    "exhaust": ("exhaust", "exhaust", "you-event"),
    "ready": ("ready", None, "you-event"),
    "sacrifice": ("sacrifice", "sacrifice-sel", "you-sacrifice"),
    "discard": ("discard", "discard-sel", "you-event"),
}

# copulas: the printed word (after the subject) → its tense and polarity; a contraction
# is written onto the subject after an apostrophe ("I'm", "it's")
COPULAS = {
    "is": "is", "are": "is", "am": "is",
    "was": "was", "were": "was",
    "was not": "was-not", "wasn't": "was-not", "were not": "was-not",
}  # fmt: skip
CONTRACTIONS = {"s": "is", "m": "is", "re": "is"}

# an Expedition's standing against the one facing it (Altered 7.5.2)
STANDINGS = ("behind", "ahead")

# heads of a counted noun phrase (a condition on how many objects there are)
HOLDERS = {
    "there are": "there-are",
    "there is": "there-is",
    "you have": "you-have",
    "you control": "you-control",
    "an opponent controls": "opp-controls",
}

# conjunctions of a condition and the effects it governs
CONJUNCTIONS = ("if", "unless")

# playing a card as an effect (Altered 7.3.20); "immediately" only stresses that it is now
PLAY_VERBS = ("play", "immediately play")

# verb phrases without an object, after their subject: the words → the specific form
# (third person, VP; bare, BVP). Altered 7.3.28 switch Expeditions.
INTRANSITIVE = {"switches expeditions": "switches", "switch expeditions": "switch"}

# what an Expedition does, in an event: the words → the specific trigger form
# (Altered 7.3.17 moves forward; 7.5.6 fails to move forward during Dusk)
EXPEDITION_EVENTS = {
    "moves forward": "moves-forward",
    "fails to move forward during dusk": "fails-dusk",
}

# the three regions' terrains (Altered 2.2.4), as ``phrases.place`` reads "in {V}"
_REGIONS = ("forest", "mountain", "water")


def F(name: str, template: str, *rules: str) -> Form:
    return Form(name, template, L.LEXICAL, rules)


# Tried before the specific forms of the same kind (patterns registers them first).
CLAUSE = [
    F("draw-n", "draw {n:cards}", "Altered 7.3.7"),
    F("verb-object", "{v:verb} {t:sel}", "Altered 7.3"),
]
COST_ITEMS = [F("verb-object", "{v:verb} {t:sel}", "Altered 7.1.4")]
TRIGGER = [
    # one verb or two ("you choose or ready me"): phrases_more.YOU_VERBS
    F("you-verb", "you {v:youverbs} {t:sel}", "Altered 7.5", "Riftbound 383.1"),
    F("sel-gains", "{t:sel} gains {g:gained}", "Altered 7.3.12", "Altered 7.3.13"),
    F("expedition-event", "{t:sel} {v:expevent}", "Altered 7.3.17", "Altered 7.5.6"),
]
VERB_PHRASE = [F("intransitive", "{v:intransitive}", "Altered 7.3.28")]
CLAUSE.append(F("play-for", "{v:playverb} {t:sel} for {c:price}", "Altered 7.3.20"))
SENTENCE = [
    F("conj-first", "{j:conj} {k:cond}, {c:sentence}"),
    # the conjunction after the effects is a literal word: a slot there would make every
    # space of the sentence an end of the effects to try (parsing time)
    *(F("conj-after", "{c:clauses} " + word + " {k:cond}") for word in CONJUNCTIONS),
]
COND = [
    F("copula", "{t:subject} {v:copula} {x:predicate}", "Altered 2.4", "Altered 7.5.2"),
    F("copula", "{t:subject}'{v:contraction} {x:predicate}", "Altered 2.4", "Altered 7.5.2"),
    F("counted", "{h:holder} {t:sel}", "Altered 7.5"),
]
# Verb phrases after a bare subject ("I", "you", a plural, "have X") are the verb phrases
# after a third-person subject with the verb in the other person: the same forms, read
# with their agreement variants (``grammar.agreement``), and the same lists of them.
BARE_VERB_PHRASES = [
    Form("vp-and", "{a:bvp} and {b:bvps}", L.SEQUENCE, ()),
    Form("vp", "{a:bvp}", L.SEQUENCE, ()),
]

# "gain 1 boost and [[Fleeting]]" (the verb said once for both): read by the bare forms
_ELLIPTIC = {"gains-boost-status", "gains-boosts-status"}

FORMS: tuple[tuple[str, list[Form]], ...] = (
    ("clause", CLAUSE),
    ("cost", COST_ITEMS),
    ("trigger", TRIGGER),
    ("cond", COND),
    ("sentence", SENTENCE),
    ("vp", VERB_PHRASE),
    ("bvp", VERB_PHRASE),
    ("bvp", [f for f in VP if f.name not in _ELLIPTIC]),
    ("bvps", BARE_VERB_PHRASES),
    ("clauses", [CLAUSE[-1]]),  # "play X for …" was a form of clauses: read there too
)


# -- base phrases -----------------------------------------------------------------------


def verb(text: str) -> Word | None:
    return Word(WordKind.NAME, text.lower(), text) if text.lower() in VERBS else None


def copula(text: str) -> Word | None:
    """The verb "be" after its subject."""
    tense = COPULAS.get(text.lower())
    return None if tense is None else Word(WordKind.NAME, tense, text)


def contraction(text: str) -> Word | None:
    """The verb "be" written onto its subject after an apostrophe ("I'm", "it's")."""
    tense = CONTRACTIONS.get(text.lower())
    return None if tense is None else Word(WordKind.NAME, tense, text)


def lexicon(words: dict[str, str]) -> Callable[[str], Word | None]:
    """A base phrase reading exactly one of ``words`` (any letter case)."""

    def parse(text: str) -> Word | None:
        name = words.get(text.lower())
        return None if name is None else Word(WordKind.NAME, name, text)

    return parse


def conj(text: str) -> Word | None:
    return Word(WordKind.NAME, text.lower(), text) if text.lower() in CONJUNCTIONS else None


def play_verb(text: str) -> Word | None:
    return Word(WordKind.NAME, text.lower(), text) if text.lower() in PLAY_VERBS else None


def price(text: str, icons: Callable[[str], Word | None]) -> Word | None:
    """ "free", "{2} less": what a card played by an effect costs."""
    if text.lower() == "free":
        return Word(WordKind.NAME, "free", text)
    m = re.fullmatch(r"(\S+) less", text)
    found = icons(m.group(1)) if m else None
    return None if found is None else Word(WordKind.ICONS, found.value, text)


def subject(text: str, sel: Callable[[str], Value | None]) -> Value | None:
    """The subject of a condition: a noun phrase, or "its Expedition" (the Expedition of
    the object the trigger is about, Altered 7.5.2)."""
    if text.lower() == "its expedition":
        return NounPhrase(Det.PRONOUN, "", None, (), "its-expedition", text, ())
    return sel(text)


def holder(text: str) -> Word | None:
    name = HOLDERS.get(text.lower())
    return None if name is None else Word(WordKind.NAME, name, text)


def cards(text: str, number: Callable[[str], Word | None]) -> Word | None:
    """ "a card", "two cards": how many cards (a number)."""
    m = re.fullmatch(r"(.+?) cards?", text)
    n = number(m.group(1)) if m else None
    if n is None or not isinstance(n.value, int) or (n.value == 1) != text.endswith("card"):
        return None
    return Word(WordKind.NUMBER, n.value, text)


def gained(
    text: str,
    status: Callable[[str], Word | None],
    number: Callable[[str], Word | None],
    ordinal: Callable[[str], Word | None],
    name: Callable[[str], Word | None],
) -> Word | None:
    """What an object gains, in an event: a status (``[[Fleeting]]``), boosts (``1
    boost``, ``1 or more boosts``) or its Nth counter of a kind (``my third Trial
    counter``); a counter's value is ``boosts:N``, ``boosts:N+`` or ``nth:N:Name``."""
    found = status(text)
    if found is not None:
        return found
    m = re.fullmatch(r"(.+?)( or more)? boosts?", text)
    n = number(m.group(1)) if m else None
    if m and n is not None and isinstance(n.value, int):
        return Word(WordKind.COUNTER, f"boosts:{n.value}{'+' if m.group(2) else ''}", text)
    m = re.fullmatch(r"my (\S+) (.+?) counter", text)
    o, c = (ordinal(m.group(1)), name(m.group(2))) if m else (None, None)
    if o is None or c is None:
        return None
    return Word(WordKind.COUNTER, f"nth:{o.value}:{c.value}", text)


def predicate(
    text: str,
    status: Callable[[str], Word | None],
    place: Callable[[str], Word | None],
    state: Callable[[str], Word | None],
) -> Word | None:
    """What a subject is: a status (``[[Asleep]]``), in a region's terrain (``in {V}``),
    a state (``exhausted``) or an Expedition's standing (``behind``)."""
    if text.lower() in STANDINGS:
        return Word(WordKind.NAME, text.lower(), text)
    found = status(text)
    if found is not None:
        return found
    found = place(text)
    if found is not None:
        return found if found.value in _REGIONS else None
    return state(text)


# -- lowering ---------------------------------------------------------------------------

_COSTS = ("costs", "costs-and", "cost")


def lower(node: Node, cost: bool = False) -> Node:
    """The reading with every lexical node rewritten into its specific form."""
    slots: list[tuple[str, Value]] = []
    for key, value in node.slots:
        if isinstance(value, Node):
            value = lower(value, cost=node.form.name in _COSTS and key == "a")
        slots.append((key, value))
    here = Node(node.form, tuple(slots))
    rewrite = _LOWER.get(node.form.name)
    if rewrite is None:
        return here
    return rewrite(here, cost) or here


def _specific(name: str, node: Node, *extra: tuple[str, Value]) -> Node:
    """The node as the specific form ``name``: the same text (its rendering, e.g. in
    what the conversion says it lost, is the printed words) and the slots that form
    reads, added under that form's names."""
    form = Form(name, node.form.template, node.form.meaning, node.form.rules)
    return Node(form, node.slots + tuple(e for e in extra if e[0] not in dict(node.slots)))


def _slots(node: Node) -> dict[str, Value]:
    return dict(node.slots)


def _verb_object(node: Node, cost: bool) -> Node | None:
    s = _slots(node)
    word = s["v"]
    assert isinstance(word, Word)
    as_clause, as_cost, _ = VERBS[str(word.value)]
    name = as_cost if cost else as_clause
    if name is None:
        return None  # no such cost: the conversion says what it cannot read
    return _specific(name, node)


def _you_verb(node: Node, cost: bool) -> Node | None:
    s = _slots(node)
    word = s["v"]
    assert isinstance(word, Word)
    entry = VERBS.get(str(word.value))  # one verb of the lexicon, or any other: you-event
    return _specific(entry[2] if entry else "you-event", node)


def _draw(node: Node, cost: bool) -> Node | None:
    n = _slots(node)["n"]
    assert isinstance(n, Word)
    suffix = "-by" if "by" in _slots(node) else ""
    one = n.value == 1 and n.text.lower() == "a card"
    return _specific(("draw-card" if one else "draw-cards") + suffix, node)


def _copula(node: Node, cost: bool) -> Node | None:
    s = _slots(node)
    subject, be, what = s["t"], s["v"], s["x"]
    assert isinstance(be, Word) and isinstance(what, Word)
    noun = subject.noun if isinstance(subject, NounPhrase) else ""
    if what.kind is WordKind.STATUS:
        name = {"is": "sel-is-status", "was": "was-status", "was-not": "was-not-status"}
        return _specific(name[str(be.value)], node, ("s", what))
    if be.value != "is":
        return None
    if what.value in STANDINGS:  # "my Expedition is behind", "its Expedition is behind"
        if noun == "its-expedition" and what.value == "behind":
            return _specific("its-behind", node)
        if noun != "my-expedition":
            return None
        return _specific(str(what.value), node)
    if what.kind is WordKind.PLACE:  # "I'm in {M}", "it's in {V}" (Altered 7.5.7)
        if noun == "self":
            return _specific("im-at", node, ("p", what))
        if noun == "it":
            icons = Word(WordKind.ICONS, what.value, what.text.removeprefix("in "))
            return _specific("in-terrain", node, ("i", icons))
        return None
    if noun == "self":  # a state: "I'm exhausted"
        return _specific("im-state", node)
    return _specific("sel-is-state", node)


def _counted(node: Node, cost: bool) -> Node | None:
    s = _slots(node)
    head = s["h"]
    assert isinstance(head, Word)
    return _specific(str(head.value), node)


def _gains(node: Node, cost: bool) -> Node | None:
    what = _slots(node)["g"]
    assert isinstance(what, Word)
    if what.kind is WordKind.STATUS:
        return _specific("gains-status", node, ("s", what))
    parts = str(what.value).split(":")
    if parts[0] == "nth":
        nth = Word(WordKind.NUMBER, int(parts[1]), what.text)
        return _specific(
            "gain-nth-counter", node, ("o", nth), ("c", Word(WordKind.NAME, parts[2], parts[2]))
        )
    more = parts[1].endswith("+")
    n = Word(WordKind.NUMBER, int(parts[1].rstrip("+")), what.text)
    return _specific("gains-boosts" if more else "gains-boost", node, ("n", n))


def _conj(node: Node, cost: bool) -> Node | None:
    """ "if/unless K, C" and "C if/unless K": the specific forms of each conjunction
    ("if" governs a sentence, the others a list of clauses)."""
    s = _slots(node)
    inner = s["c"]
    assert isinstance(inner, Node)
    after = node.form.name == "conj-after"
    word = s["j"].render() if not after else node.form.template.split(" ")[1]
    if word.lower() == "if":
        return _specific("if-after" if after else "if", node)
    if not after:  # "unless" governs clauses: the sentence must be a list of clauses
        if inner.form.name != "clauses":
            return None
        form = Form("unless", node.form.template, node.form.meaning, node.form.rules)
        slots = tuple((k, v if k != "c" else dict(inner.slots)["c"]) for k, v in node.slots)
        return Node(form, slots)
    return _specific("unless-after", node)


def _play_for(node: Node, cost: bool) -> Node | None:
    what = _slots(node)["c"]
    assert isinstance(what, Word)
    if what.kind is WordKind.ICONS:
        return _specific("play-for-less", node, ("i", what))
    return _specific("play-free", node)


def _named(node: Node, cost: bool) -> Node | None:
    """A form whose lexicon word names the specific form (``lexicon``)."""
    word = _slots(node)["v"]
    assert isinstance(word, Word)
    return _specific(str(word.value), node)


_LOWER: dict[str, Callable[[Node, bool], Node | None]] = {
    "verb-object": _verb_object,
    "you-verb": _you_verb,
    "draw-n": _draw,
    "draw-n-by": _draw,
    "copula": _copula,
    "counted": _counted,
    "sel-gains": _gains,
    "conj-first": _conj,
    "conj-after": _conj,
    "play-for": _play_for,
    "expedition-event": _named,
    "intransitive": _named,
}


def register(
    g: Grammar, ph: Phrases, with_subject: Callable[[list[Form]], list[Form]]
) -> None:
    """The lexical forms (and their subject variants, ``with_subject``: the caller's) and
    their lexicons, in grammar ``g`` (before the specific forms: the lexical reading wins
    when both read a text)."""
    for kind, forms in FORMS:
        g.add(kind, [*forms, *with_subject(forms)] if kind == "clause" else forms)
    g.add_base("verb", verb)
    g.add_base("conj", conj)
    g.add_base("expevent", lexicon(EXPEDITION_EVENTS))
    g.add_base("intransitive", lexicon(INTRANSITIVE))
    g.add_base("playverb", play_verb)
    g.add_base("price", lambda text: price(text, ph.icons))
    g.add_base("subject", lambda text: subject(text, lambda t: g.parse("sel", t)))
    g.add_base("copula", copula)
    g.add_base("contraction", contraction)
    g.add_base("holder", holder)
    g.add_base("cards", lambda text: cards(text, ph.number))
    g.add_base("gained", lambda text: gained(text, ph.status, ph.number, ph.ordinal, ph.name))
    g.add_base("predicate", lambda text: predicate(text, ph.status, ph.place, ph.state))
