"""Combat damage assignment by its structure: count, list and optimise exactly.

The problem separates (docs/rules.md, section 11): a legal assignment is fixed by
- S, the damage on ordinary units (S = T when no unit is exempt; the rest T - S goes
  to the exempt units in any split, 460.2.c.9);
- when S is below the sum of the lethal thresholds: the set F of units assigned exactly
  lethal and at most one unit p assigned the rest S - L(F) (460.2.c.3/4), F and p in an
  order that the demands allow (``model.damage.combat.order_violation``);
- when S reaches the sum: every unit lethal, and the excess split freely among the
  ordinary units (Decision CMB-EXCESS).
Each such structure gives distinct assignments, so the number of legal assignments is
a sum of products of binomials, and an optimum is found by scoring one canonical
completion per structure. ``solver.damage.combat_cpsat`` is the CP-SAT model of the same
problem, ``solver.damage.combat_brute`` the brute-force twin that walks every order.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from math import comb

from arbiter.model.damage import combat as cb


@dataclass(frozen=True)
class Prefix:
    """A set F of ordinary units assigned exactly lethal, and the units that may come next."""

    lethal: frozenset[str]
    need: int  # L(F)
    next_units: tuple[cb.Receiver, ...]  # every p that may take the rest, short of lethal
    value: int = 0  # the weights of F
    dealt: int = 0  # what F is dealt (lethal minus prevention, unit by unit)


def compositions(total: int, parts: int) -> int:
    """How many ways to split ``total`` into ``parts`` ordered non-negative parts."""
    if parts == 0:
        return 1 if total == 0 else 0
    return comb(total + parts - 1, parts - 1)


def prefixes(problem: cb.AssignmentProblem) -> tuple[Prefix, ...]:
    """Every proper subset F of the ordinary units that some order starts with, with the
    units that may follow it (460.2.c.5-8).

    With ranks first 0, none 1, last 2 (a unit with both demands: 0 when lethal, 2 when
    assigned nothing, its choice when partial), F can start an order exactly when its
    highest rank is at most the lowest rank outside it, and p may follow F when some rank
    of p lies between the two (``model.damage.combat.order_violation`` says the same, unit by
    unit; the tests compare them). Subsets are bit masks: 2^n of them, n per side.
    """
    ordinary = problem.ordinary
    n = len(ordinary)
    bit = {r.id: 1 << i for i, r in enumerate(ordinary)}
    tanks = sum(bit[r.id] for r in ordinary if r.rank == cb.FIRST)
    plain = sum(bit[r.id] for r in ordinary if r.rank == cb.NONE)
    backs = sum(bit[r.id] for r in ordinary if r.rank == cb.LAST)
    options = [(cb.FIRST, cb.LAST) if r.dual else (r.rank,) for r in ordinary]
    out = []
    for mask in range((1 << n) - 1):
        top = 2 if mask & backs else 1 if mask & plain else 0
        rest = ~mask
        low = 0 if tanks & rest else 1 if plain & rest else 2
        if top > low:
            continue
        nxt = []
        for i in range(n):
            if mask >> i & 1:
                continue
            others = rest & ~(1 << i)
            low_z = 0 if tanks & others else 1 if plain & others else 2
            if any(top <= r <= low_z for r in options[i] if r is not None):
                nxt.append(ordinary[i])
        inside = [r for i, r in enumerate(ordinary) if mask >> i & 1]
        out.append(
            Prefix(
                frozenset(r.id for r in inside),
                sum(r.lethal or 0 for r in inside),
                tuple(nxt),
                sum(r.weight for r in inside),
                sum((r.lethal or 0) - r.prevent for r in inside),
            )
        )
    return tuple(out)


def _short_counts(problem: cb.AssignmentProblem, pre: Sequence[Prefix]) -> list[int]:
    """counts[S] for S below the sum of lethal: the ordinary parts that sum to S."""
    top = sum(r.lethal or 0 for r in problem.ordinary)
    counts = [0] * max(top, 0)
    for f in pre:
        if f.need < top:
            counts[f.need] += 1
        for p in f.next_units:
            assert p.lethal is not None
            for s in range(f.need + 1, min(f.need + p.lethal, top)):
                counts[s] += 1
    return counts


def count(problem: cb.AssignmentProblem) -> int:
    """The number of distinct legal assignments."""
    total = problem.total
    ordinary, exempt = problem.ordinary, problem.exempt
    top = sum(r.lethal or 0 for r in ordinary)
    short = _short_counts(problem, prefixes(problem)) if ordinary else []
    sums = range(total + 1) if exempt else range(total, total + 1)
    found = 0
    for s in sums:
        if not ordinary:
            o = 1 if s == 0 else 0
        elif s < top:
            o = short[s]
        else:
            o = compositions(s - top, len(ordinary))
        found += o * compositions(total - s, len(exempt))
    return found


def _split(amount: int, units: Sequence[cb.Receiver]) -> Iterator[dict[str, int]]:
    """Every split of ``amount`` among ``units`` (largest to the first unit first)."""
    if not units:
        if amount == 0:
            yield {}
        return
    if len(units) == 1:
        yield {units[0].id: amount}
        return
    for a in range(amount, -1, -1):
        for rest in _split(amount - a, units[1:]):
            yield {units[0].id: a, **rest}


def _ordinary_parts(
    problem: cb.AssignmentProblem, pre: Sequence[Prefix], s: int
) -> Iterator[dict[str, int]]:
    """The ordinary units' parts that sum to ``s`` (one per structure, then the excess)."""
    ordinary = problem.ordinary
    top = sum(r.lethal or 0 for r in ordinary)
    if not ordinary:
        if s == 0:
            yield {}
        return
    if s >= top:
        for extra in _split(s - top, ordinary):
            yield {r.id: (r.lethal or 0) + extra[r.id] for r in ordinary}
        return
    for f in pre:
        base = {r.id: (r.lethal or 0) if r.id in f.lethal else 0 for r in ordinary}
        if f.need == s:
            yield dict(base)
        for p in f.next_units:
            assert p.lethal is not None
            if f.need < s < f.need + p.lethal:
                yield {**base, p.id: s - f.need}


def assignments(problem: cb.AssignmentProblem) -> Iterator[dict[str, int]]:
    """Every legal assignment once, in a fixed order (structure by structure)."""
    total = problem.total
    pre = prefixes(problem) if problem.ordinary else ()
    sums = range(total, -1, -1) if problem.exempt else range(total, total + 1)
    order = problem.ids
    for s in sums:
        for part in _ordinary_parts(problem, pre, s):
            for rest in _split(total - s, problem.exempt):
                merged = {**part, **rest}
                yield {rid: merged.get(rid, 0) for rid in order}


SORT_LIMIT = 200_000  # beyond, the listing keeps the enumeration order


def listing(problem: cb.AssignmentProblem, limit: int) -> tuple[dict[str, int], ...]:
    """``limit`` legal assignments: the largest in the canonical order (most to the first
    ids, as CP-SAT's enumeration lists them) when there are at most ``SORT_LIMIT``, else
    the first ones of ``assignments`` (a fixed order)."""
    if count(problem) <= SORT_LIMIT:
        key = problem.ids
        return tuple(
            heapq.nlargest(limit, assignments(problem), key=lambda a: tuple(a[k] for k in key))
        )
    out: list[dict[str, int]] = []
    for a in assignments(problem):
        if len(out) >= limit:
            break
        out.append(a)
    return tuple(out)


def _stages(
    problem: cb.AssignmentProblem, kills: int, value: int, damage: int, overkill: int
) -> tuple[int, ...]:
    sign = 1 if problem.maximise else -1
    raw = {"kills": kills, "value": value, "damage": damage, "-overkill": -overkill}
    return tuple(sign * raw[name] for name in cb.STAGES[problem.objective])


def best(problem: cb.AssignmentProblem) -> dict[str, int] | None:
    """The optimum: the best stages, then the most to the first ids (the same answer as
    the CP-SAT model's canonical one). One candidate per structure: the stages depend
    only on F, on p's part and on the excess on ordinary units, never on how an amount is
    split inside one group, where the most to the first id is the canonical completion.
    Stages are computed from the structure; assignments are built only for ties."""
    total = problem.total
    ordinary, exempt = problem.ordinary, problem.exempt
    top = sum(r.lethal or 0 for r in ordinary)
    pre = prefixes(problem) if ordinary else ()
    low = 0 if exempt else total  # the least damage on ordinary units (the rest: exempt)
    chosen: dict[str, int] | None = None
    key: tuple[int, ...] | None = None

    def consider(stage: tuple[int, ...], parts: dict[str, int], s: int) -> None:
        nonlocal chosen, key
        if key is not None and stage < key:
            return
        a = {rid: parts.get(rid, 0) for rid in problem.ids}
        if exempt:
            a[exempt[0].id] += total - s
        if (
            key is None
            or stage > key
            or cb.canonical_key(problem, a) > cb.canonical_key(problem, chosen or {})
        ):
            key, chosen = stage, a

    if not ordinary:
        if not exempt and total:
            return None  # damage and no unit to assign it to (the format never builds this)
        consider(_stages(problem, 0, 0, 0, 0), {}, 0)
        return chosen
    weights = sum(r.weight for r in ordinary)
    full = sum((r.lethal or 0) - r.prevent for r in ordinary)
    for s in range(max(low, top), total + 1):  # every unit lethal, the excess on the first
        parts = {r.id: r.lethal or 0 for r in ordinary}
        parts[ordinary[0].id] += s - top
        consider(_stages(problem, len(ordinary), weights, full + s - top, s - top), parts, s)
    for f in pre:
        base = {rid: (problem.receiver(rid).lethal or 0) for rid in f.lethal}
        kills = len(f.lethal)
        if low <= f.need <= total:
            consider(_stages(problem, kills, f.value, f.dealt, 0), base, f.need)
        for p in f.next_units:
            need = p.lethal or 0
            for s in range(max(low, f.need + 1), min(total, f.need + need - 1) + 1):
                dealt = f.dealt + max(0, s - f.need - p.prevent)
                consider(_stages(problem, kills, f.value, dealt, 0), {**base, p.id: s - f.need}, s)
    return chosen
