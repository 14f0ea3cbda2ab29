"""``make demo``: run every seed scenario and print a readable report."""

from __future__ import annotations

import glob
import os
import sys

from model.errors import InputError
from model.format.scenario import parse_file
from solver import engine, report


def main() -> int:
    out = report.console()
    root = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "examples")
    files = sorted(glob.glob(os.path.join(root, "seeds", "*.yaml")))
    failures = 0
    out.rule("[bold]arbiter demo: the worked examples of the rules sources[/bold]")
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
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
