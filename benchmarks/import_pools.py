"""Benchmark of ``arbiter import`` and ``arbiter check`` on whole published card pools:
the time to import each pool, and to check the pool file it writes (every check,
loops and dependency included), serially.

    python benchmarks/import_pools.py [--smoke] [--repeat 3] [--write]

The pools are read from ``$ARBITER_REALDATA`` or ``../shared/realdata`` (never
committed); without them, or with ``--smoke``, the synthetic fixtures of the tests are
used and the numbers say so. ``--write`` puts the table into docs/benchmarks.md.
Numbers are never asserted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from arbiter.model.format.cardset import load_cardset  # noqa: E402
from arbiter.model.format.importers.coverage import import_pool  # noqa: E402
from arbiter.model.format.importers.emit import write_sets  # noqa: E402
from arbiter.model.format.importers.sources import Game, find_realdata, load_pool, pool_file  # noqa: E402
from arbiter.solver.check.diagnostics import run_check  # noqa: E402

FIXTURES = {
    Game.RIFTBOUND: os.path.join(ROOT, "tests", "fixtures", "import", "riftbound_cards.json"),
    Game.ALTERED: os.path.join(ROOT, "tests", "fixtures", "import", "altered_cards.json"),
}
BEGIN, END = "<!-- import-bench:begin -->", "<!-- import-bench:end -->"


def measure(game: Game, path: str, repeat: int) -> dict[str, float | int]:
    imports, checks = [], []
    cards = diagnostics = 0
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as out:
            t0 = time.perf_counter()
            pool = load_pool(game, path)
            imported = import_pool(pool)
            files = write_sets(imported, game, out, "en")
            imports.append(time.perf_counter() - t0)
            top = "pool.yaml" if "pool.yaml" in files else files[0]
            t0 = time.perf_counter()
            result = run_check(load_cardset(os.path.join(out, top)))
            checks.append(time.perf_counter() - t0)
            cards, diagnostics = result.plan.cards, len(result.diagnostics)
    return {
        "cards": cards,
        "import_s": statistics.median(imports),
        "check_s": statistics.median(checks),
        "diagnostics": diagnostics,
    }


def table(rows: list[tuple[str, str, dict[str, float | int]]]) -> str:
    lines = [
        "| game | pool | cards | import (s) | check (s) | diagnostics |",
        "| --- | --- | ---: | ---: | ---: | ---: |",
    ]
    for game, source, m in rows:
        lines.append(
            f"| {game} | {source} | {m['cards']} | {m['import_s']:.2f} "
            f"| {m['check_s']:.2f} | {m['diagnostics']} |"
        )
    return "\n".join(lines)


def write_section(text: str, begin: str, end: str) -> None:
    path = os.path.join(ROOT, "docs", "benchmarks.md")
    with open(path, encoding="utf-8") as fh:
        doc = fh.read()
    block = f"{begin}\n{text}\n{end}"
    if begin in doc and end in doc:
        doc = doc[: doc.index(begin)] + block + doc[doc.index(end) + len(end) :]
    else:
        doc = doc.rstrip("\n") + "\n\n" + block + "\n"
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(doc)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--smoke", action="store_true", help="use the synthetic fixtures")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--write", action="store_true", help="write the table into docs/benchmarks.md")
    args = ap.parse_args()
    realdata = None if args.smoke else find_realdata(ROOT)
    rows = []
    for game in Game:
        path = pool_file(realdata, game)
        source = "published pool" if path else "synthetic fixture (smoke)"
        rows.append((game.value, source, measure(game, path or FIXTURES[game], args.repeat)))
    text = table(rows)
    print(text)
    if args.write:
        write_section(text, BEGIN, END)


if __name__ == "__main__":
    main()
