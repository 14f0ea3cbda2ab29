"""Imported card text the play kernel runs (Decisions IMP-EXTRA, IMP-ENTER, IMP-MAY,
IMP-COST in docs/rules.md): the card language's additional costs (Riftbound 356.2, 357),
as-enters effects (143.4.a, 805.6), permissions (169.10, Altered 2.4.5.c) and cost
changes of static abilities (356.3-356.4, 365.1, 366.2.a).

A card or object keeps each such ability as written (:class:`CardText`); ``play_card``
(model/riftbound_play.py) reads them: the additional costs the scenario names in
``extra`` are paid (their Energy and Power as parts of the Total Cost, paid with ``pay``;
the rest, such as exhausting or killing, performed as the card language says: 357.2),
and the play is recorded on the card (:class:`PlayRecord`), which ``{paid: true}`` reads
(356.4.f.1); as the card enters the Board its own as-enters effects and those of the
objects on the Board apply; a destination the rules refuse is allowed by a permission.
A static cost change becomes a :class:`~arbiter.model.riftbound_total_cost.CostModifier`
of its source, which ``total_cost`` applies.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from arbiter.model import riftbound_costs as rc
from arbiter.model import riftbound_total_cost as tc
from arbiter.model.ability_zones import on_board
from arbiter.model.card_text import CardText, texts
from arbiter.model.effects import algebra as a
from arbiter.model.errors import IllegalAction
from arbiter.model.play_record import PlayRecord
from arbiter.model.state import JSON, Ability, Event, GameObject, GameState

if TYPE_CHECKING:
    from arbiter.model.effects import evaluate as ev

READY = a.Take(a.Grant.STATUS, "exhausted")
EXHAUSTED = a.Give(a.Grant.STATUS, "exhausted")
ENERGY = "mana"  # the importer's counter of Energy paid or added (IMP-ALGEBRA, Riftbound 429)
ANY_POWER = ("any-domain", "power")  # Power of any domain, [A] (135.2.e.5.b)
DOMAINS = {d.value: d for d in rc.Domain}
# kinds whose abilities are not statics: one-shot, triggered, activated, replacement, or
# one of the three the play kernel reads as they are (a static cost change is any other)
NOT_STATIC = frozenset(
    {
        a.Kind.ON_PLAY,
        a.Kind.TRIGGER,
        a.Kind.QUICK,
        a.Kind.REPLACEMENT,
        a.Kind.ADDITIONAL_COST,
        a.Kind.AS_ENTERS,
        a.Kind.PERMISSION,
    }
)
_WHOSE = {a.Side.YOURS: tc.Whose.YOURS, a.Side.ENEMY: tc.Whose.OPPONENTS, a.Side.ANY: tc.Whose.ANY}
_PLACES = {
    a.PlayPlace.OPEN_BATTLEFIELD: "Riftbound 169.10.c",
    a.PlayPlace.OCCUPIED_ENEMY_BATTLEFIELD: "Riftbound 169.10.a",
}


@dataclass(frozen=True, slots=True)
class ExtraChoice:
    """``play_card``'s ``extra``: the additional costs paid (``every``: all of the card's),
    and for each the objects chosen for its chosen selectors."""

    paid: tuple[str, ...] = ()
    every: bool = False
    chosen: tuple[tuple[str, tuple[str, ...]], ...] = ()


@dataclass(frozen=True, slots=True)
class Extra:
    """The additional costs of one play: the abilities paid, the ids declined, the parts
    of the Total Cost they add (their Energy and Power: 356.2) and their other costs."""

    paid: tuple[a.CardAbility, ...] = ()
    declined: tuple[str, ...] = ()
    parts: tuple[rc.Part, ...] = ()
    chosen: tuple[tuple[str, tuple[str, ...]], ...] = ()


NONE = Extra()


# -- which abilities are run ------------------------------------------------------------------


def _resource(e: a.Effect) -> rc.Cost | None:
    """A payment of Energy or Power ("pay {2}{calm}": the counters ``mana`` and ``calm``
    of ``you`` lowered by a printed number), as a Riftbound cost; None for any other."""
    act, n = e.action, e.amount
    if not isinstance(act, a.AddCounters) or e.selector != a.YOU:
        return None
    if not isinstance(n, a.Const) or not isinstance(n.value, int) or n.value >= 0:
        return None
    if act.counter == ENERGY:
        return rc.Cost.of(-n.value)
    if act.counter in DOMAINS:
        return rc.Cost.of(0, {DOMAINS[act.counter]: -n.value})
    if act.counter in ANY_POWER:
        return rc.Cost.of(0, None, -n.value)
    return None


def _performed(e: a.Effect) -> bool:
    """A non-standard cost (356.6) the card language performs: a status given or taken,
    a zone move other than channelling, counters."""
    act = e.action
    if e.condition is not None or e.duration != a.INSTANT or e.costs:
        return False
    if isinstance(act, a.Give | a.Take):
        return act.name == "exhausted"
    if isinstance(act, a.MoveTo):
        return act.move is not a.ZoneMove.CHANNEL
    return isinstance(act, a.AddCounters)


def _enters(e: a.Effect) -> bool:
    return e.action in (READY, EXHAUSTED) and e.selector.pick in (a.Pick.SELF, a.Pick.ALL)


def _altered_exhausted(e: a.Effect) -> bool:
    """Altered "you may play exhausted [kinds] from your Reserve" (2.4.5.c-d)."""
    s = e.selector
    plain = not (s.lacks or s.stats or s.other or s.here) and s.pick is a.Pick.ALL
    return s.zone == "reserve" and s.has == frozenset({"exhausted"}) and plain


def _permission(e: a.Effect) -> bool:
    act = e.action
    if not isinstance(act, a.Play) or act.cost is not a.PlayCost.PAID or e.amount is not None:
        return False
    if act.to in _PLACES:
        return e.selector.pick in (a.Pick.SELF, a.Pick.ALL) and not e.selector.zone
    return act.to is a.PlayPlace.DEFAULT and _altered_exhausted(e)


def runs(ab: a.CardAbility) -> bool:
    """Whether the play kernel runs this ability as it is written."""
    if ab.kind is a.Kind.ADDITIONAL_COST:
        return bool(ab.costs) and all(_resource(e) is not None or _performed(e) for e in ab.costs)
    if ab.kind is a.Kind.AS_ENTERS:
        return bool(ab.effects) and all(_enters(e) for e in ab.effects)
    if ab.kind is a.Kind.PERMISSION:
        return bool(ab.effects) and ab.condition is None and all(map(_permission, ab.effects))
    return False


def cost_modifier(ab: a.CardAbility, source: GameObject) -> tc.CostModifier | None:
    """A static ability changing costs by a printed Energy amount ("I cost {2} less",
    "spells you play cost {1} less", "your opponents' units cost {1} more") as a
    CostModifier of its source; None for any other form (a count, a condition, a
    selector with subtypes or keywords, "the next one": not covered)."""
    if ab.kind in NOT_STATIC or len(ab.effects) != 1 or ab.condition is not None:
        return None
    (e,) = ab.effects
    act, n, s = e.action, e.amount, e.selector
    if not isinstance(act, a.ModifyCost) or act.once or e.condition is not None:
        return None
    if not isinstance(n, a.Const) or not isinstance(n.value, int) or e.optional or e.costs:
        return None
    if e.duration.lasts not in (a.Lasts.INSTANT, a.Lasts.WHILE_IN_PLAY):
        return None
    ident = ab.ident or "static"
    base = tc.CostModifier(
        f"{source.id}.{ident}", source.id, source.timestamp, energy=n.value, minimum=act.floor
    )
    if s == a.SELF:
        return replace(base, self_only=True)
    if s.pick is not a.Pick.ALL or s.side not in _WHOSE:
        return None
    if s.subtypes or s.has or s.lacks or s.stats or s.other or s.here or s.zone:
        return None
    return replace(base, kinds=tuple(sorted(s.kinds)), whose=_WHOSE[s.side])


def attach(obj: GameObject, abilities: Iterable[a.CardAbility]) -> tuple[GameObject, set[str]]:
    """The object with the abilities the engine runs (as :class:`CardText`, Altered's
    permission, or a CostModifier), and the ids of those abilities."""
    found: list[Ability] = []
    ran: set[str] = set()
    for ab in abilities:
        mod = cost_modifier(ab, obj)
        if mod is not None:
            found.append(mod)
        elif runs(ab):
            text = CardText(ab.ident, obj.id, obj.timestamp, ability=ab)
            found.append(text)
        else:
            continue
        ran.add(ab.ident)
    return (replace(obj, abilities=(*obj.abilities, *found)) if found else obj), ran


# -- additional costs (356.2, 357) ------------------------------------------------------------


def mandatory(ab: a.CardAbility) -> bool:
    """356.2.a.1: without "may" the additional cost must be paid (356.2.b.1: with it,
    every part is optional)."""
    return not all(e.optional for e in ab.costs)


def additional(card: GameObject, choice: ExtraChoice | None) -> Extra:
    """356.2: the card's additional costs the player pays (``choice``) and those declined;
    a mandatory one not paid is refused (356.2.a.1), as is a cost the card does not have."""
    costs = texts(card, a.Kind.ADDITIONAL_COST)
    known = [ab.ident for ab in costs]
    if choice is not None:
        for ident in (*choice.paid, *(i for i, _ in choice.chosen)):
            if ident not in known:
                have = ", ".join(known) or "none"
                raise IllegalAction(
                    "Riftbound 356.2", f"{card.id} has no additional cost {ident} (it has {have})"
                )
        if choice.every and not costs:
            raise IllegalAction("Riftbound 356.2", f"{card.id} has no additional cost to pay")
    paid = tuple(
        ab for ab in costs if choice is not None and (choice.every or ab.ident in choice.paid)
    )
    for ab in costs:
        if mandatory(ab) and ab not in paid:
            raise IllegalAction(
                "Riftbound 356.2.a.1",
                f"{card.id}'s additional cost {ab.ident} is mandatory: name it in extra",
            )
    parts = []
    for ab in paid:
        cost = rc.FREE
        for e in ab.costs:
            cost = cost.plus(_resource(e) or rc.FREE)
        if cost != rc.FREE:  # an optional one is a component "additional" discounts read
            name = f"{'mandatory' if mandatory(ab) else 'additional'} {ab.ident}"
            parts.append(rc.Part(name, cost, "Riftbound 356.2"))
    declined = tuple(ab.ident for ab in costs if ab not in paid)
    return Extra(paid, declined, tuple(parts), choice.chosen if choice is not None else ())


def pay_others(state: GameState, card: GameObject, player: str, extra: Extra) -> GameState:
    """357.2: the non-standard costs of the additional costs paid, each performed as the
    card language says, with the objects chosen for it (every chosen selector of the cost
    takes them); refused when one cannot be paid: it is refused by the card language, or
    it changes nothing (nothing to exhaust, kill or discard: A-GOLD-2)."""
    from arbiter.model.effects import evaluate as ev
    from arbiter.model.effects.perform import resolve_effects

    chosen = dict(extra.chosen)
    for ab in extra.paid:
        others = [e for e in ab.costs if _resource(e) is None]
        if not others:
            continue
        picks = chosen.get(ab.ident, ())
        discards = [e for e in others if _discard(e)]
        if discards:
            state = _discard_cards(state, card, player, discards, picks)
        for e in (e for e in others if not _discard(e)):
            ctx = ev.Context(card.id, {"0": picks} if e.selector.chosen else {})
            try:
                after = resolve_effects(state, (replace(e, optional=False),), ctx)
            except IllegalAction as refused:
                raise IllegalAction(
                    "Riftbound 357.2", f"{card.id}'s additional cost {ab.ident}: {refused}"
                ) from refused
            if after.objects == state.objects and after.counters == state.counters:
                raise IllegalAction(
                    "Riftbound 357.2", f"{card.id}'s additional cost {ab.ident} cannot be paid"
                )
            state = after
        fields: tuple[tuple[str, JSON], ...] = (("card", card.id), ("ability", ab.ident))
        state = state.with_event(Event("additional_cost", fields, ("Riftbound 357.2",)))
    return state


def _discard(e: a.Effect) -> bool:
    return isinstance(e.action, a.MoveTo) and e.action.move is a.ZoneMove.DISCARD


def _discard_cards(
    state: GameState, card: GameObject, player: str, effects: list[a.Effect], picks: tuple[str, ...]
) -> GameState:
    """ "Discard N" as a cost: the cards chosen, else the oldest of the player's hand, never
    the card being played (it is no longer in the hand: 357), to the trash (Riftbound's
    discard pile, the ruleset's ``destroyed_zone``)."""
    from arbiter.model.steps import Move

    n = 0
    for e in effects:
        amount = e.amount
        n += amount.value if isinstance(amount, a.Const) and isinstance(amount.value, int) else 1
    hand = sorted(
        (o.timestamp, o.id)
        for o in state.objects.values()
        if o.owner == player and o.zone == "hand" and o.id != card.id
    )
    cards = [p for p in picks if p in state.objects][:n] or [oid for _, oid in hand[:n]]
    if len(cards) < n or any(state.obj(c).zone != "hand" for c in cards):
        raise IllegalAction("Riftbound 357.2", f"{player} cannot discard {n} as {card.id}'s cost")
    for oid in cards:
        state = Move(target=oid, zone=state.ruleset.destroyed_zone).resolve(state)
    return state


def record(state: GameState, card: GameObject, extra: Extra) -> GameState:
    """The play recorded on the card (356.4.f.1: "paid" is the choice to pay); a card
    without additional costs records nothing."""
    if not texts(card, a.Kind.ADDITIONAL_COST):
        return state
    card_id = card.id
    obj = state.obj(card_id)
    rest = tuple(x for x in obj.abilities if not isinstance(x, PlayRecord))
    rec = PlayRecord(
        "played",
        card_id,
        obj.timestamp,
        paid=tuple(ab.ident for ab in extra.paid),
        declined=extra.declined,
    )
    return state.with_object(replace(obj, abilities=(*rest, rec)))


# -- as it enters (143.4.a, 805.6) ------------------------------------------------------------


def as_enters(state: GameState, entered: GameObject) -> tuple[GameObject, tuple[Event, ...]]:
    """The as-enters effects that apply to ``entered`` as it enters the Board: its own,
    and those of the objects on the Board whose selector picks it; each condition is
    checked then (364.3.a). "Ready" means it never is exhausted (805.6)."""
    from arbiter.model.effects import evaluate as ev

    events: list[Event] = []
    holders = sorted(state.objects.values(), key=lambda o: (o.timestamp, o.id))
    placed = state.with_object(entered)
    for holder in [*(h for h in holders if h.id != entered.id), entered]:
        own = holder.id == entered.id
        if not own and not on_board(state, holder.zone):
            continue
        for ab in texts(holder if not own else entered, a.Kind.AS_ENTERS):
            ctx = ev.Context(holder.id)
            if ab.condition is not None and not ev.holds(placed, ctx, ab.condition):
                continue
            for e in ab.effects:
                if e.selector == a.SELF and not own:
                    continue
                if e.selector != a.SELF and not ev.matches(placed, ctx, e.selector, entered):
                    continue
                if e.condition is not None and not ev.holds(placed, ctx, e.condition):
                    continue
                counters = dict(entered.counters)
                ready = e.action == READY
                if ready:
                    counters.pop("exhausted", None)
                else:
                    counters["exhausted"] = 1
                entered = replace(entered, counters=counters)
                fields: tuple[tuple[str, JSON], ...] = (
                    ("card", entered.id),
                    ("source", holder.id),
                    ("ability", ab.ident),
                    ("ready", ready),
                )
                rules = ("Riftbound 143.4.a", "Riftbound 805.6") if ready else ("Riftbound 143.4",)
                events.append(Event("as_enters", fields, rules))
    return entered, tuple(events)


# -- permissions (169.10, 813.3.a) ------------------------------------------------------------


def _place(state: GameState, player: str, to: str) -> a.PlayPlace | None:
    """What the battlefield ``to`` is for ``player`` (169.10): open, an occupied enemy one."""
    field = state.objects.get(to)
    if field is None or field.kind != "battlefield":
        return None
    units = [o for o in state.objects.values() if o.kind == "unit" and o.region == to]
    owner = field.controller
    if not units and not owner:
        return a.PlayPlace.OPEN_BATTLEFIELD
    if units and owner and owner != player:
        return a.PlayPlace.OCCUPIED_ENEMY_BATTLEFIELD
    return None


def permitted_place(
    state: GameState, card: GameObject, player: str, to: str
) -> tuple[GameState, str] | None:
    """A permission that lets ``player`` play ``card`` to ``to`` although 813.3.a does not
    (its own "you may play me to …", from the zone it is played from, or one of an object
    of theirs on the Board for the cards it selects): the state with an event citing it
    and the article of the place; None when there is none."""
    from arbiter.model.effects import evaluate as ev

    if card.kind != "unit" or card.zone == "facedown":  # units from a hand (IMP-MAY; 811.1.d.1)
        return None
    place = _place(state, player, to)
    if place is None:
        return None
    holders = sorted(state.objects.values(), key=lambda o: (o.timestamp, o.id))
    for holder in holders:
        own = holder.id == card.id
        there = on_board(state, holder.zone)
        if not own and not (there and holder.controlled_by == player):
            continue
        for ab in texts(holder, a.Kind.PERMISSION):
            for e in ab.effects:
                if not isinstance(e.action, a.Play) or e.action.to is not place:
                    continue
                if e.selector == a.SELF:
                    if not own:
                        continue
                elif not _selects(state, ev.Context(holder.id), e.selector, card):
                    continue
                rule = _PLACES[place]
                fields: tuple[tuple[str, JSON], ...] = (
                    ("card", card.id),
                    ("source", holder.id),
                    ("ability", ab.ident),
                    ("to", to),
                )
                event = Event("permission", fields, (rule, "Riftbound 813.3.a"))
                return state.with_event(event), rule
    return None


def _selects(state: GameState, ctx: ev.Context, s: a.Selector, card: GameObject) -> bool:
    """The selector's filters hold for a card being played (from a hand: not in play)."""
    from arbiter.model.effects import evaluate as ev

    where = replace(card, zone="base")  # judged as it would stand on the Board
    return ev.matches(state.with_object(where), ctx, s, where)
