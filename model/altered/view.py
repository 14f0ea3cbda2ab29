"""The Altered sections of an object in the JSON view: statistics with boosts, boosts,
who knows it, and where it is (zone kind, face down, statuses, expeditions).

Each section is absent outside the Altered play kernel; the Altered zones and keywords (and
with them the passives' machinery) are imported only for an Altered state (issue 19: a
stats-only run of another ruleset starts without them)."""

from __future__ import annotations

from arbiter.model.ruleset import PlayKernel
from arbiter.model.state import JSON, GameObject, GameState


def _altered(state: GameState) -> bool:
    return state.ruleset.play_kernel is PlayKernel.ALTERED


def statistics_section(obj: GameObject, state: GameState) -> tuple[str, JSON] | None:
    """Statistics with boosts added (absent for face-down objects and non-characters)."""
    if not _altered(state) or obj.kind != "character":
        return None
    from arbiter.model.altered.keywords import statistics
    from arbiter.model.altered.zones import is_face_down

    if is_face_down(obj):
        return None
    return "statistics", dict(statistics(obj))


def boosts_section(obj: GameObject, state: GameState) -> tuple[str, JSON] | None:
    if not _altered(state):
        return None
    from arbiter.model.altered.keywords import boosts

    return "boosts", boosts(obj)


def knowledge_section(obj: GameObject, state: GameState) -> tuple[str, JSON] | None:
    if not _altered(state):
        return None
    from arbiter.model.altered.zones import known_to

    return "known_to", known_to(state, obj)


def place_section(obj: GameObject, state: GameState) -> tuple[str, JSON] | None:
    if not _altered(state):
        return None
    from arbiter.model.altered.zones import FACE_DOWN, STATUSES, zone_kind

    statuses = sorted(k for k in obj.counters if k in STATUSES and obj.counters[k])
    out: dict[str, JSON] = {
        "zone_kind": zone_kind(obj.zone),
        "face_down": obj.counters.get(FACE_DOWN, 0) > 0,
        "statuses": statuses,
    }
    if zone_kind(obj.zone) == "expedition":
        from arbiter.model.altered.keywords import expeditions_of

        out["expeditions"] = list(expeditions_of(obj))
    return "altered", out


SECTIONS = (statistics_section, boosts_section, knowledge_section, place_section)
