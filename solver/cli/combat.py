"""``arbiter combat FILE``: combat damage assignments (Riftbound 460.2.c), checked or
proven optimal, and with ``--all`` every legal assignment counted and listed.

The file's first ``combat`` step is taken in the state reached by the steps before it.
For each side, an assignment fixed in the file is checked (the article it breaks, exit
1); an open one gets the proven optimum of the objective (CP-SAT).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

import click

from arbiter.solver.cli.convention import Output, output_options
from arbiter.solver.cli.damage_common import WHAT, check_player
from arbiter.solver.cli.options import TIME_LIMIT

if TYPE_CHECKING:
    from arbiter.model.damage import combat as cb
    from arbiter.model.scenario import Scenario


def find_combat(scenario: Scenario) -> int:
    """The index of the first ``combat`` step (InputError when there is none)."""
    from arbiter.model.damage.combat_state import Combat
    from arbiter.model.errors import InputError, Location

    for i, step in enumerate(scenario.steps):
        if isinstance(step, Combat):
            return i
    raise InputError("expected a 'combat' step", location=Location(scenario.source, 1, 1))


def rows(problem: cb.AssignmentProblem, assignment: dict[str, int]) -> list[dict[str, Any]]:
    """One row per unit assigned damage: lethal, assigned, prevented, dealt, destroyed."""
    from arbiter.model.damage import combat as cb

    s = cb.score(problem, assignment)
    out = []
    for r in problem.receivers:
        given = assignment.get(r.id, 0)
        out.append(
            {
                "unit": r.id,
                "lethal": r.lethal,
                "assigned": given,
                "prevented": given - s.dealt[r.id] if r.exempt != cb.CANNOT_BE_DEALT else 0,
                "dealt": s.dealt[r.id],
                "destroyed": r.id in s.destroyed,
                "demand": "both" if r.dual else "first" if r.first else "last" if r.last else None,
                "exempt": r.exempt,
            }
        )
    return out


def _why(
    problem: cb.AssignmentProblem,
    status: str,
    value: int | None,
    bound: int | None,
    prover: str = "CP-SAT",
) -> str:
    from arbiter.model.damage import combat as cb

    what = WHAT[cb.STAGES[problem.objective][0]]
    if status == "OPTIMAL":
        more = "more" if problem.maximise else "fewer"
        return (
            f"OPTIMAL: {value} {what}; {prover} proved the bound {bound}: no legal assignment "
            f"gives {more} {what} (ties: {', '.join(cb.STAGES[problem.objective][1:]) or '-'}, "
            "then the most to the first unit ids)."
        )
    if status == "FEASIBLE":
        return f"FEASIBLE: {value} {what}, bound {bound}: not proven within the time limit."
    if status == "INFEASIBLE":
        return "INFEASIBLE: no legal assignment (460.2.c)."
    return "UNKNOWN: the time limit ran out before any assignment was found."


def _exact(problem: cb.AssignmentProblem) -> Any:
    """The optimum by the exact algorithm, as a CP-SAT answer (proven: it is exhaustive)."""
    from arbiter.model.damage import combat as cb
    from arbiter.solver.damage import combat_exact as ex
    from arbiter.solver.damage.combat_cpsat import Answer
    from arbiter.solver.status import Status

    best = ex.best(problem)
    if best is None:
        return Answer(Status.INFEASIBLE, {}, None, None)
    s = cb.score(problem, best)
    value = cb.primary(problem, s)
    return Answer(Status.OPTIMAL, best, value, value, cb.stage_values(problem, s))


def _every(
    problem: cb.AssignmentProblem, method: str, limit: int, time_limit: float
) -> dict[str, Any]:
    from arbiter.solver.damage import combat_exact as ex
    from arbiter.solver.damage.combat_cpsat import enumerate_all

    if method == "cpsat":
        listed, found, complete = enumerate_all(problem, limit=limit, time_limit=time_limit)
        return {
            "count": found,
            "count_complete": complete,
            "listed": [{k: v for k, v in a.items() if v > 0} for a in listed],
            "listed_complete": complete and found <= limit,
        }
    total = ex.count(problem)
    listed_exact = ex.listing(problem, limit)
    return {
        "count": total,
        "count_complete": True,
        "listed": [{k: v for k, v in a.items() if v > 0} for a in listed_exact],
        "listed_complete": total <= limit,
    }


@click.command("combat")
@click.argument("file", type=click.Path(dir_okay=False, path_type=str))
@click.option(
    "--objective",
    type=click.Choice(["kills", "damage", "value"]),
    default=None,
    help="What open assignments optimise (default: the step's objective, else kills).",
)
@click.option(
    "--for",
    "for_player",
    default=None,
    help="Optimise for PLAYER: their assignment maximises, the other side's minimises.",
)
@click.option("--all", "every", is_flag=True, help="Count and list every legal assignment.")
@click.option(
    "--limit",
    type=click.IntRange(1, 100000),
    default=100,
    show_default=True,
    help="At most this many assignments listed with --all.",
)
@click.option(
    "--method",
    type=click.Choice(["auto", "cpsat", "exact"]),
    default="auto",
    show_default=True,
    help="auto: the optimum by CP-SAT, --all by the structure of the problem; cpsat or "
    "exact: both by that method.",
)
@click.option(
    "--time-limit",
    type=TIME_LIMIT,
    default=10.0,
    show_default=True,
    help="Seconds CP-SAT may take.",
)
@output_options(("text", "json"))
def command(
    file: str,
    objective: str | None,
    for_player: str | None,
    every: bool,
    limit: int,
    method: str,
    time_limit: float,
    out: Output,
) -> None:
    """Combat damage assignments of the first combat step in FILE (Riftbound 460.2.c).

    A side's assignment fixed in FILE is checked (exit 1 when illegal, with the article
    it breaks); an open one gets the proven optimum; --all counts every legal one.
    """
    import time

    from arbiter.model.damage import combat as cb
    from arbiter.model.damage import combat_state as cs
    from arbiter.model.errors import IllegalAction
    from arbiter.model.format.scenario import parse_file
    from arbiter.solver.cli.output import Exit
    from arbiter.solver.damage.combat_cpsat import solve
    from arbiter.solver.damage.open import state_before

    out = replace(out, inputs=(file,))  # -o never writes over the scenario it reads
    scenario = parse_file(file)
    index = find_combat(scenario)
    check_player(for_player, scenario)
    step = scenario.steps[index]
    assert isinstance(step, cs.Combat)
    if objective is not None:
        step = replace(step, objective=cb.Objective(objective))
    if for_player is not None:
        step = replace(step, for_player=for_player)
    state = state_before(scenario, index)
    if not step.attackers and not step.defenders:  # the designated units (RB-STATES)
        from arbiter.model.riftbound_states import as_resolved

        resolved = as_resolved(step, state)
        assert isinstance(resolved, cs.Combat)
        step = resolved
    from ortools.sat.python import cp_model  # noqa: F401 - loaded before the clock starts

    start = time.perf_counter()
    problems = {side: cs.problem_for(state, step, side) for side in cs.Side}
    open_sides = step.open_sides
    answers = dict(
        zip(
            open_sides, solve([problems[s] for s in open_sides], time_limit=time_limit), strict=True
        )
    )
    sides: dict[str, Any] = {}
    failed = False
    for side in cs.Side:
        problem = problems[side]
        report: dict[str, Any] = {
            "player": cs.controller_of(state, step.units(side)),
            "total": problem.total,
            "among": list(problem.ids),
        }
        fixed = step.assign.get(side)
        if fixed is not None:
            try:
                cb.check(problem, fixed)
                report.update(status="LEGAL", assignment=dict(fixed))
            except IllegalAction as exc:
                failed = True
                report.update(
                    status="ILLEGAL", rule=exc.rule, message=exc.message, assignment=dict(fixed)
                )
        else:
            answer = answers[side]
            failed = failed or not answer.assignment
            report.update(
                status=answer.status.value,
                objective_name=problem.objective.value,
                sense="maximise" if problem.maximise else "minimise",
                objective=answer.objective,
                bound=answer.bound,
                assignment={k: v for k, v in answer.assignment.items() if v > 0},
                canonical=answer.canonical,
                method="exact" if method == "exact" else "cpsat",
                why=_why(
                    problem,
                    answer.status.value,
                    answer.objective,
                    answer.bound,
                    "the exact algorithm (every structure)" if method == "exact" else "CP-SAT",
                ),
            )
        if report.get("status") in ("LEGAL", "OPTIMAL", "FEASIBLE"):
            full = {rid: report["assignment"].get(rid, 0) for rid in problem.ids}
            report["units"] = rows(problem, full)
            report["destroyed"] = sorted(cb.score(problem, full).destroyed)
        if every:
            report["all"] = _every(problem, method, limit, time_limit)
        sides[side.value] = report
    result: dict[str, Any] = {
        "file": file,
        "step": index,
        "sides": sides,
        "rules": ["Riftbound 460.2.c", "Riftbound 437.5.a"],
        "wall_time": round(time.perf_counter() - start, 6),
    }
    if out.format == "json":
        out.json(result)
    else:
        with out.captured():
            _print(result)
    raise Exit(1 if failed else 0)


def _print(out: dict[str, Any]) -> None:
    from rich.table import Table

    from arbiter.solver.cli.escaping import markup as m
    from arbiter.solver.cli.report import console

    c = console()
    for side, rep in out["sides"].items():
        among = ", ".join(m(u) for u in rep["among"])
        head = f"{side} ({m(rep['player'])}) assign {rep['total']} among {among}"
        if rep["status"] == "ILLEGAL":
            c.print(f"{head}: [red]illegal[/red]: {m(rep['rule'])}: {m(rep['message'])}")
        elif "units" in rep:
            table = Table(title=f"{head}: {rep['status']}", title_justify="left")
            for col in ("unit", "lethal", "assigned", "prevented", "dealt", "destroyed"):
                table.add_column(col)
            for r in rep["units"]:
                table.add_row(
                    m(r["unit"]),
                    "-" if r["lethal"] is None else str(r["lethal"]),
                    str(r["assigned"]),
                    str(r["prevented"]),
                    str(r["dealt"]),
                    "yes" if r["destroyed"] else "",
                )
            c.print(table)
            if "why" in rep:
                c.print(m(rep["why"]))
        else:
            c.print(f"{head}: {rep['status']}")
        if "all" in rep:
            every = rep["all"]
            exact = "" if every["count_complete"] else " (the search did not finish: at least)"
            c.print(f"{every['count']} legal assignment(s){exact}")
            for a in every["listed"]:
                c.print("  " + (", ".join(f"{m(k)}: {v}" for k, v in a.items()) or "nothing"))
            if not every["listed_complete"]:
                c.print(f"  ... (listed {len(every['listed'])})")
    c.print(f"wall time {out['wall_time'] * 1000:.1f} ms")
