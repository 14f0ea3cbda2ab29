"""Every legal choice sequence, the distinct outcomes, and the best sequence (RULES.md §10).

Where the rules leave a decision (``arbiter.model.choicepoints``: R-5 replacement order and
"may", and later P-ORDER and D-TIME-4), arbiter can

(a) take the choices fixed in the file (``choices:``; ``ChoosingStep.begin`` checks
    them and refuses an illegal one with the rule it breaks),
(b) enumerate every legal sequence and return the distinct outcomes (final objects
    compared canonically), each with one witness sequence and a flag when the outcome
    depends on the order of the choices, and
(c) find the best sequence for a player under a linear objective over counters.

Two engines answer (b) and (c): ``exhaustive`` (a memoised depth-first search over the
choice points of any ``ChoosingStep``) and ``cp-sat`` (a CP-SAT model of the lineage
tree of one game action, ``solver/choices/replacement.py``, for the steps that register
one). The tests check that they agree.

A sequence "depends on the order" when another legal sequence takes the same choices
(option tags: which replacement on which event of the action, with which targets) in
another order and ends elsewhere.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any

from arbiter.model.choicepoints import ChoosingStep, Decision
from arbiter.model.damage.action_step import GameActionStep
from arbiter.model.errors import IllegalAction, InputError
from arbiter.model.scenario import Expect, Scenario
from arbiter.model.state import JSON, Event, GameState
from arbiter.model.steps import Step
from arbiter.solver.choices import replacement
from arbiter.solver.choices.leaves import (
    Best,
    Leaf,
    fingerprint,
    objective_value,
    objects_of,
    outcome_of,
)
from arbiter.solver.engine.options import RunOptions
from arbiter.solver.engine.step import located, resolve_step
from arbiter.solver.limits import cut, tripped
from arbiter.solver.status import Status


@dataclass(frozen=True)
class Outcome:
    """A distinct outcome: the final objects and one sequence of choices leading to it."""

    objects: Mapping[str, JSON]
    fingerprint: str
    choices: tuple[Decision, ...]
    order_dependent: bool
    stopped: str | None = None  # the rule of an illegal action that ended this path
    state: GameState | None = field(default=None, compare=False, repr=False)

    def as_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {
            "objects": dict(self.objects),
            "choices": [d.as_json() for d in self.choices],
            "order_dependent": self.order_dependent,
        }
        if self.stopped is not None:
            out["illegal"] = self.stopped
        return out


@dataclass(frozen=True)
class OutcomeSet:
    status: Status
    method: str  # the engine that searched (``engines_used``), not only the one asked for
    outcomes: tuple[Outcome, ...]
    wall_time: float

    @property
    def order_dependent(self) -> bool:
        return any(o.order_dependent for o in self.outcomes)

    def fingerprints(self) -> frozenset[str]:
        return frozenset(o.fingerprint for o in self.outcomes)

    cut: str | None = None  # what stopped the search (solver/limits.py)
    requested: str | None = None  # the engine asked for, when another one searched

    def summary(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {
            "status": self.status.value,
            "method": self.method,
            "count": len(self.outcomes),
            "order_dependent": self.order_dependent,
            "wall_time": round(self.wall_time, 6),
        }
        if self.requested is not None and self.requested != self.method:
            out["method_requested"] = self.requested
        if self.cut is not None:
            out["cut"] = f"stopped early by {self.cut}: the list may be incomplete"
        return out


# -- the exhaustive twin (any ChoosingStep) -------------------------------------------------


def exhaustive_leaves(
    step: ChoosingStep[Any], index: int, run: Any, *, interruptible: bool = False
) -> dict[str, Leaf]:
    """Every distinct end of ``step`` from ``run``: a depth-first search over every option,
    memoised on the canonical run state (orders that meet again are searched once).
    ``interruptible``: the command's limits may stop it (``_Cut``, caught by ``expand``)."""
    memo: dict[Hashable, dict[str, Leaf]] = {}

    def explore(r: Any) -> dict[str, Leaf]:
        k = step.key(r)
        if k in memo:
            return memo[k]
        if interruptible and cut() is not None:  # the command's time limit or memory ceiling
            raise _Cut
        point = step.point(r)
        if point is None:
            fp = outcome_of(step, r)
            found = {fp: Leaf(fp, (), frozenset({frozenset()}))}
        else:
            found = {}
            before = step.tags(r)
            for option in point.options:
                d = Decision(index, point.chooser, point.rule, option)
                after = step.take(r, option)
                added = step.tags(after) - before  # the option, and what it forced
                for fp, leaf in explore(after).items():
                    tags = frozenset(ts | added for ts in leaf.tagsets)
                    if fp in found:
                        old = found[fp]
                        found[fp] = Leaf(fp, old.decisions, old.tagsets | tags)
                    else:
                        found[fp] = Leaf(fp, (d, *leaf.decisions), tags)
        memo[k] = found
        return found

    base = step.tags(run)  # chosen in the file, or forced, before any open decision
    return {
        fp: Leaf(fp, leaf.decisions, frozenset(ts | base for ts in leaf.tagsets))
        for fp, leaf in explore(run).items()
    }


def order_dependent(leaves: Mapping[str, Leaf]) -> set[str]:
    """The outcomes reached by some set of choices that, in another order, ends elsewhere."""
    if leaves and all(leaf.dependent is not None for leaf in leaves.values()):
        return {fp for fp, leaf in leaves.items() if leaf.dependent}
    ends: dict[frozenset[str], set[str]] = {}
    for fp, leaf in leaves.items():
        for ts in leaf.tagsets:
            ends.setdefault(ts, set()).add(fp)
    return {fp for fps in ends.values() if len(fps) > 1 for fp in fps}


# -- engines per step kind --------------------------------------------------------------------

# The step kinds with a CP-SAT model: ``fn(step, index, run, options) -> (leaves, status)``.
Expander = Callable[[Any, int, Any, RunOptions], "tuple[dict[str, Leaf], Status]"]
CPSAT_EXPANDERS: Mapping[type[Step], Expander] = {GameActionStep: replacement.expand_cpsat}
METHODS = ("cp-sat", "exhaustive")


class _Cut(Exception):
    """The command's time limit or memory ceiling stopped a search (solver/limits.py)."""


def first_leaf(step: ChoosingStep[Any], index: int, run: Any) -> dict[str, Leaf]:
    """The end reached by taking the first option at every point: once a search is cut,
    each open step still ends in a legal outcome (the list is then incomplete: FEASIBLE)."""
    decisions: list[Decision] = []
    while (point := step.point(run)) is not None:
        option = point.options[0]
        decisions.append(Decision(index, point.chooser, point.rule, option))
        run = step.take(run, option)
    fp = outcome_of(step, run)
    return {fp: Leaf(fp, tuple(decisions), frozenset({frozenset(step.tags(run))}))}


def engine_for(step: ChoosingStep[Any], run: Any, method: str) -> str:
    """The engine that searches ``step`` from ``run`` when ``method`` is asked for: CP-SAT
    only where the step kind has a model and the model covers the run's policies (not
    Riftbound 373.2's one sequence: ``replacement.modelled``), else the exhaustive twin."""
    if method == "cp-sat" and type(step) in CPSAT_EXPANDERS and replacement.modelled(run):
        return "cp-sat"
    return "exhaustive"


def engines_used(used: set[str], requested: str) -> str:
    """The ``method`` an answer reports: the engine that searched its steps (both, joined
    by ``+``, when steps differ), or the one asked for when no step had a choice."""
    return "+".join(m for m in METHODS if m in used) or requested


def expand(
    step: ChoosingStep[Any], index: int, run: Any, method: str, options: RunOptions
) -> tuple[dict[str, Leaf], Status]:
    """Every distinct end of one step and the status of that search; once the command's
    limits are reached, one legal end (FEASIBLE: never OPTIMAL when cut). ``method`` is
    an engine of ``engine_for``."""
    if cut() is not None:
        return first_leaf(step, index, run), Status.FEASIBLE
    try:
        if method == "cp-sat":
            leaves, status = CPSAT_EXPANDERS[type(step)](step, index, run, options)
        else:
            leaves = exhaustive_leaves(step, index, run, interruptible=True)
            status = Status.OPTIMAL
    except _Cut:
        return first_leaf(step, index, run), Status.FEASIBLE
    if not leaves and status is not Status.OPTIMAL:  # cut before a first solution
        return first_leaf(step, index, run), Status.FEASIBLE
    return leaves, status


def replay(step: ChoosingStep[Any], run: Any, decisions: tuple[Decision, ...]) -> Any:
    """Follow a witness from ``run``: every decision must be an option where it is taken."""
    for d in decisions:
        point = step.point(run)
        if point is None or d.option.key not in {o.key for o in point.options}:
            from arbiter.model.errors import InternalError

            raise InternalError(f"witness does not replay: {d.option.key}")
        run = step.take(run, d.option)
    return run


# -- whole scenarios --------------------------------------------------------------------------


@dataclass(frozen=True)
class _Branch:
    state: GameState
    decisions: tuple[Decision, ...]
    order_dependent: bool
    stopped: str | None = None


def enumerate_outcomes(
    scenario: Scenario, options: RunOptions | None = None, method: str = "cp-sat"
) -> OutcomeSet:
    """(b) Every distinct outcome of the scenario over every legal choice sequence.

    Fixed choices of the file are honoured (an illegal one ends its path with the rule
    it breaks, like ``arbiter run``). Paths are merged after each step when their objects
    are equal; the witness kept is the first in canonical order.
    """
    if method not in METHODS:
        raise InputError(f"expected a method among {', '.join(METHODS)}, got {method!r}")
    options = options or RunOptions()
    t0 = time.perf_counter()
    status = Status.OPTIMAL
    used: set[str] = set()
    branches = [_Branch(scenario.start, (), False)]
    for i, step in enumerate(scenario.steps):
        if isinstance(step, Expect):
            continue
        merged: dict[tuple[str, str | None], _Branch] = {}
        for b in branches:
            found_branches, st = _step_branches(step, i, b, method, options, used)
            if st is not Status.OPTIMAL and status is not Status.UNKNOWN:
                status = st  # a search cut short (even one that found nothing) is never OPTIMAL
            for nb in found_branches:
                key = (fingerprint(objects_of(nb.state)), nb.stopped)
                old = merged.get(key)
                if old is None:
                    merged[key] = nb
                elif nb.order_dependent and not old.order_dependent:
                    merged[key] = _Branch(old.state, old.decisions, True, old.stopped)
        branches = list(merged.values())
    outcomes = []
    for b in branches:
        objects = objects_of(b.state)
        outcomes.append(
            Outcome(
                objects, fingerprint(objects), b.decisions, b.order_dependent, b.stopped, b.state
            )
        )
    outcomes.sort(key=lambda o: ([(d.step, d.option.key) for d in o.choices], o.fingerprint))
    stopped = tripped() if status is not Status.OPTIMAL else None
    return OutcomeSet(
        status,
        engines_used(used, method),
        tuple(outcomes),
        time.perf_counter() - t0,
        stopped,
        method,
    )


def _step_branches(
    step: Step, i: int, b: _Branch, method: str, options: RunOptions, used: set[str]
) -> tuple[list[_Branch], Status]:
    """The branches one step makes of ``b``, and the status of that step's search (the
    engine that searched it is added to ``used``)."""
    if b.stopped is not None:
        return [b], Status.OPTIMAL
    try:
        if not isinstance(step, ChoosingStep):
            state = resolve_step(step, b.state, options)
            return [_Branch(state, b.decisions, b.order_dependent)], Status.OPTIMAL
        run = step.begin(b.state)
    except IllegalAction as exc:
        if step.illegal is None:
            return [_Branch(b.state, b.decisions, b.order_dependent, exc.rule)], Status.OPTIMAL
        refused = Event("refused", (("step", i), ("message", exc.message)), (exc.rule,))
        return [
            _Branch(b.state.with_event(refused), b.decisions, b.order_dependent)
        ], Status.OPTIMAL
    except InputError as exc:  # out of range, or a solve out of time: say which step
        raise located(exc, step, i) from None
    engine = engine_for(step, run, method)
    used.add(engine)
    leaves, status = expand(step, i, run, engine, options)
    dependent = order_dependent(leaves)
    out = []
    for fp, leaf in sorted(leaves.items(), key=lambda kv: [d.option.key for d in kv[1].decisions]):
        state = step.finish(replay(step, run, leaf.decisions))
        flag = b.order_dependent or fp in dependent
        out.append(_Branch(state, b.decisions + leaf.decisions, flag))
    return out, status


# -- (c) the best sequence ---------------------------------------------------------------------


def best_outcome(
    scenario: Scenario,
    objective: Mapping[str, int],
    options: RunOptions | None = None,
    method: str = "cp-sat",
) -> Best:
    """The outcome with the greatest objective over every legal sequence (every choice
    made for the objective's sake: the best case for the player it measures)."""
    found = enumerate_outcomes(scenario, options, method)
    if not found.outcomes:
        return Best(Status.INFEASIBLE, 0, 0, (), {}, found.wall_time)
    top = max(found.outcomes, key=lambda o: objective_value(o.objects, objective))
    value = objective_value(top.objects, objective)
    return Best(found.status, value, value, top.choices, top.objects, found.wall_time)


def minimax(
    step: ChoosingStep[Any], state: GameState, objective: Mapping[str, int], player: str
) -> Best:
    """(c) The best sequence for ``player`` against an opponent who minimises the objective:
    ``player`` maximises at the points where it chooses (R-5), the opponent elsewhere.
    Exhaustive (the game tree), memoised on the run state."""
    t0 = time.perf_counter()
    run0 = step.begin(state)
    memo: dict[Hashable, tuple[int, tuple[Decision, ...], str]] = {}

    def value(r: Any) -> tuple[int, tuple[Decision, ...], str]:
        k = step.key(r)
        if k in memo:
            return memo[k]
        point = step.point(r)
        if point is None:
            objects = objects_of(step.finish(r))
            memo[k] = (objective_value(objects, objective), (), fingerprint(objects))
            return memo[k]
        results = []
        for option in point.options:
            v, rest, fp = value(step.take(r, option))
            results.append((v, (Decision(-1, point.chooser, point.rule, option), *rest), fp))
        pick = max if point.chooser == player else min
        memo[k] = pick(results, key=lambda t: t[0])  # the first of equals: canonical
        return memo[k]

    v, decisions, _ = value(run0)
    final = step.finish(replay(step, run0, decisions))
    return Best(Status.OPTIMAL, v, v, decisions, objects_of(final), time.perf_counter() - t0)


# -- the engine hook and the command line ------------------------------------------------------


def finisher(scenario: Scenario, state: GameState, options: RunOptions) -> dict[str, JSON]:
    """Adds ``outcomes`` (and ``outcome_search``) when asked (``--outcomes``) or expected."""
    if not options.wants_outcomes(scenario):
        return {}
    found = enumerate_outcomes(scenario, options)
    return {
        "outcomes": [o.as_json() for o in found.outcomes],
        "outcome_search": found.summary(),
    }
