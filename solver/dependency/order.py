"""Passive abilities in the view: the ``passives`` and ``region`` keys. The order itself
(A-ORDER-1) and the state after passives are ``arbiter.model.passive_order`` (one
derivation, called explicitly by the rules and the view); its names are re-exported here
for the solver's callers.
"""

from __future__ import annotations

from arbiter.model import passives as pv
from arbiter.model import view
from arbiter.model.passive_order import (
    _LAST,
    Choice,
    Edge,
    Ordering,
    after_passives,
    derive,
    has_passives,
    order_passives,
    ordering,
    reorder,
    timestamp_order,
)
from arbiter.model.state import JSON, GameObject, GameState

__all__ = [
    "Choice",
    "Edge",
    "Ordering",
    "after_passives",
    "derive",
    "has_passives",
    "order_passives",
    "ordering",
    "register",
    "reorder",
    "timestamp_order",
]


def _passives_section(obj: GameObject, state: GameState) -> tuple[str, JSON] | None:
    """``"passives"``: the passive abilities the object has after passives (ids)."""
    base = next((b for b, o in _LAST if o.state is state), None)
    had = base.objects.get(obj.id) if base is not None else obj
    if had is None or not pv.passives_of(had):
        return None
    return "passives", [p.id for p in pv.passives_of(obj)]


def _region_section(obj: GameObject, state: GameState) -> tuple[str, JSON] | None:
    """``"region"``: the region object an object is in, when it has one."""
    return ("region", obj.region) if obj.region is not None else None


def register() -> None:
    """Plug passives into the view (``passives`` and ``region`` keys). The derivation is not
    registered: ``arbiter.model.view.derived`` calls ``after_passives`` explicitly."""
    if _passives_section not in view.OBJECT_SECTIONS:
        view.OBJECT_SECTIONS.append(_passives_section)
        view.OBJECT_SECTIONS.append(_region_section)


register()
