"""Automatic trigger resolution after each step of a scenario (TRIG-1, TRIG-2, TRIG-3).

After a step, the events it produced trigger abilities; they resolve one by one
(first in, first out), and what they trigger joins the queue. ``arbiter run``
accepts every "may" (TRIG-2: the loop search explores both answers). At most
``TRIGGER_BOUND`` triggers resolve after one step: past the bound the rest are
left unresolved and a ``bound`` event says so (TRIG-3) — ``arbiter loops`` tells
whether such a chain ever ends. The abilities' machinery is imported only when some
object has abilities (issue 19: a stats-only run starts without it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbiter.model.state import Event, GameState
from arbiter.solver.engine.options import RunOptions

if TYPE_CHECKING:
    from arbiter.model import abilities as ab

TRIGGER_BOUND = 1000


def settle(
    before: GameState, after: GameState, bound: int = TRIGGER_BOUND
) -> tuple[GameState, ab.Queue]:
    """Resolve what the events since ``before`` triggered; returns the state and what is
    left in the queue (empty unless the bound was reached)."""
    if not any(obj.abilities for obj in after.objects.values()):
        return after, ()  # nothing can trigger: triggers are abilities (TRIG-1)
    from arbiter.model import abilities as ab

    queue = ab.triggered(after, after.events[len(before.events) :])
    state = after
    resolved = 0
    while queue and resolved < bound:
        state, queue = ab.advance(state, queue, accept=True)
        resolved += 1
    if queue:
        state = state.with_event(
            Event(
                "bound",
                (
                    ("resolved", resolved),
                    ("pending", [p.label() for p in queue[:10]]),
                    ("note", "trigger chain cut at the bound; run `arbiter loops` on this file"),
                ),
                ("TRIG-3",),
            )
        )
    return state, queue


def after_step(before: GameState, after: GameState, options: RunOptions) -> GameState:
    """The engine's after-step hook: the triggers of the step's events, resolved."""
    return settle(before, after)[0]
