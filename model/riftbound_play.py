"""Playing and hiding Riftbound cards (Core Rules 1.3): step ``play_card`` and ``hide``.

``play_card: {card, by, timing, to, accelerate, steps, repeats}`` checks when a card may
be played (316.2.b: the turn player in an Open State; Action: in showdowns, 806; Reaction:
in Closed States too, 813), where a permanent enters (a unit: its base or a battlefield
its player controls, 813.3.a; Ambush: a battlefield where they control units, 822; a
hidden card: the battlefield it was hidden at, 811.1.d.1), that a unit enters exhausted
unless its Accelerate is paid (143.4, 805), and runs a spell's instructions once plus once
per Repeat paid (820), as one chain item. The play event says whether Legion is satisfied
(812: another card played this turn). ``hide: {card, at}`` puts a card with Hidden facedown
at a battlefield its player controls (811, 107.3). With ``pay`` the Total Cost is paid
(356-357, model/riftbound_payment.py); without it costs are not paid (Decision RB-PAY-2).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from arbiter.model import death as dt
from arbiter.model import imported_play as ip
from arbiter.model import riftbound_attach as ra
from arbiter.model import riftbound_costs as rc
from arbiter.model import riftbound_payment as rp
from arbiter.model import riftbound_score as rs
from arbiter.model.ability_zones import on_board
from arbiter.model.errors import IllegalAction
from arbiter.model.state import JSON, Event, GameObject, GameState
from arbiter.model.steps import Resolve, Step, resolve_part

FACEDOWN = "facedown"
CHAMPION = "champion"  # 108.3
BATTLEFIELD = "battlefield"
PLAYED = "once_each_turn.played."  # cards a player played this turn (reset at end_turn)
TIMINGS = ("open", "showdown", "closed")
PERMANENTS = dt.PERMANENTS  # 133.4.a.2: the permanent types
# the kinds that are never played, with the article that says so
NOT_PLAYED = {
    "rune": "Riftbound 133.5.a.1",
    "battlefield": "Riftbound 133.6.a.1",
    "legend": "Riftbound 133.6.b.1",
}


def _number(obj: GameObject, name: str) -> int:
    feature = obj.features.get(name)
    if feature is None:
        return 0
    return 1 if feature.number is None else feature.number


def _controls(state: GameState, player: str, battlefield: str) -> bool:
    found = state.objects.get(battlefield)
    return found is not None and found.kind == BATTLEFIELD and found.controller == player


def _units_there(state: GameState, player: str, battlefield: str) -> bool:
    return any(
        o.kind == "unit"
        and o.zone == BATTLEFIELD
        and o.region == battlefield
        and o.controlled_by == player
        for o in state.objects.values()
    )


def _reaction(state: GameState, card: GameObject, to: str, player: str) -> tuple[bool, str]:
    """Whether the card has Reaction now, and the article that gives it."""
    if "Reaction" in card.features:
        return True, "Riftbound 813.1.c.1"
    if card.zone == FACEDOWN and "Hidden" in card.features:
        return True, "Riftbound 811.6"
    if "Quick-Draw" in card.features:
        return True, "Riftbound 819.1.b"
    if "Ambush" in card.features and to != dt.BASE and _units_there(state, player, to):
        return True, "Riftbound 822.1.b"
    return False, ""


def check_timing(state: GameState, card: GameObject, player: str, timing: str, to: str) -> str:
    """The article that lets ``player`` play ``card`` at ``timing``; refused otherwise."""
    reaction, why = _reaction(state, card, to, player)
    if timing == "closed":
        if not reaction:
            raise IllegalAction(
                "Riftbound 813.1.c.1", f"{card.id} needs Reaction in a Closed State"
            )
        return why
    if timing == "showdown":
        if "Action" in card.features:
            return "Riftbound 806.1.c.1"
        if not reaction:
            raise IllegalAction(
                "Riftbound 806.1.b", f"{card.id} needs Action or Reaction during a showdown"
            )
        return "Riftbound 813.1.b"
    if player != state.active_player:
        raise IllegalAction(
            "Riftbound 316.2.b", "only the turn player plays cards in a Neutral Open State"
        )
    return "Riftbound 316.2.b"


def _destination(state: GameState, card: GameObject, player: str, to: str) -> str:
    """Where a permanent may enter; the article that allows it."""
    if card.zone == FACEDOWN:
        if to != card.region:
            raise IllegalAction(
                "Riftbound 811.1.d.1", f"{card.id} is played at the battlefield it was hidden at"
            )
        return "Riftbound 811.1.d.1"
    if to == dt.BASE:
        return "Riftbound 813.3.a"
    if card.kind != "unit":
        raise IllegalAction("Riftbound 811.1.d.1.a", f"{card.id}, a gear, is played to a base")
    if _controls(state, player, to):
        return "Riftbound 813.3.a"
    if "Ambush" in card.features and _units_there(state, player, to):
        return "Riftbound 822.1.b"
    raise IllegalAction(
        "Riftbound 813.3.a", f"{card.id} enters its player's base or a battlefield they control"
    )


def hide(state: GameState, card_id: str, at: str) -> GameState:
    """811.1.b: a card with Hidden in its owner's hand goes facedown at a battlefield they
    control with no facedown card yet (107.3.b-c); no chain opens (811.1.c.2)."""
    card = state.obj(card_id)
    player = card.controlled_by
    if "Hidden" not in card.features:
        raise IllegalAction("Riftbound 811.1", f"{card_id} has no Hidden")
    if card.zone not in ("hand", CHAMPION):
        raise IllegalAction(
            "Riftbound 811.1.b", f"{card_id} is hidden from its player's hand or Champion Zone"
        )
    if player != state.active_player:
        raise IllegalAction("Riftbound 811.1.b", f"{player} hides cards on their own turn only")
    if not _controls(state, player, at):
        raise IllegalAction("Riftbound 107.3.c", f"{player} does not control {at}")
    from arbiter.model.riftbound_facedown import has_room

    if not has_room(state, at):  # 107.3.b: one card, unless an effect changed it (107.3.b.1)
        raise IllegalAction("Riftbound 107.3.b", f"{at} has no room for another facedown card")
    state, t = state.tick()
    state = state.with_object(replace(card, zone=FACEDOWN, region=at, timestamp=t))
    fields: tuple[tuple[str, JSON], ...] = (("card", card_id), ("player", player), ("at", at))
    return state.with_event(Event("hide", fields, ("Riftbound 811.1.b", "Riftbound 107.3.a")))


@dataclass(frozen=True, kw_only=True)
class PlayCard(Step):
    """``play_card: {card, by, timing, to, accelerate, steps, repeats}``."""

    card: str
    by: str | None = None
    timing: str = "open"
    to: str = dt.BASE
    accelerate: bool = False
    steps: tuple[Step, ...] = ()
    repeats: tuple[tuple[Step, ...], ...] = ()
    attach: str | None = None  # Quick-Draw: the unit it is attached to as it is played
    vision: tuple[bool, ...] = ()  # Vision: recycle the card seen? one per instance
    equip: str | None = None  # Weaponmaster: the Equipment it attaches to itself
    pay: rc.PayChoice | None = None  # the Total Cost is paid (356-357); None: not modelled
    extra: ip.ExtraChoice | None = None  # the additional costs paid (356.2; IMP-EXTRA)

    def target_ids(self) -> tuple[str, ...]:
        return (self.card,)

    def resolve(self, state: GameState) -> GameState:
        return self.resolve_with(state, resolve_part)

    def resolve_with(self, state: GameState, resolve: Resolve) -> GameState:
        state = self.enter(state)
        if state.obj(self.card).kind == "spell":
            state = self.spell_effect(state, resolve)
        return state

    def enter(self, state: GameState) -> GameState:
        """Everything of playing the card but a spell's instructions: the checks, the play
        event, a permanent entering the Board (the Chain runs them apart, 337.1.c)."""
        card = state.obj(self.card)
        player = self.by or card.controlled_by
        if card.kind not in (*PERMANENTS, "spell"):  # 133.4-133.6
            raise IllegalAction(
                NOT_PLAYED.get(card.kind, "Riftbound 133.4"),
                f"{self.card} ({card.kind}) is not a card that is played",
            )
        if card.zone not in ("hand", FACEDOWN, CHAMPION):  # 108.3.d, 811.1.c.3
            raise IllegalAction(
                "Riftbound 811.1.c.3", f"{self.card} is not in a hand, facedown or a Champion Zone"
            )
        rules = [check_timing(state, card, player, self.timing, self.to)]
        rp.check_play_only(state, card, player)  # 366.1: its own passive, from its zone
        if card.zone == FACEDOWN:  # 811.1.d.2: a hidden card chooses at its battlefield
            named = [i for run in (self.steps, *self.repeats) for s in run for i in s.target_ids()]
            runs = (self.steps, *self.repeats)
            plays = [s for run in runs for s in run if isinstance(s, PlayCard)]
            named = [i for i in named if i not in {p.card for p in plays}]  # 811.1.d.3 below
            for oid in named:
                if oid in state.objects and oid != card.id and state.obj(oid).region != card.region:
                    raise IllegalAction(
                        "Riftbound 811.1.d.2", f"{oid} is not at {card.region}, where {card.id} hid"
                    )
            for p in plays:  # 811.1.d.3: a unit it plays goes to its battlefield
                if state.obj(p.card).kind == "unit" and p.to != card.region:
                    raise IllegalAction(
                        "Riftbound 811.1.d.3", f"{p.card} is played at {card.region}, where it hid"
                    )
        key = f"{PLAYED}{player}"
        legion = state.counters.get(key, 0) > 0  # 812.1.c: another card played this turn
        state = replace(state, counters={**state.counters, key: state.counters.get(key, 0) + 1})
        if self.accelerate and "Accelerate" not in card.features:
            raise IllegalAction("Riftbound 805.1.a", f"{self.card} has no Accelerate to pay")
        if self.repeats and (card.kind != "spell" or len(self.repeats) > _number(card, "Repeat")):
            raise IllegalAction(
                "Riftbound 820.1.c.3",
                f"{self.card} pays each of its {_number(card, 'Repeat')} Repeat costs once at most",
            )
        extra = ip.additional(card, self.extra)  # 356.2 (model/imported_play.py)
        if self.pay is not None:
            state = rp.pay_to_play(
                state, card, player, self.pay, self.accelerate, len(self.repeats), extra.parts
            )
        state = ip.pay_others(state, card, player, extra)  # 357.2
        state, t = state.tick()
        ready = False
        if card.kind in PERMANENTS:
            try:
                rules.append(_destination(state, card, player, self.to))
            except IllegalAction:  # a permission of the card language (IMP-MAY)
                permitted = ip.permitted_place(state, card, player, self.to)
                if permitted is None:
                    raise
                state, why = permitted
                rules.append(why)
            ready = card.kind != "unit" or self.accelerate
            rules.append("Riftbound 805.6" if self.accelerate else "Riftbound 143.4")
            counters = dict(card.counters)
            if not ready:
                counters["exhausted"] = 1
            zone, region = (dt.BASE, None) if self.to == dt.BASE else (BATTLEFIELD, self.to)
            entered = replace(
                card, zone=zone, region=region, counters=counters, timestamp=t, controller=player
            )
            entered, as_enters = ip.as_enters(state, entered)  # 143.4.a (IMP-ENTER)
            ready = "exhausted" not in entered.counters
            state = state.with_object(entered)
            for event in as_enters:
                state = state.with_event(event)
                rules += [r for r in event.rules if r not in rules]
        state = ip.record(state, card, extra)  # 356.4.f.1: what {paid: true} reads
        fields: tuple[tuple[str, JSON], ...] = (
            ("card", self.card),
            ("player", player),
            ("timing", self.timing),
            ("to", self.to if card.kind in PERMANENTS else None),
            ("ready", None if card.kind != "unit" else ready),
            ("legion", legion),
            ("executions", 1 + len(self.repeats) if card.kind == "spell" else None),
        )
        if self.pay is not None:  # 131.4: what reads its cost reads the printed one
            fields = (*fields, ("printed_cost", rp.printed_cost(card).text()))
        state = state.with_event(Event("play_card", fields, tuple(rules)))
        return self._keywords(state, card, player)

    def spell_effect(self, state: GameState, resolve: Resolve = resolve_part) -> GameState:
        """A spell's instructions, once plus once per Repeat paid, then its card goes to the
        trash (359.3.d)."""
        for run in (self.steps, *self.repeats):  # 820.2.a: each with its own choices
            for step in run:
                state = resolve(step, state)
        state = dt.cleanup(state) if self.steps or self.repeats else state
        spell = state.obj(self.card)
        state = state.with_object(replace(spell, zone=dt.TRASH, region=None))
        return state.with_event(
            Event("move", (("target", self.card), ("to", dt.TRASH)), ("Riftbound 108.2.b",))
        )

    def _keywords(self, state: GameState, card: GameObject, player: str) -> GameState:
        """803: the effects of its keywords as the card is played (Quick-Draw, Weaponmaster,
        Vision), in the order the card lists them."""
        attached = False
        for name in card.features:
            if name in ("Quick-Draw", "Weaponmaster") and not attached:
                state, attached = self._attachments(state, card, player), True
            elif name == "Vision" and card.kind in PERMANENTS:
                state = self._vision(state, card, player)
        return state if attached else self._attachments(state, card, player)

    def _vision(self, state: GameState, card: GameObject, player: str) -> GameState:
        """817: each instance of Vision, as the permanent enters the Board, looks at the top
        card of its player's Main Deck and may recycle it (to the bottom); without a
        recycle the next instance sees the same card (817.2.b)."""
        instances = _number(card, "Vision")
        if len(self.vision) > instances:
            raise IllegalAction("Riftbound 817.2", f"{card.id} has {instances} Vision")
        for n in range(instances):
            recycle = self.vision[n] if n < len(self.vision) else False
            deck = rs.zone_order(state, player, "deck")
            seen = deck[0].id if deck else None  # 431.1.c: an empty deck shows nothing
            if seen is not None and recycle:
                state = rs.move(state, seen, "deck")  # the bottom: a new timestamp
            fields: tuple[tuple[str, JSON], ...] = (
                ("card", card.id),
                ("player", player),
                ("seen", seen),
                ("recycled", bool(seen is not None and recycle)),
            )
            state = state.with_event(
                Event("vision", fields, ("Riftbound 817.1.b", "Riftbound 817.2.a"))
            )
        return state

    def _attachments(self, state: GameState, card: GameObject, player: str) -> GameState:
        """Quick-Draw (819.1.d): attached to a unit its player controls as it is played;
        Weaponmaster (821.1.c): an Equipment of the player with an Equip cost is attached
        to the unit played, without activating Equip (821.1.c.6)."""
        if self.attach is not None:
            if "Quick-Draw" not in card.features:
                raise IllegalAction("Riftbound 819.1.d", f"{card.id} has no Quick-Draw")
            if state.obj(self.attach).controlled_by != player:
                raise IllegalAction("Riftbound 819.1.d", f"{player} does not control {self.attach}")
            state = ra.attach(state, card.id, self.attach, ("Riftbound 819.1.d",))
        if self.equip is not None:
            gear = state.obj(self.equip)
            if "Weaponmaster" not in card.features:
                raise IllegalAction("Riftbound 821.1.b", f"{card.id} has no Weaponmaster")
            if gear.controlled_by != player:
                raise IllegalAction("Riftbound 821.1.c", f"{player} does not control {gear.id}")
            if "Equip" not in gear.features:  # 821.1.c.4: no Equip cost, none paid
                fields: tuple[tuple[str, JSON], ...] = (("unit", card.id), ("gear", gear.id))
                return state.with_event(Event("not_attached", fields, ("Riftbound 821.1.c.4",)))
            if self.pay is not None:  # 821.1.c: its Equip cost, reduced by [A]
                choice = self.pay if self.pay.auto else rc.PayChoice(auto=False)
                paid = rp.weaponmaster_pays(state, gear, state.obj(card.id), choice)
                if paid is None:  # 821.1.c.5: it stays where it is
                    fields = (("unit", card.id), ("gear", gear.id))
                    return state.with_event(Event("not_attached", fields, ("Riftbound 821.1.c.5",)))
                state = paid
            state = ra.attach(state, gear.id, card.id, ("Riftbound 821.1.c", "Riftbound 821.1.c.6"))
        return state

    def weaponmaster(self, state: GameState) -> GameState:
        """One Weaponmaster trigger resolving with its Equipment ``equip`` (821.1.c)."""
        card = state.obj(self.card)
        return self._attachments(state, card, self.by or card.controlled_by)


@dataclass(frozen=True, kw_only=True)
class Hide(Step):
    """``hide: {card, at}``."""

    card: str
    at: str

    def target_ids(self) -> tuple[str, ...]:
        return (self.card,)

    def resolve(self, state: GameState) -> GameState:
        return hide(state, self.card, self.at)


@dataclass(frozen=True, kw_only=True)
class AttachStep(Step):
    """``attach: {card, to}``."""

    card: str
    to: str

    def target_ids(self) -> tuple[str, ...]:
        return (self.card, self.to)

    def resolve(self, state: GameState) -> GameState:
        return ra.attach(state, self.card, self.to, ("Riftbound 717",))


@dataclass(frozen=True, kw_only=True)
class EquipStep(Step):
    """``equip: {gear, to, pay, timing}``: with ``timing`` when Equip is used is checked
    (381, 818.1.c.5); with ``pay`` its cost is paid (818.1.c)."""

    gear: str
    to: str
    pay: rc.PayChoice | None = None
    timing: str | None = None

    def target_ids(self) -> tuple[str, ...]:
        return (self.gear, self.to)

    def resolve(self, state: GameState) -> GameState:
        gear, unit = state.obj(self.gear), state.obj(self.to)
        rp.check_equip_target(gear, unit)
        if self.timing is not None:
            rp.check_equip_use(state, gear, unit, self.timing)
        if self.pay is not None:
            state = rp.pay_equip(state, gear, unit, self.pay)
        return ra.equip(state, self.gear, self.to)


@dataclass(frozen=True, kw_only=True)
class DetachStep(Step):
    """``detach: {card}``."""

    card: str

    def target_ids(self) -> tuple[str, ...]:
        return (self.card,)

    def resolve(self, state: GameState) -> GameState:
        if ra.attached_to(state.obj(self.card)) is None:
            raise IllegalAction("Riftbound 718.1", f"{self.card} is not attached")
        return ra.detach(state, self.card, "Riftbound 718.1")


@dataclass(frozen=True, kw_only=True)
class Kill(Step):
    """``kill: {target, by}``: a Kill instruction of the spell or ability ``by`` (428.5.b);
    an ability's kill is also attributed to the object it comes from (428.5.d)."""

    target: str
    by: tuple[str, ...] = ()  # the spell or ability, then the object an ability comes from

    def target_ids(self) -> tuple[str, ...]:
        return (self.target,)

    def resolve(self, state: GameState) -> GameState:
        obj = state.obj(self.target)
        if obj.kind not in PERMANENTS or not on_board(state, obj.zone):
            raise IllegalAction("Riftbound 428.1", f"{self.target} is no unit or gear on the Board")
        rules = ("Riftbound 428.2", "Riftbound 428.5.b") if self.by else ("Riftbound 428.2",)
        if len(self.by) > 1:
            rules = (*rules, "Riftbound 428.5.d")
        return dt.kill_instruction(state, self.target, rules, by=self.by)
