"""Keywords (RULES.md §6) and the part of the day they act in (Dusk, Rest)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbiter.model.altered.day import progress
from arbiter.model.altered.keywords import expedition_statistics, statistic, tough_cost
from arbiter.model.ruleset import RULESETS, ToughVersion
from arbiter.model.state import GameObject, GameState
from arbiter.model.values.features import Feature
from tests.altered_helpers import events, final


def char(oid: str, owner: str, zone: str, forest: int = 0, **features: int | bool) -> GameObject:
    feats = {k: Feature(k, None if v is True else int(v)) for k, v in features.items()}
    return GameObject(
        id=oid, owner=owner, kind="character", zone=zone, base={"forest": forest}, features=feats
    )


def board(*objects: GameObject, tough: ToughVersion = ToughVersion.GLOSSARY) -> GameState:
    rs = RULESETS["altered"].with_policies(tough_version=tough)
    return GameState(rs, ("ana", "bo"), {o.id: o for o in objects})


@pytest.mark.rule("A-DAY-1", "Altered 2.5.1.b", "Altered 2.2.10")
def test_statistics_add_boosts_and_an_expedition_must_be_greater_and_positive() -> None:
    a = GameObject(
        id="a",
        owner="ana",
        kind="character",
        zone="expedition:hero",
        base={"forest": 1},
        counters={"boosts": 2},
    )
    assert statistic(a, "forest") == 3 and statistic(a, "water") == 2
    tie = board(a, char("b", "bo", "expedition:hero", forest=3))
    assert not progress(tie, "ana", "hero", terrains=("forest",)).moves  # a tie is not enough
    nothing = board(char("z", "ana", "expedition:hero"), char("n", "bo", "expedition:hero"))
    assert not progress(nothing, "ana", "hero").moves  # 0 is not enough
    ahead = board(a, char("b", "bo", "expedition:hero", forest=2))
    assert progress(ahead, "ana", "hero").moves
    bare = board(
        char("a2", "ana", "expedition:hero", forest=3), char("b", "bo", "expedition:hero", forest=2)
    )
    assert progress(bare, "ana", "hero").moves
    assert not progress(bare, "ana", "hero", terrains=("mountain", "water")).moves  # not its region


@pytest.mark.rule("A-KW-DEFENDER", "A-GOLD-1", "Altered 7.4.2.b", "Altered 4.2.4.i")
def test_an_expedition_with_a_defender_cannot_move_forward_and_fails() -> None:
    state = board(
        char("d", "ana", "expedition:hero", forest=1, Defender=True),
        char("c", "ana", "expedition:hero", forest=5),
    )
    p = progress(state, "ana", "hero")
    assert not p.moves and {"A-KW-DEFENDER", "A-GOLD-1"} <= {s.rule for s in p.because}
    companion = progress(state, "ana", "companion")
    assert not companion.moves  # nobody there


@pytest.mark.rule("A-KW-DEFENDER", "A-KW-GIGANTIC")
def test_a_gigantic_defender_stops_both_expeditions_and_its_characters_stay_at_rest() -> None:
    state = final(
        """
        objects:
          colossus: {owner: bo, kind: character, zone: "expedition:hero", base: {forest: 3},
                     features: {Defender: true, Gigantic: true}}
          imp: {owner: bo, kind: character, zone: "expedition:companion", base: {forest: 1}}
        steps:
          - dusk: {}
          - rest: {}
        """
    )
    moved = {(e["player"], e["expedition"]): e["moved"] for e in events(state, "progress")}
    assert moved == {
        ("ana", "hero"): False,
        ("ana", "companion"): False,
        ("bo", "hero"): False,
        ("bo", "companion"): False,
    }
    assert state.obj("imp").zone == "expedition:companion"


@pytest.mark.rule("A-KW-ETERNAL", "A-DAY-2", "Altered 7.4.3.b", "Altered 4.2.5.b")
def test_rest_sends_characters_of_moved_expeditions_to_reserve_except_eternal_ones() -> None:
    state = final(
        """
        objects:
          eternal: {owner: ana, kind: character, zone: "expedition:hero", base: {forest: 2},
                    features: {Eternal: true}, boosts: 1}
          page: {owner: ana, kind: character, zone: "expedition:hero", base: {forest: 1}, boosts: 1}
          stay: {owner: bo, kind: character, zone: "expedition:hero"}
        steps:
          - dusk: {}
          - rest: {}
        """
    )
    assert state.obj("eternal").zone == "expedition:hero"
    assert state.obj("eternal").counters["boosts"] == 1
    assert state.obj("page").zone == "reserve" and state.obj("page").counters.get("boosts", 0) == 0
    assert state.obj("stay").zone == "expedition:hero"  # Bo's expedition did not move
    assert all(not k.startswith("moved.") for k in state.counters)  # a new day starts


@pytest.mark.rule("A-KW-SEASONED", "Altered 7.4.6.b", "Altered 7.4.6.c")
def test_seasoned_keeps_boosts_to_the_reserve_for_any_reason_but_not_elsewhere() -> None:
    state = final(
        """
        objects:
          v: {owner: ana, kind: character, zone: "expedition:hero", features: {Seasoned: true},
              boosts: 3}
          w: {owner: ana, kind: character, zone: "expedition:hero", features: {Seasoned: true},
              boosts: 3}
          r: {owner: ana, kind: character, zone: "expedition:hero", boosts: 3}
        steps:
          - send: {target: v, to: reserve}
          - send: {target: w, to: discard}
          - send: {target: r, to: reserve}
        """
    )
    assert state.obj("v").counters["boosts"] == 3
    assert state.obj("w").counters.get("boosts", 0) == 0
    assert state.obj("r").counters.get("boosts", 0) == 0


@pytest.mark.rule("A-KW-GIGANTIC", "Altered 7.4.4.b", "Altered 7.4.4.c", "Altered 7.4.4.e")
def test_gigantic_is_one_object_present_and_counted_in_both_expeditions() -> None:
    state = final(
        """
        objects:
          titan: {owner: ana, kind: character, zone: hand, base: {forest: 3, hand_cost: 0},
                  features: {Gigantic: true}}
        steps:
          - play: {card: titan, into: companion}
          - switch: {target: titan}
        """
    )
    joins = events(state, "join")
    assert len(joins) == 1 and joins[0]["expeditions"] == ["hero", "companion"]
    assert state.obj("titan").zone == "expedition:companion"  # "the other expedition": none
    assert events(state, "switch")[0]["done"] is False
    for exp in ("hero", "companion"):
        assert expedition_statistics(state, "ana", exp).totals["forest"] == 3


@pytest.mark.rule("A-FLEET-1", "Altered 2.4.6.d")
def test_a_fleeting_character_going_to_the_reserve_is_discarded_instead() -> None:
    state = final(
        """
        objects:
          f: {owner: ana, kind: character, zone: "expedition:hero", status: [fleeting]}
        steps:
          - send: {target: f, to: reserve}
        """
    )
    assert state.obj("f").zone == "discard"


@pytest.mark.rule("A-KW-TOUGH", "A-KW-TOUGH-2", "Altered 7.4.7.c")
@pytest.mark.parametrize("version", list(ToughVersion))
def test_tough_costs_x_more_against_an_opponents_object_only(version: ToughVersion) -> None:
    state = board(
        char("ogre", "bo", "expedition:hero", Tough=2),
        char("golem", "ana", "expedition:hero", Tough=3),
        tough=version,
    )
    assert tough_cost(state, "ana", ["ogre"], for_free=False).amount == 2
    assert tough_cost(state, "ana", ["golem"], for_free=False).amount == 0
    assert tough_cost(state, "bo", ["golem", "ogre"], for_free=False).amount == 3
    assert tough_cost(state, "ana", ["ogre", "ogre"], for_free=False).amount == 2  # once


@pytest.mark.rule("A-KW-TOUGH")
def test_for_free_waives_tough_under_the_glossary_but_not_under_rules_3_0() -> None:
    glossary = board(char("ogre", "bo", "expedition:hero", Tough=2))
    rules30 = board(char("ogre", "bo", "expedition:hero", Tough=2), tough=ToughVersion.RULES_3_0)
    assert tough_cost(glossary, "ana", ["ogre"], for_free=True).amount == 0
    assert tough_cost(glossary, "ana", ["ogre"], for_free=True).waived == 2
    assert tough_cost(rules30, "ana", ["ogre"], for_free=True).amount == 2


@pytest.mark.rule("A-KW-TOUGH")
@pytest.mark.parametrize(
    ("policy", "paid"), [("{tough_version: glossary}", 0), ("{tough_version: '3.0'}", 2)]
)
def test_a_spell_played_for_free_at_a_tough_character(policy: str, paid: int) -> None:
    from tests.altered_helpers import altered, part

    result = altered(
        part(
            """
            objects:
              ogre: {owner: bo, kind: character, zone: "expedition:hero", features: {Tough: 2}}
              zap: {owner: ana, kind: spell, zone: hand, base: {hand_cost: 4},
                    spell: {targets: {t: {kind: character}}, steps: [{boost: 1, target: t}]}}
            steps:
              - mana: {ana: 5}
              - play: {card: zap, targets: {t: ogre}, for_free: true}
            """
        ),
        policy,
    )
    assert result.stopped_by is None
    assert result.state.counters["mana.ana"] == 5 - paid


@given(
    mine=st.lists(st.integers(-3, 6), max_size=4),
    theirs=st.lists(st.integers(-3, 6), max_size=4),
    boosts=st.integers(0, 3),
)
@pytest.mark.rule("A-DAY-1", "Altered 4.2.4.b", "Altered 4.2.4.e", "Altered 4.2.4.f")
def test_an_expedition_moves_exactly_when_its_total_is_positive_and_greater(
    mine: list[int], theirs: list[int], boosts: int
) -> None:
    """Progress compares sums of statistics with boosts: it moves forward if and only if its
    forest total is greater than the facing one and above 0 (forest is its only terrain)."""
    objs = [
        GameObject(
            id=f"m{i}",
            owner="ana",
            kind="character",
            zone="expedition:hero",
            base={"forest": v},
            counters={"boosts": boosts},
        )
        for i, v in enumerate(mine)
    ] + [char(f"t{i}", "bo", "expedition:hero", forest=v) for i, v in enumerate(theirs)]
    state = board(*objs)
    total_mine = sum(max(0, v) + boosts for v in mine)
    total_theirs = sum(max(0, v) for v in theirs)
    expected = total_mine > total_theirs and total_mine > 0
    assert progress(state, "ana", "hero", terrains=("forest",)).moves == expected
