"""More events and conditions in the card language: what a trigger waits for and what an
``if`` tests, beyond ``to_abilities``' first table.

Same contract as ``to_effects``: ``None`` when the form is not one of these, ``Lost``
when it is but a part has no counterpart. Each names the rulebook article it follows.
"""

from __future__ import annotations

from dataclasses import replace

from arbiter.model.effects import algebra as a
from arbiter.model.format.importers.clauses import Det, Node, NounPhrase, Word, WordKind
from arbiter.model.format.importers.to_effects import (
    Lost,
    _counted,
    _Ctx,
    _slot,
    _word,
    selector,
)

# places an object leaves or enters, as zones of the rulesets (Altered 3.1; Riftbound 107)
_ZONE_PLACES = {
    "expedition-zone": "expedition",
    "landmark-zone": "landmark",
    "battlefield": "battlefield",
    "reserve": "reserve",
}


def _who(node: Node, slot: str) -> a.Selector:
    """The subject of an event that is the card itself or a player."""
    value = _slot(node, slot)
    if not isinstance(value, NounPhrase):
        raise Lost("an event's subject that is not a noun phrase")
    s = selector(value, _Ctx(False))
    if s.pick not in (a.Pick.SELF, a.Pick.YOU, a.Pick.OPPONENT):
        raise Lost(f"the event's subject '{value.render()}'")
    return s


def _zone(node: Node, slot: str) -> str:
    place = _word(node, slot, WordKind.PLACE)
    zone = _ZONE_PLACES.get(str(place.value))
    if zone is None:
        raise Lost(f"the place '{place.text}' of an event")
    return zone


def event(t: Node, subject: a.Selector | None) -> a.When | None:
    """The event of trigger form ``t`` (``subject``: its subject, already read as any one
    object or player), or None when the form is not one of these."""
    name = t.form.name
    if name == "gain-nth-counter":  # Altered 7.3.12: "when I gain my third Trial counter"
        if _who(t, "t") != a.SELF:
            raise Lost("an Nth counter of another object")
        counter = str(_word(t, "c", WordKind.NAME).value)
        nth = _word(t, "o", WordKind.NUMBER).value
        if not isinstance(nth, int):
            raise Lost(f"the ordinal '{nth}'")
        return a.When(a.EventKind.COUNTER, a.SELF, name=counter, change="up", reaches=nth)
    if name in ("leave", "leaves") and subject is not None:  # Altered 7.5.9
        return a.When(a.EventKind.LEAVES, subject, zone=_zone(t, "p"))
    if name in ("move-to", "moves-to") and subject is not None:  # Riftbound 448
        return a.When(a.EventKind.MOVES, subject, zone=_zone(t, "p"))
    expedition = {"moves-forward": a.EventKind.ADVANCES, "fails-dusk": a.EventKind.FAILS_TO_ADVANCE}
    if name in expedition:  # Altered 7.3.17, 7.5.6: "my Expedition": this card's
        value = _slot(t, "t")
        if not (isinstance(value, NounPhrase) and value.noun == "my-expedition"):
            raise Lost(f"the event '{t.render()}'")
        return a.When(expedition[name], a.SELF)
    if name in ("gains-status", "gain-status") and subject is not None:  # Altered 7.3.13
        status = str(_word(t, "s", WordKind.STATUS).value)
        return a.When(a.EventKind.GAINS_STATUS, subject, name=status)
    if name in ("sacrificed", "im-sacrificed"):  # Altered 7.3.25
        return a.When(a.EventKind.SACRIFICED, subject or a.SELF)
    if name == "you-sacrifice" and subject is not None:  # 7.3.25: what you control
        if subject.side is a.Side.ENEMY:
            raise Lost("'you sacrifice' an enemy object")
        who = subject if subject.pick is a.Pick.SELF else replace(subject, side=a.Side.YOURS)
        return a.When(a.EventKind.SACRIFICED, who)
    if name == "you-attach":  # "when you attach an Equipment to me" (Riftbound 434)
        gear = _slot(t, "t")
        plain = isinstance(gear, NounPhrase) and gear.det is Det.A and not gear.pre
        if not plain or gear.noun != "equipment" or gear.post:  # type: ignore[union-attr]
            raise Lost(f"the event '{t.render()}'")
        return a.When(a.EventKind.EQUIPPED, _who(t, "u"), by=a.Side.YOURS)
    if name in ("go-to", "goes-to") and subject is not None:  # Altered 7.3.21: "go to Reserve"
        place = str(_word(t, "p", WordKind.PLACE).value)
        if place not in _GOES:
            raise Lost(f"the event '{t.render()}'")
        return a.When(a.EventKind.ENTERS, subject, zone="reserve", origin=_GOES[place])
    if name in ("gains-boosts", "gain-boosts") and subject is not None:  # 7.3.12
        if _word(t, "n", WordKind.NUMBER).value != 1:
            raise Lost("gaining several boosts at once")  # "1 or more": the counter grows
        return a.When(a.EventKind.COUNTER, subject, name="boosts", change="up")
    if name == "becomes-kw" and subject is not None:  # Riftbound 708: Might 5 or more
        if _word(t, "k", WordKind.KEYWORD).value != "Mighty":
            raise Lost(f"the event '{t.render()}'")
        return a.When(a.EventKind.BECOMES_MIGHTY, subject)
    if name == "play-on-opp-turn" and subject is not None:  # its turn: implied_turn
        if subject.side is a.Side.ENEMY or subject.pick is not a.Pick.ALL:
            raise Lost(f"the event '{t.render()}'")
        return a.When(a.EventKind.PLAYED, replace(subject, side=a.Side.YOURS))
    if name == "play-nth":  # "you play your second card in a turn": the Nth time (383.1)
        nth = _word(t, "o", WordKind.NUMBER).value
        if not isinstance(nth, int) or nth < 1:
            raise Lost(f"the ordinal '{nth}'")
        return a.When(a.EventKind.PLAYED, a.Selector(a.Pick.ALL, side=a.Side.YOURS), nth=nth)
    placed = _placed(t, subject)
    if placed is not None:
        return placed
    here = {"conquer-here": a.EventKind.CONQUERS, "hold-here": a.EventKind.HOLDS,
            "defend-here": a.EventKind.DEFENDS}  # fmt: skip
    if name in here and subject is not None:  # Riftbound 135.2, 383.4.c/d: this battlefield
        return a.When(here[name], subject, here=True)
    return None


def _battlefield(np: object, mod: tuple[str, str] | None) -> bool:
    """Whether a noun phrase is "a battlefield" with exactly the modifier ``mod`` (kind,
    value), or none."""
    if not isinstance(np, NounPhrase) or np.det is not Det.A or np.noun != "battlefield":
        return False
    mods = [(m.kind.value, m.value) for m in (*np.pre, *np.post)]
    return mods == ([mod] if mod else [])


def _placed(t: Node, subject: a.Selector | None) -> a.When | None:
    """Events the line places: "attacks a battlefield you control", "I conquer an open
    battlefield" (Riftbound 169.10.c), "you play me to a battlefield" (107); "you buff X"
    (426.1: a buff counter put by you) and "you kill X" (it dies by your doing). "I die in
    combat" (460) is the subject-verb form's (to_more.event)."""
    name, where = t.form.name, dict(t.slots).get("b")
    verb = str(_word(t, "a", WordKind.NAME).value) if name == "sel-event-at" else ""
    if verb == "attacks" and subject is not None and _battlefield(where, ("control", "you")):
        return a.When(a.EventKind.ATTACKS, subject, at=a.EventPlace.YOUR_BATTLEFIELD)
    if verb == "conquers" and subject == a.SELF and _battlefield(where, ("state", "open")):
        return a.When(a.EventKind.CONQUERS, a.SELF, at=a.EventPlace.OPEN_BATTLEFIELD)
    if name == "you-play-to" and subject == a.SELF:
        if str(_word(t, "p", WordKind.PLACE).value) != "battlefield":
            raise Lost(f"the event '{t.render()}'")
        return a.When(a.EventKind.PLAYED, a.SELF, at=a.EventPlace.BATTLEFIELD)
    if name == "buff-me" and subject is not None:
        return a.When(a.EventKind.COUNTER, subject, name="buff", change="up", by=a.Side.YOURS)
    if name == "you-kill" and subject is not None:
        return a.When(a.EventKind.DIES, subject, by=a.Side.YOURS)
    return None


# "I go to Reserve from …": where from ("" from anywhere)
_GOES = {"reserve": "", "reserve-from-hand": "hand", "reserve-from-expedition": "expedition"}


def implied_turn(line: Node) -> a.Condition | None:
    """ "When you play a card on an opponent's turn": the trigger's condition that it is an
    opponent's turn (TRIG-4), or None."""
    return a.Condition(a.Test.TURN, name="opponent") if "play-on-opp-turn" in line.forms() else None


def condition(k: Node, ctx: _Ctx) -> a.Condition | None:
    """The condition of form ``k``, or None when the form is not one of these."""
    name = k.form.name
    if name in ("first-player", "first-player-2"):  # Altered 4.2.1.b
        return a.Condition(a.Test.TURN, name="first")
    if name in ("behind", "ahead", "its-behind"):  # Altered 7.5.2
        who = a.IT if name.startswith("its") else a.SELF
        if who is a.IT and not ctx.trigger:
            raise Lost("'its Expedition' outside a trigger about another object")
        standing = "ahead" if name == "ahead" else "behind"
        return a.Condition(a.Test.EXPEDITION, selector=who, name=standing)
    at = _slot(k, "p") if name == "im-at" else None
    if isinstance(at, Word) and at.kind is WordKind.PLACE and at.value == "battlefield":
        # "if I'm at a battlefield": not in a base (Riftbound 107), the zone battlefield
        return a.Condition(a.Test.ZONE, selector=a.SELF, name="battlefield")
    if name in ("im-at", "in-terrain"):  # Altered 7.5.7: the region it stands in is a type
        word = _slot(k, "p" if name == "im-at" else "i")
        region = _REGIONS.get(str(word.value)) if isinstance(word, Word) else None
        if region is None:
            raise Lost(f"the condition '{k.render()}'")
        who = a.SELF if name == "im-at" else a.IT
        if who is a.IT and not ctx.trigger:
            raise Lost("'it' outside a trigger about another object")
        return a.Condition(a.Test.REGION, selector=who, name=region)
    if name in ("sel-is-status", "have-status-cond"):  # "it is [[Asleep]]" (Altered 2.4)
        holder = _slot(k, "t")
        bearer = selector(holder, ctx) if isinstance(holder, NounPhrase) else None
        if bearer not in (a.SELF, a.IT) or bearer is None:
            raise Lost(f"the condition '{k.render()}'")
        status = str(_word(k, "s", WordKind.STATUS).value)
        return a.Condition(a.Test.HAS, selector=bearer, name=status)
    if name in ("sel-has", "sel-have"):  # "I have 3 or more boosts" (Altered 7.3.12)
        holder, what = _slot(k, "t"), _slot(k, "u")
        if not isinstance(holder, NounPhrase) or not isinstance(what, NounPhrase):
            raise Lost(f"the condition '{k.render()}'")
        owner = selector(holder, ctx)
        if what.noun != "boost" or what.det not in (Det.AT_LEAST, Det.COUNT, Det.A, Det.ONE):
            raise Lost(f"the condition '{k.render()}'")
        if owner not in (a.SELF, a.IT) or what.pre or what.post:
            raise Lost(f"the condition '{k.render()}'")
        return a.Condition(a.Test.COUNTER, selector=owner, name="boosts",
                           compare=a.Compare.AT_LEAST, bound=what.count or 1)  # fmt: skip
    if name == "mighty":  # "while I'm [Mighty]": its Might is 5 or greater (Riftbound 708)
        return a.Condition(a.Test.STAT, selector=a.SELF, stat="might", bound=MIGHTY)
    if name == "opp-score":  # "an opponent's score is within N points of the Victory Score"
        n = _word(k, "n", WordKind.NUMBER).value
        if not isinstance(n, int):
            raise Lost(f"the condition '{k.render()}'")
        return a.Condition(a.Test.TO_VICTORY, selector=a.OPPONENT, compare=a.Compare.AT_MOST,
                           bound=n)  # fmt: skip
    if name in ("there-are", "there-is", "you-have"):  # a count of objects (A-SPELL-4)
        s, compare, bound = _counted(k, "t")
        if name == "you-have":
            if s.side is a.Side.ENEMY:
                raise Lost(f"'{k.render()}'")
            s = replace(s, side=a.Side.YOURS)
        return a.Condition(a.Test.COUNT, selector=s, compare=compare, bound=bound)
    return None


MIGHTY = 5  # Riftbound 708: a unit is Mighty while its Might is 5 or greater
# Altered region types (2.2.4 regions; the {V} {M} {O} icons), as region subtypes
_REGIONS = {"forest": "Forest", "mountain": "Mountain", "water": "Water"}
