"""``arbiter import riftbound|altered FILE --out-dir DIR``: a published card pool as card
sets, with an honest account of what arbiter understood (import-report.json).

The command follows the output convention (``convention.py``): its answer, the report's
summary, is ``--format text|json|html`` to standard output or ``-o FILE``. The card sets
go to ``--out-dir DIR``; without ``--out-dir``, ``-o DIR`` names that folder (the older
spelling, kept: the summary then goes to standard output).
"""

from __future__ import annotations

import json
import os
from dataclasses import replace

import click

from arbiter.solver.cli.convention import Output, output_options


@click.command("import")
@click.argument("game", type=click.Choice(["riftbound", "altered"]))
@click.argument("file", type=click.Path(dir_okay=False, path_type=str))
@click.option(
    "--out-dir",
    "--out",
    "out_dir",
    default=None,
    type=click.Path(file_okay=False, path_type=str),
    metavar="DIR",
    help="Folder for the card-set YAML and import-report.json (without it, -o DIR).",
)
@click.option(
    "--set", "sets", multiple=True, metavar="CODE", help="Import only this set (repeatable)."
)
@click.option("--lang", default="en", show_default=True, help="Language of the card text.")
@click.option(
    "--fail-under",
    type=click.FloatRange(0, 100),
    default=None,
    metavar="PCT",
    help="Exit 1 when fewer than PCT %% of the non-blank cards are fully modelled.",
)
@click.option(
    "--html",
    "html_path",
    type=click.Path(dir_okay=False, path_type=str),
    help="Also write an HTML page: coverage per set, the backlog, each card beside its reading.",
)
@output_options(("text", "json", "html"), dir_okay=True)
def command(
    game: str,
    file: str,
    out_dir: str | None,
    sets: tuple[str, ...],
    lang: str,
    fail_under: float | None,
    html_path: str | None,
    out: Output,
) -> None:
    """Import a card pool FILE (the publisher's JSON) of GAME into card-set files.

    The card sets and import-report.json go to --out-dir DIR (or -o DIR, the older
    spelling, when --out-dir is not given); the report's summary is the answer.
    """
    from arbiter.model.format.importers.coverage import build_report, import_pool
    from arbiter.model.format.importers.emit import write_sets
    from arbiter.model.format.importers.patterns import LineParser
    from arbiter.model.format.importers.sources import Game, load_pool
    from arbiter.solver.cli.convention import say_wrote, write_file
    from arbiter.solver.cli.output import Exit

    if out_dir is None:  # the older spelling: -o names the folder
        if out.path is None:
            raise click.UsageError("expected --out-dir DIR: the folder for the card sets")
        out_dir, out = out.path, Output(out.format)
    out = replace(out, inputs=(file,))  # -o never writes over the pool it reads
    if lang != "en":
        raise click.UsageError("only English text (--lang en) is read for now")
    pool = load_pool(Game(game), file)
    known = {c.set_code for c in pool.cards}
    missing = sorted({s.upper() for s in sets} - known)
    if missing:
        raise click.UsageError(
            f"no card of set {', '.join(missing)} in {file} (sets: {', '.join(sorted(known))})"
        )
    cards = import_pool(pool, sets)
    parser = LineParser(pool.game, {t for c in pool.cards for t in c.tags})
    report = build_report(pool, cards, parser)
    files = write_sets(cards, pool.game, out_dir, lang)
    report["files"] = files
    with open(os.path.join(out_dir, "import-report.json"), "w", encoding="utf-8") as fh:
        json.dump(report, fh, indent=1, ensure_ascii=False)
    say_wrote(out_dir, "the card sets and import-report.json in")
    if html_path:  # as --html of check: a page beside the answer
        from arbiter.solver.cli.html_import import render

        write_file(html_path, render(report), [file])
        say_wrote(html_path, "the HTML page")
    if out.format == "json":
        out.json({k: v for k, v in report.items() if k != "per_card"})
    elif out.format == "html":
        from arbiter.solver.cli.html_import import render

        out.write(render(report), "the HTML page")
    else:
        with out.captured():
            print_table(report)
    pct = report["full_pct"]
    raise Exit(1 if fail_under is not None and isinstance(pct, float) and pct < fail_under else 0)


def print_table(report: dict[str, object]) -> None:
    from rich.table import Table

    from arbiter.solver.cli.report import console

    table = Table(title=f"arbiter import {report['game']}: coverage")
    for col in ("set", "cards", "full", "partial", "opaque", "blank", "full %"):
        table.add_column(col, justify="left" if col == "set" else "right")
    per_set = report["per_set"]
    assert isinstance(per_set, dict)
    for code, row in per_set.items():
        table.add_row(
            code,
            *(str(row[k]) for k in ("cards", "full", "partial", "opaque", "blank", "full_pct")),
        )
    table.add_row(
        "all",
        *(str(report[k]) for k in ("cards", "full", "partial", "opaque", "blank", "full_pct")),
        style="bold",
    )
    out = console()
    out.print(table)
    unmapped = report["unmapped_keywords"]
    if isinstance(unmapped, dict) and unmapped:
        out.print(f"keywords not mapped: {', '.join(unmapped)}")
    skipped = report["skipped"]
    if isinstance(skipped, list) and skipped:
        out.print(
            f"[yellow]{len(skipped)} malformed card(s) skipped[/yellow] (see import-report.json)"
        )
