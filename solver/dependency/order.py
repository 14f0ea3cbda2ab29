"""The order of passive abilities (A-ORDER-1) for the solver's callers: the order itself and
the state after passives are ``arbiter.model.passive_order`` (one derivation, called
explicitly by the rules and the view); its names are re-exported here. The graph as data
is ``view.py``, as a picture ``draw.py``.
"""

from __future__ import annotations

from arbiter.model.passive_order import (
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
from arbiter.model.passive_rebase import Pace

__all__ = [
    "Choice",
    "Edge",
    "Ordering",
    "Pace",
    "after_passives",
    "derive",
    "has_passives",
    "order_passives",
    "ordering",
    "reorder",
    "timestamp_order",
]
