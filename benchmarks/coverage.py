"""Coverage of ``arbiter import`` on the published pools: per set, the cards fully
modelled, partial, opaque and blank; the lines modelled; the keywords not mapped.

    python benchmarks/coverage.py [--smoke] [--write]

The last column estimates the coverage of a set the grammar was not written for: the
set is read again without the phrase forms that only its own cards use (pessimistic:
some of those forms are general verbs any set needs).

The pools are read from ``$ARBITER_REALDATA`` or ``../shared/realdata`` (never
committed); without them, or with ``--smoke``, the synthetic fixtures are measured and
the table says so. ``--write`` puts the table into docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from arbiter.model.format.importers.coverage import (  # noqa: E402
    ImportedCard,
    build_report,
    import_card,
    import_pool,
    tally,
)
from arbiter.model.format.importers.patterns import LineParser  # noqa: E402
from arbiter.model.format.importers.sources import (  # noqa: E402
    Game,
    Pool,
    find_realdata,
    load_pool,
    pool_file,
)

FIXTURES = {
    Game.RIFTBOUND: os.path.join(ROOT, "tests", "fixtures", "import", "riftbound_cards.json"),
    Game.ALTERED: os.path.join(ROOT, "tests", "fixtures", "import", "altered_cards.json"),
}
BEGIN, END = "<!-- import-coverage:begin -->", "<!-- import-coverage:end -->"
COLUMNS = ("cards", "full", "partial", "opaque", "blank", "full_pct", "lines", "lines_modelled")


def coverage(game: Game, path: str) -> dict[str, object]:
    pool = load_pool(game, path)
    cards = import_pool(pool)
    report = build_report(pool, cards, LineParser(game, {t for c in pool.cards for t in c.tags}))
    estimate = leave_set_out(pool, cards)
    per_set = report["per_set"]
    assert isinstance(per_set, dict)
    for code, row in per_set.items():
        row["unseen_estimate"] = estimate[code]
    return report


def leave_set_out(pool: Pool, cards: list[ImportedCard]) -> dict[str, float]:
    """A pessimistic estimate of the coverage of a set the grammar was not written for:
    each set read again without the forms that only its own cards use."""
    users: dict[str, set[str]] = {}
    for card in cards:
        for r in card.lines:
            if r.reading.modelled and r.reading.node is not None:
                for name in r.reading.node.forms():
                    users.setdefault(name, set()).add(card.raw.set_code)
    tags = {t for c in pool.cards for t in c.tags}
    out = {}
    for code in sorted({c.raw.set_code for c in cards}):
        own = {name for name, sets in users.items() if sets == {code}}
        parser = LineParser(pool.game, tags)
        for kind, forms in parser.grammar.forms.items():
            parser.grammar.forms[kind] = [(f, p) for f, p in forms if f.name not in own]
        again = [import_card(c, parser) for c in pool.cards if c.set_code == code]
        pct = tally(again)["full_pct"]
        out[code] = float(pct)
    return out


def table(reports: list[tuple[str, str, dict[str, object]]]) -> str:
    lines = [
        "| game | set | cards | full | partial | opaque | blank | full % (blank apart) "
        "| lines | lines modelled | full % if unseen (estimate) |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    notes = []
    for game, source, report in reports:
        per_set = report["per_set"]
        assert isinstance(per_set, dict)
        for code, row in per_set.items():
            cells = " | ".join(str(row[c]) for c in COLUMNS)
            lines.append(f"| {game} | {code} | {cells} | {row['unseen_estimate']} |")
        lines.append(
            f"| **{game}** | **all** ({source}) | "
            + " | ".join(f"**{report[c]}**" for c in COLUMNS)
            + " | |"
        )
        unmapped = report["unmapped_keywords"]
        notes.append(
            f"- {game}: keywords not mapped: {', '.join(unmapped) if unmapped else 'none'}"
        )  # type: ignore[arg-type]
        skipped = report["skipped"]
        notes.append(f"- {game}: malformed cards skipped: {len(skipped)}")  # type: ignore[arg-type]
    return "\n".join(lines + [""] + notes)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--smoke", action="store_true", help="measure the synthetic fixtures")
    ap.add_argument("--write", action="store_true", help="write the table into docs/benchmarks.md")
    args = ap.parse_args()
    realdata = None if args.smoke else find_realdata(ROOT)
    reports = []
    for game in Game:
        path = pool_file(realdata, game)
        source = "published pool" if path else "synthetic fixture"
        reports.append((game.value, source, coverage(game, path or FIXTURES[game])))
    text = table(reports)
    print(text)
    if args.write:
        from benchmarks.import_pools import write_section

        write_section(text, BEGIN, END)


if __name__ == "__main__":
    main()
