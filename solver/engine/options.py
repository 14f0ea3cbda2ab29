"""How the decisions a scenario leaves open are made (time limit, workers, outcomes)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RunOptions:
    """How decisions left open by a scenario are made."""

    time_limit: float = 10.0
    workers: int = 1
    outcomes: bool = False  # also enumerate every legal choice sequence (run --outcomes)
