"""The keywords a condition reads (``if: {has: K, of: X}``): the object's features with
its keyword passives applied (Riftbound 471: "while Mighty" grants, on the Might it has
out of combat), so a condition sees a keyword a passive gives (808.3, 815.3)."""

from __future__ import annotations

from arbiter.model import might as mt
from arbiter.model import riftbound_keywords as rk
from arbiter.model.might_layers import might_now
from arbiter.model.state import GameObject, GameState


def with_passives(state: GameState, obj: GameObject) -> GameObject:
    """``obj`` with the keywords its keyword passives give now (out of combat)."""
    if obj.zone not in mt.BOARD or not any(isinstance(a, rk.KeywordPassive) for a in obj.abilities):
        return obj  # a passive works on the Board only
    xp = state.counters.get(f"xp.{obj.controlled_by}", 0)  # Level (824)
    out, _ = rk.passive_grants(obj, lambda o: might_now(state, o), state.ruleset.numbered_gain, xp)
    return out
