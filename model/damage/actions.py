"""Game actions and the events they propose (RULES.md §9).

A game action holds one or more events that happen together (Razgal gives 2
extra lives to each of three creatures: one action, three events). An event is
*proposed* until it is carried out; replacement effects (``model/damage/replacement.py``)
act in between (R-2). Every event keeps its lineage: the action it belongs to and
the chain of replacements it came from (R-4, R-6).

Wounds and damage marked on an object are its counter ``damage``; extra lives are
its counter ``lives`` (conventions shared with the damage and prevention area).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from arbiter.model.state import JSON, Event, GameState
from arbiter.model.trace import RuleStep, Trace

# The event kinds a replacement can wait for, and the counter each one changes.
EVENT_COUNTERS: dict[str, str] = {
    "wounded": "damage",  # "is wounded" / "takes wounds" (Berserk)
    "dealt-damage": "damage",  # "is dealt damage" (Riftbound)
    "gains-lives": "lives",  # "gains X extra lives"
}
EVENT_KINDS: tuple[str, ...] = tuple(EVENT_COUNTERS)


@dataclass(frozen=True, slots=True)
class Link:
    """One link of a lineage: replacement ``by`` turned the parent into part ``part``,
    on the object ``pick`` when its controller picked one ("any enemy creature")."""

    by: str
    part: int = 0
    pick: str = ""


@dataclass(frozen=True, slots=True)
class ProposedEvent:
    """An event of a game action, not yet carried out.

    ``root`` is its index in the action; ``chain`` the replacements it came from,
    in order (empty for an event of the action itself). ``(root, chain)`` is its
    identity within the action.
    """

    kind: str
    target: str
    amount: int
    source: str
    root: int = 0
    chain: tuple[Link, ...] = ()
    because: Trace = ()

    @property
    def node(self) -> tuple[int, tuple[Link, ...]]:
        return (self.root, self.chain)

    def label(self, action: str) -> str:
        """``combat.1`` for the second event of action ``combat``; ``combat.1/druid_gift:enemy``
        for what the replacement ``druid_gift`` made of it on the object picked, ``enemy``."""
        text = f"{action}.{self.root}"
        for link in self.chain:
            text += f"/{link.by}" + (f"#{link.part}" if link.part else "")
            text += f":{link.pick}" if link.pick else ""
        return text

    def describe(self) -> str:
        verb = {"wounded": "is wounded", "dealt-damage": "is dealt", "gains-lives": "gains"}
        what = " extra lives" if self.kind == "gains-lives" else ""
        return f"{self.target} {verb.get(self.kind, self.kind)} {self.amount}{what}"

    def fields(self, action: str) -> tuple[tuple[str, JSON], ...]:
        return (
            ("action", action),
            ("event", self.label(action)),
            ("target", self.target),
            ("amount", self.amount),
            ("source", self.source),
            ("lineage", [link.by for link in self.chain]),
        )


@dataclass(frozen=True, slots=True)
class GameAction:
    """One game action: its id, its source, and the events it proposes together."""

    id: str
    source: str
    events: tuple[ProposedEvent, ...]


def carry_out(state: GameState, action: str, events: tuple[ProposedEvent, ...]) -> GameState:
    """Do the events left after replacement: wounds and extra lives become counters.

    The minimal carrying-out of the replacement area; damage itself is carried out by
    the damage area, which should send its events through
    ``arbiter.model.damage.replacement`` first.
    """
    for e in events:
        counter = EVENT_COUNTERS[e.kind]
        obj = state.obj(e.target)
        counters = dict(obj.counters)
        counters[counter] = counters.get(counter, 0) + e.amount
        state = state.with_object(replace(obj, counters=counters))
        rules = ["R-2"] + (["R-6"] if e.chain else [])
        because = (
            RuleStep("R-2", f"{e.describe()}: carried out after modifiers and prevention"),
            *e.because,
        )
        rules += [s.rule for s in because]
        state = state.with_event(
            Event(e.kind, e.fields(action), tuple(dict.fromkeys(rules)), because)
        )
    return state


def counter_changes(events: tuple[ProposedEvent, ...]) -> tuple[tuple[str, str, int], ...]:
    """What carrying out ``events`` adds to counters, canonically: equal changes from the
    same state give equal objects (the cheap key of an outcome)."""
    totals: dict[tuple[str, str], int] = {}
    for e in events:
        k = (e.target, EVENT_COUNTERS[e.kind])
        totals[k] = totals.get(k, 0) + e.amount
    return tuple(sorted((t, c, n) for (t, c), n in totals.items()))
