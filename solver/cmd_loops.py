"""``arbiter loops FILE [--budget N] [--one-day] [--json] [--png OUT]``.

On a card set: the static pass finds candidate loops (strongly connected abilities);
each is searched from the minimal state of its cards. On a scenario: the candidates
are shown and the search starts from the scenario's declared state. The answer is
one verdict (``loop`` > ``undetermined`` > ``terminates``) with its witness or reason,
and one entry per candidate. Exit 0, or 1 when the file's ``expect_verdict:`` fails.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import click

from model.errors import InputError
from model.format.area_loops import LoopInput
from model.state import JSON
from solver.loops import DEFAULT_BUDGET, Verdict
from solver.options import TIME_LIMIT

RANK = {"loop": 0, "undetermined": 1, "terminates": 2}


@dataclass(frozen=True)
class LoopReport:
    """The verdict for a whole file, and the verdict of each candidate."""

    source: str
    kind: str
    verdict: Verdict
    candidates: tuple[tuple[str, tuple[str, ...], Verdict | None], ...]
    budget: int
    extra: dict[str, JSON] = field(default_factory=dict)

    def as_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {"file": self.source, "input": self.kind}
        out.update(self.verdict.as_json())
        out["budget"] = self.budget
        out["candidates"] = [
            {"path": path, "objects": list(objs)}
            | (
                {"verdict": v.verdict, "mandatory": v.mandatory, "reason": v.reason}
                if v is not None
                else {}
            )
            for path, objs, v in self.candidates
        ]
        out.update(self.extra)
        return out


def analyse(data: LoopInput, budget: int = DEFAULT_BUDGET, one_day: bool = False) -> LoopReport:
    from solver import loop_graph, loop_replacement, loops

    state = data.scenario.start
    graph = loop_graph.ability_graph(state)
    found = loop_graph.candidates(graph)
    # replacement chains (LOOP-5): their own graph, confirmed by the replacement pipeline
    chains = loop_graph.candidates(loop_replacement.replacement_graph(state))
    per_chain: list[tuple[str, tuple[str, ...], Verdict | None]] = []
    for c in chains:
        if data.kind == "scenario":
            v = loop_replacement.decide_chain(state, c, budget, data.scenario.steps)
        else:
            sub = loop_replacement.chain_state(state, c)
            v = loop_replacement.decide_chain(sub, c, budget)
        per_chain.append((c.arrows(), c.objects, v))
    if data.kind == "scenario":
        verdict = loops.decide(state, budget, one_day=one_day)
        rows = tuple((c.arrows(), c.objects, None) for c in found)
        if per_chain and verdict.verdict == "terminates":
            triggers = ("(triggers and quick actions)", (), verdict)
            verdict = _combined([triggers, *per_chain], budget, where=" from the scenario's state")
        return LoopReport(data.scenario.source, data.kind, verdict, (*rows, *per_chain), budget)
    per: list[tuple[str, tuple[str, ...], Verdict | None]] = []
    for c in found:
        sub = loop_graph.sub_state(state, c.objects)
        v = loops.decide(sub, budget, one_day=one_day, seeded=frozenset(c.abilities))
        per.append((c.arrows(), c.objects, v))
    per += per_chain
    if not per:
        verdict = Verdict(
            "terminates",
            "no ability can trigger or enable itself again: the trigger graph of the card set "
            f"has no cycle ({graph.number_of_nodes()} abilities, {graph.number_of_edges()} edges)",
            complete=True,
            budget=budget,
            rules=("LOOP-4",),
        )
    else:
        verdict = _combined(per, budget, with_chains=bool(per_chain))
    return LoopReport(data.scenario.source, data.kind, verdict, tuple(per), budget)


def _combined(
    per: list[tuple[str, tuple[str, ...], Verdict | None]],
    budget: int,
    with_chains: bool = True,
    where: str = " from the minimal state of its cards",
) -> Verdict:
    """One verdict for several candidates: the most alarming, or all of them ending."""
    found = [v for _, _, v in per if v is not None]
    best = min(found, key=lambda v: (RANK[v.verdict], not v.mandatory))
    if best.verdict != "terminates":
        return best
    reasons = "; ".join(f"({p}) {v.reason}" for p, _, v in per if v is not None)
    rules = best.rules
    steps = best.steps
    if with_chains:  # the rules of every candidate, and the first chain's lineage as witness
        rules = tuple(dict.fromkeys(r for v in found for r in v.rules))
        steps = next((v.steps for v in found if v.steps), ())
    return Verdict(
        "terminates",
        f"every candidate loop ends{where}: {reasons}",
        complete=True,
        explored=sum(v.explored for v in found),
        budget=budget,
        rules=rules,
        steps=steps,
    )


def witness_ring(report: LoopReport) -> tuple[str, ...]:
    """What ``--png`` draws: the witness cycle (declined moves marked ✗), else the first
    candidate of the static pass, as a closed path (first node repeated at the end)."""
    v = report.verdict
    if v.cycle:
        ring = tuple(f"{m.object}.{m.ability}" + ("" if m.accept else " ✗") for m in v.cycle)
        return (*ring, ring[0])
    if report.candidates:
        return tuple(report.candidates[0][0].split(" → "))
    return ("no candidate",)


def check_expectations(report: LoopReport, data: LoopInput) -> list[tuple[str, JSON, JSON, bool]]:
    from model.view import check

    view = report.as_json()
    out = []
    for e in data.expect:
        c = check(view, e, None)
        out.append((e.path, e.expected, c.as_json()["actual"], c.passed))
    return out


def _print(report: LoopReport, checks: list[tuple[str, JSON, JSON, bool]]) -> None:
    from rich.table import Table

    from solver.escaping import markup as m
    from solver.report import console

    out = console()
    v = report.verdict
    colour = {"loop": "red", "terminates": "green", "undetermined": "yellow"}[v.verdict]
    mand = "" if v.mandatory is None else (" (mandatory)" if v.mandatory else " (optional)")
    out.print(f"[bold]{m(report.source)}[/bold]: [bold {colour}]{v.verdict}[/]{mand}")
    out.print(f"  {m(v.reason)}")
    if report.candidates:
        table = Table(title="candidate loops (static pass)", title_justify="left")
        for col in ("cycle of abilities", "verdict"):
            table.add_column(col)
        for path, _, cv in report.candidates:
            table.add_row(m(path), "" if cv is None else cv.verdict)
        out.print(table)
    if v.steps:
        out.print("witness:")
        n_prefix = len(v.prefix)
        for i, s in enumerate(v.steps):
            mark = "  ↻ " if v.cycle and i >= n_prefix else "    "
            out.print(f"{mark}{m(s['text'])}")
    out.print(
        f"explored {v.explored} state(s) of a budget of {report.budget} in {v.wall_time:.3f} s"
    )
    for path, expected, actual, passed in checks:
        tag = "[green]ok[/green]  " if passed else "[red]FAIL[/red]"
        got = "" if passed else f" (got {m(repr(actual))})"
        out.print(f"  {tag}  {m(path)} = {m(repr(expected))}{got}")


def _located(exc: InputError, data: LoopInput, file: str) -> InputError:
    """An error the search met (ROBUST-RANGE) located at the object it names, else at the
    top of the file; an error that has a place keeps it."""
    from model.errors import Location
    from model.format.document import load, path_text

    if exc.location is not None:
        return exc
    section = "objects" if data.kind == "scenario" else "cards"
    doc = load(file)
    for oid in sorted(data.scenario.start.objects, key=len, reverse=True):
        if f"{oid}." in exc.message:
            where = doc.location((section, oid), key=True)
            return InputError(exc.message, location=where, path=path_text((section, oid)))
    return InputError(f"the loop search: {exc.message}", location=Location(file, 1, 1))


@click.command("loops")
@click.argument("file", type=click.Path(dir_okay=True, path_type=str))
@click.option(
    "--budget",
    type=click.IntRange(1, 10**8),
    default=None,
    help=f"States the search may explore per candidate (default {DEFAULT_BUDGET}).",
)
@click.option(
    "--one-day",
    is_flag=True,
    help="Count quick action activations against A-GOLD-9 within one day.",
)
@click.option(
    "--time-limit",
    type=TIME_LIMIT,
    default=10.0,
    show_default=True,
    help="Seconds the whole search may take (then: undetermined, cut by the time limit).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the verdict as JSON.")
@click.option(
    "--png",
    "png",
    type=click.Path(dir_okay=False, path_type=str),
    default=None,
    help="Draw the witness cycle (or the first candidate) to this PNG file.",
)
def _loops(
    file: str,
    budget: int | None,
    one_day: bool,
    time_limit: float,
    as_json: bool,
    png: str | None,
) -> None:
    """Detect loops in a card set or a scenario FILE: loop, terminates or undetermined."""
    from model.format.area_loops import load_for_loops
    from solver import limits
    from solver.cli import Exit, emit_json

    limits.start(time_limit)
    if png:  # a path that cannot be written is refused before any work
        from solver.safe_output import check_target

        check_target(png, [file], (".png",))
    data = load_for_loops(file)
    chosen = budget or data.options.budget or DEFAULT_BUDGET
    note = None
    if chosen > limits.state_ceiling():  # a memory-aware ceiling on the budget
        lowered = limits.state_ceiling()
        note = (
            f"arbiter: a budget of {chosen} states is lowered to {lowered}, what "
            f"{limits.max_memory_mb()} MB hold (--max-memory)"
        )
        chosen = lowered
    try:
        report = analyse(data, chosen, one_day or data.options.one_day)
    except InputError as exc:  # a value out of range met by the search: say where
        raise _located(exc, data, file) from None
    if note is not None:  # said once the input is known good: an error stays one line
        click.echo(note, err=True)
    checks = check_expectations(report, data)
    if png:
        from solver.loop_graph import draw
        from solver.safe_output import say_replaced, write_report

        picture = draw(witness_ring(report), f"{report.verdict.verdict}: {file}")
        if write_report(png, picture, [file]):
            say_replaced(png)
    if as_json:
        out = report.as_json()
        if checks:
            out["expect"] = {
                "passed": sum(1 for c in checks if c[3]),
                "failed": sum(1 for c in checks if not c[3]),
                "checks": [
                    {"path": p, "expected": e, "actual": a, "passed": ok} for p, e, a, ok in checks
                ],
            }
        emit_json(out)
    else:
        _print(report, checks)
    raise Exit(0 if all(c[3] for c in checks) else 1)


command = _loops
