"""``arbiter check CARDSET...``: the consistency check of whole card sets."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from arbiter.solver.check.diagnostics import Progress
from arbiter.solver.cli.options import TIME_LIMIT, DaskAddress

FORMATS = ("text", "json", "sarif")


@contextmanager
def _progress_bar(show: bool, label: str) -> Iterator[Progress | None]:
    """A rich progress bar on stderr (never on stdout, which may hold JSON or SARIF)."""
    if not show:
        yield None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    from arbiter.solver.cli.escaping import console as safe_console

    bar = Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=safe_console(stderr=True),
        transient=True,
    )
    from arbiter.solver.cli.escaping import markup

    task = bar.add_task(markup(label), total=None)

    def update(done: int, total: int) -> None:
        bar.update(task, completed=done, total=total)

    with bar:
        yield update


@click.command("check")
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False, path_type=str))
@click.option("--json", "as_json", is_flag=True, help="Print the diagnostics as JSON.")
@click.option(
    "--format", "fmt", type=click.Choice(FORMATS), default=None, help="text (default), json, sarif."
)
@click.option(
    "--html",
    "html_path",
    type=click.Path(dir_okay=False, path_type=str),
    help="Also write a self-contained HTML report to this file.",
)
@click.option(
    "--witness-dir",
    type=click.Path(file_okay=False, path_type=str),
    help="Where witness scenarios go (default: 'arbiter-witnesses' in the working folder).",
)
@click.option(
    "--fail-on",
    type=click.Choice(["error", "warning", "ruling"]),
    default="error",
    show_default=True,
    help="Exit 1 when a diagnostic this severe (or more) is found.",
)
@click.option(
    "--jobs",
    type=click.IntRange(1, 256),
    default=1,
    show_default=True,
    help="Examine pairs and triples of cards in this many processes.",
)
@click.option(
    "--dask",
    "dask_address",
    type=DaskAddress(),
    default=None,
    metavar="ADDRESS",
    help="Examine pairs and triples on the Dask cluster at this scheduler address.",
)
@click.option(
    "--progress/--no-progress",
    default=None,
    help="Show a progress bar (default: when stderr is a terminal).",
)
@click.option(
    "--time-limit",
    type=TIME_LIMIT,
    default=10.0,
    show_default=True,
    help="Seconds the whole check may take (then it stops and lists what it found).",
)
@click.option("--list-checks", is_flag=True, help="List the diagnostic kinds and exit.")
def command(
    files: tuple[str, ...],
    as_json: bool,
    fmt: str | None,
    html_path: str | None,
    witness_dir: str | None,
    fail_on: str,
    jobs: int,
    dask_address: str | None,
    progress: bool | None,
    time_limit: float,
    list_checks: bool,
) -> None:
    """Check card-set FILES for problems players and judges would meet."""
    import sys

    from arbiter.model.format.cardset import load_cardset
    from arbiter.solver.check.base import Severity
    from arbiter.solver.check.diagnostics import Backend, failing, run_check
    from arbiter.solver.cli import check_output
    from arbiter.solver.cli.output import Exit, emit_json

    if as_json and fmt not in (None, "json"):
        raise click.UsageError("--json and --format sarif cannot be combined")
    fmt = "json" if as_json else (fmt or "text")
    if list_checks:
        _list_checks()
        raise Exit(0)
    if not files:
        raise click.UsageError("give at least one card-set file")
    if jobs > 1 and dask_address:
        raise click.UsageError("choose one of --jobs and --dask")
    from arbiter.model.format.cardset import include_only

    parts = {f: include_only(f) for f in files}
    for f, owner in parts.items():
        if owner is not None:
            click.echo(f"{f}: include-only (a part of {owner}); checked through {owner}", err=True)
    files = tuple(f for f in files if parts[f] is None)
    if not files:
        raise Exit(0)
    from arbiter.solver import limits

    limits.start(time_limit)
    cardsets = [load_cardset(f) for f in files]  # every input error before any work
    from arbiter.model.effects.rewrite import v1_note

    note = v1_note([n for cs in cardsets for n in cs.upgraded])
    if note:
        click.echo(note, err=True)
    inputs = [f for cs in cardsets for f in (cs.source, *cs.files)]
    if html_path:
        from arbiter.solver.safe_output import check_target

        check_target(html_path, inputs)
    backend = Backend(jobs=jobs, dask=dask_address)
    if witness_dir is None:  # never beside the report unless asked: it may be a shared folder
        witness_dir = "arbiter-witnesses"
    show = sys.stderr.isatty() if progress is None else progress
    checked = []
    used: set[str] = set()
    for cs in cardsets:
        with _progress_bar(show, f"checking {os.path.basename(cs.source)}") as update:
            result = run_check(cs, backend, update)
        folder, n = check_output.witness_folder(witness_dir, cs.source), 1
        while folder in used:  # two card sets of the same name in different folders
            n += 1
            folder = check_output.witness_folder(witness_dir, cs.source) + f"-{n}"
        used.add(folder)
        checked.append(check_output.with_witnesses(result, witness_dir, folder))
    if fmt == "json":
        emit_json(check_output.as_json(checked))
    elif fmt == "sarif":
        from arbiter.solver.cli.sarif import sarif

        emit_json(sarif(checked))
    else:
        check_output.print_text(checked)
    if html_path:
        from arbiter.solver.cli.escaping import say_replaced
        from arbiter.solver.cli.html_report import render
        from arbiter.solver.safe_output import write_report

        if write_report(html_path, render(checked), inputs):
            say_replaced(html_path)
    every = [d for c in checked for d in c.result.diagnostics]
    raise Exit(1 if failing(every, Severity(fail_on)) else 0)


def _list_checks() -> None:
    from arbiter.solver.check.catalogue import PLANNED
    from arbiter.solver.cli.check_output import implemented_codes, pending_codes, summary

    for code in implemented_codes():
        click.echo(f"{code:26} {summary(code)}")
    for p in PLANNED:
        if p.code in pending_codes():
            click.echo(
                f"{p.code:26} (plugs in after merge) {p.severity.value}; {' '.join(p.rules)}"
            )
