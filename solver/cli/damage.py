"""``arbiter damage FILE``: the optimal split of a damage instruction, proven by CP-SAT.

The file's first ``split`` step whose allocation is left open is solved in the
state reached by the steps before it. A split fixed in the file is checked for
legality instead (the rule id it breaks, exit 1).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

import click

from arbiter.model.wording import plural
from arbiter.solver.cli.convention import Output, output_options
from arbiter.solver.cli.damage_common import WHAT, check_player
from arbiter.solver.cli.options import TIME_LIMIT

if TYPE_CHECKING:
    from arbiter.model.damage.steps import DealDamage, ResolveDamage
    from arbiter.model.state import GameState
    from arbiter.solver.damage.problem import Allocation, SplitProblem


def _check_fixed(step: DealDamage | ResolveDamage, state: GameState) -> dict[str, Any]:
    """A split fixed in the file: legal, or the rule it breaks."""
    from arbiter.model.damage import instructions as dm
    from arbiter.model.damage.steps import DealDamage, find_pending, take_pending
    from arbiter.model.errors import IllegalAction

    try:
        if isinstance(step, DealDamage):
            assert step.targets is not None
            pending = dm.finalize(state, step.instruction, step.targets)
            after = state
        else:
            pending = find_pending(state, step.instruction_id)
            after = take_pending(state, pending)
        assert pending.instruction is not None and step.allocation is not None
        total = dm.pool(after, pending.instruction).total
        dm.check_split(pending, total, step.allocation)
    except IllegalAction as exc:
        return {
            "status": "ILLEGAL",
            "rule": exc.rule,
            "message": exc.message,
            "allocation": dict(step.allocation or {}),
        }
    events = dm.damage_events(after, pending, step.allocation, step.shield_order)
    return {
        "status": "LEGAL",
        "allocation": dict(step.allocation),
        "pool": total,
        "events": [e.as_json() for e in events],
    }


def _why(problem: SplitProblem, result: Allocation, objective: str) -> list[str]:
    from arbiter.solver.status import Status

    reached = {  # the objective reached, worded for its number: "1 unit destroyed"
        "kills": plural(result.objective or 0, "unit destroyed", "units destroyed"),
        "damage": f"{result.objective} damage dealt",
        "value": f"{result.objective} value destroyed",
    }[objective]
    lines = []
    if result.status is Status.OPTIMAL:
        better = "more" if problem.maximise else "fewer"
        lines.append(
            f"OPTIMAL: {reached}; CP-SAT proved the bound "
            f"{result.bound}: no legal split gives {better} {WHAT[objective]}."
        )
        lines.append(
            "lethal damage counts each target's prevention (D-LETHAL-1); every chosen target "
            "gets at least 1 and the split uses the whole pool (D-DIST-1, D-TIME-3)."
        )
        lines.append(
            "ties broken by: "
            + "".join(f"{name}, then " for name in _tie_breaks(objective, problem.maximise))
            + "the most to the first target ids (the canonical order)"
        )
    elif result.status is Status.FEASIBLE:
        lines.append(
            f"FEASIBLE: {reached}, bound {result.bound}: not proven "
            "within the time limit. " + " ".join(result.notes)
        )
    elif result.status is Status.INFEASIBLE:
        lines.append("INFEASIBLE: no legal split exists (D-DIST-1, D-TIME-3).")
    else:
        lines.append("UNKNOWN: the time limit ran out before any split was found.")
    return lines


def _tie_breaks(objective: str, maximise: bool) -> list[str]:
    from arbiter.solver.damage.problem import STAGES

    names = {
        "kills": ("most", "units destroyed"),
        "value": ("most", "value destroyed"),
        "damage": ("most", "damage dealt"),
        "-overkill": ("least", "overkill"),
    }
    flip = {"most": "least", "least": "most"}
    out = []
    for stage in STAGES[objective][1:]:
        word, what = names[stage]
        out.append(f"{word if maximise else flip[word]} {what}")
    return out


@click.command("damage")
@click.argument("file", type=click.Path(dir_okay=False, path_type=str))
@click.option(
    "--objective",
    type=click.Choice(["kills", "damage", "value"]),
    default=None,
    help="What to optimise (default: the step's objective, else kills).",
)
@click.option(
    "--for", "for_player", default=None, help="Optimise for PLAYER (an opponent minimises)."
)
@click.option("--all-optimal", is_flag=True, help="List every optimal allocation (bounded).")
@click.option(
    "--limit",
    type=click.IntRange(1, 10000),
    default=100,
    show_default=True,
    help="At most this many allocations with --all-optimal.",
)
@click.option(
    "--time-limit",
    type=TIME_LIMIT,
    default=10.0,
    show_default=True,
    help="Seconds the whole command may take (the split and --all-optimal together).",
)
@click.option(
    "--workers",
    type=click.IntRange(1, 64),
    default=1,
    show_default=True,
    help="CP-SAT search workers (at most the cores, and 1 per 256 MB of --max-memory).",
)
@output_options(("text", "json"))
def command(
    file: str,
    objective: str | None,
    for_player: str | None,
    all_optimal: bool,
    limit: int,
    time_limit: float,
    workers: int,
    out: Output,
) -> None:
    """The optimal split of the damage instruction in FILE, proven by CP-SAT.

    A split fixed in FILE is checked for legality instead (exit 1 when illegal).
    """
    from arbiter.model.format.scenario import parse_file
    from arbiter.solver import limits
    from arbiter.solver.cli.output import Exit
    from arbiter.solver.damage.open import find_step, is_open, open_split, rows, state_before
    from arbiter.solver.damage.problem import Method
    from arbiter.solver.damage.split import all_optimal as enumerate_optima
    from arbiter.solver.damage.split import solve
    from arbiter.solver.status import Status

    limits.start(time_limit)
    out = replace(out, inputs=(file,))  # -o never writes over the scenario it reads
    allowed = limits.workers_within(workers)
    scenario = parse_file(file)
    index, step = find_step(scenario.steps, scenario.source)
    check_player(for_player, scenario)
    state = state_before(scenario, index)
    if not is_open(step):
        report = {"file": file, "step": index, **_check_fixed(step, state)}
        if out.format == "json":
            out.json(report)
        else:
            with out.captured():
                _print_check(report)
        raise Exit(0 if report["status"] == "LEGAL" else 1)
    split = open_split(state, index, step, objective, for_player)
    problem, chosen, who = split.problem, split.objective, split.for_player
    if allowed < workers:  # said once the input is known good: an error stays one line
        note = f"arbiter: --workers {workers} lowered to {allowed} (cores and memory)"
        click.echo(note, err=True)
        workers = allowed
    # the command prints CP-SAT's proof (the proof of record); the engine and the API
    # take the exact dynamic programme where the split separates (Decision DMG-DP)
    result = solve(problem, time_limit=time_limit, workers=workers, method=Method.CP_SAT)
    answer: dict[str, Any] = {
        "file": file,
        "step": index,
        "instruction": split.instruction,
        "status": result.status.value,
        "objective": result.objective,
        "bound": result.bound,
        "allocation": {k: v for k, v in result.split.items() if v > 0},
        "destroyed": sorted(result.destroyed),
        "objective_name": chosen,
        "for": who,
        "sense": "maximise" if problem.maximise else "minimise",
        "pool": problem.pool,
        "targets": rows(problem, result) if result.split else [],
        "tie_breaks": list(result.stages),
        "wall_time": round(result.wall_time, 6),
        "solves": result.solves,
        "canonical": result.canonical,
        "why": _why(problem, result, chosen),
        "rules": ["D-DIST-1", "D-TIME-3", "D-LETHAL-1"],
    }
    if all_optimal and result.objective is not None and result.status is Status.OPTIMAL:
        optima, complete = enumerate_optima(
            problem, result.objective, limit=limit, time_limit=time_limit, workers=workers
        )
        answer["optima"] = [{k: v for k, v in o.items() if v > 0} for o in optima]
        answer["optima_count"] = len(optima)
        answer["optima_complete"] = complete
    if out.format == "json":
        out.json(answer)
    else:
        with out.captured():
            _print_result(answer)
    raise Exit(0 if result.status in (Status.OPTIMAL, Status.FEASIBLE) else 1)


def _print_check(report: dict[str, Any]) -> None:
    from arbiter.solver.cli.escaping import markup as m
    from arbiter.solver.cli.report import console

    c = console()
    split = ", ".join(f"{m(k)}: {m(v)}" for k, v in report["allocation"].items())
    if report["status"] == "LEGAL":
        c.print(f"[green]legal[/green] split {{{split}}} of {m(report['pool'])}")
    else:
        c.print(
            f"[red]illegal[/red] split {{{split}}}: {m(report['rule'])}: {m(report['message'])}"
        )


def _print_result(out: dict[str, Any]) -> None:
    from rich.table import Table

    from arbiter.solver.cli.escaping import markup as m
    from arbiter.solver.cli.report import console

    c = console()
    title = (
        f"{m(out['instruction'])}: split {out['pool']} for {m(out['objective_name'])} "
        f"({out['sense']}, {m(out['for'])})"
    )
    table = Table(title=title, title_justify="left")
    for col in ("target", "damage", "prevented", "dealt", "destroyed", "needs"):
        table.add_column(col)
    for r in out["targets"]:
        table.add_row(
            m(r["target"]),
            str(r["damage"]),
            str(r["prevented"]),
            str(r["dealt"]),
            "yes" if r["destroyed"] else "",
            "-" if r["needs"] is None else str(r["needs"]),
        )
    c.print(table)
    for line in out["why"]:
        c.print(m(line))
    c.print(f"status {out['status']}, wall time {out['wall_time'] * 1000:.1f} ms")
    if "optima" in out:
        more = "" if out["optima_complete"] else " (limit reached: there may be more)"
        c.print(f"{plural(out['optima_count'], 'optimal allocation')}{more}:")
        for o in out["optima"]:
            c.print("  " + ", ".join(f"{m(k)}: {v}" for k, v in o.items()))
