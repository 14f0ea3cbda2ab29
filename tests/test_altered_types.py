"""Altered Complete Rules 3.0, 2.2.1-2.2.3 (types, sub-types, zone types), 2.4.1.c and 2.5.b
for what a file gives, 3.2.6.b (one Hero per Hero zone)."""

from __future__ import annotations

import pytest

from arbiter.model.altered.types import is_a, subtypes_of, type_of, zone_type
from arbiter.model.errors import InputError
from arbiter.model.ruleset import RULESETS, TypeLists
from tests.altered_helpers import altered, final, part, refused
from tests.helpers import view


def bad(body: str) -> str:
    with pytest.raises(InputError) as info:
        altered(part(body))
    return str(info.value)


@pytest.mark.rule("Altered 2.2.1.a", "Altered 2.2.1.b")
def test_an_objects_kind_is_one_altered_type() -> None:
    assert RULESETS["altered"].type_lists is TypeLists.ALTERED_3_0
    assert all(r.type_lists is TypeLists.NONE for n, r in RULESETS.items() if n != "altered")
    message = bad("""
        objects:
          x: {owner: ana, kind: creature, zone: reserve}
        """)
    assert "objects.x.kind" in message and "Altered 2.2.1.a" in message


@pytest.mark.rule("Altered 2.2.1.d", "Altered 2.2.1.g", "Altered 2.2.2.j", "Altered 2.2.2.m")
def test_a_token_is_a_character_and_an_emblem_an_ongoing_emblem() -> None:
    state = final("""
        objects: {}
        steps:
          - create: {ids: [recruit], player: ana, base: {forest: 1}, name: Recruit, in: hero}
          - emblem: {id: twinkle, player: ana, cost: -1, next: true}
        """)
    assert type_of(state.obj("recruit")) == "character"
    assert type_of(state.obj("twinkle")) == "emblem"
    assert subtypes_of(state.obj("twinkle")) == {"ongoing"}


@pytest.mark.rule("Altered 2.2.1.f", "Altered 3.2.9.c")
def test_a_card_in_the_mana_zone_is_a_mana_orb_and_no_longer_its_printed_type() -> None:
    state = final("""
        objects:
          orb: {owner: ana, kind: character, zone: mana, base: {subtypes: [Robot]}}
          bot: {owner: ana, kind: character, zone: expedition:hero, base: {subtypes: [Robot]}}
        """)
    assert type_of(state.obj("orb")) == "mana_orb"
    assert subtypes_of(state.obj("orb")) == frozenset()
    assert not is_a(state.obj("orb"), "character", in_play_only=False)
    assert is_a(state.obj("bot"), "robot", in_play_only=True)


BANISH = """
objects:
  gate:
    owner: ana
    kind: spell
    zone: hand
    base: {hand_cost: 0}
    spell: {targets: {t: {kind: permanent}}, steps: [{send: discard, target: t}]}
  kept: {owner: bo, kind: permanent, zone: reserve}
  site: {owner: bo, kind: permanent, zone: landmark}
  hand_card: {owner: ana, kind: character, zone: hand}
steps:
"""


@pytest.mark.rule("Altered 2.2.1.h", "Altered 2.2.2.n", "Altered 3.1.4.a")
def test_a_target_permanent_is_one_in_play_not_one_in_the_reserve() -> None:
    assert refused(BANISH + "  - play: {card: gate, targets: {t: kept}}\n") == "A-SPELL-1"
    state = final(BANISH + "  - play: {card: gate, targets: {t: site}}\n")
    assert state.obj("site").zone == "discard"


@pytest.mark.rule("Altered 2.2.1.i", "Altered 2.2.2.o", "Altered 3.1.4.a")
def test_whether_a_given_card_is_a_type_is_read_wherever_it_is() -> None:
    state = final(BANISH.replace("steps:\n", "") + "steps: []\n")
    assert is_a(state.obj("kept"), "permanent", in_play_only=False)
    assert not is_a(state.obj("kept"), "permanent", in_play_only=True)
    assert is_a(state.obj("hand_card"), "character", in_play_only=False)


@pytest.mark.rule(
    "AL-SUBTYPES", "Altered 2.2.2.a", "Altered 2.2.2.b", "Altered 2.2.2.c", "Altered 2.2.2.d",
    "Altered 2.2.2.e", "Altered 2.2.2.f", "Altered 2.2.2.g", "Altered 2.2.2.h",
)  # fmt: skip
def test_sub_types_come_from_the_list_of_their_type_and_heroes_have_none() -> None:
    """Decision AL-SUBTYPES: a sub-type of no list (a later set's) is accepted."""
    state = final("""
        objects:
          bot: {owner: ana, kind: character, zone: reserve, base: {subtypes: [Robot, Soldier]}}
          gear: {owner: ana, kind: permanent, zone: landmark, base: {subtypes: [Gear]}}
          boon: {owner: ana, kind: spell, zone: hand, base: {subtypes: [Boon, Song]}}
          wood: {owner: ana, kind: region, zone: adventure, base: {subtypes: [Forest]}}
          beast: {owner: ana, kind: character, zone: reserve, base: {subtypes: [Beast]}}
        """)
    assert subtypes_of(state.obj("beast")) == {"beast"}
    assert subtypes_of(state.obj("bot")) == {"robot", "soldier"}
    assert subtypes_of(state.obj("boon")) == {"boon", "song"}
    message = bad("""
        objects:
          bot: {owner: ana, kind: character, zone: reserve, base: {subtypes: [Gear]}}
        """)
    assert "Altered 2.2.2" in message and "Gear" in message
    message = bad("""
        objects:
          sierra: {owner: ana, kind: hero, zone: hero, base: {subtypes: [Mage]}}
        """)
    assert "2.2.2.b" in message


@pytest.mark.rule("Altered 2.2.2.p")
def test_gaining_or_losing_a_type_changes_sub_types_only() -> None:
    state = final("""
        objects:
          kraken: {owner: ana, kind: character, zone: expedition:hero}
          wood: {owner: ana, kind: region, zone: adventure, base: {subtypes: [Forest, Mountain]}}
        steps:
          - perform: {by: kraken, do: {modify: {stat: subtypes, remove: [Forest], target: wood}}}
        """)
    wood = state.obj("wood")
    assert type_of(wood) == "region"
    assert "forest" not in subtypes_of(wood)


LANDMARK_OR_EXPEDITION = """
objects:
  tent: {owner: ana, kind: permanent, zone: hand, base: {hand_cost: 0, zone_type: [expedition]}}
  tower: {owner: ana, kind: permanent, zone: hand, base: {hand_cost: 0, zone_type: [landmark]}}
  old: {owner: ana, kind: permanent, zone: hand, base: {hand_cost: 0}}
steps:
  - play: {card: tent, into: companion}
  - play: {card: tower}
  - play: {card: old}
"""


@pytest.mark.rule("Altered 2.2.3.a", "Altered 2.2.3.b", "Altered 2.2.3.d", "Altered 2.2.3.e")
def test_an_expedition_permanent_joins_an_expedition_and_a_landmark_the_landmark_zone() -> None:
    state = final(LANDMARK_OR_EXPEDITION)
    assert state.obj("tent").zone == "expedition:companion"
    assert state.obj("tower").zone == "landmark"
    assert state.obj("old").zone == "landmark"
    assert zone_type(state.obj("tent")) == "expedition"
    message = bad("""
        objects:
          bot: {owner: ana, kind: character, zone: reserve, base: {zone_type: [landmark]}}
        """)
    assert "Altered 2.2.3" in message


@pytest.mark.rule("Altered 2.5.b", "Altered 2.4.1.c", "AL-COUNTER-ZONE")
def test_a_file_gives_no_counter_or_status_to_a_card_in_hand_deck_or_discard() -> None:
    for zone in ("hand", "deck", "discard"):
        message = bad(f"""
            objects:
              x: {{owner: ana, kind: character, zone: {zone}, counters: {{charge: 1}}}}
            """)
        assert "Altered 2.5.b" in message and "objects.x.zone" in message
    message = bad("""
        objects:
          x: {owner: ana, kind: character, zone: hand, status: [anchored]}
        """)
    assert "2.4.1.c" in message
    state = final("""
        objects:
          x: {owner: ana, kind: character, zone: reserve, counters: {charge: 1}}
        """)
    assert state.obj("x").counters["charge"] == 1


@pytest.mark.rule("Altered 3.2.6.b")
def test_a_hero_zone_holds_one_hero() -> None:
    assert RULESETS["altered"].single_zones == {"hero"}
    assert RULESETS["altered"].single_zone_rule == "Altered 3.2.6.b"
    assert not RULESETS["eredan"].single_zones and not RULESETS["berserk"].single_zones
    message = bad("""
        objects:
          sierra: {owner: ana, kind: hero, zone: hero}
          teija: {owner: ana, kind: hero, zone: hero}
        """)
    assert "Altered 3.2.6.b" in message and "sierra" in message
    final("""
        objects:
          sierra: {owner: ana, kind: hero, zone: hero}
          teija: {owner: bo, kind: hero, zone: hero}
        """)
    moved = view("""
        ruleset: altered
        players: [ana, bo]
        objects:
          sierra: {owner: ana, kind: hero, zone: hero}
          teija: {owner: ana, kind: hero, zone: reserve}
        steps:
          - move: {target: teija, zone: hero}
        """)
    assert moved["illegal"]["rule"] == "Altered 3.2.6.b", moved.get("illegal")
    assert moved["objects"]["teija"]["zone"] == "reserve"


@pytest.mark.rule("Altered 2.2.2.j", "Altered 2.2.1.d")
def test_a_tokens_sub_types_are_those_its_effect_gives() -> None:
    state = final("""
        objects:
          foundry: {owner: ana, kind: character, zone: expedition:hero}
        steps:
          - perform: {by: foundry, do: {create: {token: brassbug, subtypes: [Robot]}}}
        """)
    bug = state.obj("brassbug_1")
    assert type_of(bug) == "character" and subtypes_of(bug) == {"robot"}


@pytest.mark.rule("Altered 2.2.2.k", "Altered 2.2.1.e", "A-DAY-1")
def test_the_hero_and_companion_regions_and_the_arena_are_every_terrain() -> None:
    state = final("""
        objects:
          home: {owner: ana, kind: region, zone: adventure, base: {place: [hero]}}
          arena: {owner: ana, kind: region, zone: adventure, base: {place: [arena]}}
          lake: {owner: ana, kind: region, zone: adventure, base: {subtypes: [Water]}}
        """)
    assert subtypes_of(state.obj("home")) == {"forest", "mountain", "water"}
    assert subtypes_of(state.obj("arena")) == {"forest", "mountain", "water"}
    assert subtypes_of(state.obj("lake")) == {"water"}
    assert type_of(state.obj("lake")) == "region"
