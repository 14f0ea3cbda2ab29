"""The forms of ``forms_more`` in the card language: one verb on two objects, a tag a
card has, events a trigger lists, the Board a card leaves, a buff spent.

Same contract as ``to_effects``: every part has a counterpart in the algebra or ``Lost``
is raised; ``event``/``events`` return None for a form that is not one of these.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from arbiter.model.effects import algebra as a
from arbiter.model.format.importers.clauses import Det, Node, NounPhrase, WordKind
from arbiter.model.format.importers.to_effects import (
    CLAUSES,
    THAT,
    Clause,
    Lost,
    _Ctx,
    _icons,
    _int,
    _node,
    _slot,
    _word,
    selector,
)

# -- one verb, two objects ----------------------------------------------------------------


def _disjoint(one: a.Selector, two: a.Selector) -> bool:
    """No object can be both: of other card types, or of opposite sides."""
    sides = {one.side, two.side} == {a.Side.YOURS, a.Side.ENEMY}
    kinds = bool(one.kinds) and bool(two.kinds) and not one.kinds & two.kinds
    return sides or kinds


def _two(verb: str) -> Clause:
    """ "Kill a unit and a gear": the verb's clause for each object, the first object
    before the second (Riftbound 135.2). The two must be different objects by what
    they are (types or sides), or the reading could choose one object twice; and the
    second may not say "another" (other than the first: the algebra's ``other`` is
    other than the card itself)."""

    def conv(n: Node, c: _Ctx) -> list[a.Effect]:
        u = _slot(n, "u")
        if not isinstance(u, NounPhrase):
            raise Lost(f"form '{n.form.name}': slot u is not a noun phrase")
        second = Node(n.form, tuple(("t", u) if k == "t" else (k, v) for k, v in n.slots))
        from arbiter.model.format.importers.to_actions import MORE_CLAUSES

        each = CLAUSES.get(verb) or MORE_CLAUSES[verb]
        out = [*each(n, c), *each(second, c)]
        one, two = out[0].selector, out[1].selector
        if two.other or not _disjoint(one, two):
            raise Lost(f"'{n.render()}' (two objects that could be one)")
        return out

    return conv


# -- what a card is ---------------------------------------------------------------------

SUBTYPES = "subtypes"  # the characteristic tags are (model.passives.SUBTYPES)


def _is_tag(n: Node, c: _Ctx) -> list[a.Effect]:
    """ "I am a Mech": on a static line, the tag is added to the card's own (a passive,
    Riftbound 135.2); ``s``: who else is said to be one ("your Mechs are Yordles")."""
    if not c.static:
        raise Lost(f"'{n.render()}' outside a static ability")
    tag = str(_word(n, "t", WordKind.NAME).value)
    who = a.SELF
    if "s" in [k for k, _ in n.slots]:
        value = _slot(n, "s")
        if not isinstance(value, NounPhrase):
            raise Lost(f"'{n.render()}'")
        who = selector(value, c)
    action = a.ModifyStat(SUBTYPES, a.StatOp.ADD, members=frozenset({tag}))
    return [a.Effect(action, who)]


Convert = Callable[[Node, _Ctx], tuple[a.Effect, ...]]


def _at_end_of_turn(convert: Convert) -> Clause:
    """ "Ready up to 2 runes at the end of this turn": a delayed trigger (Riftbound 390.2)
    waiting for the next end of a turn, this one's (``convert``: reads the clause)."""

    def conv(n: Node, c: _Ctx) -> list[a.Effect]:
        effects = convert(_node(n, "a"), c)
        return [a.Effect(a.Delayed(END_OF_THIS_TURN, effects), a.YOU)]

    return conv


def clause(name: str, convert: Convert) -> Clause | None:
    """The conversion of clause form ``name`` of these forms, or None; ``convert`` reads a
    clause inside it (given by ``to_abilities``, so this module never imports it)."""
    if name == "at-end-of-turn":
        return _at_end_of_turn(convert)
    return CLAUSES_MORE.get(name)


END_OF_THIS_TURN = a.When(a.EventKind.END_OF_TURN, a.Selector(a.Pick.ALL))

def _counter(n: Node, c: _Ctx) -> list[a.Effect]:
    """ "Counter a spell" (Riftbound 425): only spells (an ability on the chain is not an
    object the card language selects)."""
    target = selector(_np(n, "t"), c)
    if target.kinds != frozenset({"spell"}):
        raise Lost(f"'{n.render()}' (only spells are countered here)")
    return [a.Effect(a.Counter(), target)]


def _np(n: Node, slot: str) -> NounPhrase:
    value = _slot(n, slot)
    if not isinstance(value, NounPhrase):
        raise Lost(f"form '{n.form.name}': slot {slot} is not a noun phrase")
    return value


CLAUSES_MORE: dict[str, Clause] = {
    "counter": _counter,
    "kill-two": _two("kill"),
    "banish-two": _two("banish"),
    "stun-two": _two("stun"),
    "ready-two": _two("ready"),
    "exhaust-two": _two("exhaust"),
    "return-two": _two("return"),
    "deal-two": _two("deal"),
    "buff-two": _two("buff"),
    "give-might-two": _two("give-might-dur"),
    "give-kw-two-dur": _two("give-kw-dur"),
    "give-kw-two": _two("give-kw"),
    "am-a-tag": _is_tag,
    "is-a-tag": _is_tag,
    "are-tags": _is_tag,
}

# -- events ---------------------------------------------------------------------------------

_PARTICIPLE_EVENTS = {
    "played": a.EventKind.PLAYED,
    "discarded": a.EventKind.DISCARDED,
    "dies": a.EventKind.DIES,
    "readied": a.EventKind.READIED,
    "recycled": a.EventKind.RECYCLED,
    "chosen": a.EventKind.CHOSEN,
}
_VERB_EVENTS = {
    "conquers": a.EventKind.CONQUERS,
    "holds": a.EventKind.HOLDS,
    "attacks": a.EventKind.ATTACKS,
    "defends": a.EventKind.DEFENDS,
    "moves": a.EventKind.MOVES,
    "dies": a.EventKind.DIES,
    "wins-combat": a.EventKind.WINS_COMBAT,  # Decision IMP-WIN
}
# Riftbound 702.2.b: spending a buff removes one buff counter from a unit its player
# controls (702.2.b.2), as the cost "spend a buff" does (to_actions.spend_buff)
# (by you: a buff also leaves with its unit, 705, which is no spending; the engine does not
# record who removed a counter, so it refuses the trigger rather than firing it then)
BUFF_SPENT = a.When(
    a.EventKind.COUNTER,
    a.Selector(a.Pick.ALL, side=a.Side.YOURS),
    name="buff",
    change="down",
    by=a.Side.YOURS,
)


LISTS = frozenset({"is-events", "events-or", "you-event"})
# what you do to an object (the verb): the event and, for a status, its name (by you)
_BY_YOU = {
    "exhaust": (a.EventKind.GAINS_STATUS, "exhausted"),  # Altered 7.3.10
    "stun": (a.EventKind.GAINS_STATUS, "stunned"),  # Riftbound 441
    "ready": (a.EventKind.READIED, ""),
    "choose": (a.EventKind.CHOSEN, ""),
    "discard": (a.EventKind.DISCARDED, ""),
    "recycle": (a.EventKind.RECYCLED, ""),  # "when you recycle a rune" (Riftbound 416)
}


def _by_you(t: Node, subject: a.Selector) -> list[a.When]:
    verbs = str(_word(t, "v", WordKind.NAME).value).split(",")
    if any(v not in _BY_YOU for v in verbs):  # "you sacrifice or discard …": not one kind
        raise Lost(f"the events '{t.render()}'")
    return [a.When(_BY_YOU[v][0], subject, name=_BY_YOU[v][1], by=a.Side.YOURS) for v in verbs]


def is_list(t: Node) -> bool:
    """Whether trigger form ``t`` lists several events (one event of "you …" is not: it
    goes to event(), which reads "one or more" as Riftbound 383.2.c says)."""
    if t.form.name == "you-event":
        return "," in str(_word(t, "v", WordKind.NAME).value)
    return t.form.name in LISTS


def events(t: Node, subject: a.Selector | None) -> list[a.When] | None:
    """The events of a trigger form listing several (any of which triggers it, Riftbound
    383.1), or None when the form is not one of these."""
    name = t.form.name
    if not is_list(t):
        return None
    if subject is None:
        raise Lost(f"the subject of '{t.render()}'")
    if name == "you-event":
        return _by_you(t, subject)
    if name == "is-events":
        kinds = [_PARTICIPLE_EVENTS[p] for p in str(_word(t, "e", WordKind.NAME).value).split(",")]
    else:
        kinds = [_VERB_EVENTS[str(_word(t, k, WordKind.NAME).value)] for k in ("a", "b")]
    return [a.When(kind, subject) for kind in kinds]


def event(t: Node, subject: a.Selector | None) -> a.When | None:
    """The event of one of these trigger forms, or None."""
    name = t.form.name
    if name == "you-event" and subject is not None:  # "when you ready me"
        return _by_you(t, subject)[0]
    if name == "sel-event" and subject is not None:  # "I conquer", "a unit wins a combat"
        kind = _VERB_EVENTS[str(_word(t, "a", WordKind.NAME).value)]
        if " in combat" not in t.form.template:
            return a.When(kind, subject)
        if kind is not a.EventKind.DIES:  # Riftbound 460: only a death is "in combat"
            raise Lost(f"the event '{t.render()}'")
        return a.When(kind, subject, at=a.EventPlace.COMBAT)
    if name == "leaves-board" and subject is not None:  # Riftbound 110: leaves play
        return a.When(a.EventKind.LEAVES, subject)
    if name == "you-use-ability" and subject is not None:  # Riftbound 377.2: your objects'
        if subject.side is a.Side.ENEMY or subject.pick is not a.Pick.ALL:
            raise Lost(f"the event '{t.render()}'")
        return a.When(a.EventKind.ACTIVATED, replace(subject, side=a.Side.YOURS))
    if name in ("play-facedown", "play-hidden") and subject is not None:  # 811.1.c.3
        if subject.side is a.Side.ENEMY:
            raise Lost(f"the event '{t.render()}'")
        who = subject if subject.pick is a.Pick.SELF else replace(subject, side=a.Side.YOURS)
        return a.When(a.EventKind.PLAYED, who, zone="facedown")
    if name == "recycle-to-deck" and subject is not None:  # 416.1.a: not runes
        if subject.pick is not a.Pick.ALL or subject.kinds or subject.side is a.Side.ENEMY:
            raise Lost(f"the event '{t.render()}'")
        cards = replace(subject, side=a.Side.YOURS, lacks=subject.lacks | {"rune"})
        return a.When(a.EventKind.RECYCLED, cards, by=a.Side.YOURS)
    if name == "moves-from-battlefield" and subject is not None:  # Riftbound 440: where from
        return a.When(a.EventKind.MOVES, subject, origin="battlefield")
    if name == "takes-damage" and subject is not None:  # Riftbound 417
        return a.When(a.EventKind.DAMAGED, subject)
    if name == "you-spend-buff":
        return BUFF_SPENT
    return None


# -- the top of a deck --------------------------------------------------------------------------

BODIES = frozenset({"look", "look-then", "look-may", "look-may-pay"})
Sentences = Callable[[Node, _Ctx], tuple[a.Effect, ...]]
Costs = Callable[[Node], tuple[a.Effect, ...]]
_MAY = {  # "you may …" among them: one card, or none (the kept card's destination)
    "look-may-draw": a.Kept.HAND,
    "look-play": a.Kept.PLAY,
    "look-banish-play": a.Kept.BANISH_THEN_PLAY,
    "look-banish-play-here": a.Kept.BANISH_THEN_PLAY,
    "look-banish-play-less": a.Kept.BANISH_THEN_PLAY,
    "look-banish-play-less-draw": a.Kept.BANISH_THEN_PLAY,
}


def _look_body(node: Node, ctx: _Ctx, rest: Sentences, costs: Costs) -> tuple[a.Effect, ...]:
    """A body that looks at the top of the deck first, optionally ("you may [pay X to]
    reveal …"), then the sentences after it."""
    (look,) = _look(_node(node, "x"), ctx)
    if node.form.name == "look-may":
        look = replace(look, optional=True)
    elif node.form.name == "look-may-pay":
        look = replace(look, optional=True, costs=costs(_node(node, "k")))
    after = rest(_node(node, "b"), ctx) if node.form.name == "look-then" else ()
    return (look, *after)


def _look(node: Node, ctx: _Ctx) -> tuple[a.Effect, ...]:
    """ "Look at the top 3 cards of your Main Deck. Put 1 into your hand and recycle the
    rest" (Riftbound 416, 424): one ``LookTop``; "you may banish one, then play it" keeps
    up to one card, banished then played (Riftbound 427)."""
    name, look = node.form.name, _node(node, "l")
    count = _int(look, "n")
    action = a.LookTop(keep=1, reveal=look.form.name == "reveal-top")
    if name == "look-put":
        keep = _int(node, "k")
        if not 0 < keep < count:
            raise Lost(f"keeping {keep} of the top {count} cards")
        action = replace(action, keep=keep)
    elif name in ("look-draw-other", "look-recycle-some") and count != 2:  # of two
        raise Lost(f"'{node.render()}' of {count} cards")
    elif name == "look-recycle-some":  # those not recycled go back on top, in any order
        action = replace(action, keep=2, up_to=True, to=a.Kept.TOP)
    elif name in _MAY:  # "you may reveal a gear from among them and draw it", "play one"
        action = replace(action, up_to=True, to=_MAY[name], kinds=_kept_kinds(node, ctx))
        if "i" in [k for k, _ in node.slots]:
            action = replace(action, discount=_icons(node, "i"))
        if name == "look-banish-play-less-draw":  # "draw any you didn't banish"
            action = replace(action, rest=a.Rest.HAND)
        if name == "look-banish-play-here":  # "if it is a unit, you may play it here"
            action = replace(action, here=True)
    elif name not in ("look-draw-other", "look-recycle-some"):
        raise Lost(f"the look '{name}'")
    return (a.Effect(action, a.YOU, a.Const(count)),)


def _kept_kinds(node: Node, ctx: _Ctx) -> frozenset[str]:
    """The types a kept card must have ("a gear" from among them); none said: any."""
    if "t" not in [k for k, _ in node.slots]:
        return frozenset()
    value = _slot(node, "t")
    plain = isinstance(value, NounPhrase) and value.det is Det.A and not value.post
    kinds = selector(value, ctx).kinds if isinstance(value, NounPhrase) else frozenset()
    if not plain or not kinds or (isinstance(value, NounPhrase) and value.pre):
        raise Lost(f"the card kept '{value}'")
    return kinds


# -- a spell's delayed trigger ----------------------------------------------------------------

LINES = frozenset({"when-this-turn"})
Triggers = Callable[[Node], list[a.When]]


def line(node: Node, spell: bool, triggers: Triggers, body: Sentences) -> tuple[a.CardAbility]:
    """ "When a friendly unit is played this turn, buff it" on a spell: a delayed trigger
    of the spell's effect, each time the event happens until the end of the turn
    (Riftbound 390.2), "it" being the event's object."""
    if not spell:
        raise Lost("'when … this turn' on a permanent (a trigger for one turn only)")
    events = triggers(_node(node, "t"))
    if len(events) != 1:
        raise Lost(f"'{node.render()}' (several events)")
    effects = body(_node(node, "b"), _Ctx(True))
    waits = a.Delayed(events[0], effects, every=True)
    turn = a.Duration(a.Lasts.END_OF_TURN)
    return (a.CardAbility(a.Kind.ON_PLAY, (a.Effect(waits, a.YOU, duration=turn),)),)


# -- "Choose X. … it …": the object chosen first, named by the instructions after ----------------


def _chosen_first(node: Node) -> NounPhrase | None:
    """The X of a body "Choose X. …" (its first sentence that instruction alone), or None."""
    if node.form.name != "sentences":
        return None
    first = _node(node, "a")
    clauses = _node(first, "c") if first.form.name == "clauses" else None
    clause = _node(clauses, "a") if clauses is not None and clauses.form.name == "clause" else None
    if clause is None or clause.form.name != "choose":
        return None
    value = _slot(clause, "t")
    return value if isinstance(value, NounPhrase) else None


_OPPONENT = NounPhrase(Det.PRONOUN, "", None, (), "an-opponent", "", ())


def _them_to(node: Node, player: NounPhrase) -> tuple[Node, int]:
    """The body with "they" / "them" read as ``player`` (printed as before), and how many."""
    count, slots = 0, []
    for key, value in node.slots:
        if isinstance(value, Node):
            value, n = _them_to(value, player)
            count += n
        elif isinstance(value, NounPhrase) and value.det is Det.PRONOUN and value.noun == "them":
            value, count = replace(player, noun_text=value.noun_text), count + 1
        slots.append((key, value))
    return Node(node.form, tuple(slots)), count


def is_body(node: Node) -> bool:
    """A body ``body`` converts: the top of a deck, or "Choose X. …"."""
    return node.form.name in BODIES or _chosen_first(node) is not None or _top_card(node)


def body(node: Node, ctx: _Ctx, rest: Sentences, costs: Costs) -> tuple[a.Effect, ...]:
    """A body of these forms; ``rest`` reads the sentences after, ``costs`` a cost (both
    given by ``to_abilities``)."""
    if _top_card(node):
        return _top_card_kept(node, ctx, rest)
    if node.form.name not in BODIES:
        return _choose_then(node, ctx, rest)
    return _look_body(node, ctx, rest, costs)


# -- "Reveal the top card of your Main Deck. If it's a gear, draw it. Otherwise, recycle it."


def _clause_of(sentence: Node) -> Node | None:
    """The one instruction of a sentence ("draw it"), or None."""
    if sentence.form.name == "otherwise":  # "otherwise, <sentence>"
        sentence = _node(sentence, "c")
    if sentence.form.name != "clauses":
        return None
    clauses = _node(sentence, "c")
    return _node(clauses, "a") if clauses.form.name == "clause" else None


def _is_it(node: Node, slot: str) -> bool:
    value = dict(node.slots).get(slot)
    return isinstance(value, NounPhrase) and value.det is Det.PRONOUN and value.noun == "it"


def _top_card(node: Node) -> bool:
    """Whether the body is "Reveal the top card of your Main Deck. If it's <a type>, draw it
    (put it in your hand). Otherwise, recycle it[. …]"."""
    if node.form.name != "sentences":
        return False
    first, then = _node(node, "a"), _node(node, "b")
    reveal = _clause_of(first)
    if reveal is None or reveal.form.name != "reveal-top-card" or then.form.name != "sentences":
        return False
    test, after = _node(then, "a"), _node(then, "b")
    other = _node(after, "a")
    if test.form.name != "if" or _node(test, "k").form.name != "its-a":
        return False
    keep = _node(test, "c")
    kept = _node(_node(keep, "c"), "a") if keep.form.name == "clauses" else None
    gone = _clause_of(other)
    drawn = kept is not None and kept.form.name in ("draw-sel", "put") and _is_it(kept, "t")
    if kept is not None and kept.form.name == "put":
        place = dict(kept.slots).get("p")
        drawn = drawn and getattr(place, "value", "") == "your-hand"
    recycled = gone is not None and gone.form.name == "recycle" and _is_it(gone, "t")
    return drawn and recycled and other.form.name == "otherwise"


def _top_card_kept(node: Node, ctx: _Ctx, rest: Sentences) -> tuple[a.Effect, ...]:
    """The top card revealed, kept if it is of a type (as many as possible: one or none),
    recycled otherwise (Riftbound 416.1.a, 424): a ``LookTop`` of one card."""
    then = _node(node, "b")
    test, after = _node(then, "a"), _node(then, "b")
    kinds = _kept_kinds(_node(test, "k"), ctx)
    action = a.LookTop(keep=1, kinds=kinds, reveal=True)
    more = rest(_node(after, "b"), ctx) if after.form.name == "sentences" else ()
    return (a.Effect(action, a.YOU, a.Const(1)), *more)


def _choose_then(node: Node, ctx: _Ctx, rest: Sentences) -> tuple[a.Effect, ...]:
    """ "Choose a unit. It gains [Shield 2] this combat": the object is chosen as the first
    instruction naming it ("it", "that unit") is done, and the later ones name the same
    object (A-SPELL-1; ``to_actions.refer`` names it). In a trigger about another object
    "it" is that object, so the line is not read so."""
    value = _chosen_first(node)
    assert value is not None
    chosen = selector(value, ctx)
    if chosen == a.OPPONENT:  # two players: the opponent chosen is the opponent
        said, count = _them_to(_node(node, "b"), _OPPONENT)
        if not count:
            raise Lost(f"'choose {value.render()}' that no instruction after it names")
        return rest(said, ctx)
    if ctx.trigger or chosen.pick is not a.Pick.CHOOSE or chosen.count != 1 or chosen.up_to:
        raise Lost(f"'choose {value.render()}' and what names it")
    effects = list(rest(_node(node, "b"), ctx))
    uses = [i for i, e in enumerate(effects) if e.selector == THAT]
    if not uses:
        raise Lost(f"'choose {value.render()}' that no instruction after it names")
    effects[uses[0]] = replace(effects[uses[0]], selector=chosen)
    return tuple(effects)
