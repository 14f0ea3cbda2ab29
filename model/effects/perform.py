"""Resolving effects of the card language on a game (the ``perform`` step).

Each effect is evaluated at resolution (A-SPELL-4: its condition, its amount, the
objects an "all"/"each" selector picks) and carried out by the foundation's steps
(``modify``, ``gain``, ``boost``, ``protect``, ``move``) or the damage area's
instruction, so every rule those apply (E-IMM, E-LIMIT, B-NAMED, D-BONUS, P-4, R-2 …)
still applies. An effect that lasts until the end of the turn, the day or the combat
leaves a :class:`Lasting` record; the ``end_of`` step undoes what it changed
(Decision EFF-UNTIL in docs/rules.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from arbiter.model import counter_zones as cz
from arbiter.model import steps as st
from arbiter.model.effects import algebra as a
from arbiter.model.effects import evaluate as ev
from arbiter.model.effects.lasting import Lasting, end_of
from arbiter.model.effects.lower import bound_source
from arbiter.model.errors import IllegalAction
from arbiter.model.ruleset import DestroyMeans
from arbiter.model.state import Ability, BaseValue, Event, GameObject, GameState, Protection
from arbiter.model.state import Guard as StateGuard

DONE = a.Condition(a.Test.DONE)
NOT_DONE = a.Condition(a.Test.NOT, (DONE,))
ZONE_OF = {a.ZoneMove.RETURN_TO_HAND: "hand", a.ZoneMove.RECALL: "reserve"}
ENDS = {
    a.Lasts.END_OF_TURN: "turn",
    a.Lasts.END_OF_DAY: "day",
    a.Lasts.END_OF_COMBAT: "combat",
    a.Lasts.END_OF_AFTERNOON: "afternoon",
}


@dataclass(frozen=True, slots=True)
class Standing(Ability):
    """A restriction ("can't …") or a cost change kept on the object it applies to; the
    areas that play cards read them (A-GOLD-1: "cannot" beats "can")."""

    effect: a.Effect | None = None


def _players(ref: str) -> str:
    return ref[len(ev.PLAYER) :]


def _int(v: int | tuple[int, ...]) -> int:
    return v if isinstance(v, int) else v[0]


def _guard(g: a.Guard | None) -> StateGuard | None:
    if g is None:
        return None
    return StateGuard.CANNOT_DECREASE if g is a.Guard.CANNOT_DECREASE else StateGuard.CANNOT_MODIFY


def _not_done(state: GameState, e: a.Effect, source: str, why: str, rule: str) -> GameState:
    return state.with_event(
        Event(
            "not-done",
            (("action", type(e.action).__name__), ("source", source), ("why", why)),
            (rule,),
        )
    )


def _objects(state: GameState, ids: tuple[str, ...]) -> list[str]:
    return [i for i in ids if i in state.objects]


def _apply(
    state: GameState, e: a.Effect, ctx: ev.Context, slot: str, split: Mapping[str, int]
) -> GameState:
    act, source = e.action, ctx.source
    targets = ev.select(state, ctx, e.selector, slot)
    value = ev.amount(state, ctx, e.amount) if e.amount is not None else None
    if isinstance(act, a.ModifyStat):
        if act.minimum is not None:
            raise IllegalAction("E-OPS-1", "a modification 'to a minimum of' is not modelled yet")
        for t in _objects(state, targets):
            other = None
            if act.other is not None:
                others = ev.select(state, ctx, act.other, slot + ".other")
                other = others[0] if others else None
            v: int | tuple[int | None, ...] | frozenset[str] | None = value
            if act.members:
                v = act.members
            state = st.Modify(
                target=t,
                stat=act.stat,
                op=act.op,
                value=v,
                component=act.component,
                other=other,
                source=source,
                rounding=act.rounding,
            ).resolve(state)
        return state
    if isinstance(act, a.Protect):
        bound = bound_source(e.duration) or source  # lasts with that card (B-NAMED-3, P-6)
        for t in _objects(state, targets):
            p = Protection(act.stats, bound, _guard(act.guard), act.limit)
            state = st.Protect(target=t, protection=p).resolve(state)
        return state
    if isinstance(act, a.Give | a.Take) and act.name == "exhausted":
        for t in _objects(state, targets):
            obj = state.obj(t)
            counters = dict(obj.counters)
            if isinstance(act, a.Give):
                counters["exhausted"] = 1
            else:
                counters.pop("exhausted", None)
            state = state.with_object(replace(obj, counters=counters))
        return state
    if isinstance(act, a.Give):
        number = _int(value) if value is not None else None
        for t in _objects(state, targets):
            state = st.GainFeature(
                target=t, feature=act.name, number=number, source=source
            ).resolve(state)
        return state
    if isinstance(act, a.Take):
        if act.grant is a.Grant.ABILITIES:
            raise IllegalAction("A-GOLD-3", "losing every ability is a passive (passives:)")
        for t in _objects(state, targets):
            if act.name in state.obj(t).features:
                state = st.LoseFeature(target=t, feature=act.name).resolve(state)
        return state
    if isinstance(act, a.Boost):
        for t in _objects(state, targets):
            state = st.BoostFeature(
                target=t,
                feature=act.feature,
                amount=_int(value or 0),
                source=source,
                constant=e.duration.lasts is a.Lasts.WHILE_IN_PLAY,
            ).resolve(state)
        return state
    if isinstance(act, a.AddCounters):
        if act.only:  # Decision IMP-SPEND: the rune pool keeps no restricted resources yet
            raise IllegalAction("Riftbound 429", "resources to be spent only on some costs "
                                "are not modelled yet")
        for t in targets:
            key = act.counter
            if t.startswith(ev.PLAYER):
                counters = dict(state.counters)
                name = f"{key}.{_players(t)}"
                counters[name] = counters.get(name, 0) + _int(value or 0)
                state = replace(state, counters=counters)
            elif cz.refuses(state, t, _int(value or 0)):  # Altered 2.5.b
                state = cz.refused(state, t, key, _int(value or 0), source)
            elif t in state.objects:
                obj = state.obj(t)
                oc = dict(obj.counters)
                oc[key] = max(0, oc.get(key, 0) + _int(value or 0))  # CTR-1
                if act.most:  # never more than this many (Riftbound 426.1.b: one buff)
                    oc[key] = min(oc[key], max(act.most, obj.counters.get(key, 0)))
                state = state.with_object(replace(obj, counters=oc))
        return state
    if isinstance(act, a.MoveTo):
        return _move(state, e, act, targets, value, ctx.source)
    if isinstance(act, a.CreateToken):
        owner = _players(targets[0]) if targets else ev.controller(state, ctx)
        zones = _token_zones(state, act, ctx.source)
        if act.defined_by:  # Decision IMP-PERFORM: refuse what the engine cannot give it
            raise IllegalAction(
                act.defined_by,
                "the characteristics the rules give this token are not modelled yet",
            )
        base: dict[str, BaseValue] = dict(act.stats)
        tired = {"exhausted": 1} if act.enters is a.TokenEntry.EXHAUSTED else {}
        if act.subtypes:
            base["subtypes"] = frozenset(act.subtypes)
        for _, zone in ((i, z) for i in range(_int(value or 1)) for z in zones):
            n = sum(1 for o in state.objects.values() if o.card == act.card) + 1
            state, stamp = state.tick()
            token = GameObject(
                id=f"{act.card}_{n}",
                owner=owner,
                kind=act.kind or "token",
                card=act.card,
                timestamp=stamp,
                zone=zone,
                base=base,
                counters=({"token": 1} if act.kind else {}) | tired,
            )
            state = state.with_object(token).with_event(
                Event(
                    "create", (("object", token.id), ("card", act.card)), ("A-CHAR-1", "A-TIME-1")
                )
            )
        return state
    if isinstance(act, a.DealDamage):
        return _damage(state, e, act, ctx, targets, value, split)
    if isinstance(act, a.Prevent):
        from arbiter.model.damage import prevention as pv

        if act.source is not None or value is None:
            raise IllegalAction(
                "A-GOLD-3",
                "prevention of all damage or from a kind of "
                "source is written with the damage area's keys",
            )
        for t in _objects(state, targets):
            obj = state.obj(t)
            n = len(pv.shields(obj)) + 1
            shield = pv.Shield(
                id=f"{source}_shield{n}",
                source=source,
                controller=obj.controlled_by,
                remaining=_int(value),
                timestamp=state.clock,
            )
            state = state.with_object(pv.add_shield(obj, shield))
        return state
    if isinstance(act, a.BonusDamage):
        from arbiter.model.damage import instructions as dm

        src = state.obj(source)
        bonus = dm.DamageBonus(
            id=f"{source}.bonus", source=source, amount=_int(value or 0), to=act.sources
        )
        return state.with_object(replace(src, abilities=(*src.abilities, bonus)))
    if isinstance(act, a.Restrict | a.ModifyCost):
        for t in _objects(state, targets):
            obj = state.obj(t)
            n = sum(1 for x in obj.abilities if isinstance(x, Standing)) + 1
            rec = Standing(id=f"{source}.standing{n}", source=source, effect=e)
            state = state.with_object(replace(obj, abilities=(*obj.abilities, rec)))
        return state
    if isinstance(act, a.EndTurn):
        raise IllegalAction("Altered 7.3.2", "ending the turn (After You) is not modelled yet")
    if isinstance(act, a.Play):
        raise IllegalAction("Altered 7.3.20", "playing a card by an effect is not modelled yet")
    if isinstance(act, a.Overrule):  # a static ability's rule (IMP-STATICS)
        raise IllegalAction(act.RULES[0], "a rule changed by a static ability is not modelled yet")
    if isinstance(act, a.Exchange):  # Altered 7.3.9: each goes where the other was
        others = ev.select(state, ctx, act.other, slot + ".other")
        mine = _objects(state, targets)
        if len(mine) != 1 or len(others) != 1 or others[0] not in state.objects:
            return _not_done(state, e, source, "not one object each side", "Altered 7.3.9")
        one, two = state.obj(mine[0]), state.obj(others[0])
        state = st.Move(target=one.id, zone=two.zone).resolve(state)
        return st.Move(target=two.id, zone=one.zone).resolve(state)
    if isinstance(act, a.Counter):
        raise IllegalAction("Riftbound 425", "countering a spell is not modelled yet")
    if isinstance(act, a.LookTop):
        raise IllegalAction("Riftbound 416", "looking at the top of a deck is not modelled yet")
    if isinstance(act, a.BecomeCopy):
        from arbiter.model.effects.perform_traits import become_copy

        done = become_copy(state, e, act, ctx, slot, targets)
        if done is None:
            return _not_done(state, e, source, "not one object to copy", "Riftbound 472.1.b")
        return done
    if isinstance(act, a.ChangeTraits):
        from arbiter.model.effects.perform_traits import change_traits

        return change_traits(state, e, act, ctx, targets)
    if isinstance(act, a.ChooseOne):
        raise IllegalAction("A-SPELL-1", "choosing one option ('choose one') is not modelled yet")
    if isinstance(act, a.Delayed):
        raise IllegalAction("TRIG-1", "a delayed trigger ('the next …') is not modelled yet")
    if isinstance(act, a.RollDie):
        raise IllegalAction("Altered 7.3.19", "rolling a die is not modelled (no random numbers)")
    if isinstance(act, a.Activate):
        raise IllegalAction("Altered 7.3.1", "activating abilities by effect is not modelled yet")
    raise IllegalAction("A-GOLD-3", "a replacement effect is written under replacements:")


# from, to: the cards a player's move takes (DRAW, DISCARD, Altered 7.3.22 Resupply)
_PLAYER_MOVES = {
    a.ZoneMove.DRAW: ("deck", "hand"),
    a.ZoneMove.DISCARD: ("hand", "discard"),
    a.ZoneMove.RESUPPLY: ("deck", "reserve"),
    a.ZoneMove.EXHAUSTED_RESUPPLY: ("deck", "reserve"),
}


def _token_zones(state: GameState, act: a.CreateToken, source: str) -> tuple[str, ...]:
    """The zones the tokens of one creation go to (one token in each)."""
    place = act.place
    if place is a.TokenPlace.DEFAULT:
        return ("play",)
    if place is a.TokenPlace.BASE:
        return ("base",)
    if place is a.TokenPlace.EACH_EXPEDITION:  # Altered 7.3.4.b: one in each
        return ("expedition:hero", "expedition:companion")
    if place is a.TokenPlace.HERO_EXPEDITION:
        return ("expedition:hero",)
    if place is a.TokenPlace.COMPANION_EXPEDITION:
        return ("expedition:companion",)
    if place in (a.TokenPlace.HERE, a.TokenPlace.MY_EXPEDITION) and source in state.objects:
        return (state.obj(source).zone,)
    raise IllegalAction(
        "Altered 7.3.4", f"creating tokens {place.value.replace('_', ' ')} is not modelled yet"
    )


def _exhaust_moved(state: GameState, card: str) -> GameState:
    """The resupplied card gets the status exhausted (Altered 7.3.11)."""
    obj = state.obj(card)
    return state.with_object(replace(obj, counters={**obj.counters, "exhausted": 1}))


def _move(
    state: GameState,
    e: a.Effect,
    act: a.MoveTo,
    targets: tuple[str, ...],
    value: int | tuple[int, ...] | None,
    source: str,
) -> GameState:
    if act.move is a.ZoneMove.DESTROY and state.ruleset.destroy_means is DestroyMeans.KILL:
        return _kill(state, targets, source)
    if act.move is a.ZoneMove.CHANNEL:
        raise IllegalAction("Riftbound 430", "channelling runes is not modelled yet")
    if act.move is a.ZoneMove.RECYCLE:  # Decision IMP-PERFORM: decks have no bottom yet
        raise IllegalAction("Riftbound 416", "recycling to a deck's bottom is not modelled yet")
    if act.move in a.PLAYER_MOVES and e.selector.is_player:
        frm, to = _PLAYER_MOVES[act.move]
        for p in targets:
            cards = sorted(
                (o.timestamp, o.id)
                for o in state.objects.values()
                if o.owner == _players(p) and o.zone == frm
            )
            for _, oid in cards[: _int(value or 1)]:
                state = st.Move(target=oid, zone=to).resolve(state)
                if act.move is a.ZoneMove.EXHAUSTED_RESUPPLY:  # Altered 7.3.11
                    state = _exhaust_moved(state, oid)
        return state
    if act.move is a.ZoneMove.SWITCH:  # not a zone change (Altered 7.3.28, 7.4.4.m, A-KW-GIGANTIC)
        from arbiter.model.altered.steps import Switch

        for t in _objects(state, targets):
            state = Switch(target=t).resolve(state)
        return state
    if act.to is not a.MovePlace.ZONE:  # IMP-PERFORM: battlefields are chosen, not modelled
        raise IllegalAction("Riftbound 444", "a move to a battlefield is not modelled yet")
    zone = act.zone or ZONE_OF.get(act.move) or state.ruleset.destroyed_zone
    for t in _objects(state, targets):
        state = st.Move(target=t, zone=zone).resolve(state)
        if act.exhausted:
            state = _exhaust_moved(state, t)
    return state


def _kill(state: GameState, targets: tuple[str, ...], source: str) -> GameState:
    """Riftbound 428.1.a.1: "kill" is a Kill Instruction for each permanent on the Board
    (``death.kill_instruction``: "would die" replacements first, 369.1; a cost's kill
    replaced is still paid, 357.2.a), attributed to the card it comes from (428.5.b); a
    target elsewhere goes to the trash as a plain move."""
    from arbiter.model import death as dt
    from arbiter.model.ability_zones import on_board

    for t in _objects(state, targets):
        obj = state.obj(t)
        if obj.kind in dt.PERMANENTS and on_board(state, obj.zone):
            by = (source,) if source in state.objects and source != t else ()
            rules: tuple[str, ...] = ("Riftbound 428.1.a.1.a", "Riftbound 428.2")
            if by:
                rules = (*rules, "Riftbound 428.5.b")
            state = dt.kill_instruction(state, t, rules, by)
        else:
            state = st.Move(target=t, zone=state.ruleset.destroyed_zone).resolve(state)
    return state


def _damage(
    state: GameState,
    e: a.Effect,
    act: a.DealDamage,
    ctx: ev.Context,
    targets: tuple[str, ...],
    value: int | tuple[int, ...] | None,
    split: Mapping[str, int],
) -> GameState:
    from arbiter.model.damage import instructions as dm
    from arbiter.model.damage.steps import ChoosingDealDamage

    src = state.objects.get(ctx.source)
    kind = "spell" if src is not None and src.kind == "spell" else "ability"
    ids = tuple(_objects(state, targets))
    if not ids:
        return _not_done(state, e, ctx.source, "no target", "A-GOLD-3")
    instr = dm.Instruction(
        id=f"{ctx.source}.damage",
        mode=dm.Mode.SPLIT if act.split else dm.Mode.EACH,
        amount=_int(value or 0),
        source=dm.DamageSource(kind, ctx.source, None if kind == "spell" else "ability"),
        controller=ev.controller(state, ctx),
    )
    allocation = dict(split) if act.split else None
    if act.split and allocation is None:
        raise IllegalAction("D-DIST-1", "a split needs its allocation")
    return ChoosingDealDamage(instruction=instr, targets=ids, allocation=allocation).resolve(state)


def resolve_effects(
    state: GameState,
    effects: tuple[a.Effect, ...],
    ctx: ev.Context,
    split: Mapping[str, int] | None = None,
    accept: bool = True,
) -> GameState:
    """Every effect in order; an effect whose condition fails, or optional and declined,
    is not done and the rest still resolves (A-GOLD-3, A-SPELL-3/4)."""
    # Test.DONE ("if you do"): was the last effect not itself under "if you do" done
    done = False
    for i, e in enumerate(effects):
        follows = e.condition in (DONE, NOT_DONE)
        if follows and done != (e.condition == DONE):
            state = _not_done(state, e, ctx.source, "'if you do' does not hold", "A-SPELL-3")
            continue
        if not follows and e.condition is not None and not ev.holds(state, ctx, e.condition):
            done = False
            state = _not_done(state, e, ctx.source, "its condition does not hold", "A-SPELL-4")
            continue
        if e.optional and not accept:
            state = _not_done(state, e, ctx.source, "declined", "A-SPELL-3")
            done = done if follows else False
            continue
        if e.costs:
            paid = resolve_effects(state, e.costs, ctx, split, accept)
            if any(v < 0 for k, v in paid.counters.items() if "." in k) or paid is state:
                state = _not_done(state, e, ctx.source, "its cost cannot be paid", "A-GOLD-2")
                done = done if follows else False
                continue
            state = paid
        before = state
        state = _apply(state, e, ctx, str(i), split or {})
        done = done if follows else True
        if e.duration.lasts in ENDS:
            state = _remember(before, state, e, ctx, ENDS[e.duration.lasts])
    return state


def _remember(
    before: GameState, after: GameState, e: a.Effect, ctx: ev.Context, until: str
) -> GameState:
    """Record what the effect changed on each object, to undo at the end (EFF-UNTIL)."""
    for oid, obj in after.objects.items():
        old = before.objects.get(oid)
        if old is None:
            continue
        stamps = tuple(
            sorted(
                m.timestamp
                for stat, mods in obj.mods.items()
                for m in mods
                if m not in old.mods.get(stat, ())
            )
        )
        feats = tuple(sorted(set(obj.features) - set(old.features)))
        if stamps or feats:
            n = sum(1 for x in obj.abilities if isinstance(x, Lasting)) + 1
            rec = Lasting(
                id=f"{ctx.source}.until{n}",
                source=ctx.source,
                until=until,
                stamps=stamps,
                features=feats,
            )
            after = after.with_object(replace(obj, abilities=(*obj.abilities, rec)))
    return after


def fires(
    state: GameState, ctx: ev.Context, when: a.When, event: a.EventKind, about: str, zone: str = ""
) -> bool:
    """A trigger waiting for ``when`` fires on ``event`` about ``about`` (an object id or
    ``player:<name>``): same kind, the subject selects it, the zone agrees (TRIG-1)."""
    if when.event is not event or (when.zone and zone and when.zone != zone):
        return False
    if when.by is not a.Side.ANY or when.origin:
        raise IllegalAction("TRIG-1", "who did an event, or where from, is not recorded yet")
    if when.nth:
        raise IllegalAction("TRIG-1", "counting an event's times in a turn is not modelled yet")
    if when.batch:  # the engine's events are about one object each
        raise IllegalAction(
            "Riftbound 383.2.c",
            "one trigger for an event about one or more objects is not modelled yet",
        )
    if when.at is not a.EventPlace.ANY:  # Decision IMP-PERFORM
        raise IllegalAction("TRIG-1", "where an event happens is not recorded yet")
    if when.here:
        raise IllegalAction(
            "TRIG-1", "an event at the card's own place ('here') is not modelled by the engine yet"
        )
    if when.reaches:  # the counter reached this many (its Nth counter)
        return about in state.objects and state.obj(about).counters.get(when.name) == when.reaches
    if when.subject.pick is a.Pick.ALL and when.subject == a.Selector(a.Pick.ALL):
        return True
    if when.subject.pick is a.Pick.ALL:
        obj = state.objects.get(about)
        return obj is not None and ev.matches(state, ctx, when.subject, obj)
    return about in ev.select(state, ctx, when.subject, "when")


@dataclass(frozen=True, kw_only=True)
class Perform(st.Step):
    """``perform:``: the effects of the card language, played by an object; with
    ``when``, a trigger's effects, resolved only when ``event`` fires it."""

    by: str
    effects: tuple[a.Effect, ...]
    when: a.When | None = None
    event: tuple[a.EventKind, str, str] | None = None  # kind, about, zone
    chosen: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    x: Mapping[str, int] = field(default_factory=dict)
    split: Mapping[str, int] = field(default_factory=dict)
    accept: bool = True

    def target_ids(self) -> tuple[str, ...]:
        return tuple(i for ids in self.chosen.values() for i in ids)

    def resolve(self, state: GameState) -> GameState:
        it = self.event[1] if self.event is not None else None
        ctx = ev.Context(self.by, self.chosen, self.x, it=it)
        if self.when is not None and self.event is not None:
            kind, about, zone = self.event
            if not fires(state, ctx, self.when, kind, about, zone):
                return state.with_event(
                    Event(
                        "not-triggered",
                        (("object", self.by), ("event", kind.value), ("about", about)),
                        ("TRIG-1",),
                    )
                )
            state = state.with_event(
                Event(
                    "triggered",
                    (("object", self.by), ("event", kind.value), ("about", about)),
                    ("TRIG-1",),
                )
            )
        return resolve_effects(state, self.effects, ctx, self.split, self.accept)


@dataclass(frozen=True, kw_only=True)
class EndOf(st.Step):
    """``end_of: turn | day | combat``: effects lasting until then end."""

    until: str

    def resolve(self, state: GameState) -> GameState:
        return end_of(state, self.until)
