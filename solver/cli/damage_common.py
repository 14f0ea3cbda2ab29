"""What ``arbiter damage`` and ``arbiter combat`` share: the words of their objectives and
the check of ``--for``."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from arbiter.model.scenario import Scenario

# an objective's name -> what it counts, in the reports' sentences
WHAT = {"kills": "units destroyed", "damage": "damage dealt", "value": "value destroyed"}


def check_player(for_player: str | None, scenario: Scenario) -> None:
    """``--for PLAYER`` names one of the scenario's players (InputError, exit 2)."""
    from arbiter.model.errors import InputError

    players = scenario.start.players
    if for_player is not None and for_player not in players:
        raise InputError(f"--for: expected one of the players {', '.join(players)}")
