"""The ``game-action`` step: one game action whose events go through replacement.

Its decisions (R-5) come first from the file (``choices:``, each checked: an
illegal one is refused with the rule it breaks), then from the default: the first
option in canonical order (Decision R-DEFAULT: an optional replacement is used, on
the earliest event it can replace).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from arbiter.model.choicepoints import ChoicePoint, ChoosingStep, FixedChoice, Option
from arbiter.model.damage import replacement as rp
from arbiter.model.damage.actions import GameAction, ProposedEvent, counter_changes
from arbiter.model.errors import IllegalAction
from arbiter.model.state import GameState


@dataclass(frozen=True, kw_only=True)
class GameActionStep(ChoosingStep[rp.ReplacementRun]):
    """Carry out ``action``: replacement (R-1..R-6), then wounds and extra lives."""

    action: GameAction

    def target_ids(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(e.target for e in self.action.events))

    def start(self, state: GameState) -> rp.ReplacementRun:
        return rp.start_run(self.action, state)

    def point(self, run: rp.ReplacementRun) -> ChoicePoint | None:
        return rp.point(run)

    def take(self, run: rp.ReplacementRun, option: Option) -> rp.ReplacementRun:
        return rp.take(run, option)

    def finish(self, run: rp.ReplacementRun) -> GameState:
        return rp.finish(run)

    def key(self, run: rp.ReplacementRun) -> Hashable:
        return run.key()

    def tags(self, run: rp.ReplacementRun) -> frozenset[str]:
        return rp.tags(run)

    def outcome_key(self, run: rp.ReplacementRun) -> Hashable | None:
        return counter_changes(run.pending)  # finish only adds these to counters

    def leftover(self, run: rp.ReplacementRun, choice: FixedChoice) -> IllegalAction:
        key = "apply" if "apply" in choice.data else "decline"
        ref = choice.data.get("event")
        return _why_not(run, str(choice.data[key]), None if ref is None else str(ref))

    def match(self, run: rp.ReplacementRun, point: ChoicePoint, choice: FixedChoice) -> Option:
        return match_choice(run, point, choice)


def _why_not(run: rp.ReplacementRun, rid: str, ref: str | None) -> IllegalAction:
    """The rule a fixed choice naming replacement ``rid`` (on event ``ref``) breaks."""
    aid = run.action.id
    if rid in run.used:
        return IllegalAction("R-4", f"{rid} already applied to action {aid}: at most once")
    r = next((x for x in run.active if x.id == rid), None)
    if r is None:
        return IllegalAction("R-1", f"{rid} is not a replacement in play")
    if ref is not None:
        gone = [a.event for a in run.log if a.event is not None and _names(a.event, ref, aid)]
        live = [e for e in run.pending if _names(e, ref, aid)]
        if gone and not live:
            return IllegalAction("R-3", f"{ref} was replaced: it is not done any more")
        if not live:
            return IllegalAction("R-2", f"action {aid} proposes no event {ref} now")
        return IllegalAction("R-1", f"{rid} does not wait for {ref} ({live[0].describe()})")
    return IllegalAction("R-1", f"{rid} waits for no event of action {aid} now")


def _names(e: ProposedEvent, ref: str, aid: str) -> bool:
    return ref in (e.label(aid), e.target)


def match_choice(run: rp.ReplacementRun, point: ChoicePoint, choice: FixedChoice) -> Option:
    """The option a ``choices:`` entry names, or IllegalAction with the rule it breaks."""
    data = choice.data
    by = data.get("by")
    if by is not None and by != point.chooser:
        raise IllegalAction("R-5", f"{point.chooser} chooses here, not {by}")
    aid = run.action.id
    if "decline" in data:
        rid = str(data["decline"])
        for o in point.options:
            if dict(o.data).get("decline") == rid:
                return o
        r = next((x for x in run.active if x.id == rid), None)
        if r is not None and not r.optional and rid not in run.used:
            live = [c for c in rp.candidates(run) if c.replacement.id == rid]
            if live:
                raise IllegalAction("R-1", f"{rid} is not optional: it cannot be declined")
        raise _why_not(run, rid, None)
    rid = str(data["apply"])
    ref = None if data.get("event") is None else str(data["event"])
    target = data.get("target")
    for o in point.options:
        od = dict(o.data)
        if od.get("apply") != rid:
            continue
        if ref is not None and not _names(_event_of(run, str(od["event"])), ref, aid):
            continue
        if target is not None and od.get("target") != target:
            continue
        return o
    if any(dict(o.data).get("apply") == rid for o in point.options) and target is not None:
        raise IllegalAction("R-1", f"{target} is not a legal object for {rid} here")
    raise _why_not(run, rid, ref)


def _event_of(run: rp.ReplacementRun, label: str) -> ProposedEvent:
    return next(e for e in run.pending if e.label(run.action.id) == label)
