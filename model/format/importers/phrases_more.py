"""More base phrases for the forms of ``forms_more``: a keyword printed without brackets,
a tag said of a card ("a Mech"), lists of events ("played, discarded, or killed").

Same contract as ``phrases``: each parser reads a whole phrase or returns None, and every
word it accepts has a meaning (a closed vocabulary each).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from arbiter.model.format.importers.clauses import Det, Mod, ModKind, NounPhrase, Word, WordKind
from arbiter.model.format.importers.keywords import KeywordKind, KeywordTable
from arbiter.model.format.importers.phrases import Phrases

# keywords a card has (not actions, triggers or conditions of other lines)
_HELD = (KeywordKind.FLAG, KeywordKind.NUMBER)


def bare_keyword(table: KeywordTable) -> Callable[[str], Word | None]:
    """One keyword printed without its brackets, alone on its line ("Ganking"): the
    keyword's own name, capitalised as the rulebook prints it, nothing else."""

    def parse(text: str) -> Word | None:
        kw = table.lookup(text)
        if kw is None or kw.kind not in _HELD or table.canonical(text) != text:
            return None
        return Word(WordKind.KEYWORD, text, text)

    return parse


def tag_of(phrases: Phrases) -> Callable[[str], Word | None]:
    """A tag said of a card: "a Mech", "an Yordle", plural "Mechs" (after "are")."""

    def parse(text: str) -> Word | None:
        m = re.fullmatch(r"(?:(a|an) )?([A-Z][A-Za-z' ]*)", text)
        if not m:
            return None
        word = phrases.tag(m.group(2))
        name = "" if word is None else str(word.value)
        singular = name.lower() == m.group(2).lower()
        if not name or (m.group(1) is None) == singular:
            return None  # "a Mechs" or a bare singular "Mech": not English
        return Word(WordKind.NAME, name, text)

    return parse


# past participles of events an object undergoes, and the event each names
PARTICIPLES = {
    "played": "played",
    "discarded": "discarded",
    "killed": "dies",  # Riftbound 438: killing an object is its death
    "readied": "readied",
    "recycled": "recycled",
    "chosen": "chosen",
}
# verbs a subject does, after the subject ("I conquer or hold")
VERBS = {"conquer": "conquers", "hold": "holds", "attack": "attacks", "defend": "defends",
         "move": "moves", "die": "dies", "win a combat": "wins-combat"}  # fmt: skip
# the same verbs after a subject in the third person singular ("a unit wins a combat")
_SINGULAR = {"conquers": "conquers", "holds": "holds", "attacks": "attacks",
             "defends": "defends", "moves": "moves", "dies": "dies",
             "wins a combat": "wins-combat"}  # fmt: skip


def events(text: str) -> Word | None:
    """ "played, discarded, or killed", "played or discarded": two or more events."""
    parts = re.split(r", or |, | or ", text)
    rebuilt = (
        " or ".join(parts) if len(parts) == 2 else ", ".join(parts[:-1]) + ", or " + parts[-1]
    )
    if len(parts) < 2 or rebuilt != text or any(p not in PARTICIPLES for p in parts):
        return None
    return Word(WordKind.NAME, ",".join(PARTICIPLES[p] for p in parts), text)


# verbs a player does to an object ("you ready me"); the event each names: to_more._BY_YOU
YOU_VERBS = frozenset({"exhaust", "stun", "ready", "choose", "discard", "recycle", "sacrifice"})


def you_verbs(text: str) -> Word | None:
    """ "ready", "choose or ready": one or two verbs of what you do to an object."""
    parts = text.split(" or ")
    if len(parts) > 2 or any(p not in YOU_VERBS for p in parts) or len(set(parts)) < len(parts):
        return None
    return Word(WordKind.NAME, ",".join(parts), text)


# the part of a cost a card is played without paying (Riftbound 356.1.b.1-2)
IGNORED_COSTS = {"cost": "all", "Energy cost": "energy"}


def ignored_cost(text: str) -> Word | None:
    """ "cost", "Energy cost": what "ignoring its …" leaves unpaid."""
    value = IGNORED_COSTS.get(text)
    return None if value is None else Word(WordKind.NAME, value, text)


# what resources an ability adds may pay for ("use only to play spells", Riftbound 429)
SPENDS = {"play spells": "play_spells", "play gear": "play_gear",
          "use gear abilities": "gear_abilities"}  # fmt: skip


def spends(text: str) -> Word | None:
    """ "play spells", "play gear or use gear abilities": one or two uses."""
    parts = text.split(" or ")
    if len(parts) > 2 or any(p not in SPENDS for p in parts) or len(set(parts)) < len(parts):
        return None
    return Word(WordKind.NAME, ",".join(SPENDS[p] for p in parts), text)


def bare_event(text: str) -> Word | None:
    """One verb of an event, without its subject: "conquer", "hold"."""
    value = VERBS.get(text) or _SINGULAR.get(text)
    return None if value is None else Word(WordKind.NAME, value, text)


def selector(phrases: Phrases) -> Callable[[str], NounPhrase | None]:
    """``phrases.selector``, and two more shapes of it: every object of two types joined
    by "and" ("all units and gear": the objects of either type, as "units or gear"), and
    a Power cost compared ("a card with Power cost {rune}{rune} or more": Riftbound
    Power is the number of power icons of the cost)."""

    def parse(text: str) -> NounPhrase | None:
        found = phrases.selector(text)
        if found is not None:
            return found
        m = re.fullmatch(r"((?:all|each) .+?) and (\w+)", text, re.I)
        if m:
            either = phrases.selector(f"{m.group(1)} or {m.group(2)}")
            if either is not None and either.det in (Det.ALL, Det.EACH) and not either.post:
                noun_text = either.noun_text.replace(" or ", " and ")
                return replace(either, noun_text=noun_text)
        m = re.fullmatch(r"any (\w.*)", text)
        one = phrases.selector(f"a {m.group(1)}") if m else None
        if one is not None and one.det is Det.A:  # "any unit": one, whichever
            return replace(one, det_text="any")
        capped = _cost_capped(phrases, text)
        if capped is not None:
            return capped
        something = _something(text)
        if something is not None:
            return something
        m = re.fullmatch(r"(.+) with (Energy cost|Might) no more than \{?(\d+)\}?", text)
        head = phrases.selector(m.group(1)) if m else None
        if m and head is not None:
            stat = "energy_cost" if m.group(2) == "Energy cost" else "might"
            mod = Mod(ModKind.COMPARE, f"{stat}<={m.group(3)}", text[len(m.group(1)) + 1 :])
            return replace(head, post=(*head.post, mod))
        m = re.fullmatch(r"(.+) with Power cost ((?:\{rune\})+) or (more|less)", text)
        head = phrases.selector(m.group(1)) if m else None
        if m and head is not None and head.noun in ("card", "unit", "spell", "gear"):
            op = ">=" if m.group(3) == "more" else "<="
            bound = m.group(2).count("{rune}")
            mod = Mod(ModKind.COMPARE, f"power_cost{op}{bound}", text[len(m.group(1)) + 1 :])
            return replace(head, post=(*head.post, mod))
        return None

    return parse


# "something that's exhausted": any object in that state (the state words of ``phrases``)
_THATS = {"exhausted": "exhausted", "ready": "ready", "buffed": "buffed", "stunned": "stunned"}


def _something(text: str) -> NounPhrase | None:
    """ "something else that's exhausted": one object of any type (a card, on the board
    since only objects there have these states), other than this card, in that state."""
    m = re.fullmatch(r"something( else)? that's (\w+)", text)
    if m is None or m.group(2) not in _THATS:
        return None
    post = [Mod(ModKind.STATE, _THATS[m.group(2)], f"that's {m.group(2)}")]
    if m.group(1):
        post.insert(0, Mod(ModKind.OTHER, "other", "else"))
    return NounPhrase(Det.A, "", 1, (), "card", "something", tuple(post))


_CAPPED = re.compile(
    r"(.+?) ((?:that costs|costing|with cost) no more than \{(\d+)\})"
    r"( and no more than ((?:\{rune\})+))?( .+)?"
)


def _cost_capped(phrases: Phrases, text: str) -> NounPhrase | None:
    """ "a spell that costs no more than {4} and no more than {rune}", "a unit costing no
    more than {3} … from your trash": an Energy cost, and a Power cost (its icons),
    compared, before what else follows the noun."""
    m = _CAPPED.fullmatch(text)
    if m is None:
        return None
    base = phrases.selector(m.group(1))
    tail = m.group(6) or ""
    full = phrases.selector(m.group(1) + tail) if tail else base
    if base is None or full is None or full.post[: len(base.post)] != base.post:
        return None
    mods = [Mod(ModKind.COMPARE, f"energy_cost<={m.group(3)}", m.group(2))]
    if m.group(4):
        power = m.group(5).count("{rune}")
        mods.append(Mod(ModKind.COMPARE, f"power_cost<={power}", m.group(4).strip()))
    return replace(full, post=(*base.post, *mods, *full.post[len(base.post) :]))
