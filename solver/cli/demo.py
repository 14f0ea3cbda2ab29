"""``arbiter demo`` (and ``make demo``): ``arbiter check`` over the example card sets, then
every seed scenario, from the examples shipped inside the package: it works anywhere."""

from __future__ import annotations

import glob
import os
import sys

import click

from arbiter.model.errors import InputError
from arbiter.solver.cli.output import Exit

CLEAN_SETS = ("eredan", "berserk", "riftbound", "altered")
# What a seed set genuinely holds: Hextech Ray (3) with Annie's +1 against the Poro's
# prevention of 3 is the example of Decision D-PREV-3, a ruling a judge confirms.
EXPECTED: dict[str, tuple[str, ...]] = {"riftbound": ("ruling-D-PREV-3",)}


def check_card_sets(root: str, witness_dir: str) -> int:
    """Check the four seed card sets (clean but for the rulings of ``EXPECTED``) and
    flawed.yaml (a problem of each kind); return the number of surprises."""
    from arbiter.model.format.cardset import load_cardset
    from arbiter.solver.check.diagnostics import run_check
    from arbiter.solver.cli import check_output, report

    out = report.console()
    out.rule("[bold]arbiter demo 1/2: arbiter check over the example card sets[/bold]")
    surprises = 0
    for name in (*CLEAN_SETS, "flawed"):
        path = os.path.relpath(os.path.join(root, "cardsets", f"{name}.yaml"))
        try:
            result = run_check(load_cardset(path))
        except InputError as exc:
            out.print(f"[red]bad input[/red] {exc.one_line()}", markup=False)
            surprises += 1
            continue
        check_output.print_text(
            [check_output.with_witnesses(result, witness_dir)], timings=False
        )
        out.print()
        found = tuple(d.code for d in result.diagnostics)
        if name in CLEAN_SETS:
            surprises += int(found != EXPECTED.get(name, ()))
        else:
            surprises += int(not found)
    out.print(
        f"witness scenarios written under {witness_dir} (run them with `arbiter run`; "
        "the loop witnesses with `arbiter loops`)"
    )
    return surprises


def run_seeds(root: str) -> int:
    from arbiter.model.format.scenario import parse_file
    from arbiter.solver.cli import report
    from arbiter.solver.engine import runner as engine

    out = report.console()
    files = sorted(glob.glob(os.path.join(root, "seeds", "*.yaml")))
    failures = 0
    out.rule("[bold]arbiter demo 2/2: the worked examples of the rules sources[/bold]")
    for path in files:
        rel = os.path.relpath(path)
        try:
            result = engine.run(parse_file(rel))
        except InputError as exc:
            out.print(f"[red]bad input[/red] {exc.one_line()}", markup=False)
            failures += 1
            continue
        report.print_run(result)
        out.print()
        failures += 0 if result.ok else 1
    verdict = "[green]all passed[/green]" if not failures else f"[red]{failures} failed[/red]"
    out.rule(f"{len(files)} seed scenarios: {verdict}")
    return failures


def examples_root() -> str:
    """The worked examples shipped inside the package (``arbiter/examples``)."""
    from importlib.resources import files

    return str(files("arbiter") / "examples")


def main() -> int:
    root = examples_root()
    # the default folder of `arbiter check` (the working folder): the same bytes every run;
    # names carry their content's hash and writes are atomic, so runs never tear each other
    witness_dir = os.path.join("arbiter-witnesses", "demo")
    surprises = check_card_sets(root, witness_dir)
    failures = run_seeds(root)
    return 1 if surprises or failures else 0


@click.command("demo")
def command() -> None:
    """Check the example card sets, then run every worked example of the rules sources."""
    raise Exit(main())


if __name__ == "__main__":
    sys.exit(main())
