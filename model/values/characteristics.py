"""Reading and modifying characteristics of objects (RULES.md §1, A-CHAR).

Immunities act when a modification would happen and discard what they block
(E-IMM-1/2); limits act when the value is read (E-LIMIT-1). Copy, swap and
swap-bonus read shown values when they resolve (Decision E-COPY) and are
recorded as ``set``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from arbiter.model.ruleset import Rounding
from arbiter.model.state import BaseValue, Event, GameObject, GameState, Guard
from arbiter.model.trace import RuleStep
from arbiter.model.values.copies import with_base_mods, with_mods
from arbiter.model.values.reading import (
    Amounts,
    Component,
    Modification,
    NumberReading,
    Op,
    SetModification,
    SetOp,
    SetReading,
    apply_to_component,
    clamp,
    fold,
    read_number,
)

Reading = NumberReading | SetReading


def is_number(value: BaseValue) -> bool:
    return isinstance(value, int | tuple)


def components(value: BaseValue) -> tuple[int, ...]:
    if isinstance(value, int):
        return (value,)
    if isinstance(value, tuple):
        return value
    raise TypeError("not a numeric characteristic")


def read(obj: GameObject, stat: str) -> Reading | None:
    """The characteristic as the game sees it now; ``None`` when the object lacks it."""
    if stat not in obj.base:
        return None
    base = obj.base[stat]
    if isinstance(base, frozenset):
        members = set(base)
        for m in obj.mods.get(stat, ()):
            if not isinstance(m, SetModification):
                continue
            if m.op is SetOp.ADD:
                members |= m.members
            elif m.op is SetOp.REMOVE:
                members -= m.members
            else:
                members = set(m.members)
        return SetReading(frozenset(members), base)
    number_mods = [m for m in obj.mods.get(stat, ()) if isinstance(m, Modification)]
    return read_number(
        components(base), number_mods, obj.limit_on(stat), vector=isinstance(base, tuple)
    )


def read_or_zero(obj: GameObject, stat: str) -> int:
    """A-CHAR-2: an absent numeric characteristic reads as 0 (first component)."""
    r = read(obj, stat)
    if isinstance(r, NumberReading):
        return r.components[0].shown
    return 0


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one attempted modification did: the new object and the explanation."""

    obj: GameObject
    applied: bool
    because: tuple[RuleStep, ...]


_NO_GUARDS: frozenset[Guard] = frozenset()


def _screen(obj: GameObject, stat: str, op: Op, amounts: Amounts) -> tuple[Amounts, list[RuleStep]]:
    """E-IMM-1/2, A-CHAR-2, E-DIV: which components of the modification can happen."""
    why: list[RuleStep] = []
    guards = obj.guards_on(stat) if obj.protections else _NO_GUARDS
    if Guard.CANNOT_MODIFY in guards:
        why.append(RuleStep("E-IMM-2", f"{obj.id}.{stat} cannot be modified: {op.value} ignored"))
        return tuple(None for _ in amounts), why
    if op is Op.DIVIDE and any(a == 0 for a in amounts):
        why.append(RuleStep("E-DIV", "a division by 0 cannot happen; that part is not done"))
        why.append(RuleStep("A-GOLD-3", "the rest of the effect still resolves"))
        amounts = tuple(None if a == 0 else a for a in amounts)
    if Guard.CANNOT_DECREASE in guards and op is Op.ADD:
        kept = tuple(None if a is not None and a < 0 else a for a in amounts)
        if kept != amounts:
            why.append(
                RuleStep(
                    "E-IMM-1", f"{obj.id}.{stat} cannot be decreased: the -X part is discarded"
                )
            )
        amounts = kept
    if Guard.CANNOT_DECREASE in guards and op in (Op.MULTIPLY, Op.DIVIDE):
        why.append(
            RuleStep("E-IMM-1b", f"{op.value} is not blocked by 'cannot be decreased' (a Decision)")
        )
    return amounts, why


def modify_number(
    obj: GameObject,
    stat: str,
    op: Op,
    amounts: Amounts,
    *,
    source: str,
    timestamp: int,
    rounding: Rounding = Rounding.DOWN,
    label: str = "",
    by_passive: bool = False,
) -> Outcome:
    """Attempt one numeric modification of ``obj.stat``; blocked parts are discarded.

    ``by_passive``: made by a passive ability, folded after effects (``values.in_order``)."""
    base = obj.base.get(stat)
    if base is None:
        absent = RuleStep("A-CHAR-2", f"{obj.id} has no {stat}: it cannot be modified")
        return Outcome(
            obj, False, (absent, RuleStep("A-GOLD-3", "that part of the effect is not done"))
        )
    if not is_number(base):
        kind = RuleStep(
            "A-GOLD-3", f"{obj.id}.{stat} is a set, not a number: {op.value} is not done"
        )
        return Outcome(obj, False, (kind,))
    width = len(components(base))
    if len(amounts) == 1 and width > 1:
        amounts = amounts * width
    if len(amounts) != width:
        bad = RuleStep("A-GOLD-3", f"{obj.id}.{stat} has {width} component(s), not {len(amounts)}")
        return Outcome(obj, False, (bad,))
    kept, why = _screen(obj, stat, op, amounts)
    if all(a is None for a in kept):
        return Outcome(obj, False, tuple(why))
    mod = _accepted(stat, op, kept, why, source, timestamp, rounding, label, by_passive)
    after = obj.with_mod(stat, mod)
    floor = _floor_steps(obj, after, stat, mod)
    if floor:  # where the floor applies: this modification's trace says so (E-FLOOR-1)
        steps = (*mod.because, *floor)
        folded = _fold_kept(after, stat)
        after = obj.with_mod(stat, replace(mod, because=steps))
        _keep(after, stat, folded)  # the same fold: only the trace differs
        return Outcome(after, True, steps)
    return Outcome(after, True, mod.because)


def _accepted(
    stat: str,
    op: Op,
    kept: Amounts,
    why: list[RuleStep],
    source: str,
    timestamp: int,
    rounding: Rounding,
    label: str,
    by_passive: bool,
) -> Modification:
    """The modification recorded for what ``_screen`` kept, with its trace (E-OPS-1)."""
    rule = "E-LIMIT-3" if op is Op.SET else "E-OPS-1"
    shown = "/".join("-" if a is None else str(a) for a in kept)
    note = f"{label or op.value} {shown} from {source} at t{timestamp}"
    steps = (*why, RuleStep(rule, note))
    return Modification(op, kept, source, timestamp, rounding, steps, label, by_passive)


def would_modify_number(obj: GameObject, stat: str, op: Op, amounts: Amounts) -> bool:
    """Whether ``modify_number`` would change ``obj`` (some part of it can happen)."""
    base = obj.base.get(stat)
    if base is None or not is_number(base):
        return False
    if not obj.protections and type(base) is int and len(amounts) == 1:
        return op is not Op.DIVIDE or amounts[0] != 0
    width = len(components(base))
    if len(amounts) == 1 and width > 1:
        amounts = amounts * width
    if len(amounts) != width:
        return False
    return any(a is not None for a in _screen(obj, stat, op, amounts)[0])


PassiveNumber = tuple[str, Op, Amounts, str, int, Rounding, str]  # stat, op, amounts, source ...


def modify_numbers_by_passives(
    obj: GameObject,
    todo: Sequence[PassiveNumber],
    shared: dict[tuple[PassiveNumber, int], Modification] | None = None,
) -> GameObject:
    """``obj`` after passives' number modifications, one after the other: the same object
    as a chain of ``modify_number(..., by_passive=True)`` (its fields, its traces), made
    with one copy. A passive's modification is folded last (``in_order``), so each
    one's fold, read by the floor check, is one step from the previous one's.

    ``shared``: modifications nothing screened (no protection, no division by 0) and the
    floor did not touch are the same for every object (frozen values): kept there, by
    modification and width, to be made once per passive rather than once per object."""
    plain = shared if shared is not None else {}
    guarded = bool(obj.protections)
    if not guarded:
        got = _scalars_by_passives(obj, todo, plain)
        if got is not None:
            return got
    added: dict[str, list[Modification]] = {}
    folds: dict[str, tuple[Component, ...]] = {}
    for item in todo:
        stat, op, amounts, source, timestamp, rounding, label = item
        base = obj.base.get(stat)
        if base is None or not is_number(base):
            continue
        width = len(components(base))
        if len(amounts) == 1 and width > 1:
            amounts = amounts * width
        if len(amounts) != width:
            continue
        mod = None
        if all(a is None for a in amounts):
            continue  # (every component left unchanged: nothing happens, ``modify_number``)
        if not guarded and not (op is Op.DIVIDE and 0 in amounts):
            mod = plain.get((item, width))
            if mod is None:
                mod = plain[(item, width)] = _accepted(
                    stat, op, amounts, [], source, timestamp, rounding, label, True
                )
        else:
            kept, why = _screen(obj, stat, op, amounts)
            if all(a is None for a in kept):
                continue
            mod = _accepted(stat, op, kept, why, source, timestamp, rounding, label, True)
        old = folds.get(stat)
        if old is None:
            mods = [m for m in obj.mods.get(stat, ()) if isinstance(m, Modification)]
            old = fold(components(base), mods)
        if len(old) == 1 and not guarded:  # a scalar without a limit: shown = max(0, raw)
            c = old[0]
            n = apply_to_component(c, op, mod.amounts[0], rounding)  # type: ignore[arg-type]
            new: tuple[Component, ...] = (n,)
            floor = c.raw < 0 or n.raw < 0
        else:
            comps = list(old)
            for i, amount in enumerate(mod.amounts):
                if amount is not None and i < len(comps):
                    comps[i] = apply_to_component(comps[i], op, amount, rounding)
            new = tuple(comps)
            floor = True
        folds[stat] = new
        _add(added, stat, mod, _floor_of(obj, stat, op, old, new) if floor else ())
    return _with_added(obj, added)


def _scalars_by_passives(
    obj: GameObject,
    todo: Sequence[PassiveNumber],
    plain: dict[tuple[PassiveNumber, int], Modification],
) -> GameObject | None:
    """``modify_numbers_by_passives`` of scalars without protections: nothing is screened
    but a division by 0, no limit, so the floor needs the raw value only. None when some
    characteristic modified is not a scalar (an ``int`` base) or some amount not one
    number: the general way then."""
    added: dict[str, list[Modification]] = {}
    raws: dict[str, tuple[int, int]] = {}  # reference, variation, of the other characteristics
    add_op, set_op = Op.ADD, Op.SET
    bases, mods_of = obj.base, obj.mods
    seen_of = _SCALARS_SEEN.get
    # the characteristic being modified (most batches modify one): its fold and its list
    now: str | None = None
    ref = var = 0
    more: list[Modification] | None = None
    for item in todo:
        stat = item[0]
        if stat != now:
            if more is not None and now is not None:
                raws[now] = (ref, var)
            got = raws.pop(stat, None)
            if got is None:
                base = bases.get(stat)
                if type(base) is not int:
                    return None
                old_mods = mods_of.get(stat)
                if old_mods:
                    c = fold((base,), [m for m in old_mods if isinstance(m, Modification)])[0]
                    got = (c.reference, c.variation)
                else:
                    got = (base, 0)  # (the fold of no modification)
            now, (ref, var), more = stat, got, added.get(stat)
        seen = seen_of(id(item))
        if seen is None or seen[0] is not item:
            seen = _scalar_seen(item, plain)
        mod = seen[1]
        if mod is None:
            if seen[2]:
                continue  # nothing of it can happen (E-DIV): not recorded
            return None
        op, x = item[1], item[2][0]
        if op is add_op:
            new_ref, new_var = ref, var + x  # type: ignore[operator]
        elif op is set_op:
            new_ref, new_var = x, 0  # type: ignore[assignment]
        else:
            n = apply_to_component(Component(ref, var), op, x, item[5])  # type: ignore[arg-type]
            new_ref, new_var = n.reference, n.variation
        if ref + var < 0 or new_ref + new_var < 0:
            steps = _floor_of(obj, stat, op, (Component(ref, var),), (Component(new_ref, new_var),))
            if steps:
                mod = replace(mod, because=(*mod.because, *steps))
        ref, var = new_ref, new_var
        if more is None:
            more = added[stat] = [mod]
        else:
            more.append(mod)
    return _with_added(obj, added)


# Per passive's number modification (``PassiveNumber``, by identity: the batch of every
# object it modifies holds the same tuple): its modification of a scalar nothing screened
# (``_accepted``), or None and whether that is because none of it can happen (an amount
# None, a division by 0) rather than because it is not one number. The entry holds the
# tuple itself, so its id is never reused while the entry lives.
_ScalarSeen = tuple[PassiveNumber, Modification | None, bool]
_SCALARS_SEEN: dict[int, _ScalarSeen] = {}


def _scalar_seen(
    item: PassiveNumber, plain: dict[tuple[PassiveNumber, int], Modification]
) -> _ScalarSeen:
    stat, op, amounts, source, timestamp, rounding, label = item
    got: _ScalarSeen
    if len(amounts) != 1:
        got = (item, None, False)
    elif amounts[0] is None or (op is Op.DIVIDE and amounts[0] == 0):
        got = (item, None, True)
    else:
        mod = plain.get((item, 1))
        if mod is None:
            mod = plain[(item, 1)] = _accepted(
                stat, op, amounts, [], source, timestamp, rounding, label, True
            )
        got = (item, mod, False)
    if len(_SCALARS_SEEN) > 10_000:
        _SCALARS_SEEN.clear()
    _SCALARS_SEEN[id(item)] = got
    return got


def _add(
    added: dict[str, list[Modification]],
    stat: str,
    mod: Modification,
    steps: Sequence[RuleStep],
) -> None:
    """Record ``mod`` for ``stat``, with the floor's steps (E-FLOOR-1) where it applied."""
    if steps:
        mod = replace(mod, because=(*mod.because, *steps))
    more = added.get(stat)
    if more is None:
        added[stat] = [mod]
    else:
        more.append(mod)


def _with_added(obj: GameObject, added: dict[str, list[Modification]]) -> GameObject:
    """``obj`` with the modifications of ``added`` after its own, stat by stat (one copy)."""
    if not added:
        return obj
    out = dict(obj.mods)
    for stat, more in added.items():
        out[stat] = (*out.get(stat, ()), *more)
    return with_mods(obj, out)


_FOLD_SEEN: dict[tuple[int, str], tuple[GameObject, tuple[Component, ...]]] = {}


def _keep(obj: GameObject, stat: str, comps: tuple[Component, ...]) -> None:
    if len(_FOLD_SEEN) > 100_000:
        _FOLD_SEEN.clear()
    _FOLD_SEEN[(id(obj), stat)] = (obj, comps)


def _fold_kept(obj: GameObject, stat: str) -> tuple[Component, ...]:
    """The fold of ``obj.stat`` (a number), remembered per object and stat for the floor
    check: a chain of modifications reads each intermediate object twice (after one,
    before the next). Objects are frozen; the entry holds the object, so its id is never
    reused meanwhile."""
    seen = _FOLD_SEEN.get((id(obj), stat))
    if seen is not None and seen[0] is obj:
        return seen[1]
    mods = [m for m in obj.mods.get(stat, ()) if isinstance(m, Modification)]
    got = fold(components(obj.base[stat]), mods)
    _keep(obj, stat, got)
    return got


def _fold_after(
    before: GameObject, after: GameObject, stat: str, mod: Modification
) -> tuple[Component, ...]:
    """The fold of ``after`` = ``before`` with ``mod`` appended. A passive's modification
    is folded last (``in_order``: after effects, in the order applied), so its fold is one
    more step from ``before``'s; an effect's may fall anywhere and is folded again."""
    if not mod.by_passive:
        return _fold_kept(after, stat)
    comps = list(_fold_kept(before, stat))
    for i, amount in enumerate(mod.amounts):
        if amount is not None and i < len(comps):
            comps[i] = apply_to_component(comps[i], mod.op, amount, mod.rounding)
    got = tuple(comps)
    _keep(after, stat, got)
    return got


def _floor_steps(
    before: GameObject, after: GameObject, stat: str, mod: Modification
) -> tuple[RuleStep, ...]:
    """E-FLOOR-1 where it applies to one modification (``_floor_of``)."""
    old, new = _fold_kept(before, stat), _fold_after(before, after, stat, mod)
    return _floor_of(after, stat, mod.op, old, new)


def _floor_of(
    obj: GameObject, stat: str, op: Op, old: tuple[Component, ...], new: tuple[Component, ...]
) -> tuple[RuleStep, ...]:
    """E-FLOOR-1 where it applies to one modification of ``obj.stat`` whose fold went from
    ``old`` to ``new``: it starts from a value counted below 0 (shown 0, the raw value
    remembered; ``set`` does not read it), or it leaves one. (The counted value is
    ``base + bonus`` of ``read``: reference + clamped variation.)"""
    limit = obj.limit_on(stat) if obj.protections else None
    vector = isinstance(obj.base[stat], tuple)
    out: list[RuleStep] = []
    for i, (o, n) in enumerate(zip(old, new, strict=True)):
        counted = n.reference + clamp(n.variation, limit)
        if o.reference + clamp(o.variation, limit) < 0 and o.raw != n.raw and op is not Op.SET:
            where = f"{obj.id}.{stat}" + (f" (component {i + 1})" if vector else "")
            out.append(
                RuleStep(
                    "E-FLOOR-1",
                    f"{where} starts from the remembered {o.raw} (shown 0), not from 0: "
                    f"now {n.raw}, shown {max(0, counted)}",
                )
            )
        elif counted < 0:
            where = f"{obj.id}.{stat}" + (f" (component {i + 1})" if vector else "")
            out.append(RuleStep("E-FLOOR-1", f"{where} shows 0; {n.raw} is remembered"))
    return tuple(out)


def modify_set(
    obj: GameObject, stat: str, op: SetOp, members: frozenset[str], *, source: str, timestamp: int
) -> Outcome:
    """Add, remove or set members of a set characteristic (subtypes, keywords)."""
    if Guard.CANNOT_MODIFY in obj.guards_on(stat):
        why = RuleStep("E-IMM-2", f"{obj.id}.{stat} cannot be modified")
        return Outcome(obj, False, (why,))
    base = obj.base.get(stat)
    if base is not None and not isinstance(base, frozenset):
        kind = RuleStep(
            "A-GOLD-3", f"{obj.id}.{stat} is a number, not a set: {op.value} is not done"
        )
        return Outcome(obj, False, (kind,))
    note = f"{op.value} {', '.join(sorted(members))} from {source}"
    new = set_modified(obj, stat, op, members, source=source, timestamp=timestamp)
    return Outcome(new, True, (RuleStep("E-OPS-1", note),))


def set_modified(
    obj: GameObject, stat: str, op: SetOp, members: frozenset[str], *, source: str, timestamp: int
) -> GameObject:
    """``modify_set(...).obj`` without its explanation (what passives apply: the object
    keeps no trace of a set modification); ``obj`` itself when nothing happens."""
    if obj.protections and Guard.CANNOT_MODIFY in obj.guards_on(stat):
        return obj
    base = obj.base
    got = base.get(stat)
    if got is None:
        # A-CHAR-2: an absent set characteristic is gained empty, then changed.
        base = {**base, stat: frozenset()}
    elif not isinstance(got, frozenset):
        return obj
    mods = dict(obj.mods)
    mods[stat] = (*mods.get(stat, ()), SetModification(op, members, source, timestamp))
    return with_base_mods(obj, base, mods)


def gain_characteristic(obj: GameObject, stat: str, value: BaseValue) -> Outcome:
    """A-CHAR-2: an absent characteristic can be gained; one already held is not."""
    if stat in obj.base:
        why = RuleStep("A-CHAR-2", f"{obj.id} already has {stat}; gaining it does nothing")
        return Outcome(obj, False, (why,))
    why = RuleStep("A-CHAR-2", f"{obj.id} gains {stat}")
    return Outcome(replace(obj, base={**obj.base, stat: value}), True, (why,))


def modify_event(
    target: str, stat: str, op: str, value: object, source: str, outcome: Outcome
) -> Event:
    rules = tuple(dict.fromkeys(s.rule for s in outcome.because))
    return Event(
        "modify",
        (
            ("target", target),
            ("stat", stat),
            ("op", op),
            ("value", value),
            ("source", source),
            ("applied", outcome.applied),
        ),
        rules,
        outcome.because,
    )


def apply_outcome(state: GameState, outcome: Outcome, event: Event) -> GameState:
    return state.with_object(outcome.obj).with_event(event)
