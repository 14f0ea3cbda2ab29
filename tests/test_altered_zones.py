"""Zones, ownership, knowledge and new objects (RULES.md §4, A-GOLD-6/7, A-TIME-1, A-CHAR-3)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbiter.model.altered.keywords import statistic
from arbiter.model.altered.steps import FaceDown, GainBoosts, Grant, Look, Send, UseCharacteristic
from arbiter.model.altered.zones import (
    HIDDEN,
    VISIBLE,
    CardFace,
    knows,
    player_view,
    printed,
    zone_kind,
)
from arbiter.model.effects.algebra import StatOp
from arbiter.model.ruleset import RULESETS
from arbiter.model.state import GameObject, GameState, Protection
from arbiter.model.steps import GainFeature, Modify, Protect
from arbiter.model.values.features import Feature
from tests.altered_helpers import events, final

ALTERED = RULESETS["altered"]


def board(*objects: GameObject) -> GameState:
    return GameState(ALTERED, ("ana", "bo"), {o.id: o for o in objects}, clock=len(objects))


def character(
    oid: str, owner: str = "ana", zone: str = "expedition:hero", **kw: object
) -> GameObject:
    return GameObject(
        id=oid,
        owner=owner,
        kind="character",
        zone=zone,
        base={"forest": 2, "mountain": 1, "water": 0},
        timestamp=1,
        **kw,  # type: ignore[arg-type]
    )


@pytest.mark.rule(
    "A-ZONE-1", "A-ZONE-2", "Altered 3.1.3", "Altered 3.1.1.c", "Altered 3.2.3", "Altered 3.2.5.a"
)
def test_the_glossary_zones_split_into_visible_and_hidden() -> None:
    assert {"adventure", "discard", "expedition", "hero", "landmark", "limbo", "reserve"} == VISIBLE
    assert {"deck", "hand", "mana"} == HIDDEN


@pytest.mark.rule("A-ZONE-1")
def test_everyone_sees_objects_in_visible_zones() -> None:
    state = board(character("x", zone="reserve"), character("y", owner="bo", zone="discard"))
    assert all(knows(state, p, state.obj(o)) for p in ("ana", "bo") for o in ("x", "y"))


@pytest.mark.rule("A-ZONE-2")
def test_a_player_sees_their_own_hand_only_and_no_deck() -> None:
    state = board(character("h", zone="hand"), character("d", zone="deck"))
    assert knows(state, "ana", state.obj("h")) and not knows(state, "bo", state.obj("h"))
    assert not knows(state, "ana", state.obj("d"))
    seen_by_bo = player_view(state, "bo")
    assert "h" not in seen_by_bo and len(seen_by_bo) == 2  # bo knows how many, not which
    assert {v["zone"] for v in seen_by_bo.values()} == {"hand", "deck"}


@pytest.mark.rule("A-ZONE-2")
def test_an_effect_may_let_a_player_look_at_a_hidden_card() -> None:
    state = Look(player="bo", target="h").resolve(board(character("h", zone="hand")))
    assert knows(state, "bo", state.obj("h"))


@pytest.mark.rule("A-ZONE-2")
def test_a_hidden_card_used_for_its_characteristics_is_revealed_first() -> None:
    state = board(character("h", zone="hand"))
    state = UseCharacteristic(target="h", stat="forest", player="ana").resolve(state)
    kinds = [e.kind for e in state.events]
    assert kinds == ["reveal", "use"]  # revealed before it is used
    assert state.events[-1].get("value") == 2
    assert knows(state, "bo", state.obj("h"))


@pytest.mark.rule("A-CHAR-3", "Altered 2.3.1")
def test_a_face_down_object_has_no_base_characteristics_and_no_statistics() -> None:
    state = board(character("x", counters={"boosts": 1}))
    state = FaceDown(target="x").resolve(state)
    obj = state.obj("x")
    assert obj.base == {} and statistic(obj, "forest") == 0
    assert not knows(state, "ana", obj) and not knows(state, "bo", obj)
    face = printed(obj)
    assert isinstance(face, CardFace) and face.base["forest"] == 2
    # turned face up by a move to the Reserve: the card's printed face comes back
    state = Send(target="x", zone="reserve").resolve(state)
    assert state.obj("x").base["forest"] == 2
    assert "A-CHAR-3" in state.events[-1].rules


@pytest.mark.rule("A-GOLD-6", "Altered 3.1.2.c")
def test_a_card_sent_to_another_players_zone_goes_to_its_owners() -> None:
    state = board(character("rat", owner="bo", controller="ana"))
    state = Send(target="rat", zone="reserve", player="ana").resolve(state)
    rat = state.obj("rat")
    assert (rat.zone, rat.owner, rat.controlled_by) == ("reserve", "bo", "bo")
    assert state.events[-1].rules[0] == "A-GOLD-6"


@pytest.mark.rule("A-GOLD-6")
def test_ownership_example_file() -> None:
    state = final(
        """
        objects:
          relic: {owner: ana, kind: permanent, zone: reserve}
        steps:
          - move: {target: relic, zone: hand, player: bo}
        """
    )
    assert state.obj("relic").zone == "hand" and state.obj("relic").owner == "ana"


@pytest.mark.rule("A-GOLD-7", "A-TIME-1")
def test_a_boost_does_not_follow_a_character_that_left_and_came_back() -> None:
    state = board(character("hawk", counters={"boosts": 2}))
    state = Send(target="hawk", zone="hand").resolve(state)
    state = Send(target="hawk", zone="expedition:hero").resolve(state)
    hawk = state.obj("hawk")
    assert hawk.counters.get("boosts", 0) == 0
    assert hawk.timestamp == state.clock > 1


@pytest.mark.rule("A-TIME-1", "Altered 3.2.4.d", "Altered 3.2.4.b")
def test_switching_expeditions_is_not_a_zone_change() -> None:
    state = final(
        """
        objects:
          x: {owner: ana, kind: character, zone: "expedition:hero", boosts: 1}
        steps:
          - switch: {target: x}
        """
    )
    assert state.obj("x").zone == "expedition:companion"
    assert state.obj("x").timestamp == 1 and state.obj("x").counters["boosts"] == 1


@pytest.mark.rule("A-TIME-1", "A-GOLD-8", "Altered 2.2.15")
def test_objects_moved_at_once_are_stamped_in_initiative_order_then_each_players_order() -> None:
    state = final(
        """
        objects:
          b1: {owner: bo, kind: character, zone: "expedition:hero", base: {forest: 5}}
          a1: {owner: ana, kind: character, zone: "expedition:hero", base: {water: 9}}
          a2: {owner: ana, kind: character, zone: "expedition:hero", base: {water: 9}}
        steps:
          - dusk: {}
          - rest: {order: {ana: [a2, a1]}}
        """
    )
    stamps = {o: state.obj(o).timestamp for o in ("a1", "a2", "b1")}
    assert stamps["a2"] < stamps["a1"] < stamps["b1"]


# -- the property --------------------------------------------------------------------------

EFFECTS = st.sampled_from(["boost", "modify", "cannot", "gain", "protect"])
DESTINATIONS = st.sampled_from(
    [
        "expedition:hero",
        "expedition:companion",
        "reserve",
        "hand",
        "discard",
        "landmark",
        "limbo",
        "deck",
        "mana",
    ]
)
ORIGINS = st.sampled_from(["expedition:hero", "reserve", "limbo", "hand", "landmark"])


def _apply(state: GameState, effect: str, n: int) -> GameState:
    if effect == "boost":
        return GainBoosts(target="x", amount=1 + n % 3).resolve(state)
    if effect == "modify":
        return Modify(
            target="x", stat="forest", op=StatOp.ADD, value=n - 2, source=f"m{n}"
        ).resolve(state)
    if effect == "cannot":
        return Grant(target="x", action="be_targeted", source=f"veil{n}").resolve(state)
    if effect == "gain":
        return GainFeature(target="x", feature="Defender").resolve(state)
    return Protect(
        target="x", protection=Protection(frozenset({"forest"}), f"p{n}", limit=1)
    ).resolve(state)


@given(
    origin=ORIGINS,
    seasoned=st.booleans(),
    effects=st.lists(st.tuples(EFFECTS, st.integers(0, 5)), max_size=6),
    route=st.lists(DESTINATIONS, min_size=1, max_size=3),
)
@pytest.mark.rule(
    "A-GOLD-7", "A-GOLD-7b", "A-TIME-1", "A-KW-SEASONED", "Altered 2.5.j", "Altered 2.5.k"
)
def test_moving_never_leaves_an_effect_tied_to_the_old_object_on_the_new_one(
    origin: str, seasoned: bool, effects: list[tuple[str, int]], route: list[str]
) -> None:
    """Whatever happened to an object, after it changes zones the new object carries none of
    the modifications, protections, gained features or granted abilities of the old one; its
    timestamp is later than every earlier one; and it carries boosts only when the rules keep
    them (Seasoned from the Expedition zone to the Reserve; from the Reserve or Limbo to a
    visible zone other than the Discard pile), which the move event then says."""
    features = {"Seasoned": Feature("Seasoned")} if seasoned else {}
    state = board(character("x", zone=origin, features=features))
    for effect, n in effects:
        state = _apply(state, effect, n)
    for to in route:
        if to == state.obj("x").zone or {zone_kind(to), zone_kind(state.obj("x").zone)} == {
            "expedition"
        }:
            continue
        before = state.obj("x")
        clock = state.clock
        state = Send(target="x", zone=to).resolve(state)
        after = state.obj("x")
        move = events(state, "move")[-1]
        assert after.mods == {} and after.protections == ()
        assert "Defender" not in after.features
        assert all(a.source == "x" for a in after.abilities)
        assert after.timestamp > clock and after.timestamp > before.timestamp
        assert move["old_timestamp"] == before.timestamp and move["timestamp"] == after.timestamp
        kept = after.counters.get("boosts", 0)
        if kept:
            src, dst = zone_kind(before.zone), zone_kind(to)
            seasoned_keeps = src == "expedition" and dst == "reserve" and seasoned
            rule_keeps = src in ("reserve", "limbo") and dst in VISIBLE and dst != "discard"
            keeps = seasoned_keeps or rule_keeps
            assert keeps and kept == before.counters["boosts"]
            assert {"A-KW-SEASONED", "A-GOLD-7"} & set(move["rules"])
        assert set(after.counters) <= {"boosts"}
