"""Passive abilities in the view and the report: the ``passives`` and ``region`` keys and
the ``--explain`` section. The order itself, and the state after passives, are
``model.passive_order`` (re-exported here for the solver's callers).
"""

from __future__ import annotations

from typing import Any

from model import passives as pv
from model import view
from model.passive_order import (
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
from model.state import JSON, GameObject, GameState

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


def _report_section(result: Any, out: Any, explain: bool) -> None:
    from solver.dependency_view import report_section

    report_section(result, out, explain)


def register() -> None:
    """Plug passives into the view (``passives`` and ``region`` keys) and the text report.
    The derivation itself is not registered: ``model.view.derived`` calls
    ``model.passive_order.after_passives`` explicitly."""
    from solver import report

    if _passives_section not in view.OBJECT_SECTIONS:
        view.OBJECT_SECTIONS.append(_passives_section)
        view.OBJECT_SECTIONS.append(_region_section)
        report.REPORT_SECTIONS.append(_report_section)


register()
