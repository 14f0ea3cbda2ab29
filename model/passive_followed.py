"""One object followed by ``passive_rechoose``, and the last round in which a difference of
it between the two boards can still matter (A-DEP-1, A-ORDER-1).

``passive_rechoose`` takes the rest of the previous order as it is once the graph is the
log's (no pair differs, no passive displaced) and every followed object reads the same
on both boards. An object that reads differently can still be let go of, from the round
after every passive that can have a part with it is applied (on both orders alike, since
none is displaced then):

- a pair (A, B) has it as a witness (A-DEP-1b) only if [B] applies to it and changes
  what [A] reads of it, and it is the target in common of A-DEP-1c only if both apply to
  it and [B] changes what [A]'s condition reads: either way [B] selects one of its two
  versions (that of the previous board with its source as it was, or that of the new
  board with its source now) and does not modify a number (no selector or condition
  reads numbers, ``passives.unsupported``: such a [B] changes nothing [A] reads);
- A-DEP-1a with it only if it is the source of [A], or [B] selects it (taking abilities
  is no number);
- a condition reads it only if it is the source of the passive or the region its
  source is in (``FollowIndex.of_source``, ``FollowIndex.by_region``).

Once those are all applied, no passive left that changes anything but numbers selects
either version, so what selectors and conditions read of it stays as it is on both
boards (a version changes only by a passive applied to it, which selects the version it
finds first), and every remaining round's graph, existence and condition is the log's;
the numbers the rest of the order modifies are made on its version now as on the others
(``passive_rechoose._Simulation.finish``). A passive the previous order never applied (it
ceased) counts as never applied.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from arbiter.model import passive_follow as follow
from arbiter.model import passives as pv
from arbiter.model.state import GameObject

Pair = tuple[str, str]


@dataclass
class Followed:
    """One followed object: its previous versions by round, its version now in the new
    order, the passives that can select that version, and those applied to it."""

    before: follow.Line
    now: GameObject
    could: set[str]
    applied: list[str] = field(default_factory=list)
    differs: bool = False
    pairs: set[Pair] = field(default_factory=set)  # the pairs corrected for it last
    seen: tuple[object, ...] | None = None  # what ``check_followed`` compared last
    until: int = -1  # the last round a passive that can have a part with it is applied


def last_part(
    index: follow.FollowIndex,
    ps: Mapping[str, pv.Passive],
    sources: tuple[Mapping[str, GameObject], Mapping[str, GameObject]],
    oid: str,
    versions: tuple[GameObject, GameObject],
    end: int,
) -> int:
    """The last round of the previous order in which a passive that can have a part with
    the object is applied (``end`` for one it never applied): ``versions`` are the object
    on the previous board and on the new one, ``sources`` the passives' sources there."""
    parts = set(index.of_source.get(oid, ())) | set(index.by_region.get(oid, ()))
    for version, objects in zip(versions, sources, strict=True):
        for pid in index.could_select(version):
            p = ps[pid]
            if p.plan.does is pv.NUMBER or pid in parts:
                continue  # (a number: read by no passive, see the module's text)
            if pv.selects(p, version, objects[p.source]):
                parts.add(pid)
    pos = index.pos
    return max((pos.get(pid, end) for pid in parts), default=-1)
