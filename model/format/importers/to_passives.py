"""Static lines as passives: "Your Mechs have +1 {might}", "While I'm in {V}, I have …".

A static ability of a permanent (Riftbound 135.2, Altered 2.2.11) becomes a card-language
passive (``Kind.PASSIVE``, lasting while the card is in play, A-PASS-1) when the passive
engine runs it: :func:`arbiter.model.passives.unsupported` is the gate, and its reason is
the line's ``Lost`` reason otherwise (a place such as "here", a count, a duration, a
state: IMP-ALGEBRA). A condition on the card itself ("while I'm in {V}", "if I'm in a
Forest": Altered 7.5.7, Riftbound 135.2 "while") is the passive's condition; a status or
a state ("while I'm [Mighty]", Riftbound 708, a number test) is not a keyword the engine
tests, so it is ``Lost``. A format 2 card writes passives in the area syntax
(docs/format.md, "Passive abilities"), so each passive is written in it (``data``) and
must read back, through ``model.effects.upgrade``, as the same value.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import NoReturn

from arbiter.model.effects import algebra as a
from arbiter.model.format.importers.clauses import Node, WordKind
from arbiter.model.format.importers.to_effects import Lost

# reads "while X, Y" into X and Y's effects (given by ``to_abilities``)
WhileReader = Callable[[Node], tuple[a.Condition, tuple[a.Effect, ...]]]

WHILE_IN_PLAY = a.Duration(a.Lasts.WHILE_IN_PLAY)
# condition tests a passive's area syntax writes, and the key it writes each under
_CONDITION_KEYS = {a.Test.REGION: "region", a.Test.SUBTYPE: "subtype"}


def passives(effects: tuple[a.Effect, ...]) -> tuple[a.CardAbility, ...]:
    """One passive per effect of a static line, each run by the passive engine and
    checked to survive its area syntax."""
    from arbiter.model.format.importers import to_statics
    from arbiter.model.passives import unsupported

    if to_statics.is_cost_change(effects):  # applied as the card is played (356.4.a)
        return to_statics.cost_changes(effects)
    out = []
    for e in effects:
        if e.duration != a.INSTANT:
            raise Lost("a static ability that lasts a duration")
        passive = replace(e, duration=WHILE_IN_PLAY, condition=_unless(e.condition))
        problem = unsupported(passive)
        try:
            if problem is not None:
                what = _selects(passive.selector)
                raise Lost(f"a static ability the passive engine does not run{what} ({problem})")
            if passive.condition is not None:
                _condition(passive.condition)  # raises Lost for what the area syntax lacks
            ab = a.CardAbility(a.Kind.PASSIVE, (passive,))
            _round_trip(ab)
        except Lost as lost:  # described only (Decision IMP-STATICS), when it says it all
            ab = to_statics.described(e, lost)
        out.append(ab)
    return tuple(out)


def _unless(c: a.Condition | None) -> a.Condition | None:
    """ "Unless you control two or more X" (not at least 2) is "at most 1 X": the one form
    the area syntax writes (IMP-COUNT)."""
    if c is None or c.test is not a.Test.NOT or len(c.parts) != 1:
        return c
    (inner,) = c.parts
    if inner.test is a.Test.COUNT and inner.compare is a.Compare.AT_LEAST and inner.bound > 0:
        return replace(inner, compare=a.Compare.AT_MOST, bound=inner.bound - 1)
    return c


def _selects(s: a.Selector) -> str:
    """What of a selector the engine lacks, named for the report ("" when it is not that)."""
    parts = [
        name
        for name, has in (
            ("chosen", s.pick not in (a.Pick.ALL, a.Pick.SELF)),
            ("with a statistic", bool(s.stats)),
            ("in a region type", bool(s.region)),
            ("lacking a keyword", bool(s.lacks)),
        )
        if has
    ]
    return f": objects {', '.join(parts)}" if parts else ""


def while_line(cond: a.Condition, effects: tuple[a.Effect, ...]) -> tuple[a.CardAbility, ...]:
    """ "While X, Y" (the static form ``while``): Y's passives, each with condition X on
    the card itself (Riftbound 135.2; Altered 7.5.7 for the region a card is in). The
    caller (``to_abilities``) reads X and Y, so this module never imports it."""
    if any(e.condition is not None for e in effects):
        raise Lost("a condition inside 'while'")
    return passives(tuple(replace(e, condition=cond) for e in effects))


def replacement(node: Node) -> NoReturn:
    """ "If X would happen, Y instead" (Riftbound 470, Altered 1.4; R-1) is not converted:
    the replacements a card writes in the card language (docs/format.md, "Replacement
    effects") are damage, wounds or a death turned into damage or sent elsewhere, and a
    line's "instead" (heal, exhaust, recall, a boost, a status, a zone) is none of them.
    The line stays not modelled, with the event it replaces named."""
    from arbiter.model.format.importers.to_effects import _slot

    event = _slot(node, "e")
    said = event.render() if isinstance(event, Node) else str(event)
    raise Lost(
        f"a replacement ('if {said}, … instead'): the card language's replacements are"
        " damage or a death turned into damage or redirected"
    )


def static(node: Node, read_while: WhileReader) -> tuple[a.CardAbility, ...]:
    """A line of the form ``static`` whose statement is a passive, or ``Lost``;
    ``read_while`` reads a "while X, Y" statement into X and Y."""
    from arbiter.model.format.importers.to_effects import _node

    inner = _node(node, "s")
    if inner.form.name == "while":
        return while_line(*read_while(inner))
    if inner.form.name == "regions-are":
        return passives((_regions_are(inner),))
    if inner.form.name == "may-play":
        return (_may_play(inner),)
    if inner.form.name == "may-play-to":
        return (_may_play_to(inner),)
    from arbiter.model.format.importers.to_statics import static_form

    found = static_form(inner)
    if found is not None:
        return found
    raise Lost(f"a line of the form 'static' ({inner.form.name})")


def _may_play(node: Node) -> a.CardAbility:
    """ "You may play exhausted cards from your Reserve": a permission against Altered
    2.4.5.c (exhausted cards in Reserve cannot be played), Decision IMP-MAY. Only cards
    of yours that the rules forbid to play: any other "you may play" is not this."""
    from arbiter.model.format.importers.clauses import NounPhrase
    from arbiter.model.format.importers.to_effects import _Ctx, selector

    value = dict(node.slots).get("t")
    if not isinstance(value, NounPhrase):
        raise Lost("'you may play' of something that is not a card")
    s = selector(value, _Ctx(False))
    exhausted_in_reserve = s.zone == "reserve" and "exhausted" in s.has
    if s.pick is not a.Pick.ALL or not exhausted_in_reserve or s.here or s.stats or s.lacks:
        raise Lost(f"the permission 'you may play {value.render()}'")
    return a.CardAbility(a.Kind.PERMISSION, (a.Effect(a.Play(), s),))


_PLAY_PLACES = {
    "open-battlefield": a.PlayPlace.OPEN_BATTLEFIELD,
    "occupied-enemy-battlefield": a.PlayPlace.OCCUPIED_ENEMY_BATTLEFIELD,
}


def _may_play_to(node: Node) -> a.CardAbility:
    """ "You may play me to an open battlefield", "Friendly units may be played to open
    battlefields": a permission to play units where the rules do not let them be played
    (a base or a battlefield you control), Riftbound 169.10 (Decision IMP-MAY)."""
    from arbiter.model.format.importers.clauses import NounPhrase
    from arbiter.model.format.importers.to_effects import _Ctx, _word, selector

    place = _word(node, "p", WordKind.PLACE)
    to = _PLAY_PLACES.get(str(place.value))
    value = dict(node.slots).get("t")
    who = a.SELF if value is None else (
        selector(value, _Ctx(False)) if isinstance(value, NounPhrase) else None
    )
    if to is None or who is None or who.pick not in (a.Pick.SELF, a.Pick.ALL):
        raise Lost(f"the permission '{node.render()}'")
    if who.pick is a.Pick.ALL and (who.side is not a.Side.YOURS or who.zone or who.here):
        raise Lost(f"the permission '{node.render()}' (cards of another player, or placed)")
    return a.CardAbility(a.Kind.PERMISSION, (a.Effect(a.Play(to=to), who),))


def _regions_are(node: Node) -> a.Effect:
    """ "All regions are {O} and lose their other terrains": every region's types are set
    (Altered 2.3.2.f; the {V} {M} {O} icons are the region types, 7.5.7)."""
    from arbiter.model.format.importers.to_effects import _word
    from arbiter.model.format.importers.to_events import _REGIONS
    from arbiter.model.passives import REGION, REGION_TYPE

    word = _word(node, "i", WordKind.ICONS)
    terrains = [_REGIONS.get(part) for part in str(word.value).split("+")]
    if not terrains or None in terrains:
        raise Lost(f"the terrains '{word.text}'")
    members = frozenset(t for t in terrains if t is not None)
    regions = a.Selector(a.Pick.ALL, kinds=frozenset({REGION}))
    return a.Effect(a.ModifyStat(REGION_TYPE, a.StatOp.SET, members=members), regions)


def data(ab: a.CardAbility) -> dict[str, object]:
    """The passive in the area syntax of ``passives:`` (format 1 and 2 alike)."""
    (e,) = ab.effects
    out: dict[str, object] = {"applies_to": _applies(e.selector)}
    act = e.action
    if isinstance(act, a.ModifyStat) and act.op is a.StatOp.ADD and not act.members:
        if not isinstance(e.amount, a.Const) or not isinstance(e.amount.value, int):
            raise Lost("a static modification by an amount that is not a printed number")
        out["effect"] = {"stat": act.stat, "op": "add", "value": e.amount.value}
    elif isinstance(act, a.Give) and act.grant is a.Grant.KEYWORD:
        gain: dict[str, object] = {"gain": act.name}
        if e.amount is not None:
            if not isinstance(e.amount, a.Const) or not isinstance(e.amount.value, int):
                raise Lost("a keyword's number that is not printed")
            gain["number"] = e.amount.value
        out["effect"] = gain
    elif isinstance(act, a.ModifyStat) and act.stat == "region type" and e.amount is None:
        out["effect"] = {"region_type": sorted(act.members)}
    elif isinstance(act, a.Take) and act.grant is a.Grant.KEYWORD:
        out["effect"] = {"lose": act.name}
    elif isinstance(act, a.ModifyStat) and act.stat == "subtypes" and act.op is a.StatOp.ADD:
        out["effect"] = {"add_subtypes": sorted(act.members)}  # "I am a Mech"
    else:
        raise Lost("a static ability other than a modification, a keyword given or taken")
    if e.condition is not None:
        out["condition"] = _condition(e.condition)
    return out


def _condition(c: a.Condition) -> dict[str, object]:
    """A passive's condition in the area syntax: tests of the card itself, all of which
    hold (``{region: Forest}``). A status or a state (a Riftbound "[Mighty]" is a number
    test, 708; an Altered status is not a keyword) has no key there."""
    parts = c.parts if c.test is a.Test.AND else (c,)
    out: dict[str, object] = {}
    for p in parts:
        if p.test is a.Test.COUNT and "count" not in out and p.compare is not a.Compare.EQUAL:
            out["count"] = _applies(p.selector, counted=True)
            out["at_least" if p.compare is a.Compare.AT_LEAST else "at_most"] = p.bound
            continue
        key = _CONDITION_KEYS.get(p.test)
        if key is None or key in out or p.selector != a.SELF or not p.name:
            raise Lost(
            "a static ability's condition other than the card's region or subtype, or a count"
        )
        out[key] = p.name
    return out


def _applies(s: a.Selector, counted: bool = False) -> dict[str, object]:
    """``applies_to`` (or, ``counted``, a count's selector, which may name a zone: "Mana
    Orbs" are in the Mana zone)."""
    if s == a.SELF and not counted:
        return {"self": True}
    plain = a.Selector(
        a.Pick.ALL,
        side=s.side,
        kinds=s.kinds,
        subtypes=s.subtypes,
        has=s.has,
        other=s.other,
        here=s.here,
        zone=s.zone if counted else None,
    )
    if s != plain:
        raise Lost("a static ability on objects chosen, placed, in a zone or in a state")
    out: dict[str, object] = {}
    for key, names in (("kind", s.kinds), ("subtype", s.subtypes), ("keyword", s.has)):
        if len(names) > 1:
            raise Lost(f"a static ability on several {key}s")
        if names:
            out[key] = next(iter(names))
    if s.side is not a.Side.ANY:
        out["controller"] = "you" if s.side is a.Side.YOURS else "opponent"
    if s.other:
        out["other"] = True
    if s.here:
        out["here"] = True
    if s.zone is not None:
        out["zone"] = s.zone
    return out


def _round_trip(ab: a.CardAbility) -> None:
    from arbiter.model.effects.upgrade import NotExpressible, _passive

    try:
        back = _passive(data(ab), 0)
    except NotExpressible as exc:
        raise Lost(f"the area syntax of passives does not read it back ({exc})") from exc
    if back.effects != ab.effects:
        raise Lost("the area syntax of passives reads it back as something else")


def entering(node: Node, effects: tuple[a.Effect, ...]) -> tuple[a.CardAbility, ...]:
    """ "I enter ready", "Your tokens enter ready", "If X, I enter ready": done to each object
    as it enters the Board, not after (Riftbound 805.6, 181.1): an ``as_enters`` ability
    (Decision IMP-ENTER), not a passive (what enters is not in play yet)."""
    from arbiter.model.format.importers.to_effects import (
        ENTER_FORMS,
        ENTERS_EXHAUSTED,
        ENTERS_READY,
    )

    said = sum(1 for f in node.forms() if f in ENTER_FORMS)
    entries = (ENTERS_READY, ENTERS_EXHAUSTED)
    if said != len(effects) or any(e.action not in entries for e in effects):
        raise Lost("entering ready beside another instruction")
    return tuple(a.CardAbility(a.Kind.AS_ENTERS, (e,)) for e in effects)


def is_static(node: Node) -> bool:
    return node.form.name == "static-effect"
