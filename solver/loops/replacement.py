"""Replacement chains in the loop search (Decision LOOP-5).

Static pass: a replacement links to every replacement (its own included) whose
pattern can match an event it makes instead (R-6: an event made by a replacement is
proposed like any other). The relation over-approximates: only the event kind, the
objects named by id and the amounts are compared. A strongly connected set is a
candidate chain.

Dynamic confirmation: the real replacement pipeline (``arbiter.model.damage.replacement``:
``start_run`` / ``point`` / ``take``, each decision by its default, Decision
R-DEFAULT) runs on a game action that starts the chain: a scenario's
``game-action`` step whose events a replacement of the chain waits for, else a
minimal action of one event built from the chain's first replacement. R-4 (at most
once per game action, descendants included) bounds every chain by the number of
replacements in play, so the verdict is ``terminates`` with the lineage as witness.
``once_per_action=False`` forgets the used replacements after every application
(the same pipeline with R-4 switched off): it shows what the chain would do without
the rule (``loop`` when the proposed events repeat, ``undetermined`` at the budget).
"""

from __future__ import annotations

import time
from collections.abc import Hashable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from arbiter.model.ability_zones import in_play_in
from arbiter.model.damage import replacement as rp
from arbiter.model.damage.actions import GameAction, ProposedEvent
from arbiter.model.state import JSON, GameState
from arbiter.model.steps import Step
from arbiter.solver.loops.decide import LoopVerdict, Verdict
from arbiter.solver.loops.graph import Candidate

if TYPE_CHECKING:
    import networkx as nx

R4 = "R-4: a replacement applies at most once per game action"


def _node(r: rp.Replacement) -> str:
    return f"{r.source}.{r.id}"


def _ids(sel: rp.Among, me: str) -> frozenset[str] | None:
    """The objects a selector can name by id (None: not restricted to ids)."""
    return rp.ids_of(sel, me)


selector_ids = _ids  # for the card-set pruning of ``arbiter loops`` (solver/cli/loops.py)


def _targets(r: rp.Replacement, t: rp.Template) -> frozenset[str] | None:
    if t.target == "same":
        return _ids(r.pattern.affected, r.source)
    if t.target == "self":
        return frozenset({r.source})
    if t.target == "choose":
        return _ids(t.choose or rp.ANY_OBJECT, r.source)
    return frozenset({t.target})


template_ids = _targets


def _amounts(r: rp.Replacement, t: rp.Template) -> tuple[int, int | None]:
    if t.amount is not None:
        return t.amount + t.add, t.amount + t.add
    hi = r.pattern.amount_max
    return r.pattern.amount_min + t.add, None if hi is None else hi + t.add


def can_feed(a: rp.Replacement, t: rp.Template, b: rp.Replacement) -> bool:
    """Whether the event ``a`` makes by template ``t`` can be one ``b`` waits for."""
    kinds = a.pattern.kinds if t.kind is None else frozenset({t.kind})
    if not kinds & b.pattern.kinds:
        return False
    made, waited = _targets(a, t), _ids(b.pattern.affected, b.source)
    if made is not None and waited is not None and not made & waited:
        return False
    lo, hi = _amounts(a, t)
    if hi is not None and hi < b.pattern.amount_min:
        return False
    return b.pattern.amount_max is None or lo <= b.pattern.amount_max


def replacement_graph(state: GameState) -> nx.DiGraph:
    """Nodes ``object.replacement``; ``a -> b`` when an event ``a`` makes can match ``b``."""
    import networkx as nx

    g = nx.DiGraph()
    found = rp.replacements_in_play(state)
    for r in found:
        obj = state.objects[r.source]
        g.add_node(_node(r), object=r.source, ability=r.id, card=obj.card or r.source)
        g.nodes[_node(r)]["kind"] = "replacement"
    for a in found:
        for t in a.instead:
            for b in found:
                if can_feed(a, t, b):
                    g.add_edge(_node(a), _node(b), why=f"makes {t.kind or 'the same event'}")
    return g


def chain_replacements(state: GameState, c: Candidate) -> list[rp.Replacement]:
    """The replacements of a candidate, in the order of its cycle, then the others."""
    by_node = {_node(r): r for r in rp.replacements_in_play(state)}
    order = list(dict.fromkeys((*c.path[:-1], *c.abilities)))
    return [by_node[n] for n in order if n in by_node]


def minimal_action(state: GameState, r: rp.Replacement) -> GameAction | None:
    """One event ``r`` waits for, on an object of ``state`` (None when there is none)."""
    p = r.pattern
    who = rp.controller_of(r, state)
    for kind in sorted(p.kinds):
        for oid in sorted(state.objects):
            obj = state.objects[oid]
            if not in_play_in(state, obj.zone):
                continue
            if not rp.selects(p.affected, obj, oid, r.source, who):
                continue
            sources = [s for s in sorted(state.objects) if s != oid] + [oid, "effect"]
            for src in sources:
                e = ProposedEvent(kind, oid, max(p.amount_min, 1), src)
                if rp.matches(r, e, state):
                    return GameAction("start", src, (e,))
    return None


def scenario_action(
    steps: Sequence[Step], state: GameState, chain: list[rp.Replacement]
) -> GameAction | None:
    """The first ``game-action`` step of a scenario one of ``chain`` waits for."""
    from arbiter.model.damage.action_step import GameActionStep

    for s in steps:
        if isinstance(s, GameActionStep) and any(
            rp.matches(r, e, state) for e in s.action.events for r in chain
        ):
            return s.action
    return None


def chain_state(state: GameState, c: Candidate) -> GameState:
    """The minimal state of a candidate chain: its objects and the objects its
    replacements name by id."""
    keep = set(c.objects)
    for r in chain_replacements(state, c):
        for sel in (r.pattern.affected, r.pattern.source, r.pattern.source_except):
            keep |= set(_ids(sel, r.source) or ()) if sel is not None else set()
        for t in r.instead:
            keep |= set(_targets(r, t) or ())
    keep &= set(state.objects)
    return replace(state, objects={o: state.objects[o] for o in sorted(keep)})


def _pending_key(run: rp.ReplacementRun) -> Hashable:
    return tuple(sorted((e.kind, e.target, e.amount, e.source) for e in run.pending))


def _applied(run: rp.ReplacementRun) -> list[rp.Applied]:
    return [a for a in run.log if a.made is not None]


def _steps(run: rp.ReplacementRun) -> tuple[dict[str, JSON], ...]:
    aid = run.action.id
    out: list[dict[str, JSON]] = []
    by_id = {r.id: r for r in run.active}
    for a in _applied(run):
        e, made = a.event, a.made
        assert e is not None and made is not None
        out.append(
            {
                "move": "replace",
                "object": by_id[a.by].source,
                "ability": a.by,
                "forced": a.chooser == "forced",
                "event": e.label(aid),
                "lineage": [link.by for link in e.chain] + [a.by],
                "text": f"{a.by}: instead of '{e.describe()}': "
                + (", ".join(m.describe() for m in made) or "nothing"),
            }
        )
    return tuple(out)


def confirm(
    state: GameState, action: GameAction, budget: int, *, once_per_action: bool = True
) -> Verdict:
    """Run the replacement pipeline on ``action``; R-4 on (the rules) or off (to compare)."""
    t0 = time.perf_counter()
    if once_per_action:
        run = rp.start_run(action, state)  # applies what is forced, R-4 holding
    else:  # the same run, not yet settled: the guard must be off from the first step
        events = tuple(e for e in action.events if e.amount > 0)
        run = rp.ReplacementRun(action, state, rp.replacements_in_play(state), events)
    from arbiter.solver.limits import cut

    seen: set[Hashable] = {_pending_key(run)}
    repeated = False
    stopped: str | None = None
    while len(_applied(run)) < budget and (p := rp.point(run)) is not None:
        stopped = cut()  # the command's time limit or memory ceiling
        if stopped is not None:
            break
        run = rp.take(run, p.options[0])
        if not once_per_action:
            run = replace(run, used=frozenset())  # R-4 off: every replacement may apply again
            k = _pending_key(run)
            if k in seen:
                repeated = True
                break
            seen.add(k)
    n = len(_applied(run))
    steps = _steps(run)
    wall = time.perf_counter() - t0

    def verdict(kind: LoopVerdict, reason: str, rules: tuple[str, ...]) -> Verdict:
        # a loop is mandatory when no replacement on it says "may"
        used = {a.by for a in _applied(run)}
        optional = any(r.optional for r in run.active if r.id in used)
        mandatory = (not optional) if kind is LoopVerdict.LOOP else None
        done = kind is LoopVerdict.TERMINATES
        return Verdict(
            kind,
            reason,
            mandatory,
            explored=n,
            budget=budget,
            complete=done,
            wall_time=wall,
            steps=steps,
            rules=rules,
        )

    if once_per_action and rp.point(run) is None:
        lineage = " then ".join(str(s["ability"]) for s in steps)
        reason = f"{R4}; the chain stopped after {n} replacement(s)"
        if lineage:
            reason += f" ({lineage}); {_blocked(run)}"
        return verdict(LoopVerdict.TERMINATES, reason, ("R-4", "LOOP-2", "LOOP-5"))
    if repeated:
        reason = (
            f"without R-4 the proposed events repeat after {n} replacement(s): "
            "the chain would never end"
        )
        return verdict(LoopVerdict.LOOP, reason, ("LOOP-2", "LOOP-5"))
    if rp.point(run) is not None:
        what = "with R-4" if once_per_action else "without R-4"
        limit = f"cut by {stopped}" if stopped else "the budget"
        reason = f"{what} the chain is still going after {n} replacement(s) ({limit})"
        return verdict(LoopVerdict.UNDETERMINED, reason, ("LOOP-2", "LOOP-5"))
    reason = f"even without R-4 the chain stops after {n} replacement(s)"
    return verdict(LoopVerdict.TERMINATES, reason, ("LOOP-2", "LOOP-5"))


def decide_chain(
    state: GameState,
    c: Candidate,
    budget: int,
    steps: Sequence[Step] = (),
    *,
    once_per_action: bool = True,
) -> Verdict:
    """Confirm a candidate chain on a scenario's game action, else on a minimal one."""
    chain = chain_replacements(state, c)
    action = scenario_action(steps, state, chain)
    if action is None:
        action = next((a for r in chain if (a := minimal_action(state, r)) is not None), None)
    if action is None:
        reason = (
            "no game action of this file or of the candidate's cards starts the chain "
            f"({c.arrows()}): its replacements wait for events no object here can have"
        )
        return Verdict(
            LoopVerdict.TERMINATES,
            reason,
            None,
            complete=True,
            budget=budget,
            rules=("LOOP-2", "LOOP-5"),
        )
    return confirm(state, action, budget, once_per_action=once_per_action)


def _blocked(run: rp.ReplacementRun) -> str:
    used = sorted(run.used)
    left = [e.describe() for e in run.pending]
    return f"used for this action: {', '.join(used)}; carried out: {', '.join(left) or 'nothing'}"
