"""The ordering ``passive_rechoose`` gives: the new order with the followed objects'
versions, the passives applied to them and those that held, the rest ``origin``'s
(A-ORDER-1, A-PASS-2)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from arbiter.model.passive_followed import Followed
from arbiter.model.state import GameState

if TYPE_CHECKING:
    from arbiter.model.passive_log import TrialLog
    from arbiter.model.passive_order import Ordering


def rechosen(
    origin: Ordering,
    new: GameState,
    log: TrialLog,
    order: Sequence[str],
    followed: Mapping[str, Followed],
    applied_by: Mapping[str, Sequence[str]],
    held_x: Mapping[str, bool],
) -> Ordering:
    """``origin`` with the order ``order``, the followed objects' versions now (every other
    object is as ``origin`` made it), the passives applied to them by one order and not the
    other (``applied_by``: by the previous one) and whether the passives of ``held_x`` held
    at their turn."""
    objects = dict(origin.state.objects)
    applied_to = dict(origin.applied_to)
    toggled: dict[str, set[str]] = {}  # per passive, the objects it applied to in one
    # order and not in the other (each passive's targets copied once, not per object)
    for oid, f in followed.items():
        objects[oid] = f.now
        for pid in set(f.applied) ^ set(applied_by.get(oid, ())):
            if pid in applied_to:
                toggled.setdefault(pid, set()).add(oid)
    for pid, oids in toggled.items():
        applied_to[pid] = applied_to[pid] ^ oids
    held = set(origin.held)
    for pid, did in held_x.items():
        (held.add if did else held.discard)(pid)
    choice = {c.passive: c for c in origin.choices}
    # the order is the new one; each step's explanation (what waited, the cycles) and
    # the edges are ``origin``'s: ``passive_order.ordering`` recomputes them in full
    return replace(
        origin,
        state=replace(new, objects=objects, derived=True),
        order=tuple(order),
        choices=(
            *(choice[pid] for pid in order),
            *(c for c in origin.choices if not c.passive),
        ),
        applied_to=applied_to,
        held=frozenset(held),
        reused=True,
        log=log,
    )
