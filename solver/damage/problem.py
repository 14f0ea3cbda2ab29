"""A damage split as plain data: what may be chosen, how an allocation is scored.

Shared by the CP-SAT model (``arbiter.solver.damage.split``) and its brute-force twin
(``brute_force`` below, used by the tests and the benchmark).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum

from arbiter.model.ability_zones import in_play_in
from arbiter.model.damage import instructions as dm
from arbiter.model.damage import prevention as pv
from arbiter.model.damage import scoring
from arbiter.model.errors import IllegalAction
from arbiter.model.state import GameState
from arbiter.solver.status import Status

OBJECTIVES = ("kills", "damage", "value")


class Method(Enum):
    """How a split is solved: ``AUTO`` takes the exact dynamic programme when the
    problem separates and fits (``dp.separable``), else CP-SAT; ``CP_SAT`` is the
    proof of record (``arbiter damage``); ``DP`` insists on the programme."""

    AUTO = "auto"
    DP = "dp"
    CP_SAT = "cp-sat"


@dataclass(frozen=True, slots=True)
class Target:
    """One candidate target of a split.

    ``health``: the damage that destroys it now (its health minus the damage
    already marked), None if it cannot be destroyed; ``shield``: the prevention
    that applies to it (D-LETHAL-1); ``immune``: it takes no damage from this source.
    """

    id: str
    health: int | None
    shield: int = 0
    weight: int = 1
    immune: bool = False
    required: bool = False

    @property
    def need(self) -> int | None:
        """D-LETHAL-1: the allocation that destroys it, counting its prevention."""
        if self.health is None or self.immune:
            return None
        return max(1, self.health) + self.shield


@dataclass(frozen=True, slots=True)
class SplitProblem:
    """Divide ``pool`` among ``targets`` (kept sorted by id: the canonical order).

    Chosen targets get at least 1 (D-DIST-1); required targets were chosen at
    finalization (D-TIME-1/2). ``short`` (Decision D-TIME-4): fewer damage than
    required targets, so each gets 0 or 1.
    """

    pool: int
    targets: tuple[Target, ...]
    max_targets: int | None = None
    objective: str = "kills"
    maximise: bool = True

    @property
    def short(self) -> bool:
        return self.pool < sum(1 for t in self.targets if t.required)

    @property
    def cap(self) -> int:
        """The most one target may get."""
        return 1 if self.short else self.pool


Score = scoring.Score
STAGES = scoring.STAGES


def score(problem: SplitProblem, split: Mapping[str, int]) -> Score:
    """D-LETHAL-1: a target is dealt what its prevention leaves; destroyed at its health."""

    def hit(t: Target) -> scoring.Hit:
        d = 0 if t.immune else max(0, split.get(t.id, 0) - t.shield)
        lethal = t.health is not None and not t.immune and d >= max(1, t.health)
        over = d - max(1, t.health) if lethal and t.health is not None else 0
        return scoring.Hit(t.id, d, lethal, t.weight, over)

    return scoring.tally(hit(t) for t in problem.targets)


def stage_values(problem: SplitProblem, s: Score) -> tuple[int, ...]:
    """The lexicographic key (before the canonical order), larger is better."""
    return scoring.stage_values(problem.objective, problem.maximise, s)


def primary(problem: SplitProblem, s: Score) -> int:
    """The reported objective: the first stage, in its own sense (not negated)."""
    return scoring.primary(problem.objective, s)


def legal(problem: SplitProblem, split: Mapping[str, int]) -> bool:
    ids = {t.id for t in problem.targets}
    if any(k not in ids for k in split) or sum(split.values()) != problem.pool:
        return False
    chosen = 0
    for t in problem.targets:
        a = split.get(t.id, 0)
        if a < 0 or a > problem.cap:
            return False
        if t.required and not problem.short and a < 1:
            return False
        chosen += a > 0
    return problem.max_targets is None or chosen <= problem.max_targets


def allocations(problem: SplitProblem) -> Iterator[dict[str, int]]:
    """Every legal allocation, in canonical order (small instances only: it enumerates)."""
    ids = [t.id for t in problem.targets]
    cap = problem.cap

    def fill(i: int, left: int) -> Iterator[tuple[int, ...]]:
        if i == len(ids):
            if left == 0:
                yield ()
            return
        for a in range(min(cap, left), -1, -1):
            for rest in fill(i + 1, left - a):
                yield (a, *rest)

    for values in fill(0, problem.pool):
        split = dict(zip(ids, values, strict=True))
        if legal(problem, split):
            yield split


@dataclass(frozen=True, slots=True)
class Allocation:
    """The answer to a split: status, the allocation, what it destroys, and the proof."""

    status: Status
    split: Mapping[str, int]
    destroyed: frozenset[str]
    objective: int | None
    bound: int | None
    wall_time: float
    stages: tuple[int, ...] = ()
    optima: tuple[Mapping[str, int], ...] = ()
    optima_complete: bool = True
    solves: int = 0
    notes: tuple[str, ...] = field(default=())
    canonical: bool = True  # the unique tie-break (largest to the first ids) was reached


def canonical_key(problem: SplitProblem, split: Mapping[str, int]) -> tuple[int, ...]:
    """Among equally good allocations, the one giving most to the first ids wins."""
    return tuple(split.get(t.id, 0) for t in problem.targets)


def brute_force(problem: SplitProblem, limit: int = 10**6) -> Allocation:
    """The twin of the CP-SAT model: enumerate, score, take the lexicographic best."""
    best: tuple[tuple[int, ...], tuple[int, ...]] | None = None
    best_split: dict[str, int] = {}
    by_primary: dict[int, list[dict[str, int]]] = {}
    for split in allocations(problem):
        s = score(problem, split)
        key = (stage_values(problem, s), canonical_key(problem, split))
        if best is None or key > best:
            best, best_split = key, split
        by_primary.setdefault(primary(problem, s), []).append(split)
    if best is None:
        return Allocation(Status.INFEASIBLE, {}, frozenset(), None, None, 0.0)
    s = score(problem, best_split)
    value = primary(problem, s)
    optima = sorted(by_primary[value], key=lambda sp: canonical_key(problem, sp), reverse=True)
    return Allocation(
        Status.OPTIMAL,
        best_split,
        s.destroyed,
        value,
        value,
        0.0,
        stages=best[0],
        optima=tuple(optima[:limit]),
        optima_complete=len(optima) <= limit,
    )


# -- from a scenario state --------------------------------------------------------------


def default_candidates(state: GameState, instr: dm.Instruction) -> tuple[str, ...]:
    """Every object in play with health that an opponent of the controller controls."""
    return tuple(
        oid
        for oid in sorted(state.objects)
        if in_play_in(state, state.objects[oid].zone)
        and dm.toughness(state, state.objects[oid]) is not None
        and state.objects[oid].controlled_by != instr.controller
    )


def target_of(
    state: GameState, instr: dm.Instruction, oid: str, weights: Mapping[str, int], required: bool
) -> Target:
    obj = state.obj(oid)
    health = dm.toughness(state, obj)
    left = None if health is None else health - obj.counters.get(dm.DAMAGE, 0)
    weight = weights.get(oid, health if health is not None else 1)
    return Target(
        oid,
        left,
        shield=pv.total(obj, state),
        weight=weight,
        immune=oid in instr.immune,
        required=required,
    )


def problem_for(
    state: GameState,
    instr: dm.Instruction,
    targets: Sequence[str] | None,
    candidates: Sequence[str] | None,
    weights: Mapping[str, int],
    objective: str,
    for_player: str | None,
) -> SplitProblem:
    """The split left open by a step, as a problem (targets fixed, or chosen freely)."""
    if instr.mode is not dm.Mode.SPLIT:
        raise IllegalAction("D-EACH-1", f"{instr.id} deals damage to each target: nothing to split")
    total = dm.pool(state, instr).total
    if targets is not None:
        chosen = sorted(targets)
        found = tuple(target_of(state, instr, t, weights, True) for t in chosen)
        limit = None
    else:
        pool_ids = candidates if candidates is not None else default_candidates(state, instr)
        legal_ids = sorted(
            {t for t in pool_ids if t in state.objects and in_play_in(state, state.obj(t).zone)}
        )
        found = tuple(target_of(state, instr, t, weights, False) for t in legal_ids)
        limit = instr.max_targets
    maximise = for_player is None or for_player == instr.controller
    return SplitProblem(total, found, limit, objective, maximise)
