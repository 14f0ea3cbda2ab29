"""The verdict of ``arbiter loops`` for a whole file: the candidates of the static pass, each
searched, combined into one verdict (``loop`` > ``undetermined`` > ``terminates``).

On a card set: the static pass finds candidate loops (strongly connected abilities);
each is searched from the minimal state of its cards. On a scenario: the candidates
are shown and the search starts from the scenario's declared state.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from arbiter.model.format.loop_input import LoopInput
from arbiter.model.state import JSON, GameState
from arbiter.solver.loops.decide import DEFAULT_BUDGET, LoopVerdict, Verdict

RANK = {LoopVerdict.LOOP: 0, LoopVerdict.UNDETERMINED: 1, LoopVerdict.TERMINATES: 2}


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
                {"verdict": v.verdict.value, "mandatory": v.mandatory, "reason": v.reason}
                if v is not None
                else {}
            )
            for path, objs, v in self.candidates
        ]
        out.update(self.extra)
        return out


def analyse(data: LoopInput, budget: int = DEFAULT_BUDGET, one_day: bool = False) -> LoopReport:
    from arbiter.solver.loops import decide as loops
    from arbiter.solver.loops import graph as loop_graph
    from arbiter.solver.loops import replacement as loop_replacement

    state = data.scenario.start
    if data.kind == "cardset":
        state = with_abilities(state)
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
        if per_chain and verdict.verdict is LoopVerdict.TERMINATES:
            triggers = ("(triggers and quick actions)", (), verdict)
            verdict = combined([triggers, *per_chain], budget, where=" from the scenario's state")
        return LoopReport(data.scenario.source, data.kind, verdict, (*rows, *per_chain), budget)
    per: list[tuple[str, tuple[str, ...], Verdict | None]] = []
    for c in found:
        sub = loop_graph.sub_state(state, c.objects)
        v = loops.decide(sub, budget, one_day=one_day, seeded=frozenset(c.abilities))
        per.append((c.arrows(), c.objects, v))
    per += per_chain
    if not per:
        verdict = Verdict(
            LoopVerdict.TERMINATES,
            "no ability can trigger or enable itself again: the trigger graph of the card set "
            f"has no cycle ({graph.number_of_nodes()} abilities, {graph.number_of_edges()} edges)",
            complete=True,
            budget=budget,
            rules=("LOOP-4",),
        )
    else:
        verdict = combined(per, budget, with_chains=bool(per_chain))
    return LoopReport(data.scenario.source, data.kind, verdict, tuple(per), budget)


def with_abilities(state: GameState) -> GameState:
    """The objects of a card set that the search needs (LOOP-4): the cards with abilities
    and, transitively, the objects their abilities name; a large set of vanilla cards
    costs nothing to search."""
    from dataclasses import replace

    from arbiter.model.damage import replacement as rp
    from arbiter.solver.loops import graph as loop_graph
    from arbiter.solver.loops import replacement as loop_replacement

    keep = {oid for oid, obj in state.objects.items() if obj.abilities}
    for r in rp.replacements_in_play(replace(state, objects={o: state.objects[o] for o in keep})):
        for sel in (r.pattern.affected, r.pattern.source, r.pattern.source_except):
            keep |= set(loop_replacement.selector_ids(sel, r.source) or ()) if sel else set()
        for t in r.instead:
            keep |= set(loop_replacement.template_ids(r, t) or ())
    keep &= set(state.objects)
    sub = loop_graph.sub_state(state, tuple(sorted(keep)))
    return replace(sub, clock=state.clock)


def combined(
    per: list[tuple[str, tuple[str, ...], Verdict | None]],
    budget: int,
    with_chains: bool = True,
    where: str = " from the minimal state of its cards",
) -> Verdict:
    """One verdict for several candidates: the most alarming, or all of them ending."""
    found = [v for _, _, v in per if v is not None]
    best = min(found, key=lambda v: (RANK[v.verdict], not v.mandatory))
    if best.verdict is not LoopVerdict.TERMINATES:
        return best
    reasons = "; ".join(f"({p}) {v.reason}" for p, _, v in per if v is not None)
    rules = best.rules
    steps = best.steps
    if with_chains:  # the rules of every candidate, and the first chain's lineage as witness
        rules = tuple(dict.fromkeys(r for v in found for r in v.rules))
        steps = next((v.steps for v in found if v.steps), ())
    return Verdict(
        LoopVerdict.TERMINATES,
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
    from arbiter.model.view import check

    view = report.as_json()
    out = []
    for e in data.expect:
        c = check(view, e, None)
        out.append((e.path, e.expected, c.as_json()["actual"], c.passed))
    return out
