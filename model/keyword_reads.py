"""The keywords a condition reads (``if: {has: K, of: X}``): the object's features with
its keyword passives applied (Riftbound 471: "while Mighty" grants, on the Might it has
out of combat), so a condition sees a keyword a passive gives (808.3, 815.3)."""

from __future__ import annotations

from dataclasses import replace

from arbiter.model import might as mt
from arbiter.model import riftbound_attach as ra
from arbiter.model import riftbound_keywords as rk
from arbiter.model.might_layers import might_now
from arbiter.model.state import GameObject, GameState
from arbiter.model.values import features as ft

EQUIPPED = "Equipped"  # 818.3: the state, read like a keyword by conditions


def with_passives(state: GameState, obj: GameObject) -> GameObject:
    """``obj`` with the keywords its keyword passives give now (out of combat), and
    ``Equipped`` while an Equipment is attached to it (Riftbound 818.3)."""
    if any("Equip" in c.features for c in ra.attached_cards(state, obj.id)):
        obj = replace(obj, features=ft.gain(obj.features, EQUIPPED, None).features)
    if obj.zone not in mt.BOARD or not any(isinstance(a, rk.KeywordPassive) for a in obj.abilities):
        return obj  # a passive works on the Board only
    xp = state.counters.get(f"xp.{obj.controlled_by}", 0)  # Level (824)
    out, _ = rk.passive_grants(obj, lambda o: might_now(state, o), state.ruleset.numbered_gain, xp)
    return out
