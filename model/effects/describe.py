"""Plain English from the algebra: how arbiter understood a card
(``arbiter describe``). One function per construct; an ability is one sentence."""

from __future__ import annotations

from arbiter.model.effects import algebra as a
from arbiter.model.effects.describe_selectors import (
    _an,
    _counted,
    _plural,
    _plural_sel,
    _possessive,
    _signed,
)
from arbiter.model.effects.describe_selectors import amount as amount  # describe.amount
from arbiter.model.effects.describe_selectors import selector as selector  # describe.selector


def condition(c: a.Condition) -> str:
    bound = {
        a.Compare.AT_MOST: f"{c.bound} or less",
        a.Compare.AT_LEAST: f"{c.bound} or more",
        a.Compare.EQUAL: f"exactly {c.bound}",
    }[c.compare]
    who = selector(c.selector, subject=True)
    if c.test in (a.Test.AND, a.Test.OR):
        return f" {c.test.value} ".join(condition(p) for p in c.parts)
    if c.test is a.Test.NOT:
        return f"not ({condition(c.parts[0])})"
    if c.test is a.Test.STAT:
        return f"{who} has {c.stat.capitalize()} {bound}"
    if c.test is a.Test.COUNT:
        return f"there are {bound} {_plural_sel(c.selector)}"
    if c.test is a.Test.COUNTER:
        return f"{who} has {bound} {c.name} counters"
    if c.test is a.Test.HAS:
        return f"{who} has {c.name}"
    if c.test is a.Test.SUBTYPE:
        return f"{who} is a{_an(c.name)} {c.name}"
    if c.test is a.Test.ZONE:
        if c.name == "battlefield":  # Riftbound 107: at a battlefield, not in a base
            return f"{who} is at a battlefield"
        return f"{who} is in play" if c.name == "play" else f"{who} is in the {c.name}"
    if c.test is a.Test.REGION:
        return f"{who} is in a {c.name}"
    if c.test is a.Test.TURN and c.name == "first":  # Altered 4.2.1.b
        return "you are the first player"
    if c.test is a.Test.TURN:
        return "it is your turn" if c.name == "you" else "it is the opponent's turn"
    if c.test is a.Test.DAY:
        return f"it is day {bound}"
    if c.test is a.Test.EXPEDITION:
        return f"the expedition of {who} is {c.name}"
    if c.test is a.Test.DONE:
        return "you did"
    if c.test is a.Test.PAID:
        return "you paid the additional cost"
    if c.test is a.Test.ROLL:
        return f"the die shows {bound}"
    if c.test is a.Test.KILLED_WITH:
        return f"you killed that object with a{_an(c.name)} {c.name}"
    if c.test is a.Test.CARDS_PLAYED:
        return f"you have played {bound} other cards this turn"
    if c.test is a.Test.TO_VICTORY:  # Riftbound 480.3
        return f"{who} needs {bound} points to reach the Victory Score"
    return f"it is the {c.name} phase"


def duration(d: a.Duration) -> str:
    return {
        a.Lasts.INSTANT: "",
        a.Lasts.END_OF_TURN: " this turn",
        a.Lasts.END_OF_COMBAT: " until the end of the combat",
        a.Lasts.END_OF_DAY: " until the end of the day",
        a.Lasts.END_OF_AFTERNOON: " this Afternoon",
        a.Lasts.WHILE_IN_PLAY: "",
        a.Lasts.WHILE: f" while {condition(d.condition)}" if d.condition else "",
    }[d.lasts]


def _s(e: a.Effect, verb: str) -> str:
    """The verb agreeing with the selector as ``selector`` words it ("your units gain",
    "each unit gains", "two units gain")."""
    s = e.selector
    many = s.pick is a.Pick.ALL and s.side is a.Side.YOURS
    many = many or (s.pick is a.Pick.CHOOSE and s.count != 1)
    return verb if many else verb + "s"


def _action(e: a.Effect) -> str:
    from arbiter.model.effects import describe_zones as zones

    act, who = e.action, selector(e.selector)
    if isinstance(act, a.DealDamage):
        if act.split:
            return f"deal {amount(e.amount)} damage divided among {who}"
        return f"deal {amount(e.amount)} damage to {who}"
    if isinstance(act, a.ModifyStat):
        stat = act.stat + (f" (value {act.component})" if act.component else "")
        if act.op is a.StatOp.ADD:
            if act.members:
                return f"{who} gains the {stat} {', '.join(sorted(act.members))}"
            if isinstance(e.amount, a.Per):
                per = _counted(e.amount.selector, False)
                return f"{who} {_s(e, 'get')} {e.amount.times:+d} {stat} per {per}"
            floor = f" (to a minimum of {act.minimum})" if act.minimum is not None else ""
            return f"{who} {_s(e, 'get')} {_signed(e.amount)} {stat}{floor}"
        if act.op is a.StatOp.SET:
            value = ", ".join(sorted(act.members)) if act.members else amount(e.amount)
            return f"{_possessive(e.selector)} {stat} becomes {value}"
        if act.op is a.StatOp.MULTIPLY:
            return f"{_possessive(e.selector)} {stat} is multiplied by {amount(e.amount)}"
        if act.op is a.StatOp.DIVIDE:
            r = f", rounded {act.rounding}" if act.rounding else ""
            return f"{_possessive(e.selector)} {stat} is divided by {amount(e.amount)}{r}"
        if act.op is a.StatOp.REMOVE:
            return f"{who} loses the {stat} {', '.join(sorted(act.members))}"
        other = selector(act.other) if act.other else "it"
        verb = {
            a.StatOp.COPY: "takes the {s} of",
            a.StatOp.SWAP: "exchanges its {s} with",
            a.StatOp.SWAP_BONUS: "exchanges its {s} bonus with",
        }[act.op]
        return f"{who} {verb.format(s=stat)} {other}"
    if isinstance(act, a.Protect):
        stats = "characteristics" if "*" in act.stats else " and ".join(sorted(act.stats))
        if act.guard is a.Guard.CANNOT_DECREASE:
            tail = "cannot be decreased"
        elif act.guard is a.Guard.CANNOT_MODIFY:
            tail = "cannot be modified"
        else:
            tail = f"cannot be modified by more than {act.limit} points"
        scope = f" ({act.scope})" if act.scope else ""
        return f"the {stats} of {who} {tail}{scope}"
    if isinstance(act, a.Prevent):
        src = f" by {_plural_sel(act.source)}" if act.source else ""
        if e.amount is None:
            return f"prevent all damage dealt to {who}{src}"
        return f"prevent the next {amount(e.amount)} damage dealt to {who}{src}"
    if act == a.Give(a.Grant.STATUS, "exhausted"):
        return f"exhaust {who}"
    if act == a.Take(a.Grant.STATUS, "exhausted"):
        return f"ready {who}"
    if isinstance(act, a.Give):
        num = f" {amount(e.amount)}" if e.amount is not None else ""
        return f"{who} {_s(e, 'gain')} {act.name}{num}"
    if isinstance(act, a.Take):
        if act.grant is a.Grant.ABILITIES:
            return f"{who} loses its abilities"
        return f"{who} {_s(e, 'lose')} {act.name}"
    if isinstance(act, a.Boost):
        return f"{who} gets {_signed(e.amount)} to {act.feature}"
    if isinstance(act, a.MoveTo):
        return zones.move(act, e, who, amount(e.amount) if e.amount is not None else "")
    if isinstance(act, a.CreateToken):
        return zones.create(act, amount(e.amount), who)
    if isinstance(act, a.AddCounters):
        n = e.amount
        if act.counter == "points" and e.selector.is_player and n == a.Const(1):  # 463.1
            return f"{who} score{'s' if who != 'you' else ''} 1 point"
        if isinstance(n, a.Const) and isinstance(n.value, int) and n.value < 0:
            many = "counter" if n.value == -1 else "counters"
            return f"remove {-n.value} {act.counter} {many} from {who}"
        many = "counter" if n == a.Const(1) else "counters"
        most = f" (at most {act.most})" if act.most else ""
        return f"put {amount(n)} {act.counter} {many} on {who}{most}{zones.only(act)}"
    if isinstance(act, a.BonusDamage):
        srcs = " and ".join(_plural(x) for x in sorted(act.sources))
        whose = "your" if e.selector.pick is a.Pick.YOU else f"{selector(e.selector)}'s"
        return f"{whose} {srcs} deal {amount(e.amount)} bonus damage"
    if isinstance(act, a.Restrict):
        deed = act.deed.replace("_", " ") + (f" {act.what}" if act.what else "")
        by = f" by {_plural_sel(act.by)}" if act.by is not None else ""
        return f"{who} can't {deed}{by}"
    if isinstance(act, a.ModifyCost):
        cost = e.amount
        less = (
            -cost.value
            if isinstance(cost, a.Const) and isinstance(cost.value, int) and cost.value < 0
            else None
        )
        change = f"{less} less" if less is not None else f"{amount(cost)} more"
        if isinstance(cost, a.Per):  # "1 less for each card in your trash"
            more = "less" if cost.times < 0 else "more"
            change = f"{abs(cost.times)} {more} for each {_counted(cost.selector, False)}"
        head = "the next of " if act.once else ""
        floor = f" (never less than {act.floor})" if act.floor is not None else ""
        subject = "this card costs" if e.selector.pick is a.Pick.SELF else f"{head}{who} cost"
        return f"{subject} {change}{floor}"
    if isinstance(act, a.Overrule):
        return zones.RULES[act.rule].format(w=selector(e.selector, subject=True))
    if isinstance(act, a.Play):
        how = {a.PlayCost.FREE: " for free", a.PlayCost.NO_ENERGY: ", ignoring its Energy cost"}
        delta = ""
        if isinstance(e.amount, a.Const) and isinstance(e.amount.value, int):
            price: int = e.amount.value
            delta = f" for {-price} less" if price < 0 else f" for {price} more"
        to = f" to an {act.to.value.replace('_', ' ')}" if act.to.value else ""
        return f"play {who}{to}{how.get(act.cost, '')}{delta}"
    if isinstance(act, a.Exchange):
        return f"exchange the places of {who} and {selector(act.other)}"
    if isinstance(act, a.LookTop):
        return _look_top(act, e)
    if isinstance(act, a.Counter):  # Riftbound 425
        return f"counter {who}"
    if isinstance(act, a.BecomeCopy):
        traits = f" (its {', '.join(act.only)} only)" if act.only else ""
        plural = e.selector.pick is a.Pick.ALL and e.selector.side is a.Side.YOURS
        return f"{who} {'become' if plural else 'becomes'} a copy of {selector(act.of)}{traits}"
    if isinstance(act, a.ChangeTraits):
        return _traits(who, act)
    if isinstance(act, a.ChooseOne):
        options = " • ".join(
            " ".join(effect(x, capital=False) for x in o).rstrip(".") for o in act.options
        )
        return f"choose one: • {options}"
    if isinstance(act, a.Delayed):
        rest = " ".join(effect(x, capital=False) for x in act.effects).rstrip(".")
        if act.event == a.When(a.EventKind.END_OF_TURN, a.Selector(a.Pick.ALL)):
            return f"at the end of this turn: {rest}"  # the next end of a turn
        return f"{'each' if act.every else 'the next'} time {when_clause(act.event)}: {rest}"
    if isinstance(act, a.RollDie):
        return f"{who} roll{'s' if who != 'you' else ''} a die"
    if isinstance(act, a.Activate):
        return f"activate the abilities of {who} that wait until {when_clause(act.event)}"
    if isinstance(act, a.EndTurn):
        return f"{who} end{'s' if who != 'you' else ''} the turn once no reaction waits"
    return _replace(act)


def _traits(who: str, act: a.ChangeTraits) -> str:
    """ "X is named N, is a gear, is a Yordle, is no Mech, costs 2"; "you gain control of
    X, which is a Mech"."""
    parts = []
    if act.name is not None:
        parts.append(f"is named {act.name}")
    if act.kind is not None:
        parts.append(f"is a{_an(act.kind)} {act.kind}")
    if act.tags is not None:
        parts.append("has the tags " + (", ".join(sorted(act.tags)) or "none") + " only")
    parts += [f"is a{_an(t)} {t}" for t in sorted(act.tags_add)]
    parts += [f"is no {t}" for t in sorted(act.tags_remove)]
    if act.cost is not None:
        parts.append(f"costs {act.cost}")
    if act.controller is None:
        return f"{who} " + ", ".join(parts)
    taker = selector(act.controller)
    gain = f"{taker} gain{'s' if taker != 'you' else ''} control of {who}"
    return gain + (", which " + ", ".join(parts) if parts else "")


def _replace(act: a.Replace) -> str:
    head = "the next time" if act.once else "if"
    what = when_clause(act.event, would=True)
    if act.redirect is not None:
        return f"{head} {what}, it happens to {selector(act.redirect)} instead"
    rest = " and ".join(effect(x, capital=False, stop=False) for x in act.instead)
    return f"{head} {what}, instead {rest}"


def _cost(c: a.Effect) -> str:
    """A cost as paid: "2 mana", or the effect itself ("exhaust it")."""
    from arbiter.model.effects.describe_zones import paid

    n = c.amount
    if paid(c) and isinstance(n, a.Const) and isinstance(n.value, int):
        assert isinstance(c.action, a.AddCounters)  # what ``paid`` found
        return f"{-n.value} {c.action.counter}"
    return effect(c, capital=False, stop=False)


def effect(e: a.Effect, *, capital: bool = True, stop: bool = True) -> str:
    text = _action(e)
    if text.startswith("it ") and e.selector.pick is a.Pick.SELF:
        text = "this card " + text[3:]
    elif text.startswith("its ") and e.selector.pick is a.Pick.SELF:
        text = "this card's " + text[4:]
    if e.costs:
        from arbiter.model.effects.describe_zones import paid as _paid

        paid = " and ".join(("pay " if _paid(c) else "") + _cost(c) for c in e.costs)
        text = f"{paid} to {text.removeprefix('you ')}"
    if e.optional:
        text = "you may " + text.removeprefix("you ")
    if isinstance(e.action, a.Delayed) and e.duration.lasts is not a.Lasts.INSTANT:
        text = f"{duration(e.duration).strip()}, {text}"  # how long it waits, first
    else:
        text += duration(e.duration)
    if e.condition is not None:
        text = f"if {condition(e.condition)}, {text}"
    if capital:
        text = text[:1].upper() + text[1:]
    return text + ("." if stop else "")


EVENT_WORDS = {
    a.EventKind.PLAYED: "is played",
    a.EventKind.ATTACKS: "attacks",
    a.EventKind.DEFENDS: "defends",
    a.EventKind.DIES: "dies",
    a.EventKind.WOULD_DIE: "would die",
    a.EventKind.ENTERS: "enters play",
    a.EventKind.LEAVES: "leaves play",
    a.EventKind.DAMAGED: "is dealt damage",
    a.EventKind.WOUNDED: "is wounded",
    a.EventKind.GAINS_LIVES: "gains extra lives",
    a.EventKind.MODIFIED: "is modified",
    a.EventKind.ACTIVATED: "uses a quick action",
    a.EventKind.CONQUERS: "conquers",
    a.EventKind.HOLDS: "holds",
    a.EventKind.MOVES: "moves",
    a.EventKind.GAINS_STATUS: "gains a status",
    a.EventKind.SACRIFICED: "is sacrificed",
    a.EventKind.READIED: "is readied",
    a.EventKind.CHOSEN: "is chosen by a spell or ability",
    a.EventKind.DISCARDED: "is discarded",
    a.EventKind.RECYCLED: "is recycled",
    a.EventKind.WINS_COMBAT: "wins a combat",
    a.EventKind.BECOMES_MIGHTY: "becomes Mighty",
    a.EventKind.EQUIPPED: "gets an Equipment attached",
    a.EventKind.ADVANCES: "has its expedition move forward",
    a.EventKind.FAILS_TO_ADVANCE: "has its expedition fail to move forward during Dusk",
}


def when_clause(w: a.When, *, would: bool = False) -> str:
    subject = selector(w.subject, subject=True)
    if w.subject.pick is a.Pick.SELF:
        subject = "this card"
    elif w.subject.pick is a.Pick.ALL and not w.subject.is_player:
        # each event is about one object ("is played"): "any unit", "one of your units"
        subject = f"any {subject[5:]}" if subject.startswith("each ") else f"one of {subject}"
    if w.event in (
        a.EventKind.START_OF_TURN,
        a.EventKind.END_OF_TURN,
        a.EventKind.START_OF_DAY,
        a.EventKind.END_OF_DAY,
    ):
        edge, unit = w.event.value.split("_of_")
        return f"at the {edge} of {'each' if w.subject.pick is a.Pick.ALL else 'your'} {unit}"
    if w.event is a.EventKind.PHASE:
        return f"at the start of {w.name}"
    if w.event is a.EventKind.COUNTER:
        if w.reaches:
            return f"{subject} gets its {_ordinal(w.reaches)} {w.name} counter"
        if w.by is a.Side.YOURS and w.change == "up":  # "when you buff me" (426.1)
            return f"you put a {w.name} counter on {_one(w.subject)}"
        change = {"up": "increases", "down": "decreases"}.get(w.change, "changes")
        return f"the {w.name} counter of {subject} {change}"
    verb = EVENT_WORDS[w.event]
    if would:
        verb = {
            "is wounded": "would be wounded",
            "gains extra lives": "would gain extra lives",
            "is dealt damage": "would be dealt damage",
            "dies": "would die",
        }.get(verb, verb)
    extra = ""
    if w.event is a.EventKind.PLAYED and w.zone:
        extra = f" from the {w.zone}"
    elif w.event in (a.EventKind.ENTERS, a.EventKind.LEAVES) and w.zone and w.zone != "play":
        verb = verb.replace("play", f"the {w.zone}")
    elif w.event is a.EventKind.MODIFIED and w.name:
        verb = f"has its {w.name} modified"
    elif w.event is a.EventKind.GAINS_STATUS and w.name:
        verb = f"gains {w.name}"
    nth = f", for the {_ordinal(w.nth)} time this turn" if w.nth else ""
    if w.origin:
        extra += f" from the {w.origin}"
    by = {a.Side.YOURS: " by you", a.Side.ENEMY: " by the opponent"}.get(w.by, "")
    if w.event is a.EventKind.DIES and by and not would:  # "when you kill X"
        verb = "is killed"
    batch = ", once however many at a time" if w.batch else ""
    from arbiter.model.effects.describe_zones import EVENT_PLACES

    extra += EVENT_PLACES[w.at]
    if w.subject.pick is a.Pick.YOU and verb.endswith("s") and " " not in verb:
        verb = verb[:-1]  # "you conquer", "you hold"
    return f"{subject} {verb}{extra}{' here' if w.here else ''}{by}{nth}{batch}"


def _one(s: a.Selector) -> str:
    """One object an event is about ("this card", "an ally unit")."""
    from dataclasses import replace

    if s.pick is a.Pick.ALL:
        return selector(replace(s, pick=a.Pick.CHOOSE, count=1))
    return "this card" if s.pick is a.Pick.SELF else selector(s)


def _ordinal(n: int) -> str:
    words = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")
    return words[n - 1] if 0 < n <= len(words) else f"{n}th"


def ability(ab: a.CardAbility) -> str:
    """One line: "When this card attacks: deal 5 damage divided among …"."""
    body = " ".join(effect(e) for e in ab.effects)
    if ab.condition is not None and ab.kind is not a.Kind.QUICK:
        body = f"If {condition(ab.condition)}: {body}"
    if ab.kind is not a.Kind.ON_PLAY:
        body = body[:1].lower() + body[1:]
    if ab.kind is a.Kind.TRIGGER and ab.when is not None:
        clause = when_clause(ab.when)
        head = clause[:1].upper() + clause[1:] if clause.startswith("at ") else f"When {clause}"
        return f"{head}: {body}"
    if ab.kind is a.Kind.QUICK:
        cost = ", ".join(_cost(c) for c in ab.costs) or "no cost"
        timing = f"; {ab.timing.value.capitalize()}" if ab.timing is not a.Timing.DEFAULT else ""
        # QA-1, Riftbound 377.2.b: its condition is checked as it is used, not at resolution
        only = f"; usable only if {condition(ab.condition)}" if ab.condition is not None else ""
        return f"Quick action ({cost}{timing}{only}): {body}"
    if ab.kind is a.Kind.PASSIVE:
        return f"Passive: {body}"
    if ab.kind is a.Kind.PERMISSION:
        return f"Permission: you may {body}"
    if ab.kind is a.Kind.STATIC:  # Decision IMP-STATICS: in effect while its condition holds
        from arbiter.model.effects.describe_zones import unconditional as _unconditional

        rule = " ".join(
            f"while {condition(e.condition)}, {effect(_unconditional(e), capital=False)}"
            if e.condition is not None else effect(e, capital=False)
            for e in ab.effects
        )  # fmt: skip
        head = f"if {condition(ab.condition)}, " if ab.condition is not None else ""
        return f"Static ability: {head}{rule}"
    if ab.kind is a.Kind.AS_ENTERS:  # "this card enters the Board ready"
        said = []
        for e in ab.effects:
            ready = e.action == a.Take(a.Grant.STATUS, "exhausted")
            tired = e.action == a.Give(a.Grant.STATUS, "exhausted")  # "this enters exhausted"
            state = "ready" if ready else "exhausted" if tired else ""
            enter = _s(e, "enter")
            what = f"{selector(e.selector, subject=True)} {enter} the Board {state}" if state else (
                f"as it enters the Board, {effect(e, capital=False, stop=False)}"
            )
            said.append(f"if {condition(e.condition)}, {what}" if e.condition else what)
        text = "; ".join(said)
        return text[:1].upper() + text[1:] + "."
    if ab.kind is a.Kind.ADDITIONAL_COST:
        cost = ", ".join(_cost(c) for c in ab.costs)
        may = " (optional)" if all(c.optional for c in ab.costs) else ""
        return f"Additional cost to play this card{may}: {cost}"
    if ab.kind is a.Kind.REPLACEMENT:
        return f"Replacement: {body}"
    return body


def _look_top(act: a.LookTop, e: a.Effect) -> str:
    """ "you look at the top 3 cards of your Main Deck, put 1 of them into your hand and
    recycle the rest" (Riftbound 416, 424)."""
    you = e.selector == a.YOU
    who, whose = ("you", "your") if you else (selector(e.selector), "their")
    look = ("reveal" if act.reveal else "look at") if you else (
        "reveals" if act.reveal else "looks at"
    )
    kinds = " or ".join(sorted(act.kinds))
    one = e.amount == a.Const(1) and act.keep == 1 and act.to is a.Kept.HAND
    if one and kinds and not act.up_to and act.rest is a.Rest.RECYCLE:  # the top card
        put, recycle = ("put", "recycle") if you else ("puts", "recycles")
        return (
            f"{who} {look} the top card of {whose} Main Deck: if it is a{_an(kinds)} {kinds},"
            f" {put} it into {whose} hand, otherwise {recycle} it"
        )
    only = f" ({kinds} only)" if kinds else ""
    kept = f"{'up to ' if act.up_to else ''}{act.keep} of them{only}"
    put, recycle = ("put", "recycle") if you else ("puts", "recycles")
    less = f", its cost reduced by {act.discount}" if act.discount else ""
    kept_to = {
        a.Kept.HAND: f"{put} {kept} into {whose} hand",
        a.Kept.PLAY: f"play {kept}{less}",
        a.Kept.BANISH_THEN_PLAY: f"banish {kept}, then play it{less}",
        a.Kept.TOP: f"{put} {kept} back on top in any order",
    }[act.to]
    if act.here:
        kept_to += " (a unit may be played to this card's battlefield)"
    rest = f"{recycle} the rest"
    if act.rest is a.Rest.HAND:
        rest = f"{put} the rest into {whose} hand"
    top = f"the top {amount(e.amount)} cards of {whose} Main Deck"
    return f"{who} {look} {top}, {kept_to} and {rest}"
