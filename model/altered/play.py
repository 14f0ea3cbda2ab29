"""Playing a card: declaration of intent, payment, Limbo, resolution (A-SPELL, A-GOLD-1/2/5).

Order (rules 3.0, 5.1.2.a, and the glossary 5.2.3): declare (reveal a hidden card, choose the
mode, the targets of every step of the mode — optional and conditional ones included — and
how the cost is paid), move the card to Limbo (a spell played from the Reserve, or with
Fleeting printed, becomes Fleeting), pay, resolve. A character then joins the expedition
the player chose; a spell goes to the Discard pile if Fleeting, to the Reserve otherwise.
Mana is the game counter ``mana.<player>``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from arbiter.model import emblems
from arbiter.model.altered import mana_orbs
from arbiter.model.altered.keywords import (
    ToughCost,
    has,
    keyword_number,
    other_expedition,
    tough_cost,
)
from arbiter.model.altered.payment import mana, pay, set_mana
from arbiter.model.altered.spells import (
    SpellStep,
    SpellText,
    amount_of,
    check_declaration,
    check_target,
    slot_of,
    spell_text,
    verb_of,
)
from arbiter.model.altered.types import zone_type
from arbiter.model.altered.zones import (
    BOOSTS,
    EXPEDITIONS,
    FLEETING,
    ensure_faces,
    move,
    permitted,
    player_permission,
    player_prohibition,
    prohibited,
    reveal,
    zone_kind,
)
from arbiter.model.effects import algebra as fx
from arbiter.model.errors import IllegalAction
from arbiter.model.passive_order import after_passives
from arbiter.model.ruleset import ToughPayment, ToughVersion
from arbiter.model.state import JSON, Event, GameObject, GameState
from arbiter.model.trace import RuleStep
from arbiter.model.values import characteristics as ch
from arbiter.model.values import features as ft
from arbiter.model.values.reading import Op


@dataclass(frozen=True, slots=True)
class InternalChoice:
    """A-SPELL-5: the player pays an internal action's cost; its targets, chosen then."""

    targets: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class PlayChoices:
    """Everything the player decides when playing one card."""

    player: str
    mode: int | None = None
    targets: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    may: Mapping[str, bool] = field(default_factory=dict)  # optional steps, by step id
    internal: Mapping[str, InternalChoice] = field(default_factory=dict)
    for_free: bool = False
    into: str | None = None  # the expedition a character is played into
    tough: Mapping[str, bool] = field(default_factory=dict)  # each-step Tough: pay it or not
    alternative_cost: int | None = None  # instead of the Hand cost (Scout X: Altered 7.4.5.c)


# -- where a card may be played from (A-GOLD-1, A-GOLD-5) ------------------------------------


def check_origin(state: GameState, card: GameObject, player: str) -> None:
    zone = zone_kind(card.zone)
    if card.owner != player and zone in ("hand", "reserve"):
        raise IllegalAction(
            "A-PLAY-1", f"{card.id} is in {card.owner}'s {zone}: {player} plays from their own"
        )
    ban = prohibited(state, card, "be_played") or player_prohibition(
        state, player, f"play_from:{zone}"
    )
    allow = permitted(card, f"play_from:{zone}")
    if ban is not None:
        also = " although a card allows it" if allow is not None else ""
        raise IllegalAction("A-GOLD-1", f"{card.id} cannot be played from {zone}{also}")
    tired = zone == "reserve" and card.counters.get("exhausted", 0)
    if tired and player_permission(state, player, "play_exhausted") is None:  # 2.4.5.d
        from arbiter.model.card_text import permits_exhausted  # the card language's

        if permits_exhausted(state, card, player) is None:  # (Decision IMP-MAY)
            raise IllegalAction("Altered 2.4.5.c", f"{card.id} is exhausted in the Reserve")
    if zone in ("hand", "reserve"):
        return
    if allow is None:
        raise IllegalAction(
            "A-PLAY-1", f"cards are played from the Hand or the Reserve, not from {zone}"
        )


def base_cost(card: GameObject) -> int:
    """Reserve cost from the Reserve; Hand cost from anywhere else (rules 3.0 5.1.2.d)."""
    stat = "reserve_cost" if zone_kind(card.zone) == "reserve" else "hand_cost"
    return ch.read_or_zero(card, stat)


# -- playing ---------------------------------------------------------------------------------


def play(state: GameState, card_id: str, choices: PlayChoices) -> GameState:
    """Play ``card_id``: the whole sequence of rules 5.1.2, as one pure function."""
    state = ensure_faces(state)
    card = state.obj(card_id)
    player = choices.player
    origin = zone_kind(card.zone)
    check_origin(state, card, player)
    if origin in ("hand", "deck"):
        state = reveal(state, card_id, "the card being played is revealed")
        card = state.obj(card_id)
    text = spell_text(card)
    steps: tuple[SpellStep, ...] = ()
    if card.kind == "spell":
        if text is None:
            raise IllegalAction("A-SPELL-1", f"{card_id} is a spell without text")
        steps = check_declaration(state, player, text, choices.mode, choices.targets)
    elif choices.targets or choices.mode is not None:
        raise IllegalAction("A-SPELL-1", f"{card_id} is not a spell: nothing to target")
    targets = [oid for name in choices.targets for oid in choices.targets[name]]
    stamps = {oid: state.obj(oid).timestamp for oid in targets}  # who was chosen (A-GOLD-7)
    base = 0 if choices.for_free else base_cost(card)
    if choices.alternative_cost is not None and not choices.for_free:
        base = choices.alternative_cost
    delta, cost_emblems = emblems.cost_change(state, player, card.kind)
    if delta and not choices.for_free:  # Altered 2.2.14: an Ongoing Emblem alters the cost
        base = max(0, base + delta)
    tough = tough_cost(state, player, targets, for_free=choices.for_free)
    if state.ruleset.tough_payment is ToughPayment.EACH_STEP and card.kind == "spell":
        tough = ToughCost(0, 0, (RuleStep("Altered 7.4.7.e", "Tough is paid at each step"),))
    declared = Event(
        "declare",
        (
            ("card", card_id),
            ("player", player),
            ("from", card.zone),
            ("mode", choices.mode),
            ("targets", {k: list(v) for k, v in choices.targets.items()}),
            (
                "cost",
                {
                    "base": base,
                    "tough": tough.amount,
                    "waived": tough.waived,
                    "total": base + tough.amount,
                    "for_free": choices.for_free,
                },
            ),
            ("stamps", dict(stamps)),
        ),
        tuple(
            dict.fromkeys(
                ("A-SPELL-1", *_declared_rules(text, steps), *(s.rule for s in tough.because))
            )
        ),
        tough.because,
    )
    state = state.with_event(declared)
    # Limbo: a new object; Fleeting from the Reserve or printed (A-SPELL-6).
    moved = move(state, card_id, "limbo", player=player, cause="play")
    state = moved.state
    fleeting_why = []
    rule = "A-SPELL-6" if card.kind == "spell" else "A-FLEET-1"  # rules 3.0 5.2.1.b
    if origin == "reserve" and card.kind != "permanent":
        fleeting_why.append(RuleStep(rule, f"{card_id} played from the Reserve: Fleeting"))
    if has(state.obj(card_id), "Fleeting"):
        fleeting_why.append(RuleStep(rule, f"{card_id} has Fleeting printed: Fleeting"))
    word, fleet_emblems = emblems.fleeting_change(state, player, card.kind)
    if word is not None and card.kind == "spell":  # Altered 5.2.4.a.3
        fleeting_why = fleeting_why if word else []
        if word:
            fleeting_why.append(RuleStep("Altered 5.2.4.a", f"{fleet_emblems[-1]}: Fleeting"))
        else:
            limbo = state.obj(card_id)
            counters = {k: v for k, v in limbo.counters.items() if k != FLEETING}
            state = state.with_object(replace(limbo, counters=counters)).with_event(
                Event(
                    "status",
                    (("target", card_id), ("loses", "Fleeting"), ("by", fleet_emblems[-1])),
                    ("Altered 5.2.4.a",),
                )
            )
    if fleeting_why:
        limbo = state.obj(card_id)
        state = state.with_object(replace(limbo, counters={**limbo.counters, FLEETING: 1}))
        state = state.with_event(
            Event(
                "status",
                (("target", card_id), ("gains", "Fleeting")),
                (rule,),
                tuple(fleeting_why),
            )
        )
    pay_rules = ("A-GOLD-2",) + (("A-KW-TOUGH",) if tough.amount else ())
    if cost_emblems and not choices.for_free:
        pay_rules += ("Altered 2.2.14",)
    state = pay(state, player, base + tough.amount, card_id, pay_rules)
    used = [*cost_emblems, *(fleet_emblems if card.kind == "spell" else [])]
    if card.kind == "spell":
        assert text is not None
        for s in steps:
            state = _resolve_step(state, card_id, player, text, s, choices, stamps)
        state = _after_resolution(state, card_id, player)
    elif card.kind == "character" or zone_type(card) == "expedition":  # Altered 2.2.3.d
        state = _join(state, card_id, player, choices.into or EXPEDITIONS[0])
    else:
        state = move(state, card_id, "landmark", player=player, cause="play").state
    return emblems.after_play(state, player, used)


def _declared_rules(text: SpellText | None, steps: tuple[SpellStep, ...]) -> list[str]:
    rules: list[str] = []
    if text is not None and text.modes:
        rules.append("A-SPELL-2")
    if any(s.optional and slot_of(s.action) for s in steps):
        rules.append("A-SPELL-3")
    if any(s.condition is not None and slot_of(s.action) for s in steps):
        rules.append("A-SPELL-4")
    return rules


def _join(state: GameState, card_id: str, player: str, into: str) -> GameState:
    """A character joins the chosen expedition; a Gigantic one joins both, once."""
    fleeting = state.obj(card_id).counters.get(FLEETING, 0)
    state = move(state, card_id, f"expedition:{into}", player=player, cause="play").state
    obj = state.obj(card_id)
    if fleeting:  # rules 3.0 2.4.6.c: a Fleeting character keeps it in the Expedition zone
        state = state.with_object(replace(obj, counters={**obj.counters, FLEETING: 1}))
    gigantic = has(after_passives(state).obj(card_id), "Gigantic")  # A-PASS-1
    joined = list(EXPEDITIONS) if gigantic else [into]
    return state.with_event(
        Event(
            "join",
            (
                ("target", card_id),
                ("player", player),
                ("expeditions", joined),
                ("played_into", into),
            ),
            ("A-KW-GIGANTIC",) if gigantic else ("A-TIME-1",),
            (
                RuleStep(
                    "A-KW-GIGANTIC",
                    f"{card_id} is played into {into} and joins both "
                    "expeditions: one object, one join",
                ),
            )
            if gigantic
            else (),
        )
    )


def _after_resolution(state: GameState, card_id: str, player: str) -> GameState:
    """A-SPELL-6: a Fleeting spell goes to the Discard pile, any other to the Reserve."""
    spell = state.obj(card_id)
    if zone_kind(spell.zone) != "limbo":
        return state
    to = "discard" if spell.counters.get(FLEETING, 0) else "reserve"
    marks = {k: v for k, v in state.counters.items() if not k.startswith(f"tough_paid.{card_id}.")}
    state = replace(state, counters=marks)
    state = move(state, card_id, to, player=player, cause="resolved", rules=("A-SPELL-6",)).state
    back = state.objects.get(card_id)
    if back is not None and zone_kind(back.zone) == "reserve" and has(spell, "Cooldown"):
        # Altered 7.4.1.b: a spell with Cooldown back in the Reserve becomes exhausted
        back = replace(back, counters={**back.counters, "exhausted": 1})
        event = Event("cooldown", (("target", card_id), ("exhausted", True)), ("Altered 7.4.1.b",))
        state = state.with_object(back).with_event(event)
    return state


# -- resolution ------------------------------------------------------------------------------


def _step_event(
    step: SpellStep,
    card: str,
    done: bool,
    rules: list[str],
    note: str,
    extra: tuple[tuple[str, JSON], ...] = (),
) -> Event:
    return Event(
        "spell-step",
        (
            ("spell", card),
            ("step", step.id),
            ("verb", verb_of(step.action)),
            ("done", done),
            ("note", note),
            *extra,
        ),
        tuple(dict.fromkeys(rules)),
    )


def _condition_holds(
    state: GameState,
    cond: fx.Condition,
    player: str,
    targets: Mapping[str, tuple[str, ...]],
    spell: str,
) -> bool:
    """A-SPELL-4, on the card language's Condition: the subject is a target slot (its first
    object), the spell (self) or nobody (a test about an object then fails)."""
    if cond.test is fx.Test.NOT:
        return not _condition_holds(state, cond.parts[0], player, targets, spell)
    sel = cond.selector
    if cond.test is fx.Test.COUNTER and sel.pick is fx.Pick.YOU:  # mana_at_least
        return cond.compare.holds(mana(state, player), cond.bound)
    subject = ""
    if sel.pick is fx.Pick.NAMED and sel.name:
        subject = (targets.get(sel.name, ("",)) or ("",))[0]
    elif sel.pick is fx.Pick.SELF:
        subject = spell
    obj = after_passives(state).objects.get(subject) if subject else None  # A-PASS-1
    if obj is None:
        return False
    if cond.test is fx.Test.ZONE:
        return zone_kind(obj.zone) == cond.name
    if cond.test is fx.Test.HAS:
        return cond.name in obj.features
    if cond.test is fx.Test.EXPEDITION:  # Altered 7.5.2, 7.4.4.j
        from arbiter.model.gigantic import my_expedition_is

        return my_expedition_is(state, obj.id, cond.name)
    return cond.compare.holds(obj.counters.get(BOOSTS, 0), cond.bound)  # boosted


def _resolve_step(
    state: GameState,
    card: str,
    player: str,
    text: SpellText,
    step: SpellStep,
    choices: PlayChoices,
    stamps: dict[str, int],
) -> GameState:
    targets: Mapping[str, tuple[str, ...]] = choices.targets
    rules: list[str] = []
    if step.condition is not None:
        holds = _condition_holds(state, step.condition, player, targets, card)
        if not holds:
            return state.with_event(
                _step_event(
                    step, card, False, ["A-SPELL-4"], "the condition is false at resolution"
                )
            )
        rules.append("A-SPELL-4")
    if step.optional:
        if not choices.may.get(step.id, False):
            return state.with_event(
                _step_event(step, card, False, ["A-SPELL-3"], "the player chooses not to do it")
            )
        rules.append("A-SPELL-3")
    if step.internal:
        chosen = choices.internal.get(step.id)
        if chosen is None:
            return state.with_event(
                _step_event(step, card, False, ["A-SPELL-5"], "the internal action is not played")
            )
        for slot in step.internal_targets:
            if slot.name not in chosen.targets:
                raise IllegalAction("A-SPELL-5", f"internal action {step.id}: choose '{slot.name}'")
            check_target(state, player, slot, chosen.targets[slot.name], "A-SPELL-5")
        picked = [o for s in step.internal_targets for o in chosen.targets[s.name]]
        tough = tough_cost(state, player, picked, for_free=False)
        assert step.internal_cost is not None
        state = pay(
            state,
            player,
            step.internal_cost + tough.amount,
            f"{card}:{step.id}",
            ("A-SPELL-5", "A-GOLD-2") + (("A-KW-TOUGH",) if tough.amount else ()),
        )
        targets = {**targets, **chosen.targets}
        stamps = {**stamps, **{o: state.obj(o).timestamp for o in picked}}
        rules.append("A-SPELL-5")
    if state.ruleset.tough_payment is ToughPayment.EACH_STEP and not step.internal:
        state, targets = _pay_tough_at_step(state, card, player, step, targets, choices)
    return _act(state, card, player, step, targets, stamps, rules)


def _pay_tough_at_step(
    state: GameState,
    card: str,
    player: str,
    step: SpellStep,
    targets: Mapping[str, tuple[str, ...]],
    choices: PlayChoices,
) -> tuple[GameState, Mapping[str, tuple[str, ...]]]:
    """Altered 7.4.7.d-f: before a step acts on an opponent's object with Tough X, its
    controller decides to pay X (with the mana they have now, gained during the spell
    included) or not; an object not paid for is not acted on. X is paid once per effect."""
    slot = slot_of(step.action) or ""
    kept: list[str] = []
    derived = after_passives(state)  # A-PASS-1: Tough may come from a passive
    for oid in targets.get(slot, ()):
        obj = derived.objects.get(oid)
        x = keyword_number(obj, "Tough") if obj is not None else 0
        paid_key = f"tough_paid.{card}.{oid}"
        if obj is None or x <= 0 or obj.controlled_by == player or paid_key in state.counters:
            kept.append(oid)
            continue
        if choices.for_free and state.ruleset.tough_version is ToughVersion.GLOSSARY:
            kept.append(oid)
            continue
        wants = choices.tough.get(oid, True)
        if wants and mana(state, player) + mana_orbs.available(state, player) >= x:
            state = pay(state, player, x, f"{card}:{step.id}:{oid}", ("Altered 7.4.7.e",))
            state = replace(state, counters={**state.counters, paid_key: 1})
            kept.append(oid)
            continue
        why = "declines to pay" if not wants else "cannot pay"
        state = state.with_event(
            _step_event(
                step,
                card,
                False,
                ["Altered 7.4.7.d", "A-GOLD-3"] + (["A-GOLD-2"] if wants else []),
                f"{player} {why} Tough {x} for {oid}: it is not chosen",
            )
        )
    return state, {**targets, slot: tuple(kept)}


def _act(
    state: GameState,
    card: str,
    player: str,
    step: SpellStep,
    targets: Mapping[str, tuple[str, ...]],
    stamps: Mapping[str, int],
    rules: list[str],
) -> GameState:
    a = step.action
    if verb_of(a) == "mana":
        n = amount_of(a)
        state = set_mana(state, player, mana(state, player) + n)
        return state.with_event(
            _step_event(step, card, True, rules or ["A-SPELL-1"], f"{player} gains {n} mana")
        )
    objs = targets.get(slot_of(a) or "", ())
    for oid in objs:
        obj = state.obj(oid)
        if obj.timestamp != stamps.get(oid, obj.timestamp):
            state = state.with_event(
                _step_event(
                    step,
                    card,
                    False,
                    [*rules, "A-GOLD-7", "A-GOLD-3"],
                    f"{oid} changed zones since it was chosen: it is a new object",
                )
            )
            continue
        state = _act_on(state, card, player, step, obj, rules)
    return state


def _act_on(
    state: GameState, card: str, player: str, step: SpellStep, obj: GameObject, rules: list[str]
) -> GameState:
    a = step.action
    act = a.action
    amount = amount_of(a)
    verb = verb_of(a)
    oid = obj.id
    if verb == "boost":
        ban = prohibited(state, obj, "gain_boosts")
        if ban is not None:
            return state.with_event(
                _step_event(
                    step,
                    card,
                    False,
                    [*rules, "A-GOLD-1", "A-GOLD-3"],
                    f"{oid} cannot gain boosts ({ban.source}): not done",
                    (("target", oid),),
                )
            )
        n = obj.counters.get(BOOSTS, 0) + amount
        state = state.with_object(replace(obj, counters={**obj.counters, BOOSTS: n}))
        return state.with_event(
            _step_event(
                step,
                card,
                True,
                rules or ["A-SPELL-1"],
                f"{oid} gains {amount} boost(s)",
                (("target", oid), ("boosts", n)),
            )
        )
    if verb == "send" and isinstance(act, fx.MoveTo):
        whose = {fx.Side.ANY: None, fx.Side.YOURS: player}.get(act.whose, _opponent(state, player))
        moved = move(state, oid, act.zone, player=whose, cause=card)
        return moved.state.with_event(
            _step_event(
                step,
                card,
                moved.done,
                rules or ["A-SPELL-1"],
                f"{oid} sent to {act.zone}",
                (("target", oid), ("to", moved.state.obj(oid).zone)),
            )
        )
    if isinstance(act, fx.ModifyStat):
        state, t = state.tick()
        out = ch.modify_number(obj, act.stat, Op.ADD, (amount,), source=card, timestamp=t)
        event = ch.modify_event(oid, act.stat, "add", amount, card, out)
        return ch.apply_outcome(state, out, event)
    if isinstance(act, fx.Give):
        number = amount if a.amount is not None else None
        change = ft.gain(obj.features, act.name, number)
        state = state.with_object(replace(obj, features=change.features))
        return state.with_event(
            _step_event(
                step,
                card,
                change.applied,
                [*rules, change.because.rule],
                change.because.note,
                (("target", oid),),
            )
        )
    # switch: to the other expedition, which a Gigantic object does not have
    other = other_expedition(after_passives(state).obj(oid))  # A-PASS-1
    if other is None:
        return state.with_event(
            _step_event(
                step,
                card,
                False,
                [*rules, "A-KW-GIGANTIC", "A-GOLD-3"],
                f"{oid} has no other expedition: the move is impossible",
                (("target", oid),),
            )
        )
    state = state.with_object(replace(obj, zone=f"expedition:{other}"))
    return state.with_event(
        _step_event(
            step,
            card,
            True,
            rules or ["A-SPELL-1"],
            f"{oid} switches to {other} (not a zone change)",
            (("target", oid),),
        )
    )


def _opponent(state: GameState, player: str) -> str:
    return next((p for p in state.players if p != player), player)
