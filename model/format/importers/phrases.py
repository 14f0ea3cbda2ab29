"""Base phrases: selectors (who), numbers, keywords, statuses, icons, places, tokens.

Each parser reads a whole phrase or returns None; every word it accepts has a meaning
in the vocabulary of ``clauses`` (nothing is skipped). Tags and subtypes are learnt
from the pool being imported (its cards' ``tags`` / ``cardSubTypes``), so an unseen
set's tribes are known without a list here.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass

from arbiter.model.format.importers.clauses import Det, Mod, ModKind, NounPhrase, Word, WordKind
from arbiter.model.format.importers.keywords import KeywordTable

NUMBERS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}
ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5}

# noun (singular) -> its meaning; plurals add s / es
NOUNS = {
    "unit": "unit",
    "gear": "gear",
    "spell": "spell",
    "card": "card",
    "legend": "legend",
    "rune": "rune",
    "battlefield": "battlefield",
    "token": "token",
    "player": "player",
    "opponent": "opponent",
    "character": "character",
    "permanent": "permanent",
    "hero": "hero",
    "landmark": "landmark",
    "expedition": "expedition",
    "mana orb": "mana",
    "champion": "champion",
    "ally": "ally",
    "object": "object",
    "boost": "boost",
    "region": "region",
    "target": "target",
}
PRONOUNS = {
    "me": "self",
    "i": "self",
    "this": "self",
    "myself": "self",
    "it": "it",
    "itself": "it",
    "them": "them",
    "they": "them",
    "that unit": "it",
    "that card": "it",
    "that character": "it",
    "that spell": "it",
    "that gear": "it",
    "your legend": "your-legend",
    "your hero": "your-hero",
    "you": "you",
    "each player": "each-player",
    "each opponent": "each-opponent",
    "an opponent": "an-opponent",
    "your opponent": "an-opponent",
    "your opponents": "opponents",
    "you and each opponent": "each-player",
    "my expedition": "my-expedition",
    "this battlefield": "self",
    "the top card of your deck": "your-deck-top",
    "the top card of their deck": "their-deck-top",
    "its controller": "its-controller",
    "its owner": "its-owner",
    "that player": "that-player",
    "that opponent": "that-opponent",
    "target opponent": "an-opponent",
    "you or an ally": "you-or-ally",
}
SIDES = {
    "friendly": "friendly",
    "enemy": "enemy",
    "your": "yours",
    "an opponent's": "opponents",
    "opponents'": "opponents",
    "your opponents'": "opponents",
    "your opponent's": "opponents",
    "allied": "friendly",
}
STATES = {
    "ready": "ready",
    "exhausted": "exhausted",
    "buffed": "buffed",
    "unbuffed": "unbuffed",
    "damaged": "damaged",
    "undamaged": "undamaged",
    "stunned": "stunned",
    "attacking": "attacking",
    "defending": "defending",
    "token": "token",
    "non-token": "non-token",
    "facedown": "facedown",
    "equipped": "equipped",
    "boosted": "boosted",
    "detached": "detached",
    "attached": "attached",
    "chosen": "chosen",
    "open": "open",
    "occupied": "occupied",
}
PLACES = {
    "here": "here",
    "there": "there",
    "at a battlefield": "battlefield",
    "at my battlefield": "my-battlefield",
    "at that battlefield": "that-battlefield",
    "at another battlefield": "another-battlefield",
    "at the same battlefield": "same-battlefield",
    "in your base": "your-base",
    "in a base": "base",
    "in its base": "its-base",
    "at your base": "your-base",
    "everywhere": "everywhere",
    "in my expedition": "my-expedition",
    "in your expeditions": "your-expeditions",
    "in your expedition": "your-expedition",
    "in target expedition": "target-expedition",
    "in the expedition facing me": "facing-expedition",
    "in my region": "my-region",
    "in play": "play",
    "in your other expedition": "other-expedition",
    "played from reserve": "from-reserve",
    "at battlefields": "battlefields",
    "at the same location": "same-location",
    "anywhere": "anywhere",
    "in combat": "combat",
    "in {v}": "forest",
    "in {m}": "mountain",
    "in {o}": "water",
    "in reserve": "reserve",
    "in the expedition facing it": "facing-expedition",
    "facing me": "facing-me",
}
CONTROLS = {
    "you play": "you-play",
    "you play this turn": "you-play-this-turn",
    "you play from your hand this turn": "you-play-from-hand-this-turn",
    "you play each afternoon": "you-play-each-afternoon",
    "you play this afternoon": "you-play-this-afternoon",
    "they control": "them",
    "your opponents play": "opponents-play",
    "you control": "you",
    "you don't control": "not-you",
    "an opponent controls": "opponent",
    "your opponents control": "opponent",
    "you own": "own",
    "you or allies control": "you-or-allies",
    "played each turn": "played-each-turn",
    "controlled by target player": "target-player",
}
ZONES = {
    "in your reserve": "your-reserve",
    "in reserve": "reserve",
    "in a reserve": "reserve",
    "from your reserve": "your-reserve",
    "in your hand": "your-hand",
    "from your hand": "your-hand",
    "in your trash": "your-trash",
    "from your trash": "your-trash",
    "from trashes": "trashes",
    "in each player's reserve": "each-reserve",
    "in your discard pile": "your-discard",
    "from your discard pile": "your-discard",
    "in your main deck": "your-deck",
    "from their hand": "their-hand",
    "from target expedition": "target-expedition",
    "from your main deck": "your-deck",
    "in an opponent's reserve": "opponent-reserve",
}
DURATIONS = {
    "this turn": "turn",
    "this combat": "combat",
    "until end of turn": "turn",
    "until the end of the turn": "turn",
    "until end of combat": "combat",
    "until the end of the day": "day",
    "until end of day": "day",
    "this afternoon": "afternoon",
}


# icons as printed -> what they stand for (Riftbound 135.2; Altered 7.1)
ICONS = {
    "exhaust": "exhaust-self",
    "T": "exhaust-self",
    "D": "discard-self-from-reserve",
    "V": "forest",
    "M": "mountain",
    "O": "water",
    "rune": "any-rune",
    "might": "might",
}


def _num(word: str) -> int | None:
    word = word.lower()
    if word.isdigit():
        return int(word)
    return NUMBERS.get(word)


@dataclass
class Phrases:
    """The base parsers of one import: they know the pool's keywords and tags."""

    keywords: KeywordTable
    tags: Collection[str]

    def __post_init__(self) -> None:
        tags = sorted({t for t in self.tags if t}, key=len, reverse=True)
        self._tags = {t.lower(): t for t in tags}

    # -- words -------------------------------------------------------------------------

    def number(self, text: str) -> Word | None:
        if text == "X":
            return Word(WordKind.NUMBER, "X", text)
        n = _num(text)
        return None if n is None else Word(WordKind.NUMBER, n, text)

    def signed(self, text: str) -> Word | None:
        m = re.fullmatch(r"([+-])(\d+|X)", text)
        if not m:
            return None
        value: str | int = m.group(0) if m.group(2) == "X" else int(m.group(0))
        return Word(WordKind.NUMBER, value, text)

    def state(self, text: str) -> Word | None:
        value = STATES.get(text.lower())
        return None if value is None else Word(WordKind.NAME, value, text)

    def ordinal(self, text: str) -> Word | None:
        n = ORDINALS.get(text.lower())
        return None if n is None else Word(WordKind.NUMBER, n, text)

    def icons(self, text: str) -> Word | None:
        """Cost icons: ``{2}{fury}``, ``{1}``, ``{rune}``, ``{X}`` (no spaces)."""
        if " or " in text:  # a cost payable either way: "{1} or {rune}"
            left, right = text.split(" or ", 1)
            a, b = self.icons(left), self.icons(right)
            if a is None or b is None:
                return None
            return Word(WordKind.ICONS, f"{a.value}|{b.value}", text)
        found = re.findall(r"\{([a-zA-Z0-9]+)\}", text)
        if not found or "".join("{" + f + "}" for f in found) != text:
            return None
        return Word(WordKind.ICONS, "+".join(ICONS.get(f, f) for f in found), text)

    def keyword(self, text: str) -> Word | None:
        """One keyword or a list: ``[Deflect]``, ``[A] and [B]``, ``[A], [B], and [C]``."""
        names = re.findall(r"\[([^\[\]]+)\]", text)
        rebuilt = _join([f"[{n}]" for n in names])
        if not names or rebuilt.lower() != text.lower():
            return None
        if any(self.keywords.lookup(n) is None for n in names):
            return None
        return Word(WordKind.KEYWORD, ",".join(self.keywords.canonical(n) for n in names), text)

    def status(self, text: str) -> Word | None:
        m = re.fullmatch(r"\[\[([A-Za-z ]+)\]\]", text)
        if not m or self.keywords.status(m.group(1)) is None:
            return None
        return Word(WordKind.STATUS, m.group(1).lower(), text)

    def duration(self, text: str) -> Word | None:
        value = DURATIONS.get(text.lower())
        return None if value is None else Word(WordKind.DURATION, value, text)

    def place(self, text: str) -> Word | None:
        low = text.lower()
        table = {
            **PLACES,
            "to your base": "your-base",
            "to its base": "its-base",
            "to its owner's base": "its-base",
            "to their base": "its-base",
            "to my base": "my-base",
            "to a battlefield": "battlefield",
            "to an open battlefield": "open-battlefield",
            "to my battlefield": "my-battlefield",
            "to this battlefield": "this-battlefield",
            "to or from its base": "base-toggle",
            "to its owner's hand": "owner-hand",
            "to their owner's hand": "owner-hand",
            "to its owner's hands": "owner-hand",
            "to their owners' hands": "owner-hand",
            "to your hand": "your-hand",
            "to reserve": "reserve",
            "to its owner's reserve": "reserve",
            "to discard": "discard",
            "in your companion expedition": "companion-expedition",
            "in your hero expedition": "hero-expedition",
            "in each of your expeditions": "each-expedition",
            "your expeditions": "your-expeditions",
            "my expedition": "my-expedition",
            "in reserve": "reserve",
            "in your reserve": "reserve",
            "in its owner's reserve": "reserve",
            "in its owner's mana zone": "owner-mana",
            "in your mana zone": "your-mana",
            "in my owner's mana zone": "owner-mana",
            "to the top of its owner's deck": "owner-deck-top",
            "on top of its owner's deck": "owner-deck-top",
            "to the bottom of its owner's deck": "owner-deck-bottom",
            "into your hand": "your-hand",
            "in your hand": "your-hand",
            "into your base": "your-base",
            "to reserve from your hand": "reserve-from-hand",
            "to reserve from the expedition zone": "reserve-from-expedition",
            "to reserve from anywhere": "reserve",
            "to my owner's hand": "owner-hand",
            "the expedition zone": "expedition-zone",
            "your landmark zone": "landmark-zone",
            "to here": "here",
            "to that enemy unit's battlefield": "its-battlefield",
            "to an occupied enemy battlefield": "occupied-enemy-battlefield",
            "to open battlefields": "open-battlefield",
            "to base": "base",
            "into your trash": "your-trash",
            "in their mana zone": "their-mana",
            "in your other expedition": "other-expedition",
        }
        value = table.get(low)
        return None if value is None else Word(WordKind.PLACE, value, text)

    def name(self, text: str) -> Word | None:
        """A proper name: capitalised words (a token's name, a counter's name)."""
        if not re.fullmatch(r"[A-Z][A-Za-z'\-]*( [A-Z][A-Za-z'\-]*){0,3}", text):
            return None
        return Word(WordKind.NAME, text, text)

    def altered_token(self, text: str) -> Word | None:
        """``[Ordis Recruit 1/1/1]``: a token's name and statistics."""
        m = re.fullmatch(r"\[([A-Z][A-Za-z' ]*?) (\d+)/(\d+)/(\d+)\]", text)
        if not m:
            return None
        return Word(WordKind.TOKEN, f"{m.group(1)} {m.group(2)}/{m.group(3)}/{m.group(4)}", text)

    def tag(self, text: str) -> Word | None:
        base = self._tag_name(text)
        return None if base is None else Word(WordKind.NAME, base, text)

    def _tag_name(self, text: str) -> str | None:
        low = text.lower()
        if low in self._tags:
            return self._tags[low]
        for suffix in ("es", "s"):
            if low.endswith(suffix) and low[: -len(suffix)] in self._tags:
                return self._tags[low[: -len(suffix)]]
        return None

    # -- selectors ---------------------------------------------------------------------

    def selector(self, text: str) -> NounPhrase | None:
        low = text.lower()
        if low in PRONOUNS:
            return NounPhrase(Det.PRONOUN, "", None, (), PRONOUNS[low], text, ())
        m = re.fullmatch(r"the top (\w+) cards of your (Main Deck|deck)", text)
        if m and _num(m.group(1)) is not None:
            top = Mod(ModKind.ZONE, "deck-top", f"of your {m.group(2)}")
            return NounPhrase(
                Det.COUNT, f"the top {m.group(1)}", _num(m.group(1)), (), "card", "cards", (top,)
            )
        words = text.split(" ")
        det, det_text, count, i = self._determiner(words)
        for end in range(len(words), i, -1):
            post = self._post(words[end:])
            if post is None:
                continue
            head = self._head(words[i:end])
            if head is None:
                continue
            pre, noun, noun_text = head
            plural = noun_text.lower().endswith("s") or pre or post
            uncountable = noun in {"gear", "equipment"} or noun.startswith("tag:")
            if det is Det.BARE and not plural and not uncountable:
                continue  # a bare singular noun ("unit") is not a selector
            return NounPhrase(det, det_text, count, pre, noun, noun_text, post)
        return None

    def _determiner(self, words: list[str]) -> tuple[Det, str, int | None, int]:
        low = [w.lower() for w in words]
        if low[:3] == ["any", "number", "of"]:
            return Det.ANY_NUMBER, " ".join(words[:3]), None, 3
        m = re.fullmatch(r"(\d+)\+", low[0]) if low else None
        if m and len(words) > 1:
            return Det.AT_LEAST, words[0], int(m.group(1)), 1
        if low[:3] == ["one", "of", "their"]:
            return Det.ONE, " ".join(words[:3]), 1, 3
        if low[:2] == ["the", "first"]:
            return Det.FIRST, " ".join(words[:2]), 1, 2
        if len(low) > 3 and low[0] in {"less", "fewer"} and low[1] == "than" and _num(low[2]):
            return Det.FEWER, " ".join(words[:3]), _num(low[2]), 3
        if low[:2] == ["the", "next"]:
            return Det.NEXT, " ".join(words[:2]), 1, 2
        if len(low) > 3 and _num(low[0]) is not None and low[1:3] == ["or", "more"]:
            return Det.AT_LEAST, " ".join(words[:3]), _num(low[0]), 3
        if low[:2] == ["one", "of"]:
            return Det.ONE, " ".join(words[:2]), 1, 2
        if low[:4] == ["each", "of", "up", "to"] and len(words) > 4 and _num(low[4]) is not None:
            return Det.UP_TO, " ".join(words[:5]), _num(low[4]), 5
        if low[:2] == ["up", "to"] and len(words) > 2 and _num(low[2]) is not None:
            return Det.UP_TO, " ".join(words[:3]), _num(low[2]), 3
        if low and low[0] in {"a", "an"}:
            return Det.A, words[0], 1, 1
        simple = {"another": Det.ANOTHER, "each": Det.EACH, "all": Det.ALL, "the": Det.THE}
        if low and low[0] in simple:
            return simple[low[0]], words[0], None, 1
        if low and _num(low[0]) is not None and len(words) > 1:
            n = _num(low[0])
            return (Det.ONE if n == 1 else Det.COUNT), words[0], n, 1
        return Det.BARE, "", None, 0

    def _head(self, words: list[str]) -> tuple[tuple[Mod, ...], str, str] | None:
        """Modifiers then a noun (the last words): a card type, a tag, or both."""
        if not words:
            return None
        for size in (4, 3, 2, 1):
            if len(words) < size or (size > 2 and words[-2].lower() != "or"):
                continue
            noun_text = " ".join(words[-size:])
            noun = self._noun(noun_text)
            if noun is None:
                continue
            pre = self._pre(words[:-size])
            if pre is not None:
                return pre, noun, noun_text
        # a tag of several words as the noun ("Sand Soldiers")
        for size in (3, 2):
            if len(words) >= size:
                name = self._tag_name(" ".join(words[-size:]))
                pre = self._pre(words[:-size])
                if name is not None and pre is not None:
                    return pre, f"tag:{name}", " ".join(words[-size:])
        return None

    def _noun(self, text: str) -> str | None:
        if " or " in text:
            left, right = text.rsplit(" or ", 1)
            a, b = self._noun(left), self._noun(right)
            return None if a is None or b is None else f"{a}|{b}"
        low = text.lower()
        for suffix in ("", "s", "es"):
            if suffix and not low.endswith(suffix):
                continue
            stem = low[: len(low) - len(suffix)] if suffix else low
            if stem in NOUNS:
                return NOUNS[stem]
        if low == "equipment":
            return "equipment"
        name = self._tag_name(text)
        if name is not None and text[:1].isupper():
            return f"tag:{name}"
        return None

    def _pre(self, words: list[str]) -> tuple[Mod, ...] | None:
        mods: list[Mod] = []
        i = 0
        while i < len(words):
            w, low = words[i], words[i].lower()
            pair = " ".join(words[i : i + 2]).lower()
            triple = " ".join(words[i : i + 3]).lower()
            if triple in SIDES:
                mods.append(Mod(ModKind.SIDE, SIDES[triple], " ".join(words[i : i + 3])))
                i += 3
            elif pair in SIDES:
                mods.append(Mod(ModKind.SIDE, SIDES[pair], " ".join(words[i : i + 2])))
                i += 2
            elif low in SIDES:
                mods.append(Mod(ModKind.SIDE, SIDES[low], w))
                i += 1
            elif low == "other":
                mods.append(Mod(ModKind.OTHER, "other", w))
                i += 1
            elif low == "target":
                mods.append(Mod(ModKind.TARGET, "target", w))
                i += 1
            elif low.startswith("non-") and self._tag_name(w[4:]) is not None:
                mods.append(Mod(ModKind.STATE, f"non-{self._tag_name(w[4:])}", w))
                i += 1
            elif low in STATES:
                mods.append(Mod(ModKind.STATE, STATES[low], w))
                i += 1
            elif re.fullmatch(r"\[[^\[\]]+\]", w) and self.keyword(w) is not None:
                mods.append(Mod(ModKind.KEYWORD, self.keywords.canonical(w[1:-1]), w))
                i += 1
            elif re.fullmatch(r"\[\[[A-Za-z]+\]\]", w) and self.status(w) is not None:
                mods.append(Mod(ModKind.STATE, w[2:-2].lower(), w))
                i += 1
            else:
                for size in (3, 2, 1):
                    chunk = " ".join(words[i : i + size])
                    if len(words) - i >= size and chunk[:1].isupper():
                        name = self._tag_name(chunk)
                        if name is not None:
                            mods.append(Mod(ModKind.TAG, name, chunk))
                            i += size
                            break
                else:
                    return None
        return tuple(mods)

    def _post(self, words: list[str]) -> tuple[Mod, ...] | None:
        """Places, control and comparisons after the noun, in any order."""
        mods: list[Mod] = []
        i = 0
        while i < len(words):
            for size in range(min(8, len(words) - i), 0, -1):
                chunk = " ".join(words[i : i + size])
                mod = self._post_one(chunk)
                if mod is not None:
                    mods.append(mod)
                    i += size
                    break
            else:
                return None
        return tuple(mods)

    def _post_one(self, chunk: str) -> Mod | None:
        low = chunk.lower()
        if low in PLACES:
            return Mod(ModKind.PLACE, PLACES[low], chunk)
        if low in CONTROLS:
            return Mod(ModKind.CONTROL, CONTROLS[low], chunk)
        if low in ZONES:
            return Mod(ModKind.ZONE, ZONES[low], chunk)
        m = re.fullmatch(r"with (\d+) \{might\} or (less|more)", chunk, re.I)
        if m:
            op = "<=" if m.group(2).lower() == "less" else ">="
            return Mod(ModKind.COMPARE, f"might{op}{m.group(1)}", chunk)
        m = re.fullmatch(
            r"with (?:a )?(total )?(hand cost|energy cost|cost) \{(\d+|x)\} or (less|more)", low
        )
        if m:
            op = "<=" if m.group(4) == "less" else ">="
            bound = m.group(3).upper()
            total = "total_" if m.group(1) else ""  # the sum over the chosen objects
            stat = m.group(2).replace(" ", "_")
            return Mod(ModKind.COMPARE, f"{total}{stat}{op}{bound}", chunk)
        if low == "played from anywhere other than a player's hand":
            return Mod(ModKind.ZONE, "not-from-hand", chunk)
        if low == "that choose me":
            return Mod(ModKind.STATE, "choosing-self", chunk)
        m = re.fullmatch(r"that costs? \{(\d+)\} or (more|less)", low)
        if m:
            op = ">=" if m.group(2) == "more" else "<="
            return Mod(ModKind.COMPARE, f"energy_cost{op}{m.group(1)}", chunk)
        m = re.fullmatch(r"with (\[[^\[\]]+\])", chunk)
        if m and self.keyword(m.group(1)) is not None:
            return Mod(ModKind.KEYWORD, self.keywords.canonical(m.group(1)[1:-1]), chunk)
        return None


def _join(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    if len(items) == 2:
        return f"{items[0]} and {items[1]}"
    return ", ".join(items[:-1]) + f", and {items[-1]}"
