"""``arbiter loops FILE [--budget N] [--one-day] [--json] [--png OUT]``.

On a card set: the static pass finds candidate loops (strongly connected abilities);
each is searched from the minimal state of its cards. On a scenario: the candidates
are shown and the search starts from the scenario's declared state. The answer is
one verdict (``loop`` > ``undetermined`` > ``terminates``) with its witness or reason,
and one entry per candidate. Exit 0, or 1 when the file's ``expect_verdict:`` fails.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from arbiter.model.errors import InputError
from arbiter.model.format.loop_input import LoopInput
from arbiter.model.state import JSON
from arbiter.solver.cli.convention import Output, output_options, say_wrote
from arbiter.solver.loops.decide import DEFAULT_BUDGET, LoopVerdict

if TYPE_CHECKING:
    from arbiter.solver.loops.report import LoopReport
from arbiter.solver.cli.options import TIME_LIMIT


def _print(report: LoopReport, checks: list[tuple[str, JSON, JSON, bool]]) -> None:
    from rich.table import Table

    from arbiter.solver.cli.escaping import markup as m
    from arbiter.solver.cli.report import console

    out = console()
    v = report.verdict
    colour = {
        LoopVerdict.LOOP: "red",
        LoopVerdict.TERMINATES: "green",
        LoopVerdict.UNDETERMINED: "yellow",
    }[v.verdict]
    mand = "" if v.mandatory is None else (" (mandatory)" if v.mandatory else " (optional)")
    out.print(f"[bold]{m(report.source)}[/bold]: [bold {colour}]{v.verdict.value}[/]{mand}")
    out.print(f"  {m(v.reason)}")
    if report.candidates:
        table = Table(title="candidate loops (static pass)", title_justify="left")
        for col in ("cycle of abilities", "verdict"):
            table.add_column(col)
        for path, _, cv in report.candidates:
            table.add_row(m(path), "" if cv is None else cv.verdict.value)
        out.print(table)
    if v.steps:
        out.print("witness:")
        n_prefix = len(v.prefix)
        for i, s in enumerate(v.steps):
            mark = "  ↻ " if v.cycle and i >= n_prefix else "    "
            out.print(f"{mark}{m(s['text'])}")
    out.print(
        f"explored {v.explored} state(s) of a budget of {report.budget} in {v.wall_time:.3f} s"
    )
    for path, expected, actual, passed in checks:
        tag = "[green]ok[/green]  " if passed else "[red]FAIL[/red]"
        got = "" if passed else f" (got {m(repr(actual))})"
        out.print(f"  {tag}  {m(path)} = {m(repr(expected))}{got}")


def _located(exc: InputError, data: LoopInput, file: str) -> InputError:
    """An error the search met (ROBUST-RANGE) located at the object it names, else at the
    top of the file; an error that has a place keeps it."""
    from arbiter.model.errors import Location
    from arbiter.model.format.document import load, path_text

    if exc.location is not None:
        return exc
    section = "objects" if data.kind == "scenario" else "cards"
    doc = load(file)
    for oid in sorted(data.scenario.start.objects, key=len, reverse=True):
        if f"{oid}." in exc.message:
            where = doc.location((section, oid), key=True)
            return InputError(exc.message, location=where, path=path_text((section, oid)))
    return InputError(f"the loop search: {exc.message}", location=Location(file, 1, 1))


@click.command("loops")
@click.argument("file", type=click.Path(dir_okay=True, path_type=str))
@click.option(
    "--budget",
    type=click.IntRange(1, 10**8),
    default=None,
    help=f"States the search may explore per candidate (default {DEFAULT_BUDGET}).",
)
@click.option(
    "--one-day",
    is_flag=True,
    help="Count quick action activations against A-GOLD-9 within one day.",
)
@click.option(
    "--time-limit",
    type=TIME_LIMIT,
    default=10.0,
    show_default=True,
    help="Seconds the whole search may take (then: undetermined, cut by the time limit).",
)
@output_options(("text", "json", "png", "svg"))
@click.option(
    "--png",
    "png",
    type=click.Path(dir_okay=False, path_type=str),
    default=None,
    metavar="FILE",
    help="Also draw the witness cycle (or the first candidate) to this PNG file.",
)
def _loops(
    file: str,
    budget: int | None,
    one_day: bool,
    time_limit: float,
    out: Output,
    png: str | None,
) -> None:
    """Detect loops in a card set or a scenario FILE: loop, terminates or undetermined."""
    from dataclasses import replace

    from arbiter.model.format.loop_input import load_for_loops
    from arbiter.solver import limits
    from arbiter.solver.cli.convention import write_file
    from arbiter.solver.cli.output import Exit
    from arbiter.solver.loops.report import analyse, check_expectations, witness_ring

    limits.start(time_limit)
    if png:  # a path that cannot be written is refused before any work
        from arbiter.solver.safe_output import check_target

        check_target(png, [file], (".png",))
    data = load_for_loops(file)
    chosen = budget or data.options.budget or DEFAULT_BUDGET
    note = None
    if chosen > limits.state_ceiling():  # a memory-aware ceiling on the budget
        lowered = limits.state_ceiling()
        note = (
            f"arbiter: a budget of {chosen} states is lowered to {lowered}, what "
            f"{limits.max_memory_mb()} MB hold (--max-memory)"
        )
        chosen = lowered
    try:
        report = analyse(data, chosen, one_day or data.options.one_day)
    except InputError as exc:  # a value out of range met by the search: say where
        raise _located(exc, data, file) from None
    if note is not None:  # said once the input is known good: an error stays one line
        click.echo(note, err=True)
    checks = check_expectations(report, data)
    from arbiter.solver.loops.graph import draw

    out = replace(out, inputs=(file,))
    title = f"{report.verdict.verdict.value}: {file}"
    if png:  # as --html of check: a drawing beside the answer
        write_file(png, draw(witness_ring(report), title), [file])
        say_wrote(png, "the drawing")
    if out.format in ("png", "svg"):
        out.write(draw(witness_ring(report), title, out.format), "the drawing")
    elif out.format == "json":
        answer = report.as_json()
        if checks:
            answer["expect"] = {
                "passed": sum(1 for c in checks if c[3]),
                "failed": sum(1 for c in checks if not c[3]),
                "checks": [
                    {"path": p, "expected": e, "actual": a, "passed": ok} for p, e, a, ok in checks
                ],
            }
        out.json(answer)
    else:
        with out.captured():
            _print(report, checks)
    raise Exit(0 if all(c[3] for c in checks) else 1)


command = _loops
