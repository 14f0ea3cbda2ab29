"""How the decisions a scenario leaves open are made (time limit, workers, outcomes)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from arbiter.model.scenario import Scenario


@dataclass(frozen=True)
class RunOptions:
    """How decisions left open by a scenario are made."""

    time_limit: float = 10.0
    workers: int = 1
    outcomes: bool = False  # also enumerate every legal choice sequence (run --outcomes)

    def wants_outcomes(self, scenario: Scenario) -> bool:
        """Whether the run enumerates outcomes: asked for (``--outcomes``) or read by an
        expectation (``outcomes``, ``outcomes.count``, ``outcome_search``...)."""
        return self.outcomes or any(
            e.path == "outcomes"
            or e.path.startswith(("outcomes.", "outcomes[", "outcome_search"))
            for e in scenario.expect
        )

