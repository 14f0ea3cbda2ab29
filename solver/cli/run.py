"""``arbiter run FILES...``: resolve scenarios and check their ``expect:`` blocks.

One scenario prints its whole report; several (files, folders, globs; ``-k``, ``-x``)
print one line each and a summary line (solver/cli/run_many.py).
"""

from __future__ import annotations

import click

from arbiter.solver.cli.convention import Output, output_options
from arbiter.solver.cli.options import TIME_LIMIT
from arbiter.solver.cli.output import Exit, emit_json


@click.command("run")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=True, path_type=str))
@output_options(("text", "json"))
@click.option("--explain", is_flag=True, help="Show, per value, the rule ids that produced it.")
@click.option(
    "--time-limit",
    type=TIME_LIMIT,
    default=10.0,
    show_default=True,
    help="Seconds the whole command may take (every solve and search within it).",
)
@click.option(
    "--outcomes",
    is_flag=True,
    help="Also search every legal choice sequence and list the distinct outcomes.",
)
@click.option(
    "-k", "keyword", default=None, metavar="EXPR", help="Only the files whose path matches EXPR."
)
@click.option("-x", "--exitfirst", is_flag=True, help="Stop at the first scenario not passed.")
def command(
    files: tuple[str, ...],
    out: Output,
    explain: bool,
    time_limit: float,
    outcomes: bool,
    keyword: str | None,
    exitfirst: bool,
) -> None:
    """Resolve scenario FILES (files, folders, globs) and check their expect: blocks."""
    from arbiter.solver.cli import run_many

    paths = run_many.collect(files)
    if keyword is not None:
        keep = run_many.keyword_filter(keyword)
        chosen = [p for p in paths if keep(p)]
    else:
        chosen = paths
    if len(files) == 1 and paths == list(files) and chosen:
        _run_one(chosen[0], out, explain, time_limit, outcomes)
    with out.captured():
        text = out.format == "text"
        done, seconds = run_many.run_each(chosen, time_limit, outcomes, exitfirst, text)
        if text:
            click.echo(run_many.summary(done, seconds, len(paths) - len(chosen)))
        else:
            emit_json(run_many.as_json(done, seconds, len(paths) - len(chosen)))
    raise Exit(run_many.exit_code(done) if done else 2 if not paths else 0)


def _run_one(file: str, out: Output, explain: bool, time_limit: float, outcomes: bool) -> None:
    """One scenario: its whole report, as it always has been."""
    from arbiter.model.format.scenario import parse_file
    from arbiter.solver import limits
    from arbiter.solver.engine import runner as engine
    from arbiter.solver.engine.options import RunOptions

    limits.start(time_limit)
    scenario = parse_file(file)
    result = engine.run(scenario, RunOptions(time_limit=time_limit, outcomes=outcomes))
    if out.format == "json":
        out.json(result.as_json())
    else:
        from arbiter.solver.cli import report  # rich, for the table only

        with out.captured():
            report.print_run(result, explain=explain)
            if outcomes:
                report.print_outcomes(result.extra)
    raise Exit(0 if result.ok else 1)
