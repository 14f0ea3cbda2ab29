"""CP-SAT model of the replacement choices of one game action (R-1..R-6).

The *lineage tree* of an action is built first: its proposed events, and for every
replacement that could apply to an event (and every legal pick of targets) the
events it would make instead, and so on (a replacement never appears twice on one
lineage: R-4). A legal end of the action is then a set of applications:

- y[a] ∈ {0, 1}: application ``a`` (replacement r on event n with targets t) happens;
- an event exists if it is proposed now or its application happens; each existing
  event is replaced at most once (R-3: the replaced event is not done);
- each replacement applies at most once in the action (R-4);
- at the end no mandatory replacement could still apply: an event that is carried
  out and that a mandatory unused replacement waits for is impossible (R-1).

Every solution is enumerated with a solution callback; each one is replayed through
the model's choice points (R-5 chooser, "may") to give a witness sequence, which also
checks the model against the rules process. ``solve_best`` maximises a linear
objective over counters instead (c).
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from arbiter.model.choicepoints import Decision
from arbiter.model.damage import replacement as rp
from arbiter.model.damage.action_step import GameActionStep
from arbiter.model.damage.actions import EVENT_COUNTERS, ProposedEvent, counter_changes
from arbiter.model.errors import InternalError
from arbiter.model.state import GameState
from arbiter.solver import cpsat
from arbiter.solver.choices.leaves import Best, Leaf, objective_value, objects_of, outcome_of
from arbiter.solver.engine.options import RunOptions
from arbiter.solver.status import Status

UNIVERSE_LIMIT = 200_000


@dataclass(frozen=True)
class App:
    """Replacement ``by`` applied to event ``node`` with ``targets``, making ``children``."""

    node: int
    by: str
    targets: tuple[str, ...]
    children: tuple[int, ...]
    mandatory: bool


@dataclass(frozen=True)
class Universe:
    """The lineage tree: events (``parent[i]`` is the application that makes event i, or
    None for an event proposed now) and applications."""

    events: tuple[ProposedEvent, ...]
    parent: tuple[int | None, ...]
    apps: tuple[App, ...]


def build_universe(run: rp.ReplacementRun, limit: int = UNIVERSE_LIMIT) -> Universe:
    events: list[ProposedEvent] = list(run.pending)
    parent: list[int | None] = [None] * len(events)
    apps: list[App] = []
    i = 0
    while i < len(events):
        e = events[i]
        seen = {link.by for link in e.chain}
        for r in run.active:
            if r.id in run.used or r.id in seen:
                continue
            if parent[i] is None and (e.node, r.id) in run.declined:
                continue
            if not rp.matches(r, e, run.state):
                continue
            for targets in rp.target_options(r, e, run.state):
                made = [m for m in rp.made_instead(r, e, targets) if m.amount > 0]
                first = len(events)
                events.extend(made)
                parent.extend([len(apps)] * len(made))
                kids = tuple(range(first, len(events)))
                apps.append(App(i, r.id, targets, kids, not r.optional))
        if len(events) + len(apps) > limit:
            raise InternalError(f"the lineage tree exceeds {limit} nodes: use --method exhaustive")
        i += 1
    return Universe(tuple(events), tuple(parent), tuple(apps))


@dataclass(frozen=True)
class Enumeration:
    """Every solution found (each a set of application indices), and how the search ended."""

    status: Status
    solutions: tuple[frozenset[int], ...]
    wall_time: float


@dataclass(frozen=True)
class BestSolve:
    status: Status
    objective: int
    bound: int
    solution: frozenset[int]
    wall_time: float


class _Built:
    """A CP-SAT model with one or more copies of the action's variables (kept inside this
    module): ``y`` per application, the counters each copy changes, and its tags."""

    def __init__(self, model: Any, universe: Universe) -> None:
        self.model = model
        self.universe = universe
        self.copies: list[_Copy] = []

    @property
    def y(self) -> list[Any]:
        return self.copies[0].y


@dataclass
class _Copy:
    y: list[Any]
    totals: dict[tuple[str, str], Any]  # (object, counter) -> what the action adds


def _add_copy(built: _Built, name: str) -> _Copy:
    model, u = built.model, built.universe
    y = [model.new_bool_var(f"{name}{k}_{a.by}_on_{a.node}") for k, a in enumerate(u.apps)]
    on: dict[int, list[int]] = {}
    of: dict[str, list[int]] = {}
    for k, a in enumerate(u.apps):
        on.setdefault(a.node, []).append(k)
        of.setdefault(a.by, []).append(k)

    def exists(n: int) -> Any:
        p = u.parent[n]
        return 1 if p is None else y[p]

    for n, ks in on.items():  # an event is replaced at most once, and only if it exists
        model.add(sum(y[k] for k in ks) <= exists(n))
    used: dict[str, Any] = {}
    for rid, ks in of.items():  # once per action
        used[rid] = model.new_bool_var(f"{name}_used_{rid}")
        model.add(sum(y[k] for k in ks) == used[rid])
    for n, ks in on.items():  # a mandatory replacement left waiting is impossible
        for rid in sorted({u.apps[k].by for k in ks if u.apps[k].mandatory}):
            carried_out = exists(n) - sum(y[k] for k in ks)
            model.add(carried_out <= used[rid])
    totals: dict[tuple[str, str], Any] = {}
    for n, e in enumerate(u.events):
        key = (e.target, EVENT_COUNTERS[e.kind])
        done = exists(n) - sum(y[k] for k in on.get(n, []))
        totals[key] = totals.get(key, 0) + e.amount * done
    copy = _Copy(y, totals)
    built.copies.append(copy)
    return copy


def build_model(u: Universe) -> _Built:
    """The model of one action's legal ends (one copy of the variables)."""
    from ortools.sat.python import cp_model

    built = _Built(cp_model.CpModel(), u)
    _add_copy(built, "y")
    return built


def solve_all(built: _Built, time_limit: float = 10.0) -> Enumeration:
    """Every solution, with a callback (enumeration needs one worker)."""
    from ortools.sat.python import cp_model

    found: list[frozenset[int]] = []

    u, y = built.universe, built.y
    on: dict[int, list[int]] = {}
    for k, a in enumerate(u.apps):
        on.setdefault(a.node, []).append(k)
    roots = [n for n, p in enumerate(u.parent) if p is None]

    class Collect(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self) -> None:
            # read only the applications on events that exist (a walk down the lineage)
            chosen, stack = [], list(roots)
            while stack:
                for k in on.get(stack.pop(), ()):
                    if self.boolean_value(y[k]):
                        chosen.append(k)
                        stack.extend(u.apps[k].children)
            found.append(frozenset(chosen))

    t0 = time.perf_counter()
    done = cpsat.run(  # enumeration: one worker
        built.model,
        time_limit=time_limit,
        what="the replacement model",
        callback=Collect(),
        enumerate_all=True,
    )
    status = done.status
    if status is Status.FEASIBLE or (status is Status.UNKNOWN and found):
        status = Status.FEASIBLE  # stopped by the time limit: the list may be incomplete
    return Enumeration(status, tuple(sorted(set(found), key=sorted)), time.perf_counter() - t0)


def weights_of(u: Universe, objective: Mapping[str, int]) -> list[int]:
    """The objective gained by carrying out each event of the universe."""
    out = []
    for e in u.events:
        out.append(objective.get(f"{e.target}.{EVENT_COUNTERS[e.kind]}", 0) * e.amount)
    return out


def solve_best(
    built: _Built, objective: Mapping[str, int], time_limit: float = 10.0, workers: int = 1
) -> BestSolve:
    """(c) The end of the action with the greatest objective (events carried out)."""
    u = built.universe
    w = weights_of(u, objective)
    on: dict[int, list[int]] = {}
    for k, a in enumerate(u.apps):
        on.setdefault(a.node, []).append(k)
    terms = []
    for n, weight in enumerate(w):
        if weight == 0:
            continue
        p = u.parent[n]
        exists = 1 if p is None else built.y[p]
        terms.append(weight * (exists - sum(built.y[k] for k in on.get(n, []))))
    built.model.maximize(sum(terms))
    done = cpsat.run(
        built.model,
        time_limit=time_limit,
        read=list(built.y),
        what="the replacement model",
        workers=workers,
    )
    if not done.status.has_solution or done.objective is None or done.bound is None:
        return BestSolve(done.status, 0, 0, frozenset(), done.wall_time)
    chosen = frozenset(k for k, v in enumerate(done.values) if v)
    return BestSolve(
        done.status, round(done.objective), round(done.bound), chosen, done.wall_time
    )


# -- from solutions back to the rules process ------------------------------------------------


def witness(
    step: GameActionStep, index: int, run: rp.ReplacementRun, u: Universe, chosen: frozenset[int]
) -> tuple[tuple[Decision, ...], rp.ReplacementRun]:
    """A legal sequence of choices realising the solution ``chosen`` (InternalError if the
    rules process cannot follow it: the model and the rules disagree)."""
    want = {(u.events[u.apps[k].node].node, u.apps[k].by, u.apps[k].targets) for k in chosen}
    before = _applied(run)
    decisions: list[Decision] = []
    while (point := step.point(run)) is not None:
        cands = rp.candidates(run)
        pick = next((c for c in cands if (c.event.node, c.replacement.id, c.targets) in want), None)
        if pick is not None:
            option = rp.apply_option(run, pick)
        else:
            declines = [o for o in point.options if dict(o.data).get("decline")]
            if not declines:
                raise InternalError("CP-SAT solution leaves a mandatory replacement waiting")
            option = declines[0]
        decisions.append(Decision(index, point.chooser, point.rule, option))
        run = step.take(run, option)
    if _applied(run) - before != want:
        raise InternalError("CP-SAT solution and the rules process disagree")
    return tuple(decisions), run


def _applied(run: rp.ReplacementRun) -> set[tuple[object, str, tuple[str, ...]]]:
    return {(a.event.node, a.by, a.targets) for a in run.log if a.event is not None}


def end_of(u: Universe, chosen: frozenset[int]) -> tuple[ProposedEvent, ...]:
    """The events a solution carries out: those that exist and are not replaced."""
    made = {n for k in chosen for n in u.apps[k].children}
    replaced = {u.apps[k].node for k in chosen}
    return tuple(
        e
        for n, e in enumerate(u.events)
        if (u.parent[n] is None or n in made) and n not in replaced
    )


def modelled(run: Any) -> bool:
    """Whether the CP-SAT model fits the run's rules: it counts each replacement once per
    action (R-4); under Riftbound 373.2 (``replacement_reach: one-sequence``) the
    exhaustive search decides instead."""
    state = getattr(run, "state", None)
    return state is None or not rp.one_sequence(state)


def expand_cpsat(
    step: GameActionStep, index: int, run: rp.ReplacementRun, options: RunOptions
) -> tuple[dict[str, Leaf], Status]:
    """The distinct ends of one game action from every CP-SAT solution: solutions are
    grouped by outcome (the counters they change), with the tags of each (order
    dependence); one witness per outcome is replayed through the rules process, which
    checks the model. The model counts each replacement once per action (R-4); under
    Riftbound 373.2 (``replacement_reach: one-sequence``) the exhaustive search decides."""
    if not modelled(run):
        raise InternalError("the CP-SAT model of replacements follows R-4, not Riftbound 373.2")
    u = build_universe(run)
    found = solve_all(build_model(u), options.time_limit)
    if found.status is Status.INFEASIBLE:
        raise InternalError("CP-SAT found no legal end of the action: the model is wrong")
    by_id = {r.id: r for r in run.active}
    base = rp.tags(run)
    groups: dict[str, tuple[frozenset[int], set[frozenset[str]]]] = {}
    for chosen in found.solutions:  # sorted: the first of a group is its witness
        key = "changes " + json.dumps(counter_changes(end_of(u, chosen)))
        tags = base | {
            rp.tag(by_id[u.apps[k].by], u.events[u.apps[k].node].root, u.apps[k].targets)
            for k in chosen
        }
        groups.setdefault(key, (chosen, set()))[1].add(frozenset(tags))
    leaves: dict[str, Leaf] = {}
    for key, (chosen, tagsets) in groups.items():
        decisions, end = witness(step, index, run, u, chosen)
        if outcome_of(step, end) != key:
            raise InternalError("CP-SAT outcome and the rules process disagree")
        leaves[key] = Leaf(key, decisions, frozenset(tagsets))
    return leaves, found.status




def best_cpsat(
    step: GameActionStep,
    state: GameState,
    objective: Mapping[str, int],
    options: RunOptions | None = None,
) -> Best:
    """(c) The sequence of one game action with the greatest objective, by CP-SAT: every
    choice is made for the objective's sake (the best case for the player it measures)."""
    options = options or RunOptions()
    run = step.begin(state)
    if rp.one_sequence(run.state):
        raise InternalError("the CP-SAT model of replacements follows R-4, not Riftbound 373.2")
    u = build_universe(run)
    solved = solve_best(build_model(u), objective, options.time_limit, options.workers)
    if solved.status not in (Status.OPTIMAL, Status.FEASIBLE):
        return Best(solved.status, 0, 0, (), {}, solved.wall_time)
    decisions, end = witness(step, 0, run, u, solved.solution)
    objects = objects_of(step.finish(end))
    value = objective_value(objects, objective)
    bound = solved.bound + value - solved.objective  # the counters before the action count too
    return Best(solved.status, value, bound, decisions, objects, solved.wall_time)
