"""The Riftbound Chain (Core Rules 1.3: 108.1, 327-340, 398-406): a typed stack of items.

A card played or an ability activated or triggered becomes an item on the Chain (108.1.a,
328, 333); while one exists the turn is in a Closed State (331.1). Items are finalized in
the order they were added (337.1.b); the controller of the newest one then has priority
(337.1.c.3). The player with priority adds an item or passes to the next player in turn
order (338.1); when every player has passed in sequence, the newest item resolves
(339.1, 340.1), a Cleanup it made waiting follows (321.1), and priority goes to the
controller of the new newest item (340.4) or the Chain is gone (340.2).

A spell lingers on the Chain (zone ``chain``) until it resolves (359.3); an ability has no
card (377.3.a.1). When an item resolves, its instructions whose every chosen target has
become illegal are not executed (359.3.e.5, 359.3.e.7): a target is illegal when it has
left the Board or came back to it since it was chosen (359.3.e.2, 359.3.e.4).

Scenarios that never use the Chain's steps keep resolving ``play_card`` and
``chain_item`` at once (Decision RB-CHAIN-1).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from arbiter.model import death as dt
from arbiter.model.errors import IllegalAction
from arbiter.model.state import JSON, Event, GameState
from arbiter.model.steps import Resolve, Step, resolve_part

CHAIN = "chain"  # the zone of a card on the Chain (108.1)
ADDED = "chain_items_added"  # game counter: the items added so far (their ids)


class ItemKind(Enum):
    """What a chain item is (328.1-328.2, 377, 383.3)."""

    SPELL = "spell"
    ACTIVATED = "activated"
    TRIGGERED = "triggered"


@dataclass(frozen=True)
class Target:
    """A chosen target as it was when chosen (355.5): on the Board or not, and when."""

    id: str
    on_board: bool
    since: int  # the number of events when it was chosen


@dataclass(frozen=True)
class ChainEntry:
    """One item on the Chain: a spell (``card``) or an ability of ``source``; ``steps``
    are what it does when it resolves; ``after`` runs once they have (a spell's card
    going to the trash, 359.3.d)."""

    id: str
    kind: ItemKind
    controller: str
    source: str
    steps: tuple[Step, ...]
    ability: str | None = None
    card: str | None = None
    targets: tuple[Target, ...] = ()
    pending: bool = False
    after: Step | None = None

    def fields(self) -> tuple[tuple[str, JSON], ...]:
        """What every event about the item says of it."""
        return (
            ("item", self.id),
            ("item_kind", self.kind.value),
            ("controller", self.controller),
            ("source", self.source),
            ("ability", self.ability),
        )

    def as_json(self) -> dict[str, JSON]:
        return {
            "id": self.id,
            "kind": self.kind.value,
            "controller": self.controller,
            "source": self.source,
            "ability": self.ability,
            "card": self.card,
            "targets": [t.id for t in self.targets],
            "pending": self.pending,
        }


@dataclass(frozen=True)
class Chain:
    """The Chain while it exists: its items, oldest first; the player with priority;
    the players who passed in sequence since the last item was added (339.1)."""

    items: tuple[ChainEntry, ...]
    priority: str
    passed: tuple[str, ...] = ()

    @property
    def newest(self) -> ChainEntry:
        return self.items[-1]


def closed(state: GameState) -> bool:
    """331.1: the turn is in a Closed State while a Chain exists."""
    return state.chain is not None


def holder(state: GameState) -> str | None:
    """The player with priority, while a Chain exists (338.1)."""
    return state.chain.priority if state.chain is not None else None


def check_priority(state: GameState, player: str) -> None:
    """338.1: while a Chain exists, only the player with priority adds to it."""
    if state.chain is not None and state.chain.priority != player:
        raise IllegalAction("Riftbound 338.1", f"{state.chain.priority} has priority, not {player}")


def choose(state: GameState, ids: tuple[str, ...]) -> tuple[Target, ...]:
    """Record the chosen targets as they are now (355.5, 355.15)."""
    board = state.ruleset.board_zones
    out = []
    for oid in ids:
        obj = state.obj(oid)
        out.append(Target(oid, obj.zone.split(":", 1)[0] in board, len(state.events)))
    return tuple(out)


def illegal_targets(state: GameState, entry: ChainEntry) -> frozenset[str]:
    """359.3.e.2, 359.3.e.4: targets that left the Board since they were chosen, even if
    they came back (a move between the Board's locations keeps them legal, 359.3.e.3)."""
    board = state.ruleset.board_zones
    out = set()
    for t in entry.targets:
        obj = state.objects.get(t.id)
        if obj is None:
            out.add(t.id)
            continue
        now = obj.zone.split(":", 1)[0] in board
        if t.on_board and (not now or _left(state, t, board)):
            out.add(t.id)
    return frozenset(out)


def _left(state: GameState, t: Target, board: frozenset[str]) -> bool:
    """Whether the target moved to a zone off the Board since it was chosen."""
    for e in state.events[t.since :]:
        to = e.get("to")
        if e.get("target") == t.id and isinstance(to, str) and to.split(":", 1)[0] not in board:
            return True
    return False


def next_id(state: GameState) -> str:
    n = state.counters.get(ADDED, 0) + 1
    return f"item{n}"


def push(state: GameState, entry: ChainEntry, rules: tuple[str, ...]) -> GameState:
    """Add an item on top of the Chain (a new Chain if none exists, 333, 330.2), pending
    when ``entry.pending``; the passes in sequence start again (339.1)."""
    opened = state.chain is None
    items = (*state.chain.items, entry) if state.chain is not None else (entry,)
    priority = state.chain.priority if state.chain is not None else entry.controller
    counters = {**state.counters, ADDED: state.counters.get(ADDED, 0) + 1}
    state = replace(state, chain=Chain(items, priority), counters=counters)
    fields: tuple[tuple[str, JSON], ...] = (
        *entry.fields(),
        ("card", entry.card),
        ("targets", [t.id for t in entry.targets]),
        ("pending", entry.pending),
        ("position", len(items)),
    )
    where = ("Riftbound 333", "Riftbound 331.1") if opened else ("Riftbound 330.2",)
    return state.with_event(Event("chain_add", fields, (*rules, *where)))


def finalize(state: GameState) -> GameState:
    """337.1: pending items are finalized in the order they were added (337.1.b); the
    controller of the newest item gains priority (337.1.c.3)."""
    chain = state.chain
    if chain is None:
        return state
    for entry in chain.items:
        if entry.pending:
            fields: tuple[tuple[str, JSON], ...] = (("item", entry.id),)
            state = state.with_event(
                Event("chain_finalize", fields, ("Riftbound 337.1.b", "Riftbound 406.2"))
            )
    items = tuple(replace(e, pending=False) for e in chain.items)
    return _give_priority(replace(state, chain=Chain(items, items[-1].controller)), "337.1.c.3")


def _give_priority(state: GameState, article: str) -> GameState:
    assert state.chain is not None
    fields: tuple[tuple[str, JSON], ...] = (("player", state.chain.priority),)
    return state.with_event(Event("priority", fields, (f"Riftbound {article}",)))


def _next_player(state: GameState, player: str) -> str:
    """338.1.c.1: the next player in turn order (the turn player first)."""
    order = list(state.players)
    return order[(order.index(player) + 1) % len(order)]


def pass_priority(state: GameState, player: str, resolve: Resolve = resolve_part) -> GameState:
    """338.1.c: the player with priority passes; once every player has passed in sequence
    the newest item resolves (339.1)."""
    chain = state.chain
    if chain is None:
        raise IllegalAction("Riftbound 338.1.c", "no Chain exists: there is no priority to pass")
    check_priority(state, player)
    passed = (*chain.passed, player)
    fields: tuple[tuple[str, JSON], ...] = (("player", player),)
    state = state.with_event(Event("pass_priority", fields, ("Riftbound 338.1.c.1",)))
    if len(set(passed)) >= len(state.players):
        return resolve_newest(state, resolve)
    nxt = _next_player(state, player)
    state = replace(state, chain=replace(chain, priority=nxt, passed=passed))
    return _give_priority(state, "339.2")


def resolve_newest(state: GameState, resolve: Resolve = resolve_part) -> GameState:
    """340.1: the newest item resolves, its instructions with an illegal target skipped
    (359.3.e.5-e.7), each through ``resolve`` (the engine's, with its solvers); a Cleanup
    waiting for it follows (321.1); then 340.2 or 340.4."""
    chain = state.chain
    if chain is None:
        raise IllegalAction("Riftbound 340.1", "no Chain exists: nothing resolves")
    entry = chain.newest
    illegal = illegal_targets(state, entry)
    rule = "Riftbound 359.3.d" if entry.kind is ItemKind.SPELL else "Riftbound 406.5"
    fields: tuple[tuple[str, JSON], ...] = (
        *entry.fields(),
        ("mistargeted", sorted(illegal)),
    )
    rules: tuple[str, ...] = ("Riftbound 339.1", "Riftbound 340.1", rule)
    if illegal:
        rules = (*rules, "Riftbound 359.3.e.5", "Riftbound 359.3.e.7")
    state = state.with_event(Event("chain_resolve", fields, rules))
    for step in entry.steps:
        named = step.target_ids()
        if named and all(t in illegal for t in named):
            skipped: tuple[tuple[str, JSON], ...] = (("item", entry.id), ("targets", list(named)))
            state = state.with_event(Event("not_executed", skipped, ("Riftbound 359.3.e.7",)))
            continue
        state = resolve(step, state)
    if entry.after is not None:
        state = entry.after.resolve(state)
    state = state.with_event(
        Event("cleanup", (("after", "chain_item"),), ("Riftbound 321", "Riftbound 321.1"))
    )
    state = dt.cleanup(state)
    # what its steps added (a trigger, 336.1) stays, pending, above the items below it
    rest = tuple(e for e in state.chain.items if e.id != entry.id) if state.chain else ()
    if not rest:
        state = replace(state, chain=None)
        return state.with_event(Event("chain_closed", (), ("Riftbound 340.2", "Riftbound 331.2")))
    nxt = rest[-1].controller
    state = replace(state, chain=Chain(rest, nxt))
    if any(e.pending for e in rest):
        return finalize(state)  # 340.3
    return _give_priority(state, "340.4")


def resolve_all(
    state: GameState, items: int | None = None, resolve: Resolve = resolve_part
) -> GameState:
    """Every player passes in turn order until ``items`` items (all by default) have
    resolved (339.1): the rest of the Chain as if nobody adds to it (Decision RB-CHAIN-2)."""
    done = 0
    while state.chain is not None and (items is None or done < items):
        state = resolve_newest(state, resolve)
        done += 1
    if items is not None and done < items:
        raise IllegalAction("Riftbound 340.1", f"only {done} of {items} chain items to resolve")
    return state
