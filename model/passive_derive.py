"""One object derived through a whole sequence of passives at once (A-PASS-2, A-ORDER-1).

``derive`` gives the object ``passives.apply_effect`` gives applied once per passive, in
the order of the sequence: the same fields, the same modifications with the same traces,
its characteristics in the same order. It makes the number modifications the way a full
ordering does (``passive_trial.Board.defer`` and ``flush``): each is left for the end,
then all of an object's are made with one copy (``modify_numbers_by_passives``), and the
characteristics are put back in the order each was first modified (``marks``). This is
the same object because no passive but a number modification reads or writes the
modifications of a number, and a number modification reads only the object's base,
protections and modifications of that number (``passives.reads``; a passive that
modifies subtypes is a set modification, never a number one: ``passives._plan_of``).

``Derivations`` keeps what was derived (per trial log, handed on to the next one with
``passive_rechoose_memo.Memo.versions``): the same objects are derived again at the next
event with the same passives (compared by identity, with the same timestamps and
rounding), and the answer is then the very object made before. It also
keeps each passive's number modification as one tuple (``PassiveNumber``) and the
modifications nothing screened (``modify_numbers_by_passives``' ``shared``), so that
every object a passive modifies shares them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from operator import is_

from arbiter.model import passives as pv
from arbiter.model.passive_trial import _in_first_order as in_first_order
from arbiter.model.ruleset import Rounding
from arbiter.model.state import GameObject
from arbiter.model.values.characteristics import PassiveNumber, modify_numbers_by_passives
from arbiter.model.values.reading import Modification, Op

MOST_KEPT = 50_000  # objects derived kept (``Derivations``); forgotten all at once beyond
MOST_SHARED = 50_000  # number modifications kept (``Derivations.items``, ``shared``)

Step = tuple[pv.Passive, int]  # a passive and its source's timestamp (A-TIME-1)
_NUMBER = pv.NUMBER


def number_of(p: pv.Passive, timestamp: int, rounding: Rounding) -> PassiveNumber:
    """``p``'s number modification as ``modify_numbers_by_passives`` reads it (that of
    ``apply_effect``: ``modify_number(..., by_passive=True)`` with ``p``'s id as source)."""
    plan = p.plan
    assert isinstance(plan.op, Op)
    return (plan.name, plan.op, plan.amounts, p.id, timestamp, rounding, plan.label)


def derive(
    obj: GameObject,
    steps: Sequence[Step],
    rounding: Rounding,
    numbers: Derivations | None = None,
) -> GameObject:
    """``obj`` after each passive of ``steps`` applied in turn (``apply_effect``), its
    number modifications made at once (see the module's text). ``numbers``: where each
    passive's number modification is kept (a pure cache)."""
    version = obj
    pending: list[PassiveNumber] = []
    marks: list[tuple[int, tuple[str, ...]]] = []
    for p, timestamp in steps:
        if p.plan.does is _NUMBER:
            pending.append(
                number_of(p, timestamp, rounding)
                if numbers is None
                else numbers.item(p, timestamp, rounding)
            )
            continue
        now = pv.apply_effect(p, version, timestamp, rounding)
        if now is version:
            continue
        if pending and len(now.mods) != len(version.mods):  # (``Board.commit``'s marks)
            marks.append((len(pending), tuple(k for k in now.mods if k not in version.mods)))
        version = now
    if not pending:
        return version
    new = modify_numbers_by_passives(version, pending, None if numbers is None else numbers.shared)
    if marks and len(new.mods) > len(version.mods):
        new = replace(new, mods=in_first_order(version, new, pending, marks))
    return pv._same_subtypes(version, new)  # (its subtypes, if known, are ``version``'s)


_Kept = tuple[GameObject, tuple[pv.Passive, ...], tuple[int, ...], Rounding, GameObject]


@dataclass
class Derivations:
    """What ``derive`` made, kept per trial log (see the module's text): a pure cache."""

    # by (the object's identity, the passives' ids): the object, the passives, their
    # timestamps, the rounding, and what was derived
    kept: dict[tuple[int, tuple[str, ...]], _Kept] = field(default_factory=dict)
    items: dict[tuple[str, int, Rounding], tuple[pv.Passive, PassiveNumber]] = field(
        default_factory=dict
    )
    shared: dict[tuple[PassiveNumber, int], Modification] = field(default_factory=dict)

    def item(self, p: pv.Passive, timestamp: int, rounding: Rounding) -> PassiveNumber:
        """``number_of``, one tuple per passive, timestamp and rounding."""
        key = (p.id, timestamp, rounding)
        got = self.items.get(key)
        if got is None or got[0] is not p:
            if len(self.items) >= MOST_SHARED or len(self.shared) >= MOST_SHARED:
                self.items.clear()
                self.shared.clear()
            got = self.items[key] = (p, number_of(p, timestamp, rounding))
        return got[1]

    def derive(
        self,
        obj: GameObject,
        pids: tuple[str, ...],
        ps: Mapping[str, pv.Passive],
        stamps: Mapping[str, int],
        rounding: Rounding,
    ) -> GameObject:
        """``derive`` of ``obj`` through the passives ``pids`` of ``ps`` with their
        timestamps ``stamps``: the object made before for the very same object, passives
        (by identity), timestamps and rounding, else made now."""
        passives = tuple(ps[q] for q in pids)
        times = tuple(stamps[q] for q in pids)
        key = (id(obj), pids)
        got = self.kept.get(key)
        if (
            got is not None
            and got[0] is obj
            and got[3] is rounding
            and got[2] == times
            and all(map(is_, got[1], passives))
        ):
            return got[4]
        new = derive(obj, list(zip(passives, times, strict=True)), rounding, self)
        if len(self.kept) >= MOST_KEPT:
            self.kept.clear()
        self.kept[key] = (obj, passives, times, rounding, new)
        return new
