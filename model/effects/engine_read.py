"""What the loop engine (:mod:`arbiter.model.abilities`, :mod:`arbiter.solver.loops`) reads
of the card language beyond its references (:mod:`arbiter.model.effects.refs`): an amount
computed from the game, a selector with filters ("each other unit"), a condition of any
kind. A trigger or quick action whose event the engine produces and whose effects it can
run, but that format 1 cannot say, is run as it is written (Decision CHECK-ALGEBRA): its
amounts, selectors and conditions are evaluated when it resolves (A-SPELL-4, TRIG-4) by
:mod:`arbiter.model.effects.evaluate`.

A chosen target, a duration, a cost inside an effect or a "may" on some effects only are
not run by the engine (the ability is then analysed as a one-shot effect).
"""

from __future__ import annotations

from arbiter.model.effects import algebra as a
from arbiter.model.effects import evaluate as ev
from arbiter.model.effects import refs as rf
from arbiter.model.state import GameState

ENGINE_EVENTS = frozenset(
    {
        a.EventKind.DAMAGED,
        a.EventKind.ENTERS,
        a.EventKind.LEAVES,
        a.EventKind.COUNTER,
        a.EventKind.MODIFIED,
        a.EventKind.PHASE,
        a.EventKind.ACTIVATED,
    }
)
_BARE = (a.Pick.SELF, a.Pick.IT, a.Pick.YOU, a.Pick.OPPONENT, a.Pick.NAMED)


def _runs(e: a.Effect) -> bool:
    """One effect the engine carries out (its action, on objects it can name)."""
    act = e.action
    if e.costs or e.duration.lasts is not a.Lasts.INSTANT or e.selector.pick is a.Pick.CHOOSE:
        return False
    if isinstance(act, a.DealDamage):
        return not act.split
    if isinstance(act, a.ModifyStat):
        return act.op.op is not None and not act.members and act.other is None
    if isinstance(act, a.Give | a.Take):
        return act.grant is a.Grant.FEATURE or act.name == rf.EXHAUSTED
    if isinstance(act, a.MoveTo):
        return act.move is a.ZoneMove.TO_ZONE and act.to is a.MovePlace.ZONE
    return isinstance(act, a.AddCounters) and not act.only  # IMP-SPEND: not run


def _cost_runs(c: a.Effect) -> bool:
    """A cost the engine pays: exhaust, or pay a printed number of counters."""
    named = c.selector.pick in _BARE or c.selector == rf.ANY
    if c.action == a.Give(a.Grant.STATUS, rf.EXHAUSTED):
        return named
    x = c.amount
    paid = isinstance(x, a.Const) and isinstance(x.value, int)
    return named and isinstance(c.action, a.AddCounters) and paid


def _chooses(x: a.Amount | a.Condition | None) -> bool:
    if isinstance(x, a.Per | a.StatOf | a.CountOf):
        return x.selector.pick is a.Pick.CHOOSE
    if isinstance(x, a.Times):
        return _chooses(x.amount)
    if isinstance(x, a.Sum):
        return any(_chooses(p) for p in x.parts)
    if isinstance(x, a.Condition):
        return x.selector.pick is a.Pick.CHOOSE or any(_chooses(p) for p in x.parts)
    return isinstance(x, a.XValue)  # X is chosen when a card is played, not in a loop


def runnable(ab: a.CardAbility) -> bool:
    """The engine runs this trigger or quick action as it is written."""
    if ab.kind is a.Kind.TRIGGER and (ab.when is None or ab.when.event not in ENGINE_EVENTS):
        return False
    if ab.kind not in (a.Kind.TRIGGER, a.Kind.QUICK) or not ab.effects:
        return False
    if len({e.optional for e in ab.effects}) > 1 or _chooses(ab.condition):
        return False
    if not all(_cost_runs(c) for c in ab.costs):
        return False
    return all(
        _runs(e) and not _chooses(e.amount) and not _chooses(e.condition) for e in ab.effects
    )


def plain(e: a.Effect) -> bool:
    """The engine's references say the effect's targets and amount (format 1 could)."""
    sel, x = e.selector, e.amount
    named = sel.pick in _BARE or sel == rf.ANY
    return named and e.condition is None and (x is None or isinstance(x, a.Const))


def aim(
    state: GameState, e: a.Effect, source: str, it: str | None
) -> tuple[tuple[str, ...], int] | None:
    """The targets and the amount of an effect that is not plain, now (A-SPELL-4); None
    when its condition does not hold."""
    ctx = ev.Context(source, it=it)
    if e.condition is not None and not ev.holds(state, ctx, e.condition):
        return None
    targets = ev.select(state, ctx, e.selector, "effect")
    value = ev.amount(state, ctx, e.amount) if e.amount is not None else 0
    return targets, value if isinstance(value, int) else value[0]


def plain_condition(c: a.Condition) -> bool:
    """A condition the engine's own test reads (format 1's ``if``): counter bounds, a
    keyword, Mighty (Riftbound 708)."""
    if c.test is a.Test.HAS or (c.test is a.Test.STAT and c.stat == "might"):
        return c.selector.pick in _BARE or c.selector == rf.ANY
    parts = c.parts if c.test is a.Test.AND else (c,)
    return all(
        p.test is a.Test.COUNTER
        and p.compare is not a.Compare.EQUAL
        and (p.selector.pick in _BARE or p.selector == rf.ANY)
        for p in parts
    )


def holds(state: GameState, c: a.Condition, source: str, it: str | None) -> bool:
    return ev.holds(state, ev.Context(source, it=it), c)


def sign_known(e: a.Effect) -> bool:
    """The direction of a counter change is known before the game (a printed number)."""
    return e.amount is None or isinstance(e.amount, a.Const)


def _amount_reads(x: a.Amount | None) -> tuple[set[str], set[str]]:
    """Counters and characteristics an amount reads."""
    if isinstance(x, a.CountOf):
        return {x.counter}, set()
    if isinstance(x, a.StatOf):
        return set(), {x.stat}
    if isinstance(x, a.Per):
        return set(), {t.stat for t in x.selector.stats}
    if isinstance(x, a.Times):
        return _amount_reads(x.amount)
    counters: set[str] = set()
    stats: set[str] = set()
    for p in x.parts if isinstance(x, a.Sum) else ():
        c, s = _amount_reads(p)
        counters |= c
        stats |= s
    return counters, stats


def _condition_reads(c: a.Condition | None) -> tuple[set[str], set[str]]:
    if c is None:
        return set(), set()
    counters = {c.name} if c.test is a.Test.COUNTER else set()
    stats = {c.stat} if c.test is a.Test.STAT else set()
    stats |= {t.stat for t in c.selector.stats}
    for p in c.parts:
        more_c, more_s = _condition_reads(p)
        counters |= more_c
        stats |= more_s
    return counters, stats


def reads(
    effects: tuple[a.Effect, ...], condition: a.Condition | None
) -> tuple[set[str], set[str]]:
    """The counters and characteristics an ability's amounts, selectors and conditions read
    when it resolves: a loop's states differ when they differ (LOOP-1)."""
    counters, stats = _condition_reads(condition)
    for e in effects:
        for c, s in (_amount_reads(e.amount), _condition_reads(e.condition)):
            counters |= c
            stats |= s
        stats |= {t.stat for t in e.selector.stats}
        if isinstance(e.action, a.AddCounters) and not sign_known(e):
            counters.add(e.action.counter)  # CTR-1: the floor at 0 makes the value matter
    return counters, stats
