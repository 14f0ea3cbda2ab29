"""The brute-force twin of the combat models: walk every order the rules allow.

Straight from the text of 460.2.c: choose, for each unit with two exclusive demands,
which one applies (460.2.c.7/8); take every order of the units in which no unit
demanding to be first comes after one without that demand, and no unit demanding to
be last before one without it (460.2.c.5/6, 815, 826), exempt units anywhere
(460.2.c.9); walk the order assigning each ordinary unit its lethal damage or what is
left (460.2.c.3/4), and each exempt unit any amount; once every ordinary unit has
lethal, split what is left among all the units (Decision CMB-EXCESS). The set of
assignments reached is the set of legal assignments. Exponential: small instances only.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import pairwise, permutations, product

from arbiter.model.damage import combat as cb


def _splits(amount: int, parts: int) -> Iterator[tuple[int, ...]]:
    if parts == 0:
        if amount == 0:
            yield ()
        return
    for a in range(amount + 1):
        for rest in _splits(amount - a, parts - 1):
            yield (a, *rest)


def _walk(
    order: Sequence[cb.Receiver], left: int, done: dict[str, int], everyone: Sequence[cb.Receiver]
) -> Iterator[dict[str, int]]:
    if not order:
        if left == 0:
            yield dict(done)
            return
        if all(done.get(r.id, 0) >= (r.lethal or 0) for r in everyone if r.lethal is not None):
            for extra in _splits(left, len(everyone)):
                out = dict(done)
                for r, x in zip(everyone, extra, strict=True):
                    out[r.id] = out.get(r.id, 0) + x
                yield out
        return
    head, rest = order[0], order[1:]
    if head.lethal is None:
        for x in range(left + 1):
            yield from _walk(rest, left - x, {**done, head.id: x}, everyone)
        return
    x = min(head.lethal, left)
    yield from _walk(rest, left - x, {**done, head.id: x}, everyone)


def legal_set(problem: cb.AssignmentProblem) -> set[tuple[int, ...]]:
    """Every legal assignment as a tuple in the problem's id order."""
    units = problem.receivers
    duals = [r for r in units if r.dual]
    found: set[tuple[int, ...]] = set()
    for choice in product((cb.FIRST, cb.LAST), repeat=len(duals)):
        rank = {r.id: c for r, c in zip(duals, choice, strict=True)}
        for order in permutations(units):
            ranks = [rank.get(r.id, r.rank) for r in order if r.lethal is not None]
            if any(a is not None and b is not None and a > b for a, b in pairwise(ranks)):
                continue
            for a in _walk(order, problem.total, {}, units):
                found.add(tuple(a.get(rid, 0) for rid in problem.ids))
    return found


def best(problem: cb.AssignmentProblem) -> dict[str, int] | None:
    """The optimum among every legal assignment: stages, then the canonical order."""
    found = legal_set(problem)
    if not found:
        return None
    assignments = [dict(zip(problem.ids, v, strict=True)) for v in found]
    return max(assignments, key=lambda a: cb.full_key(problem, a))
