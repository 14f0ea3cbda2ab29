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
    assert read(Game.RIFTBOUND, "When I win a combat, draw 3.").rendering.startswith(
        "When this card wins a combat"
    )


@pytest.mark.rule("IMP-ALGEBRA", "Riftbound 160", "Riftbound 416")
def test_runes_are_objects_of_their_own_kind() -> None:
    ready = rb("At the start of your turn, ready 1 rune.")
    (e,) = ready.effects
    assert e.selector == a.Selector(a.Pick.CHOOSE, count=1, kinds=frozenset({"rune"}))
    recycled = rb("When you recycle a rune, buff me.")
    assert recycled.when == a.When(
        a.EventKind.RECYCLED, a.Selector(a.Pick.ALL, kinds=frozenset({"rune"})), by=a.Side.YOURS
    )


@pytest.mark.rule("IMP-ALGEBRA", "Riftbound 383.1")
def test_the_nth_card_played_in_a_turn_is_the_nth_time_of_the_event() -> None:
    third = rb("When you play your third card in a turn, buff me.")
    assert third.when == a.When(
        a.EventKind.PLAYED, a.Selector(a.Pick.ALL, side=a.Side.YOURS), nth=3
    )
