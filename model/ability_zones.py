"""Where abilities work: the zones in play (A-ZONE-1) and, for an Altered support ability,
the Reserve (Complete Rules 3.0, 2.2.11.g-j, 2.4.5.e). Pure functions."""

from __future__ import annotations

from arbiter.model.state import GameObject, GameState

# Zone kinds in play. A zone with a part after ':' (``expedition:hero``,
# ``expedition:companion``) is a part of the zone before it (A-ZONE-1): see ``in_play``.
IN_PLAY = frozenset({"play", "expedition", "landmark", "hero"})
SUPPORT_ZONE = "reserve"


def in_play(zone: object) -> bool:
    """Whether a zone (an object's, or an event's ``from``/``to``) is in play: its kind,
    the part before ':', is one of ``IN_PLAY`` (A-ZONE-1: both expeditions are in play)."""
    return isinstance(zone, str) and zone.split(":", 1)[0] in IN_PLAY


def on_board(state: GameState, zone: object) -> bool:
    """Whether ``zone`` (its kind, the part before ':') is one of the ruleset's Board zones
    (``Ruleset.board_zones``; Riftbound 107: a base, a battlefield)."""
    return isinstance(zone, str) and zone.split(":", 1)[0] in state.ruleset.board_zones


def in_play_in(state: GameState, zone: object) -> bool:
    """Whether an object in ``zone`` is in play in this game: a zone in play (``in_play``)
    or one of the ruleset's Board zones (Riftbound 107: a base, a battlefield)."""
    return in_play(zone) or on_board(state, zone)


def is_zone(zone: object, name: str) -> bool:
    """``name`` names the zone: "play" any zone in play, a kind every part of it."""
    if name == "play":
        return in_play(zone)
    return isinstance(zone, str) and (zone == name or zone.split(":", 1)[0] == name)


def works(obj: GameObject, support: bool) -> bool:
    """Whether an ability of ``obj`` works where it is: in play (Altered 2.2.11.g; a Hero's
    in its Hero zone, 2.2.11.h); a support ability only in the Reserve (2.2.11.i) and not
    while its object is exhausted there (2.2.11.j, 2.4.5.e)."""
    if support:
        return obj.zone == SUPPORT_ZONE and not obj.counters.get("exhausted", 0)
    return in_play(obj.zone)
