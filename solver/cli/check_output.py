"""What ``arbiter check`` prints: the JSON document and the rich text report.

The JSON holds no timing, so that it is identical whatever the backend
(serial or ``--dask``); the text report shows the time.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass

from arbiter.model.state import JSON
from arbiter.model.wording import plural
from arbiter.solver.check.base import Diagnostic, Severity
from arbiter.solver.check.catalogue import PLANNED, SET_CHECKS, TUPLE_CHECKS
from arbiter.solver.check.diagnostics import CheckResult
from arbiter.solver.check.witness import write_witnesses
from arbiter.solver.cli.selection import Dropped

SEVERITIES = (Severity.ERROR, Severity.WARNING, Severity.RULING, Severity.INFO)
SUMMARIES: dict[str, str] = {
    "unknown-card": "a reference to a card that is not in the set",
    "unknown-zone": "a zone the ruleset does not have",
    "unknown-characteristic": "a characteristic no card has or gains",
    "unknown-feature": "a named feature no card has or gains",
    "absent-characteristic": "a modification of a characteristic no reachable card has (A-CHAR-2)",
    "useless-named-gain": "a named-feature gain that never changes anything (B-NAMED-1)",
    "ruling-E-IMM-1b": "a division of what cannot be decreased (Decision E-IMM-1b)",
    "ruling-E-DIV": "a division that does not say how it rounds (Decision E-DIV)",
    "dependency-cycle": "passives of cards in play together that depend on each other (A-ORDER-1)",
    "loop-mandatory": "a loop of triggers no player can leave (LOOP-2)",
    "loop-capped": "an optional loop a player can repeat, capped by A-GOLD-9 if quick actions",
    "ruling-D-PREV-3": "a bonus against a prevention where the readings differ (Decision D-PREV-3)",
}


@dataclass(frozen=True)
class Checked:
    """One card set's result and the paths of the witnesses written for it."""

    result: CheckResult
    witnesses: tuple[str | None, ...]
    dropped: Dropped = Dropped()
    witnesses_cut: int = 0  # witnesses --max-witnesses left unwritten


def implemented_codes() -> list[str]:
    codes = [c for s in SET_CHECKS for c in s.codes] + [c for t in TUPLE_CHECKS for c in t.codes]
    return list(dict.fromkeys(codes))


def summary(code: str) -> str:
    """One line about a diagnostic kind: from SUMMARIES, else the first line of the
    docstring of the check that reports it (so an area's check needs no other entry)."""
    if code in SUMMARIES:
        return SUMMARIES[code]
    docs = [c.run.__doc__ for c in SET_CHECKS if code in c.codes]
    docs += [c.examine.__doc__ for c in TUPLE_CHECKS if code in c.codes]
    doc = next((d for d in docs if d), "")
    return doc.strip().split("\n")[0] if doc else code


def pending_codes() -> list[str]:
    """Planned kinds no registered check reports yet (they disappear once an area
    registers them)."""
    done = set(implemented_codes())
    return [p.code for p in PLANNED if p.code not in done]


def witness_folder(base: str, cardset_file: str) -> str:
    from arbiter.solver.safe_output import safe_name

    stem = os.path.splitext(os.path.basename(cardset_file))[0]
    return os.path.join(base, safe_name(stem, "cardset"))


def with_witnesses(result: CheckResult, base: str, folder: str | None = None) -> Checked:
    """Write the result's witnesses into ``folder`` (default: ``base/<card-set stem>``)."""
    folder = folder or witness_folder(base, result.cardset.source)
    return Checked(result, tuple(write_witnesses(result.diagnostics, folder)))


def counts(diagnostics: Sequence[Diagnostic]) -> dict[str, int]:
    return {s.value: sum(1 for d in diagnostics if d.severity is s) for s in SEVERITIES}


def as_json(checked: Sequence[Checked]) -> dict[str, JSON]:
    diagnostics: list[JSON] = []
    sets: list[JSON] = []
    every: list[Diagnostic] = []
    for c in checked:
        cs = c.result.cardset
        for d, path in zip(c.result.diagnostics, c.witnesses, strict=True):
            item = d.as_json(path)
            item["cardset"] = cs.source
            diagnostics.append(item)
        every.extend(c.result.diagnostics)
        sets.append(
            {
                "file": cs.source,
                "ruleset": cs.ruleset.name,
                "files": list(cs.files),
                "stats": c.result.stats_json(),
                "summary": counts(c.result.diagnostics),
            }
        )
        if c.dropped.total:
            sets[-1]["not_reported"] = {
                "not_selected": c.dropped.unselected,
                "suppressed": c.dropped.suppressed,
                "in_baseline": c.dropped.in_baseline,
            }
    return {
        "diagnostics": diagnostics,
        "cardsets": sets,
        "summary": counts(every),
        "checks": implemented_codes(),
        "planned": pending_codes(),
    }


def not_reported(dropped: Dropped) -> str:
    parts = [
        f"{n} {why}"
        for n, why in (
            (dropped.unselected, "not selected"),
            (dropped.suppressed, "suppressed in the card files"),
            (dropped.in_baseline, "in the baseline"),
        )
        if n
    ]
    return f"{plural(dropped.total, 'diagnostic')} not reported: {', '.join(parts)}"


_STYLE = {
    Severity.ERROR: "red",
    Severity.WARNING: "yellow",
    Severity.RULING: "cyan",
    Severity.INFO: "dim",
}
_TITLE = {
    Severity.ERROR: "errors",
    Severity.WARNING: "warnings",
    Severity.RULING: "rulings",
    Severity.INFO: "info",
}


def _bold_cards(message: str, cards: Sequence[str]) -> str:
    from arbiter.solver.cli.escaping import markup as escape

    text = escape(message)
    if not cards:
        return text
    pattern = re.compile(
        r"\b(" + "|".join(re.escape(c) for c in sorted(cards, key=len, reverse=True)) + r")\b"
    )
    return pattern.sub(lambda m: f"[bold]{m.group(1)}[/bold]", text)


def print_text(checked: Sequence[Checked], *, timings: bool = True) -> None:
    """The report for people; ``timings=False`` leaves the wall time out (``arbiter demo``
    prints the same bytes every time)."""
    from arbiter.solver.cli.escaping import markup as escape
    from arbiter.solver.cli.report import console
    from arbiter.solver.safe_output import safe_name

    out = console()
    for c in checked:
        r = c.result
        cs = r.cardset
        out.rule(f"[bold]arbiter check[/bold] {escape(cs.source)}")
        out.print(
            f"ruleset {escape(cs.ruleset.name)}, {plural(r.plan.cards, 'card')} in "
            f"{plural(len(cs.files), 'file')}; "
            f"examined {r.plan.pairs} of {r.all_pairs} pairs and {r.plan.triples} of "
            f"{r.all_triples} triples (pruned by what abilities read and write), "
            + (f"{r.seconds:.2f} s " if timings else "")
            + f"({r.backend})"
        )
        if not r.diagnostics:
            out.print("[green]no problem found[/green]")
        for sev in SEVERITIES:
            group = [
                (d, p) for d, p in zip(r.diagnostics, c.witnesses, strict=True) if d.severity is sev
            ]
            if not group:
                continue
            style = _STYLE[sev]
            out.print(f"\n[{style} bold]{_TITLE[sev]} ({len(group)})[/{style} bold]")
            for d, path in group:
                cards = ", ".join(f"[bold]{escape(x)}[/bold]" for x in d.cards)
                code, rules = escape(d.code), escape(" ".join(d.rules))
                out.print(f" [{style}]{code}[/{style}]  {cards}  [dim]{rules}[/dim]")
                out.print("   " + _bold_cards(d.message, d.cards))
                where = ", ".join(str(loc) for loc in d.locations)
                if where:
                    out.print(f"   [dim]at[/dim] {escape(where)}")
                if path and d.witness is not None:
                    how = (
                        "loops" if "`arbiter loops`" in d.witness.text.split("\n", 1)[0] else "run"
                    )
                    out.print(
                        f"   [dim]witness:[/dim] {escape(path)}  [dim](arbiter {how} it)[/dim]"
                    )
                    for suffix, _ in d.witness.variants:
                        other = path[: -len(".yaml")] + f".{safe_name(suffix, 'variant')}.yaml"
                        out.print(f"   [dim]and, under {suffix}:[/dim] {escape(other)}")
        n = counts(r.diagnostics)
        out.print(
            f"\n{plural(n['error'], 'error')}, {plural(n['warning'], 'warning')}, "
            f"{plural(n['ruling'], 'ruling')} to confirm"
            + (f", {plural(n['info'], 'line')} not modelled" if n["info"] else "")
        )
        if "cut" in r.extra:
            why = escape(str(r.extra["cut"]))
            out.print(f"[yellow]{why}: what is listed was found; there may be more[/yellow]")
        if c.dropped.total:
            out.print(f"[dim]{escape(not_reported(c.dropped))}[/dim]")
        if c.witnesses_cut:
            out.print(
                f"[dim]{plural(c.witnesses_cut, 'witness', 'witnesses')} not written "
                "(--max-witnesses)[/dim]"
            )
        if pending_codes():
            pending = ", ".join(pending_codes())
            out.print(f"[dim]not checked by this build: {escape(pending)}[/dim]")
