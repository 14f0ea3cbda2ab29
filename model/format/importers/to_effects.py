"""A reading converted into the card language (``model.effects``): the line's abilities.

The grammar reads a line into its phrase tree (``clauses``); this module turns that tree
into ``CardAbility`` values of the one algebra (Effect, Selector, Condition, When,
amounts, durations). The conversion is all or nothing (IMP-FULL): every form, noun
phrase, modifier and word of the tree must have a counterpart in the algebra, else
``Lost`` is raised with the part that has none and the line stays opaque. Nothing is
dropped silently and nothing is approximated: a phrase whose meaning the algebra cannot
hold exactly ("the first time … each turn", a place a token is created in, "its
controller") is a reason, not a guess.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from arbiter.model.effects import algebra as a
from arbiter.model.format.importers.clauses import (
    Det,
    Mod,
    ModKind,
    Node,
    NounPhrase,
    Value,
    Word,
    WordKind,
)


class Lost(Exception):
    """A part of a reading without a counterpart in the card language."""

    def __init__(self, what: str) -> None:
        super().__init__(what)
        self.what = what


# -- the context of one line: is "it" the subject of the triggering event? -----------------


class _Ctx:
    def __init__(self, trigger: bool, static: bool = False) -> None:
        self.trigger = trigger
        self.static = static  # a static line: "I have …", "your Mechs are …" are read


def _slot(node: Node, name: str) -> Value:
    for key, value in node.slots:
        if key == name:
            return value
    raise Lost(f"form '{node.form.name}' without its slot {name}")


def _node(node: Node, name: str) -> Node:
    value = _slot(node, name)
    if not isinstance(value, Node):
        raise Lost(f"form '{node.form.name}': slot {name} is not a phrase")
    return value


def _word(node: Node, name: str, kind: WordKind) -> Word:
    value = _slot(node, name)
    if not isinstance(value, Word) or value.kind is not kind:
        raise Lost(f"form '{node.form.name}': slot {name} is not a {kind.value}")
    return value


def _int(node: Node, name: str) -> int:
    value = _word(node, name, WordKind.NUMBER).value
    if not isinstance(value, int):
        raise Lost(f"the number {value} (X is not defined on this line)")
    return value


# -- selectors -------------------------------------------------------------------------------

# "it" after a chosen object, outside a trigger: a reference to the object chosen earlier
# in the same ability, by the role name its selector gets (``as``, A-SPELL-1)
ROLE = "chosen"
THAT = a.Selector(a.Pick.NAMED, name=ROLE)

# (Riftbound runes and battlefields are card types of their own: the imported cards'
# ``kind``: Riftbound 160, 169)
_KINDS = {"unit", "gear", "spell", "legend", "character", "permanent", "hero", "landmark",
          "token", "equipment", "rune", "battlefield"}  # fmt: skip
_HAS = {"exhausted", "stunned", "token", "buffed", "boosted", "attacking", "defending"}
_LACKS = {"ready": "exhausted", "non-token": "token", "unbuffed": "buffed"}
_SIDES = {"friendly": a.Side.YOURS, "yours": a.Side.YOURS, "enemy": a.Side.ENEMY,
          "opponents": a.Side.ENEMY}  # fmt: skip
_CONTROLS = {"you": a.Side.YOURS, "opponent": a.Side.ENEMY}
# places that are zones of the rulesets: "at a battlefield" / "at battlefields" (Riftbound
# 107: units stand at a battlefield or in a base)
_PLACES = {"reserve": "reserve", "battlefield": "battlefield", "battlefields": "battlefield",
           "base": "base", "trashes": "trash"}  # fmt: skip  ("in a base": any player's, 107)
_ZONES = {"your-reserve": "reserve", "your-hand": "hand", "your-trash": "trash",
          "your-discard": "discard_pile"}  # fmt: skip
_PLAYERS = {"you": a.YOU, "an-opponent": a.OPPONENT, "opponents": a.OPPONENT,
            "each-opponent": a.OPPONENT}  # fmt: skip


def selector(np: NounPhrase, ctx: _Ctx) -> a.Selector:
    """The noun phrase as a selector; every determiner, modifier and noun accounted for."""
    if np.det is Det.PRONOUN:
        if np.noun == "self":
            return a.SELF
        if np.noun in ("it", "them") and ctx.trigger:
            return a.IT
        if np.noun in _PLAYERS:
            return _PLAYERS[np.noun]
        if np.noun == "your-legend":  # each player has one Champion Legend (Riftbound 103)
            return a.Selector(a.Pick.ALL, side=a.Side.YOURS, kinds=frozenset({"legend"}))
        if np.noun == "it" and not ctx.trigger:  # the object chosen before (to_actions.refer)
            return THAT
        raise Lost(f"the pronoun '{np.noun_text}'")
    orbs = np.noun == "mana"  # Mana Orbs: the cards in a Mana zone (Altered 3.2.9)
    if orbs:
        np = replace(np, noun="card")
    kinds, subtypes = _noun(np)
    if np.det is Det.BARE and any(m.kind is ModKind.TARGET for m in np.pre):
        np = replace(np, det=Det.A, count=1)  # Altered "target Character": one, chosen
    if np.det in (Det.A, Det.ONE, Det.COUNT, Det.ANOTHER):
        base = a.Selector(a.Pick.CHOOSE, count=np.count or 1, other=np.det is Det.ANOTHER)
    elif np.det is Det.UP_TO:
        base = a.Selector(a.Pick.CHOOSE, count=np.count or 1, up_to=True)
    elif np.det is Det.ANY_NUMBER:
        base = a.Selector(a.Pick.CHOOSE, count=a.ANY_NUMBER)
    elif np.det in (Det.EACH, Det.ALL, Det.BARE):
        base = a.Selector(a.Pick.ALL)
    else:
        raise Lost(f"the determiner '{np.det_text}'")
    s = replace(base, kinds=kinds, subtypes=subtypes)
    for mod in (*np.pre, *np.post):
        s = _mod(s, mod)
    if orbs:
        if s.zone is not None or s.here:
            raise Lost(f"'{np.render()}' placed elsewhere")
        s = replace(s, zone="mana")
    return s


def _noun(np: NounPhrase) -> tuple[frozenset[str], frozenset[str]]:
    kinds: set[str] = set()
    subtypes: set[str] = set()
    for part in np.noun.split("|"):
        if part.startswith("tag:"):
            subtypes.add(part[4:])
        elif part in _KINDS:
            kinds.add(part)
        elif part != "card":
            raise Lost(f"the noun '{np.noun_text}'")
    if kinds and subtypes:
        raise Lost(f"the noun '{np.noun_text}' (a kind or a subtype)")
    return frozenset(kinds), frozenset(subtypes)


def _mod(s: a.Selector, mod: Mod) -> a.Selector:
    if mod.kind is ModKind.SIDE and mod.value in _SIDES and s.side is a.Side.ANY:
        return replace(s, side=_SIDES[mod.value])
    if mod.kind is ModKind.CONTROL and mod.value in _CONTROLS and s.side is a.Side.ANY:
        return replace(s, side=_CONTROLS[mod.value])
    if mod.kind is ModKind.OTHER:
        return replace(s, other=True)
    if mod.kind is ModKind.TARGET and s.pick is a.Pick.CHOOSE:
        return s  # Altered "target": a chosen object (A-SPELL-1)
    if mod.kind is ModKind.TAG:
        return replace(s, subtypes=s.subtypes | {mod.value})
    if mod.kind is ModKind.KEYWORD:
        return replace(s, has=s.has | {mod.value})
    if mod.kind is ModKind.STATE:
        if mod.text.startswith("[["):
            return replace(s, has=s.has | {mod.value})
        if mod.value in _HAS:
            return replace(s, has=s.has | {mod.value})
        if mod.value == "damaged":  # damage marked on it: the counter damage (Riftbound 142)
            return replace(s, has=s.has | {"damage"})
        if mod.value in _LACKS:
            return replace(s, lacks=s.lacks | {_LACKS[mod.value]})
        if mod.value.startswith("non-"):  # "non-Recruit": a subtype (phrases knows tags)
            return replace(s, lacks=s.lacks | {mod.value[4:]})
    # "in my Expedition": at the card's own place, as "here" (Altered 7.5: an expedition)
    if mod.kind is ModKind.PLACE and mod.value in ("here", "my-expedition") and s.zone is None:
        return replace(s, here=True)
    placed = mod.kind in (ModKind.PLACE, ModKind.ZONE) and mod.value in _PLACES
    if placed and not s.here and s.zone is None:
        return replace(s, zone=_PLACES[mod.value])
    if mod.kind is ModKind.ZONE and mod.value in _ZONES and not s.here and s.zone is None:
        if s.side not in (a.Side.ANY, a.Side.YOURS):
            raise Lost(f"'{mod.text}' of an opponent's object")
        return replace(s, zone=_ZONES[mod.value], side=a.Side.YOURS)
    if mod.kind is ModKind.COMPARE:
        return replace(s, stats=(*s.stats, _stat_test(mod)))
    if mod.kind is ModKind.PLACE and mod.value in _TERRAINS and s.region is None:
        return replace(s, region=_TERRAINS[mod.value])  # "in {V}" (Altered 7.5.7)
    # "in your base" (Riftbound 107: a player's base holds what they control)
    if mod.kind is ModKind.PLACE and mod.value == "your-base" and not s.here and s.zone is None:
        if s.side is a.Side.ENEMY:
            raise Lost(f"'{mod.text}' of an enemy object")
        return replace(s, zone="base", side=a.Side.YOURS)
    raise Lost(f"'{mod.text}'")


# the characteristics a comparison names, as the rulesets call them (Decision CHECK-STD)
_STATS = {"might": "might", "hand_cost": "hand_cost", "energy_cost": "energy",
          "power_cost": "power"}  # fmt: skip


# Altered region types (2.2.4), as the region objects' subtypes (as ``to_events._REGIONS``)
_TERRAINS = {"forest": "Forest", "mountain": "Mountain", "water": "Water"}


def _stat_test(mod: Mod) -> a.StatTest:
    """ "with 3 {might} or less", "with Hand Cost {2} or more": one characteristic of each
    object compared with a printed number (a total over the targets is not a filter)."""
    for op, compare in (("<=", a.Compare.AT_MOST), (">=", a.Compare.AT_LEAST)):
        stat, sep, bound = mod.value.partition(op)
        if sep and stat in _STATS and bound.isdigit():
            return a.StatTest(_STATS[stat], compare, int(bound))
    raise Lost(f"'{mod.text}'")


def _player(np: NounPhrase, ctx: _Ctx) -> a.Selector:
    s = selector(np, ctx)
    if not s.is_player:
        raise Lost(f"'{np.render()}' as a player")
    return s


# -- amounts and durations --------------------------------------------------------------------

_DURATIONS = {"turn": a.Lasts.END_OF_TURN, "combat": a.Lasts.END_OF_COMBAT,
              "day": a.Lasts.END_OF_DAY, "afternoon": a.Lasts.END_OF_AFTERNOON}  # fmt: skip


def _duration(node: Node, name: str) -> a.Duration:
    word = _word(node, name, WordKind.DURATION)
    if word.value not in _DURATIONS:
        raise Lost(f"the duration '{word.text}'")
    return a.Duration(_DURATIONS[str(word.value)])


def _signed(node: Node, name: str) -> a.Amount:
    value = _word(node, name, WordKind.NUMBER).value
    if not isinstance(value, int):
        raise Lost(f"the amount {value}")
    return a.Const(value)


def _statref(node: Node, name: str) -> a.Amount:
    word = _word(node, name, WordKind.STAT)
    if word.value == "my:might":
        return a.StatOf(a.SELF, "might")
    raise Lost(f"'{word.text}'")


# -- clauses: one action each ------------------------------------------------------------------


def _e(action: a.Action, sel: a.Selector, amount: a.Amount | None = None) -> a.Effect:
    return a.Effect(action, sel, amount)


def _sel(node: Node, name: str, ctx: _Ctx) -> a.Selector:
    value = _slot(node, name)
    if not isinstance(value, NounPhrase):
        raise Lost(f"form '{node.form.name}': slot {name} is not a noun phrase")
    return selector(value, ctx)


def _by(node: Node, ctx: _Ctx) -> a.Selector:
    """The player doing an instruction: you, unless a subject is printed (``-by`` forms)."""
    names = [k for k, _ in node.slots]
    for key in ("by", "p"):
        if key in names:
            value = _slot(node, key)
            if not isinstance(value, NounPhrase):
                raise Lost("a subject that is not a noun phrase")
            return _player(value, ctx)
    return a.YOU


Clause = Callable[[Node, _Ctx], list[a.Effect]]


def _damage(n: Node, c: _Ctx) -> list[a.Effect]:
    return [_e(a.DealDamage(), _sel(n, "t", c), a.Const(_int(n, "n")))]


def _damage_split(n: Node, c: _Ctx) -> list[a.Effect]:
    return [
        _e(a.DealDamage(), _sel(n, "t", c), a.Const(_int(n, "n"))),
        _e(a.DealDamage(), _sel(n, "u", c), a.Const(_int(n, "m"))),
    ]


def _damage_among(n: Node, c: _Ctx) -> list[a.Effect]:
    return [_e(a.DealDamage(split=True), _sel(n, "t", c), a.Const(_int(n, "n")))]


def _damage_equal(n: Node, c: _Ctx) -> list[a.Effect]:
    return [_e(a.DealDamage(), _sel(n, "t", c), _statref(n, "s"))]


def _might(timed: bool) -> Clause:
    def conv(n: Node, c: _Ctx) -> list[a.Effect]:
        e = _e(a.ModifyStat("might"), _sel(n, "t", c), _signed(n, "d"))
        return [replace(e, duration=_duration(n, "w"))] if timed else [e]

    return conv


def _might_here(n: Node, c: _Ctx) -> list[a.Effect]:
    """ "Other friendly units have +1 {might} here": the place word narrows the objects to
    those at the card's place, as "units here" does (Decision IMP-HERE)."""
    place = _word(n, "p", WordKind.PLACE)
    (e,) = _might(False)(n, c)
    if place.value != "here" or e.selector.here or e.selector.zone is not None:
        raise Lost(f"'{place.text}'")
    return [replace(e, selector=replace(e.selector, here=True))]


def _keyword(timed: bool) -> Clause:
    def conv(n: Node, c: _Ctx) -> list[a.Effect]:
        word = _word(n, "k", WordKind.KEYWORD)
        target = _sel(n, "t", c)
        dur = _duration(n, "w") if timed else a.INSTANT
        out = []
        for printed in str(word.value).split(","):
            name, _, number = printed.partition(" ")
            if number and not number.isdigit():
                raise Lost(f"the keyword '{printed}'")
            count = a.Const(int(number)) if number else None
            out.append(replace(_e(a.Give(a.Grant.KEYWORD, name), target, count), duration=dur))
        return _one_choice(out)

    return conv


def players(n: Node, c: _Ctx) -> list[a.Selector]:
    """Who does a player's instruction: "each player" is you, then the opponent (each does
    it: the games arbiter plays have two players); else ``_by``."""
    for key in ("by", "p"):
        value = dict(n.slots).get(key)
        if isinstance(value, NounPhrase) and value.noun == "each-player":
            return [a.YOU, a.OPPONENT]
    return [_by(n, c)]


def _draw(n: Node, c: _Ctx) -> list[a.Effect]:
    count = _int(n, "n") if "n" in [k for k, _ in n.slots] else 1
    return [_e(a.MoveTo(a.ZoneMove.DRAW), p, a.Const(count)) for p in players(n, c)]


def _discard_n(n: Node, c: _Ctx) -> list[a.Effect]:
    return [_e(a.MoveTo(a.ZoneMove.DISCARD), p, a.Const(_int(n, "n"))) for p in players(n, c)]


def _move(move: a.ZoneMove, zone: str = "") -> Clause:
    def conv(n: Node, c: _Ctx) -> list[a.Effect]:
        return [_e(a.MoveTo(move, zone), _sel(n, "t", c))]

    return conv


def _return(n: Node, c: _Ctx) -> list[a.Effect]:
    place = _word(n, "p", WordKind.PLACE)
    target = _sel(n, "t", c)
    # "to your hand" of a card in one of your zones is its owner's hand (A-GOLD-6)
    yours = place.value == "your-hand" and target.side is a.Side.YOURS and target.zone
    if place.value != "owner-hand" and not yours:
        raise Lost(f"'return … {place.text}'")
    return [_e(a.MoveTo(a.ZoneMove.RETURN_TO_HAND), target)]


def _status(give: bool, name: str = "") -> Clause:
    def conv(n: Node, c: _Ctx) -> list[a.Effect]:
        status = name or str(_word(n, "s", WordKind.STATUS).value)
        act: a.Action = a.Give(a.Grant.STATUS, status) if give else a.Take(a.Grant.STATUS, status)
        return [_e(act, _sel(n, "t", c))]

    return conv


def _boost(n: Node, c: _Ctx) -> list[a.Effect]:
    """Altered 7.3.12: boosts are counters of the object (``model.altered.keywords``)."""
    from arbiter.model.altered.zones import BOOSTS

    return [_e(a.AddCounters(BOOSTS), _sel(n, "t", c), a.Const(_int(n, "n")))]


def _counters(n: Node, c: _Ctx) -> list[a.Effect]:
    name = str(_word(n, "c", WordKind.NAME).value)
    return [_e(a.AddCounters(name), _sel(n, "t", c), a.Const(_int(n, "n")))]


def _icons(n: Node, name: str) -> int:
    word = _word(n, name, WordKind.ICONS)
    if not str(word.value).isdigit():
        raise Lost(f"the cost '{word.text}'")
    return int(str(word.value))


def _cost_less(sign: int) -> Clause:
    def conv(n: Node, c: _Ctx) -> list[a.Effect]:
        amount = a.Const(sign * _icons(n, "i"))
        value = _slot(n, "t") if "t" in [k for k, _ in n.slots] else None
        if isinstance(value, NounPhrase) and value.det is Det.NEXT:
            return [_next_cost(value, amount, c)]
        target = _sel(n, "t", c) if value is not None else a.SELF
        return [_e(a.ModifyCost(), target, amount)]

    return conv


# "the next Spell you play [this turn]": the cards a player plays, counted once
_NEXT_PLAYED = {
    "you-play": a.INSTANT,
    "you-play-this-turn": a.Duration(a.Lasts.END_OF_TURN),
    "you-play-this-afternoon": a.Duration(a.Lasts.END_OF_AFTERNOON),  # Altered 4.2
}


def _next_cost(np: NounPhrase, amount: a.Amount, ctx: _Ctx) -> a.Effect:
    """ "The next Permanent you play this turn costs {1} less": a cost change used up by
    the first card it applies to (``once``), lasting the turn when it says so."""
    played = [m for m in np.post if m.kind is ModKind.CONTROL and m.value in _NEXT_PLAYED]
    if len(played) != 1:
        raise Lost(f"'{np.render()}' (the next card of which play)")
    rest = replace(np, det=Det.ALL, count=None, post=tuple(m for m in np.post if m != played[0]))
    target = replace(selector(rest, ctx), side=a.Side.YOURS)
    effect = _e(a.ModifyCost(once=True), target, amount)
    return replace(effect, duration=_NEXT_PLAYED[played[0].value])


def _gain_boost_status(n: Node, c: _Ctx) -> list[a.Effect]:
    return _one_choice([*_boost(n, c), *_status(True)(n, c)])


def _one_choice(effects: list[a.Effect]) -> list[a.Effect]:
    """Several effects of one clause on a chosen object ("give a unit [Shield 3] and
    [Tank]") are about the same object: the first chooses it, the others say "it" of it
    (``THAT``, named by ``to_actions.refer``); a clause choosing differently is lost."""
    if len(effects) > 1 and any(e.selector.chosen for e in effects):
        first = effects[0].selector
        if not first.chosen or any(e.selector != first for e in effects[1:]):
            raise Lost("several effects on one chosen object")
        return [effects[0], *(replace(e, selector=THAT) for e in effects[1:])]
    return effects


def _might_minimum(n: Node, c: _Ctx) -> list[a.Effect]:
    """ "…, to a minimum of 1 {might}": the modification never takes it below that."""
    (e,) = _might(True)(n, c)
    return [replace(e, action=a.ModifyStat("might", minimum=_int(n, "m")))]


CLAUSES: dict[str, Clause] = {
    "give-might-min": _might_minimum,
    "deal": _damage,
    "deal-split": _damage_split,
    "deal-split-among": _damage_among,
    "deal-equal": _damage_equal,
    "give-might-dur": _might(True),
    "gets-might-dur": _might(True),
    "get-might-dur": _might(True),
    "give-each-might": _might(True),
    "give-might": _might(False),
    "give-kw-dur": _keyword(True),
    "gains-kw-dur": _keyword(True),
    "give-kw": _keyword(False),
    "gains-kw": _keyword(False),
    "gain-kw": _keyword(False),
    "draw-card": _draw,
    "draw-cards": _draw,
    "draw": _draw,
    "sel-draws": _draw,
    "sel-draw": _draw,
    "sel-draws-card": _draw,
    "sel-draws-cards": _draw,
    "discard-n": _discard_n,
    "discard": _move(a.ZoneMove.DISCARD),
    "kill": _move(a.ZoneMove.DESTROY),
    "sacrifice": _move(a.ZoneMove.SACRIFICE),
    "send-reserve": _move(a.ZoneMove.RECALL),
    "send-reserve-2": _move(a.ZoneMove.RECALL),
    "banish": _move(a.ZoneMove.TO_ZONE, "banishment"),
    "return": _return,
    "stun": _status(True, "stunned"),
    "ready": _status(False, "exhausted"),
    "exhaust": _status(True, "exhausted"),
    "gains-status": _status(True),
    "gain-status": _status(True),
    "loses-status": _status(False),
    "lose-status": _status(False),
    "gains-boost": _boost,
    "gains-boosts": _boost,
    "gain-boost": _boost,
    "gain-boosts": _boost,
    "give-boost": _boost,
    "give-boosts": _boost,
    "give-sel-boost": _boost,
    "give-sel-boosts": _boost,
    "each-gain-boost": _boost,
    "each-gain-boosts": _boost,
    "gains-counters": _counters,
    "gains-counter": _counters,
    "gains-counters-s": _counters,
    "gains-counter-s": _counters,
    "cost-less-c": _cost_less(-1),
    "cost-less-cp": _cost_less(-1),
    "cost-more-c": _cost_less(1),
}

# verb phrases after a subject: the same actions, the subject in slot t
VERB_PHRASES: dict[str, Clause] = {
    "switches": lambda n, c: [_e(a.MoveTo(a.ZoneMove.SWITCH), _sel(n, "t", c))],  # 7.3.28
    "switch": lambda n, c: [_e(a.MoveTo(a.ZoneMove.SWITCH), _sel(n, "t", c))],
    "gains-boost-status": _gain_boost_status,
    "gains-boosts-status": _gain_boost_status,
    "gain-boost-status": _gain_boost_status,
    "gain-boosts-status": _gain_boost_status,
    "gains-boost": _boost,
    "gains-boosts": _boost,
    "gain-boost": _boost,
    "gain-boosts": _boost,
    "gains-status": _status(True),
    "gain-status": _status(True),
    "loses-status": _status(False),
    "lose-status": _status(False),
}

ENTERS_READY = a.Take(a.Grant.STATUS, "exhausted")
ENTERS_EXHAUSTED = a.Give(a.Grant.STATUS, "exhausted")  # "This enters exhausted"
ENTER_FORMS = frozenset({"enter-ready", "enters-ready", "enters-exhausted", "enter-exhausted"})


def _restrict(deed: str, what: str = "", here: bool = False) -> Clause:
    """ "Units can't move to base", "Units can't be played here": what the objects cannot
    do, for as long as the static ability applies (A-GOLD-1)."""

    def conv(n: Node, c: _Ctx) -> list[a.Effect]:
        s = _sel(n, "t", c)
        if here and (s.here or s.zone is not None):
            raise Lost(f"'{n.render()}' of objects already placed")
        return [_e(a.Restrict(deed, what=what), replace(s, here=True) if here else s)]

    return conv


def _might_floor(n: Node, c: _Ctx) -> list[a.Effect]:
    """ "Stunned enemy units here have -8 {might}, to a minimum of 1 {might}"."""
    (e,) = _might(False)(n, c)
    return [replace(e, action=a.ModifyStat("might", minimum=_int(n, "m")))]

# what a static line says its objects have (to_passives): only read on a static line
STATIC_CLAUSES: dict[str, Clause] = {
    "enters-exhausted": lambda n, c: [_e(ENTERS_EXHAUSTED, _sel(n, "t", c))],  # IMP-ENTER
    "enter-exhausted": lambda n, c: [_e(ENTERS_EXHAUSTED, _sel(n, "t", c))],
    "cant-move-base": _restrict("move_to_base"),  # Riftbound 442: its base as destination
    "cant-move-here-base": _restrict("move_to_base", here=True),  # "from here"
    "cant-be-played-here": _restrict("be_played", what="here"),  # Riftbound 169.10
    "have-might-min": _might_floor,
    "has-might": _might(False),
    "have-might": _might(False),
    "have-additional-might": _might(False),
    "has-might-place": _might_here,
    # "I enter ready": the object does not get exhausted as it enters (Riftbound 805.6),
    # an ``as_enters`` ability (to_abilities.entering, Decision IMP-ENTER)
    "enter-ready": lambda n, c: [_e(ENTERS_READY, _sel(n, "t", c))],
    "enters-ready": lambda n, c: [_e(ENTERS_READY, _sel(n, "t", c))],
    "have-might-place": _might_here,
    "has-kw": _keyword(False),
    "have-kw": _keyword(False),
    "each-have-kw": _keyword(False),
    "is-kw": _keyword(False),
    "are-kw": _keyword(False),
    "am-kw": _keyword(False),
}


# -- counts (conditions) -----------------------------------------------------------------


def _counted(node: Node, slot: str) -> tuple[a.Selector, a.Compare, int]:
    value = _slot(node, slot)
    if not isinstance(value, NounPhrase):
        raise Lost("a count of something that is not a noun phrase")
    if value.det in (Det.A, Det.ONE, Det.AT_LEAST, Det.COUNT, Det.ANOTHER):
        bound = value.count or 1
    else:
        raise Lost(f"the count '{value.det_text}'")
    s = selector(replace(value, det=Det.ALL, count=None), _Ctx(False))
    if value.det is Det.ANOTHER:  # "you control another Mech": one other than this card
        s = replace(s, other=True)
    return s, a.Compare.AT_LEAST, bound
