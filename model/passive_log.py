"""The trial log of one ordering of passives (A-DEP-1, A-ORDER-1): every pair compared.

``passive_order`` compares pairs of unapplied passives by trial application as the
partial state changes; each comparison is recorded here, in the round it was made (how
many passives were applied then), with its outcome: whether [A] depended on [B], by
A-DEP-1a or c, and which objects changed what [A] applies to (A-DEP-1b). Between two
comparisons of a pair nothing it read changed, so the log gives the dependency graph
of any round. ``passive_replay`` reads it to re-evaluate after an event.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from arbiter.model.passives import subtypes

if TYPE_CHECKING:
    from arbiter.model.passive_cone_board import Known
    from arbiter.model.passive_follow import FollowIndex
    from arbiter.model.passive_order import Ordering
    from arbiter.model.passive_trial import Dependence
    from arbiter.model.passives import Passive
    from arbiter.model.state import GameState


class Trial(NamedTuple):
    """One comparison of [A] with [B] in a round: its outcome."""

    round: int
    present: bool  # [A] depended on [B]
    witnesses: frozenset[str]  # objects whose selection by [A] applying [B] changed
    other: bool  # A-DEP-1a or A-DEP-1c held (not read from objects [A] may apply to)
    c: bool = False  # A-DEP-1c held (``other`` without it: A-DEP-1a)


_ABSENT = frozenset[str]()
# ``Trial(...)`` without the call of its generated ``__new__`` (the same tuple, fields in order)
_trial = tuple.__new__


@dataclass
class TrialLog:
    """Every comparison, per pair (dependent, depended on), in round order; and the
    passives each passive's application may matter to (the pairs compared at all). A
    comparison that finds no dependence where there was none is not recorded."""

    candidates: Mapping[str, set[str]]
    trials: dict[tuple[str, str], list[Trial]] = field(default_factory=dict)
    # the same comparisons in the order made (rounds ascending): (round, A, B, present)
    flat: list[tuple[int, str, str, bool]] = field(default_factory=list)
    # the state it was made on and the ordering it gave (set once the ordering is done)
    stored: GameState | None = None
    origin: Ordering | None = None
    # the index ``passive_follow`` reads (built at the first replay)
    follow: FollowIndex | None = None
    known: Known | None = None  # the index ``passive_cone`` reads (built with ``follow``)
    base_subtypes: dict[str, set[str]] | None = None  # the stored objects by subtype
    regions: set[str] | None = None  # the subtypes of regions, before and after passives
    took: float | None = None  # seconds the ordering took (``passive_rebase``: a timing only)

    def record(self, a: str, b: str, round_: int, dep: Dependence | None) -> None:
        if dep is None:
            got = _trial(Trial, (round_, False, _ABSENT, False, False))
        else:
            reasons = dep.reasons
            c = "A-DEP-1c" in reasons
            got = _trial(Trial, (round_, True, dep.witnesses, c or "A-DEP-1a" in reasons, c))
        self.flat.append((round_, a, b, got[1]))
        key = (a, b)
        seen = self.trials.get(key)
        if seen is None:
            self.trials[key] = [got]
        else:
            seen.append(got)

    def record_b(self, a: str, b: str, round_: int, witnesses: frozenset[str]) -> None:
        """``record`` of a dependence by A-DEP-1b alone, with its witnesses."""
        got = _trial(Trial, (round_, True, witnesses, False, False))
        self.flat.append((round_, a, b, True))
        key = (a, b)
        seen = self.trials.get(key)
        if seen is None:
            self.trials[key] = [got]
        else:
            seen.append(got)

    def passive(self, pid: str) -> Passive:
        assert self.origin is not None
        return self.origin.passives[pid]

    def holding(self, subtype: str | None, stored: GameState) -> set[str] | None:
        """The objects of the log's state with ``subtype`` (None: no index), from an index
        built at the first call."""
        if subtype is None:
            return None
        if self.base_subtypes is None:
            index: dict[str, set[str]] = {}
            for oid, obj in stored.objects.items():
                for name in subtypes(obj):
                    index.setdefault(name, set()).add(oid)
            self.base_subtypes = index
        return self.base_subtypes.get(subtype, set())

    def at(self, a: str, b: str, round_: int) -> Trial | None:
        """The last comparison of the pair made by ``round_`` (its value then), if any."""
        last = None
        for t in self.trials.get((a, b), ()):
            if t.round > round_:
                break
            last = t
        return last


def changed_since(
    previous: Ordering, new: GameState
) -> tuple[TrialLog, Ordering, GameState, list[str]] | None:
    """The trial log ``previous`` carries, the full ordering and the state it was made
    with, and the objects of ``new`` that differ from that state (the event's, and those
    of earlier events re-evaluated from it); None without a log, or when ``new`` is not a
    state of the same game (other objects, players or ruleset)."""
    log = previous.log
    if log is None or log.origin is None or log.stored is None:
        return None
    stored = log.stored
    if (
        stored.objects.keys() != new.objects.keys()
        or stored.players != new.players
        or stored.ruleset != new.ruleset
    ):
        return None
    dirty = [
        oid
        for oid, obj in new.objects.items()
        if obj is not stored.objects[oid] and obj != stored.objects[oid]
    ]
    return log, log.origin, stored, dirty
