"""Plain English for the parts of an effect that name things: selectors ("each enemy
unit in the hand"), amounts and their words (``describe``'s vocabulary)."""

from __future__ import annotations

from arbiter.model.effects import algebra as a

NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _n(n: int) -> str:
    return NUMBERS[n] if 0 <= n < len(NUMBERS) else str(n)


def _plural(word: str) -> str:
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es"
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


# zones of cards a player owns (not the Board): "a card in your trash" (Riftbound 107)
_CARD_ZONES = frozenset({"hand", "trash", "deck", "discard_pile", "banishment"})


def _kind_words(s: a.Selector, plural: bool) -> str:
    kinds = sorted(s.kinds)
    noun = " or ".join(kinds) if kinds else "card" if s.zone in _CARD_ZONES else "object"
    subtypes = sorted(s.subtypes)
    if subtypes and not kinds:
        noun = " or ".join(subtypes)
        subtypes = []
    if plural:
        noun = _plural(noun) if len(kinds) <= 1 else " or ".join(_plural(k) for k in kinds)
    words = []
    if s.other:
        words.append("other")
    if s.side is a.Side.YOURS and s.zone in _CARD_ZONES:
        pass  # "in your trash" says whose (_filters)
    elif s.side is a.Side.YOURS:
        words.append("your" if s.pick is not a.Pick.CHOOSE else "ally")
    elif s.side is a.Side.ENEMY:
        words.append("enemy")
    elif s.side is a.Side.NAMED:
        words.append(f"{s.name}'s")
    words += subtypes
    words += [f"non-{x}" for x in sorted(_categories(s.lacks))]  # Riftbound 133.3
    words.append(noun)
    return " ".join(words)


def _categories(names: frozenset[str]) -> frozenset[str]:
    """The names ``lacks`` excludes that are categories (kinds: lower case, "non-unit",
    Riftbound 133.3) rather than features or keywords ("without Tank")."""
    return frozenset(n for n in names if n[:1].islower())


def _filters(s: a.Selector) -> str:
    out = []
    if s.has:
        out.append("with " + " and ".join(sorted(s.has)))
    if s.lacks - _categories(s.lacks):
        out.append("without " + " or ".join(sorted(s.lacks - _categories(s.lacks))))
    for t in s.stats:
        bound = {
            a.Compare.AT_MOST: f"{t.bound} or less",
            a.Compare.AT_LEAST: f"{t.bound} or more",
            a.Compare.EQUAL: f"exactly {t.bound}",
        }[t.compare]
        out.append(f"with {t.stat.capitalize()} {bound}")
    if s.region:
        out.append(f"in a {s.region}")
    if s.here:
        out.append("here")
    elif s.zone == "battlefield":  # Riftbound 107: one of the battlefields, not a base
        out.append("at a battlefield")
    elif s.zone == "base":  # a player's base (Riftbound 107)
        out.append({a.Side.YOURS: "in your base", a.Side.ENEMY: "in an opponent's base"}.get(
            s.side, "in a base"))  # fmt: skip
    elif s.zone in _CARD_ZONES:  # a player's own zone
        whose = {a.Side.YOURS: "your", a.Side.ENEMY: "an opponent's"}.get(s.side, "any")
        out.append(f"in {whose} {s.zone.replace('_', ' ')}")
    elif s.zone:
        out.append(f"in the {s.zone.replace('_', ' ')}")
    return (" " + " ".join(out)) if out else ""


def selector(s: a.Selector, *, subject: bool = False) -> str:
    """ "each enemy unit here", "up to two units", "any number of enemy units here"."""
    if s.pick is a.Pick.SELF:
        return "this card" if subject else "it"
    if s.pick is a.Pick.IT:
        return "that object"
    if s.pick is a.Pick.YOU:
        return "you"
    if s.pick is a.Pick.OPPONENT:
        return "the opponent"
    if s.pick is a.Pick.NAMED:  # an object named by a role of the ability ("as: target")
        return f"the {s.name.replace('_', ' ')}" if s.name else "it"
    if s.pick is a.Pick.CHOOSE:
        if s.count == a.ANY_NUMBER:
            return f"any number of {_kind_words(s, True)}{_filters(s)}"
        if s.up_to:
            return f"up to {_n(s.count)} {_kind_words(s, s.count != 1)}{_filters(s)}"
        if s.count == 1:
            return f"a{_an(_kind_words(s, False))} {_kind_words(s, False)}{_filters(s)}"
        return f"{_n(s.count)} {_kind_words(s, True)}{_filters(s)}"
    if s.side is a.Side.YOURS:
        return f"{_kind_words(s, True)}{_filters(s)}"
    return f"each {_kind_words(s, False)}{_filters(s)}"


def _counted(s: a.Selector, plural: bool) -> str:
    """ "Demon character you control": a selector inside "per" or "the number of"."""
    if s.side is a.Side.YOURS:
        from dataclasses import replace

        mine = replace(s, side=a.Side.ANY)
        if s.zone and s.zone not in ("battlefield", "base") and not s.here:  # a card zone
            where = f"{_filters(replace(mine, zone=None))} in your {s.zone.replace('_', ' ')}"
            return f"{_kind_words(mine, plural)}{where}"
        return f"{_kind_words(mine, plural)}{_filters(s)} you control"
    return f"{_kind_words(s, plural)}{_filters(s)}"


def _an(word: str) -> str:
    return "n" if word[:1].lower() in "aeio" else ""


def amount(x: a.Amount | None) -> str:
    if x is None:
        return "all"
    if isinstance(x, a.Const):
        v = x.value
        return "/".join("_" if c is None else str(c) for c in v) if isinstance(v, tuple) else str(v)
    if isinstance(x, a.Per):
        if x.times == 1:
            return f"the number of {_counted(x.selector, True)}"
        return f"{x.times:+d} per {_counted(x.selector, False)}"
    if isinstance(x, a.StatOf):
        return f"{_possessive(x.selector)} {x.stat.capitalize()}"
    if isinstance(x, a.CountOf):
        return f"the number of {x.counter} counters on {selector(x.selector)}"
    if isinstance(x, a.XValue):
        return x.name
    if isinstance(x, a.That):
        return "that much"
    if isinstance(x, a.Times):
        factor = {2: "twice", 3: "three times"}.get(x.factor, f"{x.factor} times")
        return f"{factor} {amount(x.amount)}"
    return " plus ".join(amount(p) for p in x.parts)


def _plural_sel(s: a.Selector) -> str:
    return _kind_words(s, True) + _filters(s)


def _possessive(s: a.Selector) -> str:
    return "its" if s.pick is a.Pick.SELF else f"{selector(s)}'s"


def _signed(x: a.Amount | None) -> str:
    text = amount(x)
    if isinstance(x, a.Const) and not isinstance(x.value, tuple) and x.value >= 0:
        return "+" + text
    if isinstance(x, a.Const) and isinstance(x.value, tuple):
        return "/".join("_" if c is None else f"{c:+d}" for c in x.value)
    return text
