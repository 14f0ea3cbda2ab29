"""The replacement area's solver hooks: the CP-SAT engine for game actions, and the
``outcomes`` the engine adds when ``--outcomes`` is given or an expectation reads them."""

from __future__ import annotations

from arbiter.solver.choices import outcomes as choices
from arbiter.solver.choices import replacement as replacement_cpsat
from arbiter.solver.engine.runner import FINISHERS

__all__ = ["choices", "replacement_cpsat"]

if choices.finisher not in FINISHERS:
    FINISHERS.append(choices.finisher)
