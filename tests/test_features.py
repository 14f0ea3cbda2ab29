"""Berserk 517: named features (B-NAMED-1..4, Decision B-NAMED-5)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbiter.model.values import features as ft
from arbiter.model.values.features import Feature


@pytest.mark.rule("B-NAMED-1")
def test_a_card_never_has_the_same_named_feature_twice() -> None:
    once = ft.gain({}, "Steadfast", None)
    twice = ft.gain(once.features, "Steadfast", None)
    assert list(twice.features) == ["Steadfast"] and not twice.applied


@pytest.mark.rule("B-NAMED-1")
def test_a_larger_number_replaces_a_smaller_one_and_never_the_reverse() -> None:
    start = {"Armor": Feature("Armor", 1)}
    up = ft.gain(start, "Armor", 3)
    assert up.applied and up.features["Armor"].number == 3
    down = ft.gain(up.features, "Armor", 2)
    assert not down.applied and down.features["Armor"].number == 3


@pytest.mark.rule("B-NAMED-2")
def test_plus_y_works_only_on_a_card_that_has_the_feature() -> None:
    none = ft.boost({}, "Fury", 2, "war_cry", constant=False)
    assert not none.applied and "Fury" not in none.features
    some = ft.boost({"Armor": Feature("Armor", 2)}, "Armor", 2, "banner", constant=False)
    assert some.features["Armor"].number == 4


@pytest.mark.rule("B-NAMED-3")
def test_when_the_constant_source_stops_the_card_gets_minus_y() -> None:
    boosted = ft.boost({"Armor": Feature("Armor", 3)}, "Armor", 1, "banner", constant=True)
    after, trace = ft.source_stops(boosted.features, "banner")
    assert after["Armor"].number == 3 and trace[0].rule == "B-NAMED-3"
    other, none = ft.source_stops(boosted.features, "somebody_else")
    assert other["Armor"].number == 4 and none == ()


@pytest.mark.rule("B-NAMED-3")
def test_a_one_shot_boost_does_not_revert() -> None:
    boosted = ft.boost({"Armor": Feature("Armor", 3)}, "Armor", 1, "potion", constant=False)
    after, _ = ft.source_stops(boosted.features, "potion")
    assert after["Armor"].number == 4


@pytest.mark.rule("B-NAMED-4")
def test_a_negative_number_works_as_zero_and_is_remembered() -> None:
    weak = ft.boost({"Armor": Feature("Armor", 3)}, "Armor", -5, "acid", constant=False)
    armor = weak.features["Armor"]
    assert (armor.shown, armor.number) == (0, -2)
    healed = ft.boost(weak.features, "Armor", 3, "smith", constant=False)
    assert healed.features["Armor"].shown == 1  # -2 + 3, not 0 + 3


@pytest.mark.rule("B-NAMED-5")
def test_a_replacing_gain_clears_the_boosts_of_the_replaced_feature() -> None:
    boosted = ft.boost({"Armor": Feature("Armor", 1)}, "Armor", 1, "banner", constant=True)
    replaced = ft.gain(boosted.features, "Armor", 5)
    after, _ = ft.source_stops(replaced.features, "banner")
    assert after["Armor"].number == 5


@pytest.mark.rule("B-NAMED-1")
@given(st.lists(st.integers(0, 9), min_size=1, max_size=10))
def test_after_any_gains_the_number_is_the_largest_gained(numbers: list[int]) -> None:
    features: dict[str, Feature] = {}
    for n in numbers:
        features = ft.gain(features, "Armor", n).features
    assert list(features) == ["Armor"] and features["Armor"].number == max(numbers)


@pytest.mark.rule("B-NAMED-3")
@given(
    st.integers(0, 9), st.lists(st.tuples(st.sampled_from("abc"), st.integers(-3, 3)), max_size=8)
)
def test_stopping_every_constant_source_restores_the_printed_number(
    printed: int, boosts: list[tuple[str, int]]
) -> None:
    features: dict[str, Feature] = {"Armor": Feature("Armor", printed)}
    for source, y in boosts:
        features = ft.boost(features, "Armor", y, source, constant=True).features
    for source in "abc":
        features, _ = ft.source_stops(features, source)
    assert features["Armor"].number == printed
