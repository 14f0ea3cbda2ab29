"""Damage instructions (RULES §7): bonuses, sources, each / split, timing, events.

The last step of dealing damage is split in two pure functions so that
replacement effects (R-2: after every modifier and prevention) can be put
between them: ``damage_events`` computes the events (bonuses, prevention) and
``carry_out_damage`` carries them out (marks damage, spends shields, fires
"when damaged" triggers).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum

from arbiter.model.ability_zones import in_play_in
from arbiter.model.damage import prevention as pv
from arbiter.model.errors import IllegalAction
from arbiter.model.might import MIGHT
from arbiter.model.might_layers import might_now
from arbiter.model.ruleset import PreventionTiming
from arbiter.model.state import JSON, Ability, Event, GameObject, GameState
from arbiter.model.trace import RuleStep, Trace
from arbiter.model.values import characteristics as ch

DAMAGE = "damage"  # the counter of damage (Riftbound) or wounds (Berserk) on an object
TOUGHNESS = "health"  # the characteristic that damage is compared with
ACTION_KINDS = ("spell", "ability", "unit")


class Mode(Enum):
    """How an instruction hands out its damage."""

    EACH = "each"  # an amount to each target (D-EACH-1)
    SPLIT = "split"  # a total divided among the targets (D-DIST-1)


@dataclass(frozen=True, slots=True)
class DamageBonus(Ability):
    """ "+N damage to your [kinds]" (Annie, Fiery): a bonus on actions of its controller."""

    amount: int = 0
    to: frozenset[str] = frozenset(ACTION_KINDS)


@dataclass(frozen=True, slots=True)
class DamageSource:
    """D-SRC-1: what the rules make responsible for the damage.

    ``kind`` is the kind of action (spell, ability, unit); ``card`` the object
    behind it; ``ability`` the ability's name; ``dealt_by`` the units an
    instruction names as dealing the damage (D-ATTR-1), or the units in combat.
    """

    kind: str
    card: str
    ability: str | None = None
    dealt_by: tuple[str, ...] = ()

    def attribution(self) -> tuple[tuple[str, ...], RuleStep]:
        """D-SRC-1 / D-ATTR-1: the sources of the damage (bonuses never join them)."""
        if self.dealt_by:
            if self.kind == "unit":
                return self.dealt_by, RuleStep(
                    "D-SRC-1", "the units dealing the damage are its sources"
                )
            return self.dealt_by, RuleStep(
                "D-ATTR-1", f"the {self.kind} has {', '.join(self.dealt_by)} deal the damage"
            )
        if self.ability is not None:
            return (self.ability, self.card), RuleStep(
                "D-ATTR-1", f"the ability {self.ability} deals it: the ability and {self.card}"
            )
        return (self.card,), RuleStep("D-SRC-1", f"the {self.kind} {self.card} is the source")


@dataclass(frozen=True, slots=True)
class Instruction:
    """One damage-dealing instruction: ``amount`` to each target, or split among them."""

    id: str
    mode: Mode
    amount: int
    source: DamageSource
    controller: str
    bonuses: tuple[tuple[str, int], ...] = ()  # bonus effects the step names itself
    max_targets: int | None = None  # the card's own limit ("up to two units")
    immune: frozenset[str] = frozenset()  # targets that take no damage from this source


@dataclass(frozen=True, slots=True)
class Pool:
    """The damage an instruction hands out now: base, bonus (D-BONUS-1/2), total."""

    base: int
    bonus: int
    total: int  # per target for EACH, to distribute for SPLIT
    contributors: tuple[str, ...]
    because: Trace


@dataclass(frozen=True, slots=True)
class PendingDamage(Ability):
    """D-TIME-1: an instruction whose targets were chosen at finalization, not yet resolved."""

    instruction: Instruction | None = None
    targets: tuple[str, ...] = ()
    pool_then: int = 0


# -- bonuses and the pool -------------------------------------------------------------


def bonus_source(state: GameState, instr: Instruction) -> tuple[str, frozenset[str]]:
    """What a bonus looks at (D-ATTR-1, Riftbound 417.6.b.3): the kind of the damage's
    source and who controls it. When an instruction names units as dealing the damage
    ("Challenge": each chosen unit deals damage equal to its Might), the units are the
    source, not the spell or ability that named them: the kind is ``unit`` and the
    controllers are the units'; otherwise the instruction's kind and controller."""
    src = instr.source
    if not src.dealt_by:
        return src.kind, frozenset({instr.controller})
    owners = {state.objects[u].controlled_by for u in src.dealt_by if u in state.objects}
    return "unit", frozenset(owners or {instr.controller})


def bonus_effects(state: GameState, instr: Instruction) -> list[tuple[str, int]]:
    """Every bonus that applies to this action: in-play ``DamageBonus`` of the controller of
    its source, for the kind of its source (``bonus_source``)."""
    kind, controllers = bonus_source(state, instr)
    found: list[tuple[str, int]] = []
    for oid in sorted(state.objects):
        obj = state.objects[oid]
        if not in_play_in(state, obj.zone) or obj.controlled_by not in controllers:
            continue
        for a in obj.abilities:
            if isinstance(a, DamageBonus) and kind in a.to:
                found.append((oid, a.amount))
    return found + list(instr.bonuses)


def pool(state: GameState, instr: Instruction) -> Pool:
    """D-BONUS-1, D-BONUS-2, D-ZERO-1, D-EACH-1 / D-DIST-1: the amount handed out now."""
    effects = bonus_effects(state, instr)
    why: list[RuleStep] = []
    if instr.source.dealt_by and instr.source.kind != "unit":
        units = ", ".join(instr.source.dealt_by)
        verb = "deals" if len(instr.source.dealt_by) == 1 else "deal"
        why.append(
            RuleStep(
                "D-ATTR-1",
                f"{units} {verb} the damage, not the {instr.source.kind}: only bonuses to "
                "units apply (Riftbound 417.6.b.3)",
            )
        )
    total_bonus = sum(b for _, b in effects)
    if len(effects) > 1:
        parts = " + ".join(f"{b:+d} ({s})" for s, b in effects)
        why.append(RuleStep("D-BONUS-1", f"bonuses add up once: {parts} = {total_bonus:+d}"))
    elif effects:
        why.append(RuleStep("D-BONUS-1", f"bonus {effects[0][1]:+d} from {effects[0][0]}"))
    if total_bonus < 0:
        why.append(RuleStep("D-BONUS-2", f"a negative bonus total ({total_bonus}) counts as 0"))
        total_bonus = 0
    if instr.amount <= 0 and total_bonus:
        why.append(RuleStep("D-ZERO-1", "the instruction deals no damage: no bonus"))
        total_bonus = 0
    if total_bonus and instr.mode is Mode.EACH:
        why.append(RuleStep("D-EACH-1", f"{total_bonus:+d} to each target separately"))
    elif total_bonus:
        why.append(
            RuleStep("D-DIST-1", f"{total_bonus:+d} to the total: {instr.amount + total_bonus}")
        )
    contributors = tuple(s for s, b in effects if b > 0)
    base = max(0, instr.amount)
    return Pool(base, total_bonus, base + total_bonus, contributors, tuple(why))


# -- finalization and the split --------------------------------------------------------


def finalize(state: GameState, instr: Instruction, targets: Sequence[str]) -> PendingDamage:
    """D-TIME-1, D-TIME-3: check the targets chosen when the instruction is finalized."""
    if len(set(targets)) != len(targets):
        raise IllegalAction("A-SPELL-1", "the same object is chosen twice as a target")
    for t in targets:
        obj = state.objects.get(t)
        if obj is None or not in_play_in(state, obj.zone):
            raise IllegalAction("D-TIME-1", f"{t} is not a legal target in play at finalization")
    if instr.max_targets is not None and len(targets) > instr.max_targets:
        raise IllegalAction(
            "D-TIME-1", f"{len(targets)} targets chosen; the instruction allows {instr.max_targets}"
        )
    now = pool(state, instr)
    if instr.mode is Mode.SPLIT and len(targets) > now.total:
        raise IllegalAction(
            "D-TIME-3",
            f"{len(targets)} targets for {now.total} damage: each needs at least 1 "
            "when targets are chosen",
        )
    return PendingDamage(
        id=instr.id,
        source=instr.source.card,
        instruction=instr,
        targets=tuple(targets),
        pool_then=now.total,
    )


def short_pool(pending: PendingDamage, total: int) -> bool:
    """Decision D-TIME-4: fewer damage than chosen targets at resolution."""
    return total < len(pending.targets)


def check_split(pending: PendingDamage, total: int, split: Mapping[str, int]) -> Trace:
    """D-DIST-1, D-TIME-2, D-TIME-4: is ``split`` a legal division of ``total`` now?"""
    chosen = set(pending.targets)
    for t, n in split.items():
        if t not in chosen:
            raise IllegalAction("D-TIME-2", f"{t} was not chosen at finalization: no new targets")
        if n < 0:
            raise IllegalAction("D-TIME-3", f"{t} would be dealt {n}: damage is never negative")
    given = sum(split.values())
    why: list[RuleStep] = [
        RuleStep("D-TIME-1", "targets chosen at finalization; the split is made at resolution")
    ]
    if total != pending.pool_then:
        why.append(RuleStep("D-TIME-2", f"the total changed from {pending.pool_then} to {total}"))
    if short_pool(pending, total):
        if any(n > 1 for n in split.values()) or given != total:
            raise IllegalAction(
                "D-TIME-4",
                f"only {total} damage for {len(chosen)} targets: {total} of them get 1, "
                "the rest nothing",
            )
        why.append(RuleStep("D-TIME-4", f"{total} damage for {len(chosen)} chosen targets"))
        return tuple(why)
    missing = sorted(t for t in chosen if split.get(t, 0) < 1)
    if missing:
        raise IllegalAction(
            "D-DIST-1", f"every chosen target gets at least 1: {', '.join(missing)} gets 0"
        )
    if given != total:
        rule = "D-TIME-2" if total != pending.pool_then else "D-DIST-1"
        raise IllegalAction(rule, f"the split gives {given}; the total to distribute is {total}")
    why.append(RuleStep("D-DIST-1", "split " + "/".join(str(split[t]) for t in pending.targets)))
    return tuple(why)


# -- events: computed first, carried out second (R-2 goes between) ---------------------


@dataclass(frozen=True, slots=True)
class Hit:
    """What one target is dealt by the instruction, before prevention."""

    target: str
    base: int
    bonus: int


def hits(
    state: GameState, pending: PendingDamage, split: Mapping[str, int] | None
) -> tuple[Pool, tuple[Hit, ...], Trace]:
    instr = pending.instruction
    assert instr is not None
    now = pool(state, instr)
    if instr.mode is Mode.EACH:
        out = tuple(Hit(t, now.base, now.bonus) for t in pending.targets)
        return now, out, ()
    assert split is not None
    why = check_split(pending, now.total, split)
    return now, tuple(Hit(t, split.get(t, 0), 0) for t in pending.targets), why


def source_kinds(source: DamageSource) -> frozenset[str]:
    """The kinds of what deals the damage, for a shield restricted by source (Riftbound
    437.1.b): the units a spell or ability names (417.6.b.3), else the spell, the ability
    (and, 417.6.b.2.a, the kind of its card), or the units."""
    if source.dealt_by:
        return frozenset({"unit"})
    if source.kind == "ability":
        return frozenset({"ability", "unit"})
    return frozenset({source.kind})


def _prevented(
    state: GameState,
    obj: GameObject,
    hit: Hit,
    order: Sequence[str],
    kinds: frozenset[str] = frozenset(),
) -> pv.Prevented:
    """D-PREV-1 / Decision D-PREV-3: what the shields take from one hit."""
    if state.ruleset.prevention_timing is PreventionTiming.BASE_FIRST and hit.bonus:
        first = pv.prevent(obj, state, hit.base, order, kinds)
        bonus = hit.bonus if first.dealt > 0 else 0
        note = f"base {hit.base} first; bonus {hit.bonus:+d} " + (
            "added" if bonus else "not added: no damage left"
        )
        return replace(
            first, dealt=first.dealt + bonus, because=(*first.because, RuleStep("D-PREV-3", note))
        )
    out = pv.prevent(obj, state, hit.base + hit.bonus, order, kinds)
    if out.prevented and hit.bonus:
        note = f"prevention counts the bonus: {hit.base}{hit.bonus:+d} → {out.dealt}"
        out = replace(out, because=(*out.because, RuleStep("D-PREV-1", note)))
    return out


def damage_events(
    state: GameState,
    pending: PendingDamage,
    split: Mapping[str, int] | None = None,
    shield_order: Sequence[str] = (),
    prevent: bool = True,
) -> tuple[Event, ...]:
    """Bonuses and prevention: the events of one instruction, nothing carried out yet.
    ``prevent=False`` (Decision D-PREV-REPL): the shields are left to replace the damage
    events (Riftbound 437.7, ``arbiter.model.damage.prevention_replacement``)."""
    instr = pending.instruction
    assert instr is not None
    now, dealt, split_why = hits(state, pending, split)
    sources, attribution = instr.source.attribution()
    events: list[Event] = []
    if instr.mode is Mode.SPLIT:
        fields: tuple[tuple[str, JSON], ...] = (
            ("instruction", instr.id),
            ("base", now.base),
            ("bonus", now.bonus),
            ("pool", now.total),
            ("allocation", {h.target: h.base for h in dealt}),
            ("sources", list(sources)),
        )
        because = (*now.because, *split_why)
        rules = ("D-DIST-1", *(s.rule for s in because))
        events.append(Event("split", fields, tuple(dict.fromkeys(rules)), because))
    mode_rule = "D-EACH-1" if instr.mode is Mode.EACH else "D-DIST-1"
    for hit in dealt:
        obj = state.obj(hit.target)
        why: list[RuleStep] = [attribution]
        if instr.mode is Mode.EACH:
            why.extend(now.because)
        if hit.base + hit.bonus <= 0:
            rule = "D-ZERO-1" if instr.amount <= 0 else "D-TIME-4"
            why.append(RuleStep(rule, f"{hit.target} is dealt no damage"))
            prevented = pv.Prevented(0, 0, (), ())
        elif hit.target in instr.immune:
            why.append(RuleStep("R-1", f"{hit.target} takes no damage from this source"))
            prevented = pv.Prevented(0, 0, (), ())
        elif not prevent:
            prevented = pv.Prevented(hit.base + hit.bonus, 0, (), ())
            if pv.total(obj, state):
                note = "prevention is a replacement of this damage, ordered with the others"
                why.append(RuleStep("Riftbound 437.7", note))
        else:
            prevented = _prevented(state, obj, hit, shield_order, source_kinds(instr.source))
            why.extend(prevented.because)
            if prevented.prevented:
                why.append(RuleStep("P-2", "prevention applies after every modifier"))
        damaged = prevented.dealt > 0
        if prevented.prevented and not damaged:
            why.append(RuleStep("D-PREV-2", f"all the damage to {hit.target} is prevented"))
        fields = (
            ("target", hit.target),
            ("amount", prevented.dealt),
            ("prevented", prevented.prevented),
            ("sources", list(sources)),
            ("damaged", damaged),
            ("base", hit.base),
            ("bonus", hit.bonus),
            ("bonus_from", list(now.contributors) if hit.bonus else []),
            ("instruction", instr.id),
            ("shields", [u.as_json() for u in prevented.uses]),
        )
        rules = tuple(dict.fromkeys([mode_rule, *(s.rule for s in why)]))
        events.append(Event("damage", fields, rules, tuple(why)))
    return tuple(events)


def toughness(state: GameState, obj: GameObject) -> int | None:
    """The object's ``health`` now; without health, its Might now (Riftbound 323.5: damage
    equal to a unit's Might is lethal; Decision RB-ZONES); None when it has neither (it
    cannot be destroyed)."""
    if TOUGHNESS in obj.base:
        return ch.read_or_zero(obj, TOUGHNESS)
    if MIGHT in obj.base:
        return might_now(state, obj)
    return None


def carry_out_damage(state: GameState, events: Sequence[Event]) -> GameState:
    """Carry out computed events: spend shields (P-4), mark damage, fire triggers.

    A damage event with ``damaged: false`` marks nothing and fires no
    "when damaged" trigger (D-PREV-2). A target whose marked damage reaches its
    health gets a ``lethal`` event (destruction itself is not modelled here).
    """
    for event in events:
        state = state.with_event(event)
        if event.kind != "damage":
            continue
        target = str(event.get("target"))
        obj = state.obj(target)
        uses = [
            pv.ShieldUse(str(u["id"]), int(u["used"]), int(u["remaining"]))
            for u in event.get("shields") or []
        ]
        obj = pv.spend(obj, uses)
        amount = int(event.get("amount") or 0)
        if not event.get("damaged") or amount <= 0:
            state = state.with_object(obj)
            continue
        counters = dict(obj.counters)
        counters[DAMAGE] = counters.get(DAMAGE, 0) + amount
        obj = replace(obj, counters=counters)
        state = state.with_object(obj)
        # D-LETHAL-1 compares with health; a unit whose Might is its toughness is found
        # lethal by the Cleanup (Riftbound 323.5, ``model/death.py``) or by its combat
        health = ch.read_or_zero(obj, TOUGHNESS) if TOUGHNESS in obj.base else None
        if health is not None and counters[DAMAGE] >= health:
            state = state.with_event(
                Event(
                    "lethal",
                    (("target", target), ("damage", counters[DAMAGE]), ("health", health)),
                    ("D-LETHAL-1",),
                )
            )
    return state


def deal(
    state: GameState,
    pending: PendingDamage,
    split: Mapping[str, int] | None = None,
    shield_order: Sequence[str] = (),
) -> GameState:
    """Resolve a finalized instruction: compute its events, then carry them out."""
    return carry_out_damage(state, damage_events(state, pending, split, shield_order))
