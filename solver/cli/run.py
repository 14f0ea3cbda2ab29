"""``arbiter run FILE``: resolve a scenario and check its ``expect:`` block."""

from __future__ import annotations

import click

from arbiter.solver.cli.options import TIME_LIMIT
from arbiter.solver.cli.output import Exit, emit_json


@click.command("run")
@click.argument("file", type=click.Path(dir_okay=True, path_type=str))
@click.option("--json", "as_json", is_flag=True, help="Print the JSON output contract.")
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
def command(file: str, as_json: bool, explain: bool, time_limit: float, outcomes: bool) -> None:
    """Resolve a scenario FILE and check its expect: block."""
    from arbiter.model.format.scenario import parse_file
    from arbiter.solver import limits
    from arbiter.solver.cli import report
    from arbiter.solver.engine import runner as engine
    from arbiter.solver.engine.options import RunOptions

    limits.start(time_limit)
    scenario = parse_file(file)
    options = RunOptions(time_limit=time_limit, outcomes=outcomes)
    result = engine.run(scenario, options)
    if as_json:
        emit_json(result.as_json())
    else:
        report.print_run(result, explain=explain)
        if outcomes:
            from arbiter.solver.cli.report import print_outcomes

            print_outcomes(result.extra)
    raise Exit(0 if result.ok else 1)
