"""A whole line's reading as card-language abilities: its shape (triggered, activated,
spell), event, costs, conditions and the sequence of its clauses (``to_effects`` does
each clause). ``abilities(node, spell)`` returns the abilities or raises ``Lost``.

A keyword line gives no ability: its keywords are the card's named features
(``keywords:``, IMP-KW). A static ability (a line on a permanent without a trigger or
a cost) becomes passives when ``to_passives`` can write them in the area syntax a
format 2 card uses for passives; otherwise it stays opaque (IMP-ALGEBRA).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from arbiter.model.effects import algebra as a
from arbiter.model.format.importers import to_extra, to_limits, to_more
from arbiter.model.format.importers.clauses import Det, Node, NounPhrase, Shape, WordKind
from arbiter.model.format.importers.to_actions import DOMAINS, legion, resource, timing_of
from arbiter.model.format.importers.to_effects import (
    CLAUSES,
    ENTER_FORMS,
    STATIC_CLAUSES,
    VERB_PHRASES,
    Lost,
    _counted,
    _Ctx,
    _int,
    _node,
    _one_choice,
    _slot,
    _word,
    selector,
)
from arbiter.model.format.importers.to_events import implied_turn

_DRAWN_BY = {"draw", "draw-card", "draw-cards", "discard-n"}  # "-by": the subject does it


def abilities(node: Node, spell: bool) -> tuple[a.CardAbility, ...]:
    """The abilities of one line (``spell``: the card is a spell, its text is done once)."""
    from arbiter.model.format.importers.to_actions import refer

    return tuple(refer(ab) for ab in _abilities(node, spell))


def _abilities(node: Node, spell: bool) -> tuple[a.CardAbility, ...]:
    name = node.form.name
    if node.form.meaning is Shape.KEYWORDS:
        if name != "keywords":
            raise Lost(f"the keyword line '{name}' (X defined by a count)")
        return ()
    if name in ("effect", "static-effect") and to_extra.is_extra(_node(node, "b")):
        return to_extra.extra(_node(node, "b"), spell, _sentence, _costs)
    if name == "effect" and spell:
        return (a.CardAbility(a.Kind.ON_PLAY, _body(_node(node, "b"), _Ctx(False))),)
    if name in ("activated", "activated-permission"):
        costs, b = _costs(_node(node, "c")), _node(node, "b")
        effects = () if (limit := to_limits.has_limit(b)) else _body(b, _Ctx(False))
        cond = IN_RESERVE if FROM_RESERVE in costs else None
        timing = timing_of(node) if name == "activated-permission" else a.Timing.DEFAULT
        quick = a.CardAbility(a.Kind.QUICK, effects, costs=costs, condition=cond, timing=timing)
        quick = to_limits.limited(quick, b, _sentence, _condition) if limit else quick
        kws = str(_word(node, "k", WordKind.KEYWORD).value).split(",") if timing.value else []
        return (legion(quick) if "Legion" in kws else quick,)
    if name in ("modal", "modal-dash") and spell:  # a spell's "Choose one: • A • B"
        options = _options(_node(node, "m"), _Ctx(False))
        return (a.CardAbility(a.Kind.ON_PLAY, (a.Effect(a.ChooseOne(options), a.YOU),)),)
    if name == "dependent":  # Riftbound 812 Legion: the ability only with its condition
        return _dependent(node, spell)
    if name == "keyword-trigger":  # Riftbound 808.1.c: "[Deathknell] X" is "When I die, X"
        if str(_word(node, "k", WordKind.KEYWORD).value) != "Deathknell":
            raise Lost(f"the triggered keyword '{_slot(node, 'k')}'")
        effects = _body(_node(node, "b"), _Ctx(False))
        return (a.CardAbility(a.Kind.TRIGGER, effects, when=a.When(a.EventKind.DIES, a.SELF)),)
    if name == "static-effect" or (name == "static" and _node(node, "s").form.name in ENTER_FORMS):
        from arbiter.model.format.importers.to_passives import entering, passives

        ctx, b = _Ctx(False, static=True), _node(node, "b" if name == "static-effect" else "s")
        effects = _body(b, ctx) if name == "static-effect" else _clause(b, ctx)
        return entering(node, effects) if ENTER_FORMS & set(node.forms()) else passives(effects)
    if name in ("if-would", "if-would-then", "if-would-if", "when-would"):
        from arbiter.model.format.importers.to_passives import replacement

        replacement(node)
    if name == "static":  # "while X, Y" and other statements of a static ability
        from arbiter.model.format.importers.to_passives import static

        return static(node, _while)
    if name == "extra-cost":  # "You may pay {1} as an additional cost to play me" (356.2.b)
        costs = tuple(replace(c, optional=True) for c in _costs(_node(node, "k")))
        return (a.CardAbility(a.Kind.ADDITIONAL_COST, (), costs=costs),)
    when = _TRIGGERS.get(name)
    if when is None and name in to_more.LINES:  # "when X this turn, Y" on a spell
        return to_more.line(node, spell, _triggers, _body)
    if when is None:
        raise Lost(f"a line of the form '{name}' ({node.form.meaning.value})")
    out = []
    for event in when(node):  # "when I attack or defend": one trigger per event
        ctx = _Ctx(event.subject.pick not in (a.Pick.SELF, a.Pick.YOU, a.Pick.OPPONENT))
        cond = _condition(_node(node, "k"), ctx) if "k" in _names(node) else None
        turn = YOUR_TURN if event == BEGINNING else implied_turn(node)
        if turn is not None:  # "your Beginning Phase", "… on an opponent's turn"
            cond = turn if cond is None else a.Condition(a.Test.AND, (turn, cond))
        effects = _body(_node(node, "b"), ctx)
        out.append(a.CardAbility(a.Kind.TRIGGER, effects, when=event, condition=cond))
    return tuple(out)


def _while(node: Node) -> tuple[a.Condition, tuple[a.Effect, ...]]:
    """ "While X, Y" of a static line: X on the card itself, Y's effects as a passive's."""
    ctx = _Ctx(False, static=True)
    return _condition(_node(node, "k"), ctx), _clauses(_node(node, "c"), ctx)


def _dependent(node: Node, spell: bool) -> tuple[a.CardAbility, ...]:
    """ "[Legion] - X": X only if you have played another card this turn (Riftbound
    812.1.b.1), read as the condition of X's ability (Decision IMP-DEPENDENT)."""
    if str(_word(node, "k", WordKind.KEYWORD).value) != "Legion":
        raise Lost(f"the dependent keyword '{_slot(node, 'k')}'")
    return tuple(legion(ab) for ab in _abilities(_node(node, "l"), spell))


def written(abilities: tuple[a.CardAbility, ...]) -> tuple[a.CardAbility, ...]:
    """The abilities, checked to survive the card language's YAML: written with
    ``model.effects.emit`` and read back with ``model.effects.syntax`` they must be the
    same values; else ``Lost`` (the line would not load, or would mean something else)."""
    from arbiter.model.effects import emit, syntax
    from arbiter.model.errors import InputError
    from arbiter.model.format.document import Document

    for ab in abilities:
        if ab.kind is a.Kind.PASSIVE:
            continue  # written in the area syntax, read back by to_passives
        try:
            if ab.kind is a.Kind.ON_PLAY:
                data = emit.effects(ab.effects)
                back = syntax.effects(Document("(import)", data).node())
                same = back == ab.effects
            else:
                data = emit.ability(ab, 0)
                node = Document("(import)", data).node()
                again = syntax.ability(node, ab.kind, 0)
                same = replace(again, ident=ab.ident, text=ab.text) == ab
        except InputError as exc:
            raise Lost(f"the card language's YAML does not read it back ({exc})") from exc
        if not same:
            raise Lost("the card language's YAML reads it back as something else")
    return abilities


def _names(node: Node) -> list[str]:
    return [k for k, _ in node.slots]


# -- triggers --------------------------------------------------------------------------------


def _played(zone: str) -> Callable[[Node], list[a.When]]:
    return lambda node: [a.When(a.EventKind.PLAYED, a.SELF, zone)]


def _event(node: Node) -> list[a.When]:
    return _triggers(_node(node, "t"))


def _triggers(t: Node) -> list[a.When]:
    """The events of a trigger: "I attack or defend", "… or when …" are several, each of
    which triggers the same ability (Riftbound 383.1)."""
    if t.form.name in ("attack-or-defend", "attacks-or-defends"):
        subject = _subject(t, "t")
        return [a.When(a.EventKind.ATTACKS, subject), a.When(a.EventKind.DEFENDS, subject)]
    if t.form.name in ("or", "or-when", "and-when"):  # "when I'm played and when I conquer"
        return [*_triggers(_node(t, "a")), *_triggers(_node(t, "b"))]
    listed = to_more.events(t, _subject(t, "t") if to_more.is_list(t) else None)
    return [_trigger(t)] if listed is None else listed


def _nth(node: Node, n: int) -> list[a.When]:
    nth = n or _word(node, "o", WordKind.NUMBER).value
    if not isinstance(nth, int):
        raise Lost(f"the ordinal '{nth}'")
    return [replace(w, nth=nth) for w in _triggers(_node(node, "t"))]


def _phase_event(node: Node) -> list[a.When]:
    return [_phase(_node(node, "t"))]


_TRIGGERS: dict[str, Callable[[Node], list[a.When]]] = {
    "on-played": _played(""),
    "on-played-hand": _played("hand"),
    "on-played-reserve": _played("reserve"),
    "when": _event,
    "when-dash": _event,
    "when-if-dash": _event,
    "at": _phase_event,
    "at-dash": _phase_event,
    "at-if-dash": _phase_event,
    "first-time": lambda node: _nth(node, 1),  # Riftbound 383.1: "the first time … each turn"
    "nth-time": lambda node: _nth(node, 0),
    "nth-time-each": lambda node: _nth(node, 0),
}

_EVENTS = {"played": a.EventKind.PLAYED}  # the subject-verb events: to_more.event


def _trigger(t: Node) -> a.When:
    """The event of a trigger; "one or more [objects]" as its subject: once for each event
    however many of them it is about (Riftbound 383.2.c)."""
    value = dict(t.slots).get("t")
    if isinstance(value, NounPhrase) and value.det is Det.AT_LEAST and value.count == 1:
        group = replace(t, slots=tuple(
            (k, replace(value, det=Det.A, count=1) if k == "t" else v) for k, v in t.slots
        ))  # fmt: skip
        return replace(_one_trigger(group), batch=True)
    return _one_trigger(t)


def _one_trigger(t: Node) -> a.When:
    name = t.form.name
    if name in ("you-play-me", "im-played"):
        return a.When(a.EventKind.PLAYED, a.SELF)
    if name == "you-play":
        subject = _subject(t, "t")
        if subject == a.SELF:  # "when you play this": as "when you play me"
            return a.When(a.EventKind.PLAYED, a.SELF)
        if subject.side is a.Side.ENEMY:
            raise Lost("'you play' an enemy card")
        return a.When(a.EventKind.PLAYED, replace(subject, side=a.Side.YOURS))
    if name in _EVENTS:
        return a.When(_EVENTS[name], _subject(t, "t"))
    from arbiter.model.format.importers import to_events

    try:
        about = _subject(t, "t") if isinstance(dict(t.slots).get("t"), NounPhrase) else None
    except Lost:
        about = None  # a subject only these forms read ("my Expedition")
    more = to_events.event(t, about) or to_more.event(t, about)
    if more is None:
        raise Lost(f"the event '{t.render()}'")
    return more


def _subject(node: Node, slot: str) -> a.Selector:
    """An event's subject: "a unit" / "another unit" / "each unit" is any one of them."""
    value = _slot(node, slot)
    if not isinstance(value, NounPhrase):
        raise Lost("an event's subject that is not a noun phrase")
    if value.det in (Det.A, Det.ONE, Det.ANOTHER, Det.EACH, Det.BARE):
        np = replace(value, det=Det.ALL, count=None)
        s = selector(np, _Ctx(False))
        return replace(s, other=s.other or value.det is Det.ANOTHER)
    s = selector(value, _Ctx(False))
    if s.pick not in (a.Pick.SELF, a.Pick.YOU, a.Pick.OPPONENT):
        raise Lost(f"the event's subject '{value.render()}'")
    return s


_PHASES = {
    "noon": ("noon", None),
    "dusk": ("dusk", None),
    "night": ("night", None),
    "start-turn": ("", a.EventKind.START_OF_TURN),
    "end-turn": ("", a.EventKind.END_OF_TURN),
    # Riftbound 315.2: "your Beginning Phase" is the turn player's, after the Awaken Phase:
    # the phase's start, on your turn (the condition is added by _abilities)
    "start-beginning": ("beginning", None),
    "start-beginning-2": ("beginning", None),
}
YOUR_TURN = a.Condition(a.Test.TURN, name="you")
BEGINNING = a.When(a.EventKind.PHASE, a.SELF, name="beginning")


def _phase(t: Node) -> a.When:
    if t.form.name not in _PHASES:
        raise Lost(f"the time '{t.render()}'")
    name, kind = _PHASES[t.form.name]
    if kind is None:
        return a.When(a.EventKind.PHASE, a.SELF, name=name)
    return a.When(kind, a.YOU)


# -- conditions ------------------------------------------------------------------------------


def _condition(k: Node, ctx: _Ctx) -> a.Condition:
    name = k.form.name
    if name in ("you-control", "opp-controls"):
        s, compare, bound = _counted(k, "t")
        side = a.Side.YOURS if name == "you-control" else a.Side.ENEMY
        if s.side not in (a.Side.ANY, side):
            raise Lost(f"'{k.render()}'")
        return a.Condition(a.Test.COUNT, selector=replace(s, side=side), compare=compare,
                           bound=bound)  # fmt: skip
    if name == "your-turn":
        return a.Condition(a.Test.TURN, name="you")
    if name == "paid-extra":  # Riftbound 356.4.f.1: chosen to pay it, whatever it cost
        return a.Condition(a.Test.PAID)
    if name in ("it-has-status", "i-have-status"):
        who = a.IT if name.startswith("it") else a.SELF
        if who is a.IT and not ctx.trigger:
            raise Lost("'it' outside a trigger about another object")
        status = str(_word(k, "s", WordKind.STATUS).value)
        return a.Condition(a.Test.HAS, selector=who, name=status)
    if name == "im-state":
        state = _word(k, "x", WordKind.NAME).value
        if state == "exhausted":
            return a.Condition(a.Test.HAS, name="exhausted")
        if state == "ready":
            return a.Condition(a.Test.NOT, parts=(a.Condition(a.Test.HAS, name="exhausted"),))
        if state == "buffed":  # Riftbound 426.1.b: a buff counter on it
            return a.Condition(a.Test.COUNTER, name="buff", bound=1)
        raise Lost(f"'{k.render()}'")
    if name in ("have-n-or-more", "have-n-or-fewer", "hand-empty"):
        hand = a.Selector(a.Pick.ALL, side=a.Side.YOURS, zone="hand")
        if name == "hand-empty":
            return a.Condition(a.Test.COUNT, selector=hand, compare=a.Compare.AT_MOST, bound=0)
        compare = a.Compare.AT_LEAST if name == "have-n-or-more" else a.Compare.AT_MOST
        return a.Condition(a.Test.COUNT, selector=hand, compare=compare, bound=_int(k, "n"))
    from arbiter.model.format.importers import to_events

    more = to_events.condition(k, ctx)
    if more is None:
        raise Lost(f"the condition '{k.render()}'")
    return more


# -- costs -----------------------------------------------------------------------------------


def _pay(node: Node, slot: str) -> list[a.Effect]:
    word = _word(node, slot, WordKind.ICONS)
    out: list[a.Effect] = []
    for part in str(word.value).split("+"):
        if part.isdigit() or part in DOMAINS:
            out.append(resource(part, -1))
        elif part == "exhaust-self":
            out.append(a.Effect(a.Give(a.Grant.STATUS, "exhausted"), a.SELF))
        elif part == "discard-self-from-reserve":
            out.append(FROM_RESERVE)  # Altered {D}: discard me from Reserve
        else:
            raise Lost(f"the cost '{word.text}'")
    return out


# Altered {D} (a cost): this card goes from the Reserve to the discard pile; the ability
# is only usable while the card is in the Reserve
FROM_RESERVE = a.Effect(a.MoveTo(a.ZoneMove.TO_ZONE, "discard"), a.SELF)
IN_RESERVE = a.Condition(a.Test.ZONE, name="reserve")


def _costs(node: Node) -> tuple[a.Effect, ...]:
    if node.form.name in ("costs", "costs-and"):
        return (*_costs(_node(node, "a")), *_costs(_node(node, "b")))
    return _cost(_node(node, "a")) if node.form.name == "cost" else _cost(node)


def _cost(c: Node) -> tuple[a.Effect, ...]:
    name, ctx = c.form.name, _Ctx(False)
    if name in ("icons", "pay"):
        return tuple(_pay(c, "i"))
    if name == "kill-this":
        return (a.Effect(a.MoveTo(a.ZoneMove.DESTROY), a.SELF),)
    conv = {
        "exhaust": "exhaust",
        "discard-n": "discard-n",
        "discard-sel": "discard",
        "sacrifice-sel": "sacrifice",
        "kill-sel": "kill",
    }.get(name)
    if conv is not None:
        return tuple(CLAUSES[conv](c, ctx))
    if name == "put-cost" or name.startswith("recycle"):  # Altered 7.3.21, Riftbound 416
        from arbiter.model.format.importers.to_actions import MORE_CLAUSES, put

        return tuple(put(c, ctx) if name == "put-cost" else MORE_CLAUSES[name](c, ctx))
    if name == "spend-buff":  # Riftbound 702.2
        from arbiter.model.format.importers.to_actions import spend_buff

        return tuple(spend_buff(c, ctx))
    if name == "spend-counters":
        counter = str(_word(c, "c", WordKind.NAME).value)
        return (a.Effect(a.AddCounters(counter), a.SELF, a.Const(-_int(c, "n"))),)
    raise Lost(f"the cost '{c.render()}'")


# -- the body: sentences, clauses ------------------------------------------------------------


def _body(node: Node, ctx: _Ctx) -> tuple[a.Effect, ...]:
    effects = _sentences(node, ctx)
    first = effects[0].condition if effects else None
    if first is not None and a.Condition(a.Test.DONE) in (first, *first.parts):
        raise Lost("'if you do' without an effect before it")
    return effects


def _sentences(node: Node, ctx: _Ctx) -> tuple[a.Effect, ...]:
    if to_more.is_body(node):  # the top of a deck looked at, "Choose X. … it …"
        return to_more.body(node, ctx, _sentences, _costs)
    if node.form.name == "sentences" and (paid := _pay_then(node, ctx)) is not None:
        return paid
    if node.form.name == "sentences":
        return (*_sentence(_node(node, "a"), ctx), *_sentences(_node(node, "b"), ctx))
    if node.form.name == "sentence":
        return _sentence(_node(node, "a"), ctx)
    raise Lost(f"the body '{node.form.name}'")


def _sentence(node: Node, ctx: _Ctx) -> tuple[a.Effect, ...]:
    name = node.form.name
    if name in ("clauses", "must"):
        return _clauses(_node(node, "c"), ctx)
    if name in ("then", "then-comma"):
        return _sentence(_node(node, "c"), ctx)
    if name == "may":  # "you may A and B": A is optional, B happens if you did A
        first, *rest = _clauses(_node(node, "c"), ctx)
        if any(e.condition is not None for e in rest):
            raise Lost("a condition inside 'you may … and …'")
        done = a.Condition(a.Test.DONE)
        return (replace(first, optional=True), *(replace(e, condition=done) for e in rest))
    if name == "may-pay-to":
        first, *rest = _clauses(_node(node, "c"), ctx)  # A, then B if A was done (paid)
        if any(e.condition is not None for e in rest):
            raise Lost("a condition inside 'you may pay … to'")
        done = a.Condition(a.Test.DONE)
        paid = replace(first, optional=True, costs=_costs(_node(node, "k")))
        return (paid, *(replace(e, condition=done) for e in rest))
    if name in ("unless", "unless-after"):  # the effects when the condition does not hold
        cond = a.Condition(a.Test.NOT, (_condition(_node(node, "k"), ctx),))
        effects = _clauses(_node(node, "c"), ctx)
        if any(e.condition is not None for e in effects):
            raise Lost("a condition inside 'unless'")
        return tuple(replace(e, condition=cond) for e in effects)
    if name in ("if-you-do", "if-you-dont"):  # A-SPELL-3: read after the effect before
        effects = _sentence(_node(node, "c"), ctx)
        if any(e.condition is not None for e in effects):
            raise Lost("a condition inside 'if you do'")
        done = a.Condition(a.Test.DONE)
        cond = done if name == "if-you-do" else a.Condition(a.Test.NOT, (done,))
        return tuple(replace(e, condition=cond) for e in effects)
    if name in ("if", "if-after"):
        cond = _condition(_node(node, "k"), ctx)
        inner = _node(node, "c")
        effects = _sentence(inner, ctx) if name == "if" else _clauses(inner, ctx)
        if any(e.condition is not None for e in effects):
            raise Lost("a condition inside a condition")
        return tuple(replace(e, condition=cond) for e in effects)
    if name == "choose-one":  # Riftbound: "Choose one - A.B"
        return (a.Effect(a.ChooseOne(_options(_node(node, "m"), ctx)), a.YOU),)
    if name == "roll":  # Altered 7.3.19
        return (a.Effect(a.RollDie(), a.YOU),)
    if name in ("on-roll-up", "on-roll-range", "roll-results"):  # Altered 7.3.19.b
        return _on_roll(node, ctx)
    raise Lost(f"the sentence form '{name}'")


def _pay_then(node: Node, ctx: _Ctx) -> tuple[a.Effect, ...] | None:
    """ "You may pay {1}. If you do, X[. Rest]": X paid for first, as "you may pay {1} to X"
    (A-SPELL-5: unpaid, X is not done), or None when the sentences are not that."""
    first, then = _node(node, "a"), _node(node, "b")  # then: "sentence" or "sentences"
    head, more = _node(then, "a"), then if then.form.name == "sentences" else None
    clause = _node(first, "c") if first.form.name == "may" else None
    pay = _node(clause, "a") if clause is not None and clause.form.name == "clause" else None
    if pay is None or pay.form.name != "pay" or head.form.name != "if-you-do":
        return None
    done = _sentence(_node(head, "c"), ctx)
    if len(done) != 1 or done[0].condition is not None:
        raise Lost("'you may pay …. If you do,' before several effects")
    rest = _sentences(_node(more, "b"), ctx) if more is not None else ()
    return (replace(done[0], optional=True, costs=_costs(pay)), *rest)


def _options(node: Node, ctx: _Ctx) -> tuple[tuple[a.Effect, ...], ...]:
    """The options of "choose one", in order (Altered bullets; Riftbound sentences)."""
    name = node.form.name
    if name in ("mode-stop", "mode", "mode-last"):
        first = _body(_node(node, "b"), ctx)
    elif name in ("option", "option-last"):
        first = _sentence(_node(node, "b"), ctx)
    else:
        raise Lost(f"the options '{name}'")
    if name in ("mode-last", "option-last"):
        return (first,)
    return (first, *_options(_node(node, "m"), ctx))


def _rolled(low: int, high: int | None) -> a.Condition:
    at_least = a.Condition(a.Test.ROLL, compare=a.Compare.AT_LEAST, bound=low)
    if high is None:
        return at_least
    at_most = a.Condition(a.Test.ROLL, compare=a.Compare.AT_MOST, bound=high)
    return a.Condition(a.Test.AND, (at_least, at_most))


def _on_roll(node: Node, ctx: _Ctx) -> tuple[a.Effect, ...]:
    """ "On a 4+, X": X if the die rolled before shows at least 4; "on a 1-3": 1 to 3."""
    results = [
        ("c", _rolled(_int(node, "n"), None if node.form.name == "on-roll-up" else _int(node, "m")))
    ]
    if node.form.name == "roll-results":
        results = [("c", _rolled(_int(node, "n"), None)),
                   ("d", _rolled(_int(node, "m"), _int(node, "o")))]  # fmt: skip
    out: list[a.Effect] = []
    for slot, cond in results:
        effects = _clauses(_node(node, slot), ctx)
        if any(e.condition is not None for e in effects):
            raise Lost("a condition inside a die's result")
        out += [replace(e, condition=cond) for e in effects]
    return tuple(out)


def _clauses(node: Node, ctx: _Ctx) -> tuple[a.Effect, ...]:
    name = node.form.name
    if name in ("then", "then-nocomma", "and", "comma-and", "comma"):
        return (*_clause(_node(node, "a"), ctx), *_clauses(_node(node, "b"), ctx))
    if name == "clause":
        return _clause(_node(node, "a"), ctx)
    if name == "or":  # "draw 1 or channel 1 rune": the controller chooses one (as choose one)
        options = (_clause(_node(node, "a"), ctx), _clause(_node(node, "b"), ctx))
        return (a.Effect(a.ChooseOne(options), a.YOU),)
    if name in ("for-each-after", "per-after", "for-each-of-after"):
        effects = _clause(_node(node, "a"), ctx)
        per = _subject(node, "s")
        if len(effects) != 1 or not isinstance(effects[0].amount, a.Const):
            raise Lost("'for each' on an effect without one number")
        times = effects[0].amount.value
        if not isinstance(times, int) or per.pick is not a.Pick.ALL:
            raise Lost("'for each' of a vector or a chosen object")
        return (replace(effects[0], amount=a.Per(per, times)),)
    from arbiter.model.format.importers.to_actions import MORE_CLAUSES

    if name in MORE_CLAUSES:  # a clause form of the CLAUSES list ("play X for {1} less")
        return tuple(MORE_CLAUSES[name](node, ctx))
    if name in ("subject-verbs", "subject-bare-verbs", "have-do"):  # have-do: Altered 7.2
        subject = _slot(node, "t")
        return _verbs(_node(node, "v"), subject, ctx)
    raise Lost(f"the clauses form '{name}'")


def _verbs(node: Node, subject: object, ctx: _Ctx) -> tuple[a.Effect, ...]:
    if node.form.name in ("vp-and", "bvp-and"):
        both = [*_verb(_node(node, "a"), subject, ctx), *_verbs(_node(node, "b"), subject, ctx)]
        return tuple(_one_choice(both))
    if node.form.name in ("vp", "bvp"):
        return _verb(_node(node, "a"), subject, ctx)
    raise Lost(f"the verb phrases '{node.form.name}'")


def _verb(vp: Node, subject: object, ctx: _Ctx) -> tuple[a.Effect, ...]:
    """One verb phrase ("gains 1 boost") done by the subject."""
    from arbiter.model.format.importers.to_actions import next_played

    conv = VERB_PHRASES.get(vp.form.name)
    if conv is None or not isinstance(subject, NounPhrase):
        raise Lost(f"the verb phrase '{vp.render()}'")
    clause = Node(vp.form, (*vp.slots, ("t", subject)))
    delayed = next_played(clause, ctx, lambda n, c: tuple(conv(n, c)))
    return delayed if delayed is not None else tuple(conv(clause, ctx))


def _clause(node: Node, ctx: _Ctx) -> tuple[a.Effect, ...]:
    name = node.form.name
    if name.endswith("-by"):
        if name[:-3] not in _DRAWN_BY:
            raise Lost(f"'{node.render()}' done by another player or object")
        name = name[:-3]
    from arbiter.model.format.importers.to_actions import MORE_CLAUSES, next_played

    delayed = next_played(node, ctx, _clause)
    if delayed is not None:
        return delayed
    conv = CLAUSES.get(name) or MORE_CLAUSES.get(name) or to_more.clause(name, _clause)
    conv = conv or (STATIC_CLAUSES.get(name) if ctx.static else None)
    if conv is None:
        raise Lost(f"the instruction '{node.render()}'")
    return tuple(conv(node, ctx))
