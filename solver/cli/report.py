"""Readable reports for people (rich); the JSON is in ``RunResult.as_json``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from arbiter.model.state import JSON, GameState
from arbiter.model.values import characteristics as ch
from arbiter.model.values.reading import NumberReading
from arbiter.model.view import derived, has_abilities, shown
from arbiter.model.wording import plural

if TYPE_CHECKING:
    from rich.console import Console

    from arbiter.solver.engine.runner import RunResult


def console() -> Console:
    """The console of every report: strings reach the terminal escaped (solver/cli/escaping.py)."""
    from arbiter.solver.cli.convention import terminal_width
    from arbiter.solver.cli.escaping import console as safe_console

    console: Console = safe_console(width=terminal_width())
    return console


def _e(text: str) -> str:
    """User text (ids, names, paths) printed as is, never read as rich markup."""
    from arbiter.solver.cli.escaping import markup

    return markup(text)


def _fmt(value: JSON) -> str:
    if isinstance(value, list):
        return "/".join(str(v) for v in value)
    return str(value)


def in_words(value: object) -> str:
    """An event field as a person reads it: ``{ogre: 5, squire: 1}`` → ``ogre 5, squire 1``,
    ``[a, b]`` → ``a, b`` (never a Python repr)."""
    if isinstance(value, dict):
        return ", ".join(f"{k} {in_words(v)}" for k, v in value.items()) or "none"
    if isinstance(value, list | tuple):
        return ", ".join(in_words(v) for v in value) or "none"
    return str(value)


SPLITS = ("split", "optimal_split")  # events whose allocation the run report spells out


def objects_table(state: GameState, title: str = "objects") -> object:
    from rich.table import Table

    table = Table(title=title, title_justify="left", show_lines=False)
    for col in ("object", "zone", "characteristic", "shown", "raw", "base", "bonus"):
        table.add_column(col)
    for oid in sorted(state.objects):
        obj = state.objects[oid]
        first = True
        for stat in sorted(obj.base):
            r = ch.read(obj, stat)
            if r is None:
                continue
            name = f"[bold]{_e(oid)}[/bold]" if first else ""
            zone = _e(obj.zone) if first else ""
            first = False
            if isinstance(r, NumberReading):
                table.add_row(
                    name, zone, _e(stat), _fmt(r.shown), _fmt(r.raw), _fmt(r.base), _fmt(r.bonus)
                )
            else:
                table.add_row(
                    name,
                    zone,
                    _e(stat),
                    _e(", ".join(r.shown)) or "-",
                    "",
                    _e(", ".join(sorted(r.base))),
                    "",
                )
        for fname in sorted(obj.features):
            f = obj.features[fname]
            name = f"[bold]{_e(oid)}[/bold]" if first else ""
            zone = _e(obj.zone) if first else ""
            first = False
            if f.number is None:
                table.add_row(name, zone, _e(fname), "yes", "", "", "")
            else:
                table.add_row(name, zone, _e(fname), str(f.shown), str(f.number), "", "")
        for cname in sorted(c for c, n in obj.counters.items() if n):  # damage, wounds ...
            name = f"[bold]{_e(oid)}[/bold]" if first else ""
            zone = _e(obj.zone) if first else ""
            first = False
            table.add_row(name, zone, f"counter {_e(cname)}", str(obj.counters[cname]), "", "", "")
        if first:
            table.add_row(f"[bold]{_e(oid)}[/bold]", _e(obj.zone), "-", "", "", "", "")
    return table


def print_explain(state: GameState, out: Console) -> None:
    out.print("[bold]explanation[/bold] (rule ids from docs/rules.md)")
    for oid in sorted(state.objects):
        obj = state.objects[oid]
        for stat in sorted(obj.base):
            r = ch.read(obj, stat)
            if not isinstance(r, NumberReading):
                continue
            out.print(
                f"  [bold]{_e(oid)}.{_e(stat)}[/bold] = {_fmt(r.shown)} "
                f"(raw {_fmt(r.raw)}, base {_fmt(r.base)}, bonus {_fmt(r.bonus)})"
            )
            for s in r.because:
                out.print(f"    [{s.rule}] {s.note}", markup=False)
        for fname in sorted(obj.features):
            for s in obj.features[fname].because:
                out.print(f"  {oid}.{fname}: [{s.rule}] {s.note}", markup=False)
    out.print("[bold]events[/bold]")
    for i, e in enumerate(state.events):
        body = ", ".join(f"{k}={in_words(v)}" for k, v in e.fields)
        out.print(f"  {i}. {e.kind}: {body}  [{' '.join(e.rules)}]", markup=False)
        for s in e.because:
            out.print(f"       [{s.rule}] {s.note}", markup=False)


def print_run(result: RunResult, *, explain: bool = False) -> None:
    out = console()
    out.print(f"[bold]{_e(result.scenario.source)}[/bold]  ruleset {_e(result.state.ruleset.name)}")
    out.print(objects_table(derived(result.state)))
    if explain:
        print_explain(derived(result.state), out)
    for e in result.state.events:
        fields = dict(e.fields)
        if e.kind in SPLITS and isinstance(fields.get("allocation"), dict):
            what = fields.get("instruction", "")
            out.print(f"{e.kind} {_e(str(what))}: {_e(in_words(fields['allocation']))}")
    dependency_section(result, out, explain)
    for c in result.checks:
        where = f"line {c.expectation.where.line}" if c.expectation.where else ""
        at = "at the end" if c.step is None else f"after step {c.step}"
        if c.passed:
            out.print(
                f"  [green]ok[/green]    {_e(c.expectation.path)} = "
                f"{_e(repr(c.expectation.expected))}  ({at})"
            )
        else:
            hint = f"; did you mean {_e(c.suggestion)}?" if c.suggestion else ""
            out.print(
                f"  [red]FAIL[/red]  {_e(c.expectation.path)}: expected "
                f"{_e(repr(c.expectation.expected))}, got {_e(shown(c.actual))}{hint}  "
                f"({_e(c.resolved)}, {where}, {at})"
            )
    if result.stopped_by is not None:
        why = _e(str(result.stopped_by))
        out.print(f"[red]illegal action at step {result.stopped_at}:[/red] {why}")
    verdict = "[green]passed[/green]" if result.ok else "[red]failed[/red]"
    out.print(f"{verdict}: {plural(result.passed, 'expectation')} met, {result.failed} failed")


def dependency_section(result: RunResult, out: Console, explain: bool) -> None:
    """Dependency cycles among passives; with --explain, the order and why (A-ORDER-1)."""
    if not has_abilities(result.state):  # no passives: nothing to order (nor to import)
        return
    from arbiter.solver.dependency.order import has_passives, ordering
    from arbiter.solver.dependency.view import arrow_path, explain_lines

    if not has_passives(result.state):
        return
    order = ordering(result.state)
    for c in order.cycles:
        shown = _e(arrow_path(c))
        out.print(f"[yellow]dependency cycle[/yellow] {shown} (timestamp order used)")
    if explain:
        for line in explain_lines(result.state):
            out.print(line, markup=False)


def print_outcomes(data: Mapping[str, JSON]) -> None:
    """The text report of ``arbiter run --outcomes``."""
    from arbiter.solver.cli.escaping import markup as m

    out = console()
    summary = data.get("outcome_search", {})
    outcomes = data.get("outcomes", [])
    out.print(
        f"[bold]{plural(len(outcomes), 'distinct outcome')}[/bold] "
        f"({m(summary.get('method'))}, {m(summary.get('status'))}, "
        f"order matters: {'yes' if summary.get('order_dependent') else 'no'})"
    )
    if summary.get("cut"):
        out.print(f"[yellow]{m(summary['cut'])}[/yellow]")
    for n, o in enumerate(outcomes, 1):
        counters = {
            oid: obj["counters"] for oid, obj in o["objects"].items() if obj.get("counters")
        }
        shown = ", ".join(
            f"{m(oid)}.{m(k)}={m(v)}" for oid, c in counters.items() for k, v in sorted(c.items())
        )
        flag = "  [yellow](depends on the order)[/yellow]" if o.get("order_dependent") else ""
        out.print(f"  {n}. {shown or 'no counters'}{flag}")
        for d in o["choices"]:
            what = ", ".join(f"{k}: {v}" for k, v in d.items() if k not in ("step", "by", "rule"))
            out.print(f"       step {d['step']}: {d['by']} [{d['rule']}] {what}", markup=False)
        if not o["choices"]:
            out.print("       (no choice left open)")
