"""``arbiter check CARDSET...``: the consistency check of whole card sets."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import click

from arbiter.solver.cli.convention import Output, output_options
from arbiter.solver.cli.options import TIME_LIMIT, DaskAddress
from arbiter.solver.cli.witness_policy import DEFAULT_MAX, WitnessPolicy

if TYPE_CHECKING:
    from arbiter.model.cardset import CardSet
    from arbiter.model.format.document import Document
    from arbiter.solver.check.diagnostics import Progress
    from arbiter.solver.cli.check_output import Checked

FORMATS = ("text", "json", "sarif", "github", "junit", "html")


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
@output_options(FORMATS)
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
    "--witnesses",
    "witness_policy",
    type=click.Choice([p.value for p in WitnessPolicy]),
    default="all",
    show_default=True,
    help="Write the witnesses of no diagnostic, of errors only, or of all.",
)
@click.option(
    "--max-witnesses",
    type=click.IntRange(0, 10**7),
    default=DEFAULT_MAX,
    show_default=True,
    help="Write at most this many witness files per card set (0: no limit).",
)
@click.option(
    "--select",
    multiple=True,
    metavar="CODE",
    help="Report only these diagnostic codes or prefixes (repeat or comma-separate).",
)
@click.option(
    "--ignore",
    multiple=True,
    metavar="CODE",
    help="Do not report these diagnostic codes or prefixes (repeat or comma-separate).",
)
@click.option(
    "--baseline",
    type=click.Path(dir_okay=False, path_type=str),
    default=None,
    help="A JSON answer of an earlier check: report only the diagnostics not in it.",
)
@click.option(
    "--fail-on",
    type=click.Choice(["error", "warning", "ruling"]),
    default="error",
    show_default=True,
    help="Exit 1 when a diagnostic this severe (or more) is found.",
)
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when diagnostics are found.")
@click.option(
    "--statistics", is_flag=True, help="Print the number of diagnostics per code instead."
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
    out: Output,
    html_path: str | None,
    witness_dir: str | None,
    witness_policy: str,
    max_witnesses: int,
    select: tuple[str, ...],
    ignore: tuple[str, ...],
    baseline: str | None,
    fail_on: str,
    exit_zero: bool,
    statistics: bool,
    dask_address: str | None,
    progress: bool | None,
    time_limit: float,
    list_checks: bool,
) -> None:
    """Check card-set FILES for problems players and judges would meet."""
    import sys

    from arbiter.model.collector import paused
    from arbiter.model.format.cardset import read_cardset
    from arbiter.model.format.document import load
    from arbiter.solver.check.base import Severity
    from arbiter.solver.check.diagnostics import Backend, failing, run_check
    from arbiter.solver.cli import check_output, selection
    from arbiter.solver.cli.output import Exit
    from arbiter.solver.cli.witness_policy import write_chosen

    if list_checks:
        _list_checks()
        raise Exit(0)
    if not files:
        raise click.UsageError("give at least one card-set file")
    with paused():  # each file read once (model/collector.py)
        docs = [load(f) for f in files]
        parts = _parts(files, docs)
        loaded = [read_cardset(d) for d in docs]  # every input error (parts too) before any work
    from arbiter.model.effects.rewrite import v1_note

    note = v1_note([n for cs in loaded for n in cs.upgraded])
    if note:
        click.echo(note, err=True)
    cardsets = [cs for f, cs in zip(files, loaded, strict=True) if f not in parts]
    _say_where_parts_are_checked(parts, cardsets)
    if not cardsets:  # only parts of sets: an empty answer in the format asked for
        if out.format in ("json", "sarif"):
            _answer([], out)
        raise Exit(0)
    from dataclasses import replace

    from arbiter.solver import limits

    limits.start(time_limit)
    inputs = tuple(f for cs in loaded for f in (cs.source, *cs.files))
    out = replace(out, inputs=inputs)  # -o never writes over a card file
    if html_path:
        from arbiter.solver.safe_output import check_target

        check_target(html_path, inputs)
    chosen = selection.Selection(
        _codes(select),
        _codes(ignore),
        selection.read_baseline(baseline) if baseline else frozenset(),
    )
    backend = Backend(dask=dask_address)
    if witness_dir is None:  # never beside the report unless asked: it may be a shared folder
        witness_dir = "arbiter-witnesses"
    show = sys.stderr.isatty() if progress is None else progress
    checked = []
    used: set[str] = set()
    policy = WitnessPolicy(witness_policy)
    for cs in cardsets:
        with _progress_bar(show, f"checking {os.path.basename(cs.source)}") as update:
            result = run_check(cs, backend, update)
        result, dropped = selection.apply(result, chosen)
        folder, n = check_output.witness_folder(witness_dir, cs.source), 1
        while folder in used:  # two card sets of the same name in different folders
            n += 1
            folder = check_output.witness_folder(witness_dir, cs.source) + f"-{n}"
        used.add(folder)
        paths, cut = write_chosen(result.diagnostics, folder, policy, max_witnesses)
        checked.append(check_output.Checked(result, tuple(paths), dropped, cut))
    if statistics:
        _statistics(checked, out)
    else:
        _answer(checked, out)
    if html_path:
        from arbiter.solver.cli.convention import say_wrote, write_file
        from arbiter.solver.cli.html_report import render

        write_file(html_path, render(checked, html_path), inputs)
        say_wrote(html_path, "the HTML report")
    every = [d for c in checked for d in c.result.diagnostics]
    raise Exit(0 if exit_zero or not failing(every, Severity(fail_on)) else 1)


def _codes(values: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(c.strip() for v in values for c in v.split(",") if c.strip())


def _parts(files: tuple[str, ...], docs: list[Document]) -> dict[str, str]:
    """The parts of a set among ``files`` (``include_only:``) and the set each names
    (``""`` for ``include_only: true``): never checked alone (Decision CHECK-PART)."""
    from arbiter.model.format.cardset import include_only

    named = {f: include_only(doc) for f, doc in zip(files, docs, strict=True)}
    return {f: owner for f, owner in named.items() if owner is not None}


def _say_where_parts_are_checked(parts: dict[str, str], cardsets: list[CardSet]) -> None:
    """One note per part given: the set it is checked through (after every file was read,
    so that an input error stays the only line)."""
    for f, owner in parts.items():
        if owner:
            click.echo(f"{f}: include-only (a part of {owner}); checked through {owner}", err=True)
            continue
        real = os.path.realpath(f)
        by = [k.source for k in cardsets if real in (os.path.realpath(x) for x in k.files[1:])]
        how = f"checked within {', '.join(by)}" if by else "check a set that includes it"
        click.echo(f"{f}: include-only ({how})", err=True)


def _answer(checked: list[Checked], out: Output) -> None:
    from arbiter.solver.cli import check_output

    if out.format == "json":
        out.json(check_output.as_json(checked))
    elif out.format == "sarif":
        from arbiter.solver.cli.sarif import sarif

        out.json(sarif(checked))
    elif out.format == "github":
        from arbiter.solver.cli.check_formats import github

        out.write(github(checked))
    elif out.format == "junit":
        from arbiter.solver.cli.check_formats import junit

        out.write(junit(checked), "the JUnit report")
    elif out.format == "html":
        from arbiter.solver.cli.html_report import render

        out.write(render(checked, out.path), "the HTML report")
    else:
        with out.captured():
            check_output.print_text(checked)


def _statistics(checked: list[Checked], out: Output) -> None:
    from arbiter.solver.cli.selection import statistics

    rows = statistics(c.result for c in checked)
    if out.format == "json":
        out.json([{"code": c, "severity": s, "count": n} for c, s, n in rows])
        return
    lines = [f"{n:6}  {c:26} {s}" for c, s, n in rows]
    out.write("".join(line + "\n" for line in lines))


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
