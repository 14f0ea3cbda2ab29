"""Riftbound: whether a player killed something "with" a spell or ability (Core Rules 1.3,
428.5.e). A kill's ``move`` event names what it is attributed to (``killed_by``: 428.5.a-d,
the spell or ability first, then the object an ability comes from). The player
responsible for the kill is the controller of the first of them: the spell or ability of
a Kill instruction (428.5.b), or what dealt the damage before a Cleanup (428.5.c;
Decision RB-KILL-WITH)."""

from __future__ import annotations

from arbiter.model.state import GameState


def attributed(state: GameState, oid: str) -> tuple[str, ...]:
    """What the latest kill of ``oid`` is attributed to (empty: none, or not killed)."""
    for event in reversed(state.events):
        if event.kind == "move" and event.get("target") == oid and event.get("killed"):
            by = event.get("killed_by")
            return tuple(str(b) for b in by) if isinstance(by, list) else ()
    return ()


def responsible(state: GameState, by: tuple[str, ...]) -> str | None:
    """The player responsible for a kill attributed to ``by`` (RB-KILL-WITH)."""
    first = state.objects.get(by[0]) if by else None
    return first.controlled_by if first is not None else None


def killed_with(state: GameState, oid: str, player: str, kind: str) -> bool:
    """428.5.e: the kill of ``oid`` is attributed to an object of ``kind`` that ``player``
    controls, and ``player`` is responsible for it."""
    by = attributed(state, oid)
    if responsible(state, by) != player:
        return False
    return any(
        b in state.objects
        and state.objects[b].kind == kind
        and state.objects[b].controlled_by == player
        for b in by
    )
