"""More clauses in the card language: keyword actions as real effects, tokens described
on the line, instructions done by a subject ("have X do …").

Same contract as ``to_effects``: every part of a clause has a counterpart in the algebra
or ``Lost`` is raised. Each conversion names the rulebook article it follows.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from arbiter.model.effects import algebra as a
from arbiter.model.format.importers.clauses import Det, ModKind, Node, NounPhrase, WordKind
from arbiter.model.format.importers.to_effects import (
    ROLE,
    THAT,
    Clause,
    Lost,
    _Ctx,
    _slot,
    _word,
    selector,
)

# Altered 7.3.24: "to sabotage" is to discard up to one target card in a Reserve (any
# player's: the remark of 7.3.24.a)
SABOTAGE = a.Selector(a.Pick.CHOOSE, count=1, up_to=True, zone="reserve")


def keyword_action(name: str, player: a.Selector) -> a.Effect:
    """One keyword action done by ``player`` (Altered 7.3)."""
    if name == "Resupply":  # Altered 7.3.22
        return a.Effect(a.MoveTo(a.ZoneMove.RESUPPLY), player, a.Const(1))
    if name == "Exhausted Resupply":  # Altered 7.3.11
        return a.Effect(a.MoveTo(a.ZoneMove.EXHAUSTED_RESUPPLY), player, a.Const(1))
    if name == "After You":  # Altered 7.3.2
        return a.Effect(a.EndTurn(), player)
    if name == "Sabotage" and player == a.YOU:  # Altered 7.3.24
        return a.Effect(a.MoveTo(a.ZoneMove.DISCARD), SABOTAGE)
    raise Lost(f"the keyword action [{name}]")


def _keyword_actions(n: Node, c: _Ctx) -> list[a.Effect]:
    names = str(_word(n, "k", WordKind.KEYWORD).value).split(",")
    player = a.YOU
    if "p" in [k for k, _ in n.slots]:
        value = _slot(n, "p")
        if not isinstance(value, NounPhrase):
            raise Lost("a keyword action's subject that is not a noun phrase")
        player = selector(value, c)
        if not player.is_player:
            raise Lost(f"'{value.render()}' doing a keyword action")
    return [keyword_action(name, player) for name in names]


# -- "it": the object chosen before ------------------------------------------------------------


def refer(ab: a.CardAbility) -> a.CardAbility:
    """An ability whose effects say "it" of an object chosen earlier ("Send target
    Character to Reserve, then exhaust it"): the one chosen selector before the first "it"
    gets the role name the references use (A-SPELL-1: the same chosen object). Several
    chosen selectors before it, none, or a reference anywhere else: ``Lost``."""
    uses = [i for i, e in enumerate(ab.effects) if e.selector == THAT]
    mark = f"name='{ROLE}'"
    if not uses and mark not in repr(ab):
        return ab
    if mark in repr(ab.costs) or not uses:
        raise Lost("the pronoun 'it' (no object chosen before it)")
    choosers = [i for i, e in enumerate(ab.effects) if e.selector.chosen]
    if len(choosers) != 1 or choosers[0] > uses[0]:  # exactly one choice, made before
        raise Lost("the pronoun 'it' (which chosen object)")
    chosen = ab.effects[choosers[0]].selector
    if chosen.name:
        raise Lost("the pronoun 'it' (a chosen object already named)")
    named = replace(chosen, name=ROLE)
    effects = tuple(replace(e, selector=named) if e.selector.chosen else e for e in ab.effects)
    out = replace(ab, effects=effects)
    top = sum(1 for e in effects if e.selector in (THAT, named))
    if repr(out).count(mark) != top:
        raise Lost("the pronoun 'it' inside an amount or a condition")
    return out


# -- "the next Character you play this turn gains 1 boost": a delayed trigger -------------------

_NEXT = {  # the play a "next" waits for, and until when (Riftbound 383, Altered 6.3)
    "you-play": ("", a.INSTANT),
    "you-play-this-turn": ("", a.Duration(a.Lasts.END_OF_TURN)),
    "you-play-from-hand-this-turn": ("hand", a.Duration(a.Lasts.END_OF_TURN)),
    "you-play-this-afternoon": ("", a.Duration(a.Lasts.END_OF_AFTERNOON)),
}
_COSTS = {"cost-less-c", "cost-less-cp", "cost-more-c"}  # "the next … costs less": once
IT_PHRASE = NounPhrase(Det.PRONOUN, "", None, (), "it", "it", ())


def next_played(
    node: Node, ctx: _Ctx, convert: Callable[[Node, _Ctx], tuple[a.Effect, ...]]
) -> tuple[a.Effect, ...] | None:
    """A clause about "the next X you play [this turn]" other than its cost: the clause
    done to it when it is played (a delayed trigger), or None when no slot says "next"."""
    if node.form.name in _COSTS:
        return None
    found = [(k, v) for k, v in node.slots if isinstance(v, NounPhrase) and v.det is Det.NEXT]
    if not found:
        return None
    ((slot, np),) = found
    played = [m for m in np.post if m.kind is ModKind.CONTROL and m.value in _NEXT]
    if len(played) != 1:
        raise Lost(f"'{np.render()}' (the next card of which play)")
    zone, lasts = _NEXT[played[0].value]
    rest = replace(np, det=Det.ALL, count=None, post=tuple(m for m in np.post if m != played[0]))
    subject = replace(selector(rest, _Ctx(False)), side=a.Side.YOURS)
    event = a.When(a.EventKind.PLAYED, subject, zone)
    slots = tuple((k, IT_PHRASE if k == slot else v) for k, v in node.slots)
    effects = convert(Node(node.form, slots), _Ctx(True))
    return (a.Effect(a.Delayed(event, effects), a.YOU, duration=lasts),)


# -- tokens the line describes ---------------------------------------------------------------

# Altered 7.3.4.b: "create a [name x/y/z] [sub-type] token in [expedition]"
_EXPEDITIONS = {
    "target-expedition": a.TokenPlace.CHOSEN_EXPEDITION,
    "my-expedition": a.TokenPlace.MY_EXPEDITION,
    "each-expedition": a.TokenPlace.EACH_EXPEDITION,
    "hero-expedition": a.TokenPlace.HERO_EXPEDITION,
    "companion-expedition": a.TokenPlace.COMPANION_EXPEDITION,
}
# Riftbound 184: the tokens the rules list, by name: (kind, tags, keywords they have, the
# article when it gives them more than the line can say: the Gold gear token's ability)
_RB_TOKENS: dict[str, tuple[str, frozenset[str], frozenset[str], str]] = {
    "Recruit": ("unit", frozenset({"Recruit"}), frozenset(), ""),  # 184.1
    "Sprite": ("unit", frozenset({"Fae"}), frozenset({"Temporary"}), "Riftbound 184.2"),
    "Sand Soldier": ("unit", frozenset({"Shurima"}), frozenset(), ""),  # 184.3
    "Mech": ("unit", frozenset({"Mech"}), frozenset(), ""),  # 184.4
    "Gold": ("gear", frozenset(), frozenset(), "Riftbound 184.5"),
    "Reflection": ("unit", frozenset(), frozenset(), ""),  # 184.6
}
_RB_PLACES = {"your-base": a.TokenPlace.BASE, "here": a.TokenPlace.HERE}


def _slug(*parts: str) -> str:
    return "-".join(re.sub(r"[^a-z0-9]+", "-", p.lower()).strip("-") for p in parts if p)


def _token_word(n: Node) -> tuple[int, str]:
    word = _word(n, "k", WordKind.TOKEN)
    count, _, spec = str(word.value).partition(" x ")
    return int(count), spec


def _altered_token(n: Node, c: _Ctx) -> list[a.Effect]:
    count, spec = _token_word(n)
    m = re.fullmatch(r"(.+) (\d+)/(\d+)/(\d+) ([A-Za-z]+)", spec)
    place = _word(n, "p", WordKind.PLACE)
    if m is None:
        raise Lost(f"the token '{spec}'")
    if str(place.value) not in _EXPEDITIONS:
        raise Lost(f"tokens created '{place.text}'")
    name, sub = m.group(1), m.group(5)
    stats = (("forest", int(m.group(2))), ("mountain", int(m.group(3))),
             ("water", int(m.group(4))))  # fmt: skip
    action = a.CreateToken(
        _slug(name, sub, *(str(v) for _, v in stats)),
        name=name,
        kind="character",
        stats=stats,
        subtypes=frozenset({sub}),
        place=_EXPEDITIONS[str(place.value)],
    )
    return [a.Effect(action, a.YOU, a.Const(count))]


def _riftbound_token(n: Node, c: _Ctx) -> list[a.Effect]:
    count, spec = _token_word(n)
    m = re.fullmatch(
        r"(.+) (unit|gear)(?:, might (\d+))?(, ready|, exhausted)?(?:, with \[(.+)\])?", spec
    )
    listed = _RB_TOKENS.get(m.group(1)) if m else None
    if m is None or listed is None or listed[0] != m.group(2):
        raise Lost(f"the token '{spec}' (Riftbound 184 does not list it, or it has more)")
    kind, tags, keywords, article = listed
    if frozenset(filter(None, [m.group(5)])) != keywords:
        raise Lost(f"the token '{spec}' with keywords Riftbound 184 does not give it")
    place = a.TokenPlace.DEFAULT
    if "p" in [k for k, _ in n.slots]:
        where = _word(n, "p", WordKind.PLACE)
        if str(where.value) not in _RB_PLACES:
            raise Lost(f"tokens played '{where.text}'")
        place = _RB_PLACES[str(where.value)]
    enters = a.TokenEntry.DEFAULT
    if m.group(4) == ", ready":
        enters = a.TokenEntry.READY
    elif m.group(4) or n.form.name.endswith("-ex"):  # "… exhausted" (a unit's default, 182.1.d)
        enters = a.TokenEntry.EXHAUSTED
    name = m.group(1)
    stats = (("might", int(m.group(3))),) if m.group(3) else ()
    action = a.CreateToken(
        _slug(name, kind, *(str(v) for _, v in stats)),
        name=name,
        kind=kind,
        stats=stats,
        subtypes=tags,
        place=place,
        enters=enters,
        defined_by=article,
    )
    return [a.Effect(action, a.YOU, a.Const(count))]


# -- resources -------------------------------------------------------------------------------

# Riftbound's six domains: a rune of one adds (or a cost pays) power of that domain; energy
# is the counter ``mana`` of the player, as costs pay it (to_abilities._pay)
DOMAINS = frozenset({"fury", "calm", "mind", "body", "chaos", "order"})
# the counter of power of any domain, [A] (Riftbound 135.2.e.5): it pays a cost of any one
ANY_DOMAIN = "any-domain"


def resource(part: str, sign: int) -> a.Effect:
    """One icon of a resource added (sign 1, Riftbound 429 [Add]) or paid (sign -1)."""
    if part.isdigit():
        return a.Effect(a.AddCounters("mana"), a.YOU, a.Const(sign * int(part)))
    if part in DOMAINS:
        return a.Effect(a.AddCounters(part), a.YOU, a.Const(sign))
    if part == "any-rune" and sign > 0:  # Riftbound 135.2.e.5.b: [A] added stays [A] in the
        return a.Effect(a.AddCounters(ANY_DOMAIN), a.YOU, a.Const(1))  # pool, any domain's
    raise Lost(f"the resource '{{{part}}}' (power of a domain chosen later)")


def _add(n: Node, c: _Ctx) -> list[a.Effect]:
    icons = str(_word(n, "i", WordKind.ICONS).value)
    if "|" in icons:
        raise Lost("a resource added one way or another")
    return [resource(part, 1) for part in icons.split("+")]


# -- Altered 7.3.1 activate, Riftbound 426 buff and 430 channel -----------------------------------

# "the {J} abilities": those of a card waiting until it is played (Altered 7.5.1)
_PLAYED = {
    "j": a.When(a.EventKind.PLAYED, a.SELF),
    "r": a.When(a.EventKind.PLAYED, a.SELF, "reserve"),
}


def _activate(icon: str) -> Clause:
    def conv(n: Node, c: _Ctx) -> list[a.Effect]:
        if "t" in [k for k, _ in n.slots]:
            value = _slot(n, "t")
            if not isinstance(value, NounPhrase):
                raise Lost("whose abilities are activated")
            who = selector(value, c)
        elif c.trigger:
            who = a.IT  # "activate its {J} abilities": the event's object
        else:
            raise Lost("'its' abilities outside a trigger about another object")
        return [a.Effect(a.Activate(_PLAYED[icon]), who)]

    return conv


def _buff(n: Node, c: _Ctx) -> list[a.Effect]:
    """Riftbound 426.1.b: a buff counter, if the unit has none (never a second one)."""
    value = _slot(n, "t")
    if not isinstance(value, NounPhrase):
        raise Lost("what is buffed")
    return [a.Effect(a.AddCounters("buff", most=1), selector(value, c), a.Const(1))]


_OWNERS = {"self": a.SELF, "it": a.IT}
_BUFFED = a.Selector(a.Pick.CHOOSE, side=a.Side.YOURS, kinds=frozenset({"unit"}),
                     has=frozenset({"buff"}))  # fmt: skip


def spend_buff(n: Node, c: _Ctx) -> list[a.Effect]:
    """ "Spend my buff" (Riftbound 702.2): its buff counter is removed; "spend a buff": the
    buff of a unit you control that has one (702.2.b.1, 702.2.b.2)."""
    whose = str(_word(n, "t", WordKind.NAME).value)
    owner = _BUFFED if whose == "any" else _OWNERS.get(whose)
    if owner is None or (owner is a.IT and not c.trigger):
        raise Lost(f"the buff of '{_slot(n, 't')}'")
    return [a.Effect(a.AddCounters("buff"), owner, a.Const(-1))]


def _channel(exhausted: bool) -> Clause:
    def conv(n: Node, c: _Ctx) -> list[a.Effect]:
        count = _word(n, "n", WordKind.NUMBER).value
        if not isinstance(count, int):
            raise Lost(f"the number {count}")
        from arbiter.model.format.importers.to_effects import players

        move = a.MoveTo(a.ZoneMove.CHANNEL, exhausted=exhausted)  # each player: you, then them
        return [a.Effect(move, p, a.Const(count)) for p in players(n, c)]

    return conv


# -- Riftbound 463.1 points, Altered 7.3.21 put, 7.3.28 switch ----------------------------------


def _score(n: Node, c: _Ctx) -> list[a.Effect]:
    """ "Score 1 point": the player gains a point (Riftbound 463.1), a counter of the player."""
    count = _word(n, "n", WordKind.NUMBER).value
    if not isinstance(count, int):
        raise Lost(f"the number {count}")
    player = a.YOU
    if "p" in [k for k, _ in n.slots]:
        value = _slot(n, "p")
        player = selector(value, c) if isinstance(value, NounPhrase) else a.SELF
        if not player.is_player:
            raise Lost("a player who scores")
    return [a.Effect(a.AddCounters("points"), player, a.Const(count))]


# "put X in Reserve" / "in its owner's Mana zone": a zone of its owner (A-GOLD-6)
_PUT_ZONES = {"reserve": "reserve", "owner-mana": "mana"}


def put(n: Node, c: _Ctx) -> list[a.Effect]:
    value = _slot(n, "t")
    place = _word(n, "p", WordKind.PLACE)
    if not isinstance(value, NounPhrase):
        raise Lost("what is put")
    target = selector(value, c)
    zone = _PUT_ZONES.get(str(place.value))
    if place.value == "your-mana" and target.side is a.Side.YOURS and target.zone:
        zone = "mana"  # one of your cards: your Mana zone is its owner's
    if zone is None:
        raise Lost(f"'put … {place.text}'")
    return [a.Effect(a.MoveTo(a.ZoneMove.TO_ZONE, zone), target)]


def _switch(n: Node, c: _Ctx) -> list[a.Effect]:
    value = _slot(n, "t")
    if not isinstance(value, NounPhrase):
        raise Lost("what switches expeditions")
    return [a.Effect(a.MoveTo(a.ZoneMove.SWITCH), selector(value, c))]


# Riftbound 442: a move's destination; a unit's base is where it goes back to
_BASES = {"its-base", "your-base", "base", "my-base"}


# Riftbound 442.2: destinations that are not a base (444.1: the move's source says which)
_MOVE_PLACES = {
    "battlefield": a.MovePlace.BATTLEFIELD,
    "open-battlefield": a.MovePlace.OPEN_BATTLEFIELD,
    "this-battlefield": a.MovePlace.HERE,
    "here": a.MovePlace.HERE,
    "base-toggle": a.MovePlace.BASE_OR_BATTLEFIELD,
}


def _move_to_base(n: Node, c: _Ctx) -> list[a.Effect]:
    value = _slot(n, "t")
    if "p" not in [k for k, _ in n.slots]:  # "move a unit": any legal destination (444.1)
        if not isinstance(value, NounPhrase):
            raise Lost("what moves")
        return [a.Effect(a.MoveTo(a.ZoneMove.TO_ZONE, to=a.MovePlace.ANY), selector(value, c))]
    place = _word(n, "p", WordKind.PLACE)
    origin = " from a battlefield " in n.form.template  # the wording read: where from
    to = _MOVE_PLACES.get(str(place.value)) if n.form.name == "move" and not origin else None
    if isinstance(value, NounPhrase) and to is not None:
        return [a.Effect(a.MoveTo(a.ZoneMove.TO_ZONE, to=to), selector(value, c))]
    if not isinstance(value, NounPhrase) or str(place.value) not in _BASES:
        raise Lost(f"'move … {place.text}'")
    target = selector(value, c)
    if origin:
        if target.zone is not None or target.here:
            raise Lost("'from a battlefield' of an object already placed")
        target = replace(target, zone="battlefield")
    return [a.Effect(a.MoveTo(a.ZoneMove.TO_ZONE, "base"), target)]


def _from_trash(n: Node, c: _Ctx) -> list[a.Effect]:
    """ "Return a unit from your trash to your hand" (Riftbound 446 with A-GOLD-6)."""
    value = _slot(n, "t")
    place = _word(n, "p", WordKind.PLACE)
    if not isinstance(value, NounPhrase) or place.value != "your-hand":
        raise Lost(f"'return … from your trash {place.text}'")
    target = selector(value, c)
    if target == a.SELF:  # "return this from your trash": done while it is there
        in_trash = a.Condition(a.Test.ZONE, selector=a.SELF, name="trash")
        return [a.Effect(a.MoveTo(a.ZoneMove.RETURN_TO_HAND), a.SELF, condition=in_trash)]
    if target.zone is not None or target.here or target.side is a.Side.ENEMY:
        raise Lost("'from your trash' of an object placed elsewhere")
    target = replace(target, zone="trash", side=a.Side.YOURS)
    return [a.Effect(a.MoveTo(a.ZoneMove.RETURN_TO_HAND), target)]


def _exchange(n: Node, c: _Ctx) -> list[a.Effect]:
    """Altered 7.3.9: "exchange target card from your Reserve with a card from your hand"."""
    one, two = _slot(n, "t"), _slot(n, "u")
    if not isinstance(one, NounPhrase) or not isinstance(two, NounPhrase):
        raise Lost("what is exchanged")
    return [a.Effect(a.Exchange(selector(two, c)), selector(one, c))]


def _play(cost: a.PlayCost) -> Clause:
    """ "Play X for free", "immediately play X for {1} less", "play X, ignoring its cost"."""

    def conv(n: Node, c: _Ctx) -> list[a.Effect]:
        value = _slot(n, "t")
        if not isinstance(value, NounPhrase):
            raise Lost("what is played")
        amount = None
        if "i" in [k for k, _ in n.slots]:
            icons = str(_word(n, "i", WordKind.ICONS).value)
            if not icons.isdigit():
                raise Lost(f"the cost change '{icons}'")
            amount = a.Const(-int(icons))
        return [a.Effect(a.Play(cost), selector(value, c), amount)]

    return conv


def _play_ignoring(n: Node, c: _Ctx) -> list[a.Effect]:
    """ "Play X, ignoring its cost" (Riftbound 356.1.b.1) or "its Energy cost" (356.1.b.2)."""
    energy = _word(n, "x", WordKind.NAME).value == "energy"
    return _play(a.PlayCost.NO_ENERGY if energy else a.PlayCost.FREE)(n, c)


def _recycle(n: Node, c: _Ctx) -> list[a.Effect]:
    """Riftbound 416: the cards go to the bottom of the corresponding deck; "recycle 3 from
    your trash": three cards of your trash, chosen as it is done (355.10.f)."""
    names = [k for k, _ in n.slots]
    if "n" in names:
        count = _word(n, "n", WordKind.NUMBER).value
        if not isinstance(count, int):
            raise Lost(f"the number {count}")
        target = a.Selector(a.Pick.CHOOSE, count=count, side=a.Side.YOURS, zone="trash")
    elif n.form.name == "recycle-this":
        target = a.SELF
    else:
        value = _slot(n, "t")
        if not isinstance(value, NounPhrase):
            raise Lost("what is recycled")
        target = selector(value, c)
    return [a.Effect(a.MoveTo(a.ZoneMove.RECYCLE), target)]


def _reduce_my_cost(n: Node, c: _Ctx) -> list[a.Effect]:
    """ "Reduce my cost by {2}" (Riftbound 356.4.b: a discount of the card itself)."""
    icons = str(_word(n, "i", WordKind.ICONS).value)
    if not icons.isdigit():
        raise Lost(f"the discount '{icons}'")
    return [a.Effect(a.ModifyCost(), a.SELF, a.Const(-int(icons)))]


MORE_CLAUSES: dict[str, Clause] = {
    "reduce-my-cost": _reduce_my_cost,
    "recycle": _recycle,
    "recycle-sel": _recycle,
    "recycle-this": _recycle,
    "recycle-trash": _recycle,
    "recycle-from-trash": _recycle,
    "play-for-less": _play(a.PlayCost.PAID),  # Altered 7.3.20
    "play-free": _play(a.PlayCost.FREE),
    "play-ignoring": _play_ignoring,
    "exchange": _exchange,
    "return-from-trash": _from_trash,
    "move": _move_to_base,
    "sel-score": _score,
    "put": put,
    "switch": _switch,
    "activate-j": _activate("j"),
    "activates-j": _activate("j"),
    "activate-its-j": _activate("j"),
    "activates-r": _activate("r"),
    "buff": _buff,
    "spend-buff": spend_buff,
    "channel-ex": _channel(True),
    "channel-ex-pl": _channel(True),
    "sel-channels-ex": _channel(True),
    "channel": _channel(False),
    "channel-pl": _channel(False),
    "sel-channels": _channel(False),
    "add": _add,
    "create-token": _altered_token,
    "play-token": _riftbound_token,
    "play-token-place": _riftbound_token,
    "play-token-place-ex": _riftbound_token,
    "keyword-action": _keyword_actions,
    "keyword-action-again": _keyword_actions,  # "again": once more, the same action
    "sel-keyword-action": _keyword_actions,
}


def timing_of(node: Node) -> a.Timing:
    """[Action] / [Reaction] before an ability's effect (Riftbound 806.1.d, 813.1.d)."""
    names = str(_word(node, "k", WordKind.KEYWORD).value).split(",")
    timings = {"Action": a.Timing.ACTION, "Reaction": a.Timing.REACTION}
    found = [timings[n] for n in names if n in timings]
    if len(found) != 1 or any(n not in timings and n != "Legion" for n in names):
        raise Lost(f"the permission '{','.join(names)}'")
    return found[0]


LEGION = a.Condition(a.Test.CARDS_PLAYED, compare=a.Compare.AT_LEAST, bound=1)


def legion(ab: a.CardAbility) -> a.CardAbility:
    if ab.kind is a.Kind.PASSIVE:
        raise Lost("a static ability that depends on Legion")
    if ab.kind is a.Kind.ON_PLAY:  # a spell's text: each effect, done once
        if any(e.condition is not None for e in ab.effects):
            raise Lost("a condition inside Legion")
        return replace(ab, effects=tuple(replace(e, condition=LEGION) for e in ab.effects))
    both = LEGION if ab.condition is None else a.Condition(a.Test.AND, (LEGION, ab.condition))
    return replace(ab, condition=both)
