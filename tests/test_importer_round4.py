"""Constructs the imported Riftbound pools use most that the card language gained in this
round: a combat won, additional costs, entering ready. Every card text here is invented."""

from __future__ import annotations

import pytest

from arbiter.model.effects import algebra as a
from arbiter.model.format.importers.sources import Game
from tests.test_importer_constructs import rb, read


@pytest.mark.rule("IMP-WIN", "Riftbound 460")
def test_a_combat_won_is_an_event_of_the_unit_or_of_its_player() -> None:
    mine = rb("When I win a combat, channel 1 rune exhausted.")
    assert mine.when == a.When(a.EventKind.WINS_COMBAT, a.SELF)
    yours = rb("When you win a combat, draw 2.")
    assert yours.when == a.When(a.EventKind.WINS_COMBAT, a.YOU)
    first = rb("The first time I win a combat each turn, draw 1.")
    assert first.when == a.When(a.EventKind.WINS_COMBAT, a.SELF, nth=1)
    assert read(Game.RIFTBOUND, "When I win a combat, draw 1.").rendering.startswith(
        "When this card wins a combat"
    )
