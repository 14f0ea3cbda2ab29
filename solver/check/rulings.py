"""Diagnostics of severity "ruling": interactions that rest on a Decision of
docs/rules.md, so that a human confirms them (E-IMM-1b, E-DIV)."""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import TypeGuard

from arbiter.model.cardset import Card, StatWrite
from arbiter.model.effects.perform import Perform
from arbiter.model.ruleset import Rounding
from arbiter.model.state import JSON, Guard
from arbiter.model.steps import Modify, Step
from arbiter.solver.check import classes as cls
from arbiter.solver.check import witness as w
from arbiter.solver.check.base import CardIndex, Diagnostic, Severity
from arbiter.solver.check.foundation import _bold, _locs, _role_ids

# -- rulings: E-IMM-1b (divide vs "cannot be decreased") and E-DIV (rounding) ------------


def _decreasing(sw: StatWrite) -> bool:
    """A write that lowers a positive value other than by ``add -X``: divide by more than 1
    or multiply by less than 1 (E-IMM-1b)."""
    values = sw.value if isinstance(sw.value, tuple) else (sw.value,)
    nums = [v for v in values if isinstance(v, int)]
    if sw.op == "divide":
        return any(v > 1 for v in nums)
    if sw.op == "multiply":
        return any(v < 1 for v in nums)
    return False


def divider_keys(index: CardIndex, card: Card) -> frozenset[Hashable]:
    return frozenset(
        (sw.stat, kind)
        for sw in index.prints[card.id].stat_writes
        if _decreasing(sw)
        for kind in index.role_kinds(card, sw.role)
    )


def _guards(card: Card, stat: str) -> bool:
    return Guard.CANNOT_DECREASE in card.template.guards_on(
        stat
    ) and Guard.CANNOT_MODIFY not in card.template.guards_on(stat)


def _unconditional(step: Step) -> TypeGuard[Modify | Perform]:
    """A step that modifies whenever it resolves (a ``perform`` step with no condition:
    its witness shows the result, Decision CHECK-ALGEBRA)."""
    if isinstance(step, Perform):  # a condition or a cost may leave it undone
        return all(e.condition is None and not e.costs for e in step.effects)
    return isinstance(step, Modify)


def _protector_class(index: CardIndex, card: Card) -> Hashable | None:
    """What the ruling reads of a card protected by itself: its kind and the starting
    value of each characteristic it guards (Decision CHECK-SUBJ)."""
    guarded = tuple(sorted((s, repr(v)) for s, v in card.template.base.items() if _guards(card, s)))
    return (card.kind, guarded, index.traits(card)) if guarded else None


def _grants(index: CardIndex, card: Card) -> list[StatWrite]:
    return [
        sw
        for sw in index.prints[card.id].stat_writes
        if sw.op == "protect" and sw.guard is Guard.CANNOT_DECREASE
    ]


def _granter_class(index: CardIndex, card: Card) -> Hashable | None:
    """What the ruling reads of a granter: which characteristic of which kinds it protects."""
    found = tuple(
        sorted(
            {
                (
                    sw.stat,
                    sw.role == "self",
                    tuple(sorted(index.role_kinds(card, sw.role))),
                    repr(card.role(sw.role).selector),
                )
                for sw in _grants(index, card)
            }
        )
    )
    return found or None


def protector_keys(index: CardIndex, card: Card) -> frozenset[Hashable]:
    if not cls.offers_keys(index, "imm-protector", _protector_class, card):
        return frozenset()
    return frozenset((s, card.kind) for s in card.template.base if _guards(card, s))


def granter_keys(index: CardIndex, card: Card) -> frozenset[Hashable]:
    if not cls.offers_keys(index, "imm-granter", _granter_class, card):
        return frozenset()
    return frozenset(
        (sw.stat, kind) for sw in _grants(index, card) for kind in index.role_kinds(card, sw.role)
    )


def subject_keys(index: CardIndex, card: Card) -> frozenset[Hashable]:
    """A subject of a granted protection: the diagnostic depends only on its kind and on
    its having the characteristic (not immune to every modification), so one card per
    class of equivalent subjects is examined (``CardIndex.representatives``)."""
    return frozenset(k[:2] for k, cid in index.representatives.items() if cid == card.id)


def _divided(value: int, z: int, op: str, rounding: Rounding) -> int:
    if op == "multiply":
        return value * z
    if rounding is Rounding.UP:
        return -((-value) // z)
    if rounding is Rounding.NEAREST:
        q, r = divmod(abs(value), z)
        return (q + (2 * r >= z)) * (1 if value >= 0 else -1)
    return value // z


def _expected_after(subject: Card, step: StatWrite, rounding: Rounding) -> JSON | None:
    """The shown value after the division, by plain arithmetic, when the case is simple
    (one factor for every component, no limit on the subject); otherwise None and the
    witness expects only that the division applied."""
    base = subject.template.base[step.stat]
    z = step.value
    if not isinstance(z, int) or step.component is not None or z == 0:
        return None
    if subject.template.limit_on(step.stat) is not None:
        return None
    if isinstance(base, tuple):
        return [max(0, _divided(v, z, step.op, rounding)) for v in base]
    if isinstance(base, int):
        return max(0, _divided(base, z, step.op, rounding))
    return None


def _rounding(index: CardIndex, step: StatWrite) -> Rounding:
    return Rounding(step.rounding) if step.rounding else index.cardset.ruleset.division_rounding


def _imm_diagnostic(
    index: CardIndex, divider: Card, subject: Card, granter: Card | None
) -> Iterator[Diagnostic]:
    for sw in index.prints[divider.id].stat_writes:
        if not _decreasing(sw) or not index.reaches(divider, sw.role, subject):
            continue
        if sw.role == "self" and divider.id != subject.id:
            continue
        step = divider.effect[sw.step]
        if not _unconditional(step) or sw.stat not in subject.template.base:
            continue
        if isinstance(subject.template.base[sw.stat], frozenset):
            continue
        if Guard.CANNOT_MODIFY in subject.template.guards_on(sw.stat):
            continue  # E-IMM-2 blocks the division: nothing to rule on
        grant_steps: list[dict[str, JSON]] = []
        if granter is None:
            if not _guards(subject, sw.stat):
                continue
            why = f"{_bold(subject.id)}'s {sw.stat} cannot be decreased"
            at = next(
                i
                for i, p in enumerate(subject.template.protections)
                if p.guard is Guard.CANNOT_DECREASE and p.covers(sw.stat)
            )
            guard_label = f"{subject.id}.protections[{at}]"
        else:
            grants = [
                x
                for x in index.prints[granter.id].stat_writes
                if x.op == "protect"
                and x.role != "self"
                and x.stat == sw.stat
                and x.guard is Guard.CANNOT_DECREASE
                and index.reaches(granter, x.role, subject)
            ]
            if not grants:
                continue
            gstep = granter.effect[grants[0].step]
            guard_label = f"{granter.id}.effect[{grants[0].step}]"
            gids = {r: subject.id for r in gstep.target_ids()}
            if isinstance(gstep, Perform):
                gids["self"] = granter.id  # the granter plays it
            grant_steps = [w.step_doc(gstep, gids)]
            why = (
                f"{_bold(granter.id)} makes the {sw.stat} of {_bold(subject.id)} "
                "impossible to decrease"
            )
        ids, objects = _role_ids(index, divider, w.step_roles(step))
        ids[sw.role] = subject.id
        objects = {k: v for k, v in objects.items() if k in ids.values()}
        objects[subject.id] = w.card_object(subject, "opponent")
        if granter is not None and isinstance(gstep, Perform):
            objects.setdefault(granter.id, w.card_object(granter))
        rounding = _rounding(index, sw)
        after = _expected_after(subject, sw, rounding)
        expect: dict[str, JSON] = {f"events.{len(grant_steps)}.applied": True}
        if after is not None:
            expect[f"{subject.id}.{sw.stat}"] = after
        cards = tuple(sorted({divider.id, subject.id} | ({granter.id} if granter else set())))
        yield Diagnostic(
            "ruling-E-IMM-1b",
            Severity.RULING,
            cards,
            (f"{divider.id}.effect[{sw.step}]", guard_label),
            ("E-IMM-1b", "E-IMM-1", "E-OPS-1"),
            f"{why}, and {_bold(divider.id)} can {sw.op} it by {sw.value}. By Decision E-IMM-1b "
            "only 'add -X' is blocked, so the division applies and lowers the value; the source "
            "names only -X, so a judge should confirm this reading for these cards (or the card "
            "text should say).",
            w.scenario(
                "ruling-E-IMM-1b",
                title=f"{divider.id} {sw.op}s {sw.stat} that cannot be decreased",
                description="Decision E-IMM-1b: 'cannot be decreased' blocks only add -X; the "
                "division applies. A judge confirms this ruling for these cards.",
                ruleset=index.cardset.ruleset,
                objects=objects,
                steps=[*grant_steps, w.step_doc(step, ids)],
                expect=expect,
            ),
            _locs(sw.where, subject.where if granter is None else granter.where),
        )


def divide_vs_own_protection(index: CardIndex, combo: tuple[str, ...]) -> Iterator[Diagnostic]:
    divider, subject = (index.card(c) for c in combo)
    if not cls.stands_for_class(index, "imm-protector", _protector_class, subject, combo[:1]):
        return  # another card of the same class stands for this one (Decision CHECK-SUBJ)
    yield from _imm_diagnostic(index, divider, subject, None)


def divide_vs_granted_protection(index: CardIndex, combo: tuple[str, ...]) -> Iterator[Diagnostic]:
    divider, granter, subject = (index.card(c) for c in combo)
    others = (divider.id, subject.id)
    if not cls.stands_for_class(index, "imm-granter", _granter_class, granter, others):
        return  # another card of the same class stands for this one (Decision CHECK-SUBJ)
    yield from _imm_diagnostic(index, divider, subject, granter)


def division_rounding(index: CardIndex) -> Iterator[Diagnostic]:
    """One ruling per division that does not say how it rounds and meets a card of the set
    whose starting value it does not divide evenly (the first such card is the example)."""
    seen: dict[tuple[str, int, frozenset[str], str], tuple[list[Card], set[str]]] = {}  # scan once
    for divider in index.cardset.cards.values():
        for sw in index.prints[divider.id].stat_writes:
            step = divider.effect[sw.step]
            z = sw.value
            if sw.op != "divide" or not _unconditional(step) or sw.rounding:
                continue
            if not isinstance(z, int) or z <= 1 or sw.role == "self":
                continue
            kinds = index.role_kinds(divider, sw.role)
            sel = divider.role(sw.role).selector
            key = (sw.stat, z, kinds, repr(sel))
            if key not in seen:
                cards = [
                    index.card(cid)
                    for cid in index.stat_holders.get(sw.stat, ())
                    if index.reaches(divider, sw.role, index.card(cid))
                    and _uneven(index.card(cid), sw.stat, z)
                ]
                seen[key] = (cards, {c.id for c in cards})
            found, ids = seen[key]
            # the first card other than the divider, and how many there are (no copy)
            first = next((c for c in found[:2] if c.id != divider.id), None)
            count = len(found) - (divider.id in ids)
            if first is not None:
                yield _div_diagnostic(index, divider, sw, step, z, first, count)


def _uneven(card: Card, stat: str, z: int) -> bool:
    base = card.template.base.get(stat)
    if base is None or isinstance(base, frozenset):
        return False
    values = base if isinstance(base, tuple) else (base,)
    return any(v % z for v in values)


def _div_diagnostic(
    index: CardIndex,
    divider: Card,
    sw: StatWrite,
    step: Modify | Perform,
    z: int,
    subject: Card,
    count: int,
) -> Diagnostic:
    base = subject.template.base[sw.stat]
    ids, objects = _role_ids(index, divider, w.step_roles(step))
    ids[sw.role] = subject.id
    objects = {k: v for k, v in objects.items() if k in ids.values()}
    objects[subject.id] = w.card_object(subject, "opponent")
    rounding = index.cardset.ruleset.division_rounding
    down = _expected_after(subject, sw, rounding)
    flip = Rounding.UP if rounding is not Rounding.UP else Rounding.DOWN
    other = _expected_after(subject, sw, flip)
    more = f" (and {count - 1} other card(s) of the set)" if count > 1 else ""
    outcome = (
        f"by Decision E-DIV the result is {_show(down)} ({rounding.value}); rounded "
        f"{flip.value} it would be {_show(other)}"
        if down is not None
        else f"the result depends on the rounding (Decision E-DIV: {rounding.value})"
    )
    return Diagnostic(
        "ruling-E-DIV",
        Severity.RULING,
        tuple(sorted((divider.id, subject.id))),
        (f"{divider.id}.effect[{sw.step}]",),
        ("E-DIV",),
        f"{_bold(divider.id)} divides {sw.stat} by {z} without saying how it rounds, and "
        f"{_bold(subject.id)}{more} starts with {sw.stat} {_show(base)}: {outcome}. The full "
        "Altered rules (1.1.6.b) ask every division to say how it rounds: add 'rounding:' to "
        "the card, or confirm the ruleset's default.",
        w.scenario(
            "ruling-E-DIV",
            title=f"{divider.id} divides an uneven {sw.stat}",
            description=f"Decision E-DIV: rounding {rounding.value}; {outcome}.",
            ruleset=index.cardset.ruleset,
            objects=objects,
            steps=[w.step_doc(step, ids)],
            expect={"events.0.applied": True}
            if down is None
            else {f"{subject.id}.{sw.stat}": down, "events.0.applied": True},
        ),
        _locs(sw.where, subject.where),
    )


def _show(v: object) -> str:
    if isinstance(v, tuple | list):
        return "/".join(str(x) for x in v)
    return str(v)
