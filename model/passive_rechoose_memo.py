"""What ``passive_rechoose`` keeps from one event to the next of the same trial log: the
log read as changes of value, and the versions its passives made of the objects it
followed (A-PASS-2, A-ORDER-1). Kept in the log's ``passive_follow.FollowIndex``.

**The log as changes.** The log compares most pairs again in many rounds and finds the
same value (17,909 comparisons, 5,339 changes of value on the dense board of
``benchmarks/dependency.py``). Reading a comparison that repeats the pair's value changes
nothing ``passive_rechoose`` keeps but for a pair whose value it corrects for the
followed objects (it is corrected again, its comparison being the new one): the value
read is the one read before, a pair neither corrected nor of ``X`` already has it in the
graph, and every other use of it (the passives that waited for a passive applied
earlier, the pairs that differ from the log's) is a set it is already in or out of.
``Reading`` holds the changes in the log's order and, per round, the pairs compared
again with the same value.

**The versions.** ``passives.apply_effect`` is a function of the passive, the object,
the timestamp and the rounding: ``Memo.effect`` gives the version made before for the
very same passive and object (compared by identity, both kept alive with it) and the
same timestamp and rounding. The same objects are followed again at the next event,
most of them unchanged, and the same passives applied to them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from arbiter.model import passives as pv
from arbiter.model.passive_derive import Derivations
from arbiter.model.ruleset import Rounding
from arbiter.model.state import GameObject

Pair = tuple[str, str]
MOST_KEPT = 200_000  # versions kept; forgotten all at once beyond


@dataclass(frozen=True)
class Reading:
    """The log's comparisons that change a pair's value (the first of each pair
    included), in the log's order; per round, the pairs compared again with the same
    value."""

    changes: list[tuple[int, str, str, bool]]
    again: dict[int, list[Pair]]
    read: int  # how many comparisons of the log it was made from
    first: int  # the changes of round 0
    start: dict[Pair, bool]  # the pairs compared in round 0, with their values then
    rows: dict[str, list[str]]  # the edges then: per dependent, those it depends on
    cols: dict[str, list[str]]  # and per passive depended on, its dependents


def reading(flat: Sequence[tuple[int, str, str, bool]]) -> Reading:
    changes: list[tuple[int, str, str, bool]] = []
    again: dict[int, list[Pair]] = {}
    last: dict[Pair, bool] = {}
    for entry in flat:
        r, a, b, present = entry
        pair = (a, b)
        seen = last.get(pair)
        if seen is not None and seen == present:
            again.setdefault(r, []).append(pair)
        else:
            changes.append(entry)
            last[pair] = present
    first = 0
    while first < len(changes) and changes[first][0] <= 0:
        first += 1
    start = {(a, b): present for _, a, b, present in changes[:first]}
    rows: dict[str, list[str]] = {}
    cols: dict[str, list[str]] = {}
    for (a, b), present in start.items():
        if present:
            rows.setdefault(a, []).append(b)
            cols.setdefault(b, []).append(a)
    return Reading(changes, again, len(flat), first, start, rows, cols)


_Kept = tuple[pv.Passive, GameObject, int, Rounding, GameObject]


class Versions(dict[tuple[int, int], _Kept]):
    """``Memo.versions``, and the objects derived through whole sequences of passives
    (``passive_derive.Derivations``): handed on together to the next trial log once a
    full ordering in steps is made (``passive_rebase``), as functions of what they were
    made from whatever the log."""

    def __init__(self) -> None:
        super().__init__()
        self.derived = Derivations()


@dataclass
class Memo:
    """Kept per trial log (see the module's text)."""

    read: Reading | None = None
    versions: Versions = field(default_factory=Versions)
    # the queue of timestamps of the log's board (A-TIME-1), with what it was made from
    queued: tuple[object, object, tuple[str, ...], list[str], dict[str, int]] | None = None
    # the objects a selector can select in some round, per what it names
    # (``passive_rechoose_sided``): the same for every event replayed from this log
    pools: dict[tuple[object, ...], frozenset[str]] = field(default_factory=dict)

    @property
    def derived(self) -> Derivations:
        """The objects derived through whole sequences of passives (``passive_cone_merge``),
        kept with ``versions``."""
        return self.versions.derived

    def queue(
        self,
        ps: Mapping[str, pv.Passive],
        objects: Mapping[str, GameObject],
        players: tuple[str, ...],
    ) -> tuple[list[str], dict[str, int]]:
        """The passives of ``ps`` by their order keys on ``objects`` (A-TIME-1), and each
        one's place in that queue."""
        got = self.queued
        if got is None or got[0] is not ps or got[1] is not objects or got[2] != players:
            queue = sorted(ps, key=lambda pid: pv.order_key(ps[pid], objects, players))
            got = self.queued = (ps, objects, players, queue, {p: k for k, p in enumerate(queue)})
        return got[3], got[4]

    def same_queue(
        self,
        ps: Mapping[str, pv.Passive],
        before: Mapping[str, GameObject],
        now: Mapping[str, GameObject],
        players: tuple[str, ...],
    ) -> bool:
        """Whether the passives are in the same queue on ``now`` as on ``before``: the
        same order keys, or else the same order by them."""
        if all(
            now[p.source] is before[p.source]
            or pv.order_key(p, now, players) == pv.order_key(p, before, players)
            for p in ps.values()
        ):
            return True
        keys = {pid: pv.order_key(p, now, players) for pid, p in ps.items()}
        return sorted(ps, key=keys.__getitem__) == self.queue(ps, before, players)[0]

    def reading(self, flat: Sequence[tuple[int, str, str, bool]]) -> Reading:
        got = self.read
        if got is None or got.read != len(flat):
            got = self.read = reading(flat)
        return got

    def effect(
        self, p: pv.Passive, obj: GameObject, timestamp: int, rounding: Rounding
    ) -> GameObject:
        """``passives.apply_effect(p, obj, timestamp, rounding)``."""
        key = (id(p), id(obj))
        kept = self.versions.get(key)
        if (
            kept is not None
            and kept[0] is p
            and kept[1] is obj
            and kept[2] == timestamp
            and kept[3] is rounding
        ):
            return kept[4]
        got = pv.apply_effect(p, obj, timestamp, rounding)
        if len(self.versions) >= MOST_KEPT:
            self.versions.clear()
        self.versions[key] = (p, obj, timestamp, rounding, got)
        return got
