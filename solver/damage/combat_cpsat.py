"""Combat damage assignment as a CP-SAT model (Riftbound 460.2.c, 437.5, 815, 826).

``build`` states one ``AssignmentProblem`` in a model; ``solve`` optimises one or more
independent problems (the two sides of a combat) together, stage by stage through the
project's one solve function (``arbiter.solver.cpsat.solve``); ``enumerate_all`` lists every
legal assignment. The caller never sees ``cp_model``.

The model needs no explicit order. An assignment fixes, for each ordinary unit u, the
booleans g_u (assigned some damage) and k_u (assigned lethal, a_u >= L_u), and the
order is read from them (model/damage/combat.py): at most one unit short of lethal
(460.2.c.3: sum of g_u - k_u <= 1); none above lethal unless all are lethal
(460.2.c.4: a_u <= L_u + (T - L_u) * all); and for every pair with rank r(u) < r(v)
(first 0, none 1, last 2): g_v implies k_u (460.2.c.5, 815.1.c.2, 826.4.b). A unit
with both demands has a rank chosen by a boolean d_u (460.2.c.7/8), first when it is
lethal and last when it is assigned nothing (always possible; one d_u per assignment).
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from arbiter.model.damage import combat as cb
from arbiter.solver.cpsat import run as cpsat_run
from arbiter.solver.cpsat import solve as cpsat_solve
from arbiter.solver.damage.lexico import Term, packs, weighted
from arbiter.solver.status import Status

# The models are small (a few variables per unit): presolve costs several times the
# search (benchmarks/combat.py). Without it CP-SAT still proves optimality.
SMALL = {"cp_model_presolve": False}
PACK_BITS = 48  # one solve optimises terms whose combined weights stay below 2**PACK_BITS


@dataclass(frozen=True)
class Built:
    """The variables of one problem in a model (opaque to callers)."""

    problem: cb.AssignmentProblem
    alloc: tuple[Any, ...]
    stages: tuple[Term, ...]
    canonical: tuple[Term, ...]


@dataclass(frozen=True)
class Answer:
    """The optimum of one problem: status, the assignment, its first criterion and bound."""

    status: Status
    assignment: Mapping[str, int]
    objective: int | None
    bound: int | None
    stages: tuple[int, ...] = ()
    canonical: bool = True
    notes: tuple[str, ...] = field(default=())


def build(model: Any, problem: cb.AssignmentProblem, prefix: str = "") -> Built:
    """Add ``problem`` to ``model`` (a ``cp_model.CpModel``); see the module docstring."""
    total = problem.total
    alloc: list[Any] = []
    given: dict[str, Any] = {}
    lethal: dict[str, Any] = {}
    kills: list[Any] = []
    value: list[Any] = []
    dealt: list[Any] = []
    over: list[Any] = []
    stage_names = {s.lstrip("-") for s in cb.STAGES[problem.objective]}
    for r in problem.receivers:
        a = model.new_int_var(0, total, f"{prefix}a[{r.id}]")
        alloc.append(a)
        if r.lethal is None:
            continue  # 460.2.c.9, 437.5.b: any amount, never lethal, never dealt
        need = r.lethal
        g = model.new_bool_var(f"{prefix}g[{r.id}]")
        model.add(a >= g)
        model.add(a <= total * g)
        given[r.id] = g
        if need <= total:
            k = model.new_bool_var(f"{prefix}k[{r.id}]")
            model.add(a >= need * k)
            model.add(a <= need - 1 + (total - need + 1) * k)
            lethal[r.id] = k
            kills.append(k)
            value.append(r.weight * k)
            if "overkill" in stage_names:
                o = model.new_int_var(0, total - need, f"{prefix}o[{r.id}]")
                model.add(o >= a - need)
                model.add(o <= (total - need) * k)
                model.add(o <= a - need * k)
                over.append(o)
        else:
            lethal[r.id] = 0  # out of reach: never lethal
        if "damage" in stage_names:
            dealt.append(_dealt(model, a, r.prevent, total, f"{prefix}{r.id}"))
    ordinary = problem.ordinary
    if ordinary:
        model.add(sum(given[r.id] - lethal[r.id] for r in ordinary) <= 1)  # 460.2.c.3
        if any(isinstance(lethal[r.id], int) for r in ordinary):
            everyone: Any = 0
        else:
            everyone = model.new_bool_var(f"{prefix}all")
            for r in ordinary:
                model.add(everyone <= lethal[r.id])
            model.add(everyone >= sum(lethal[r.id] for r in ordinary) - (len(ordinary) - 1))
        for r, a in zip(problem.receivers, alloc, strict=True):
            if r.lethal is not None and r.lethal < total:
                model.add(a <= r.lethal + (total - r.lethal) * everyone)  # 460.2.c.4
    _priorities(model, ordinary, given, lethal, prefix)
    if alloc:
        model.add(sum(alloc) == total)
    elif total:
        model.add_bool_or([])  # damage and no unit to assign it to: no legal assignment
    exprs = {
        "kills": (sum(kills), len(kills) + 1),
        "value": (sum(value), sum(r.weight for r in ordinary) + 1),
        "damage": (sum(dealt), total + 1),
        "overkill": (sum(over), total + 1),
    }
    sign = 1 if problem.maximise else -1
    stages = []
    for stage in cb.STAGES[problem.objective]:
        name = stage.lstrip("-")
        flip = sign * (-1 if stage.startswith("-") else 1)
        expr, span = exprs[name]
        stages.append(Term(stage, expr if flip > 0 else (span - 1) - expr, span))
    canonical = tuple(
        Term(f"a[{r.id}]", a, total + 1) for r, a in zip(problem.receivers, alloc, strict=True)
    )
    return Built(problem, tuple(alloc), tuple(stages), canonical)


def _dealt(model: Any, a: Any, prevent: int, total: int, name: str) -> Any:
    """max(0, a - prevent), stated with "gets through" p (437.2)."""
    if prevent == 0:
        return a
    top = max(0, total - prevent)
    d = model.new_int_var(0, top, f"d[{name}]")
    p = model.new_bool_var(f"p[{name}]")
    model.add(a >= prevent + 1).only_enforce_if(p)
    model.add(a <= prevent).only_enforce_if(~p)
    model.add(d >= a - prevent)
    model.add(d <= a - prevent * p)
    model.add(d <= top * p)
    return d


def _priorities(
    model: Any,
    ordinary: Sequence[cb.Receiver],
    given: Mapping[str, Any],
    lethal: Mapping[str, Any],
    prefix: str,
) -> None:
    """For every pair with r(u) < r(v): g_v implies k_u (460.2.c.5, 815.1.c.2, 826.4.b)."""
    first: dict[str, Any] = {}
    for r in ordinary:
        if r.dual:  # 460.2.c.7/8: the assigner chooses, unit by unit
            d = model.new_bool_var(f"{prefix}first[{r.id}]")
            model.add(d >= lethal[r.id])  # lethal: first is always possible
            model.add(d <= given[r.id])  # assigned nothing: last is always possible
            first[r.id] = d
    for u in ordinary:
        for v in ordinary:
            if u.id == v.id:
                continue
            ku, gv = lethal[u.id], given[v.id]
            ru, rv = u.rank, v.rank
            if ru is not None and rv is not None:
                if ru < rv:
                    model.add(ku >= gv)
            elif ru is None and rv is not None:
                if rv > cb.FIRST:
                    model.add(ku >= gv + first[u.id] - 1)
            elif ru is not None and rv is None:
                if ru < cb.LAST:
                    model.add(ku >= gv - first[v.id])
            else:
                model.add(ku >= gv + first[u.id] - first[v.id] - 1)




def solve(
    problems: Sequence[cb.AssignmentProblem], *, time_limit: float = 10.0, workers: int = 1
) -> tuple[Answer, ...]:
    """The optimum of each problem: its stages lexicographically, then the canonical order
    (the most to the first ids), each pack of criteria proven optimal and fixed before the
    next. Independent problems share one model: the maximum of a sum of independent terms
    is the sum of their maxima. Statuses are CP-SAT's (UNKNOWN never becomes INFEASIBLE)."""
    from ortools.sat.python import cp_model

    start = time.perf_counter()
    model: Any = cp_model.CpModel()
    builts = [build(model, p, f"s{n}.") for n, p in enumerate(problems)]
    rounds = [packs(b.stages, PACK_BITS) + packs(b.canonical, PACK_BITS) for b in builts]
    depth = max((len(r) for r in rounds), default=0)
    names = {f"{n}.{i}": a for n, b in enumerate(builts) for i, a in enumerate(b.alloc)}
    status = Status.OPTIMAL
    values: dict[str, int] = {}
    firsts: list[tuple[int | None, int | None]] = [(None, None)] * len(builts)
    notes: list[str] = []
    canonical = True
    for level in range(depth):
        objective = 0
        active: list[tuple[int, list[Term], list[int]]] = []
        for n, r in enumerate(rounds):
            if level < len(r):
                expr, weights = weighted(r[level])
                objective = objective + expr
                active.append((n, r[level], weights))
        model.clear_objective()
        if not isinstance(objective, int):
            model.maximize(objective)
        left = max(0.001, start + time_limit - time.perf_counter())
        solved = cpsat_solve(model, names, time_limit=left, workers=workers, parameters=SMALL)
        if not solved.has_solution:
            if level == 0:
                empty = Answer(solved.status, {}, None, None)
                return tuple(empty for _ in builts)
            status = Status.FEASIBLE
            canonical = False
            notes.append("the tie-breaks were not proven within the time limit")
            break
        values = dict(solved.values)
        if level == 0:
            for n, pack, weights in active:
                local = {k.split(".", 1)[1]: v for k, v in values.items() if k.startswith(f"{n}.")}
                firsts[n] = _first(builts[n], pack[0], weights[0], local, solved)
        if solved.status is Status.OPTIMAL and solved.objective is not None and level + 1 < depth:
            # proven best: fixed before the next criteria. The problems are independent, so
            # their sum at its maximum holds each of them at its own maximum.
            model.add(objective >= solved.objective)
        if solved.status is not Status.OPTIMAL:
            status = Status.FEASIBLE
            canonical = False
            notes.append("not proven optimal within the time limit")
            break
        model.clear_hints()
        for name, var in names.items():
            model.add_hint(var, values[name])
    out = []
    for n, b in enumerate(builts):
        assignment = {r.id: values[f"{n}.{i}"] for i, r in enumerate(b.problem.receivers)}
        s = cb.score(b.problem, assignment)
        out.append(
            Answer(
                status,
                assignment,
                firsts[n][0],
                firsts[n][1],
                cb.stage_values(b.problem, s),
                canonical,
                tuple(notes),
            )
        )
    return tuple(out)


def _first(
    b: Built, term: Term, weight: int, local: Mapping[str, int], solved: Any
) -> tuple[int, int]:
    """The first criterion's value and proven bound, in its own sense (not negated)."""
    assignment = {r.id: local[f"{i}"] for i, r in enumerate(b.problem.receivers)}
    value = cb.primary(b.problem, cb.score(b.problem, assignment))
    if solved.status is Status.OPTIMAL:
        return value, value
    # a bound on the sum of all packs bounds each (terms are non-negative); in its sense
    top = math.floor((solved.bound or 0) + 1e-6) // weight
    bound = top if b.problem.maximise else (term.span - 1) - top
    return value, bound


def enumerate_all(
    problem: cb.AssignmentProblem, *, limit: int = 100, time_limit: float = 10.0
) -> tuple[tuple[dict[str, int], ...], int, bool]:
    """Every legal assignment by CP-SAT: up to ``limit`` listed (largest first), how many
    were found, and whether the search finished (the count is then exact)."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    built = build(model, problem)
    seen: set[tuple[int, ...]] = set()

    class Collect(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self) -> None:
            seen.add(tuple(self.value(a) for a in built.alloc))

    done = cpsat_run(
        model,
        time_limit=time_limit,
        what="the combat enumeration model",
        callback=Collect(),
        enumerate_all=True,
    )
    complete = done.status in (Status.OPTIMAL, Status.INFEASIBLE)
    ordered = sorted(seen, reverse=True)
    listed = tuple(dict(zip(problem.ids, v, strict=True)) for v in ordered[:limit])
    return listed, len(seen), complete
