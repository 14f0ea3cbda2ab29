"""Altered Complete Rules 3.0: modifiers (6.2), statuses given by effects and what Rest does
with them (2.4), Cooldown (7.4.1), the day's cap of Reactions (1.4.6.c)."""

from __future__ import annotations

import pytest

from arbiter.model.modifiers import Modifier, ModKind, modify_step
from tests.altered_helpers import altered, final, part, refused

# -- modifiers (6.2) -----------------------------------------------------------------------

JINN = Modifier(
    "jinn",
    "lithium",
    ModKind.REPLACE_ACTION,
    "send_deck:jinn",
    ("send_mana:jinn",),
    optional=True,
    otherwise=("draw:lithium",),
)


@pytest.mark.rule("Altered 6.2.d", "Altered 6.2.e")
def test_mighty_jinn_declined_sends_it_to_the_deck_and_adds_a_draw_step() -> None:
    """The rulebook's example: the Jinn's owner declines; the step happens as it was and a
    new step (draw a card) is added right after it."""
    out = modify_step(["send_deck:jinn"], [JINN], "ninette", "ninette", {"jinn": False})
    assert out.actions == ("send_deck:jinn",)
    assert out.added_steps == (("draw:lithium",),)
    applied = modify_step(["send_deck:jinn"], [JINN], "ninette", "ninette", {"jinn": True})
    assert applied.actions == ("send_mana:jinn",) and applied.added_steps == ()


@pytest.mark.rule("AL-MOD-1")
@pytest.mark.rule("Altered 6.2.g", "Altered 6.2.i", "Altered 6.2.b", "Altered 6.2.c")
def test_step_replacements_then_action_replacements_then_additive_ones() -> None:
    also = Modifier("also", "ana", ModKind.ADDITIVE, "send_reserve", ("boost:x",), timestamp=1)
    action = Modifier(
        "act", "ana", ModKind.REPLACE_ACTION, "send_reserve", ("discard:x",), timestamp=2
    )
    whole = Modifier(
        "whole", "ana", ModKind.REPLACE_STEP, "send_reserve", ("send_reserve:y",), timestamp=3
    )
    out = modify_step(["send_reserve:x"], [also, action, whole], "ana", "ana")
    # whole step first (x -> y), then the atomic replacement on y, then nothing waits for
    # send_reserve any more, so the additive one does not apply
    assert out.applied == ("whole", "act")
    assert out.actions == ("discard:x",)


@pytest.mark.rule("Altered 6.2.j", "Altered 6.2.k")
def test_a_modifier_applies_once_to_a_step_even_when_its_result_matches_again() -> None:
    echo = Modifier("echo", "ana", ModKind.REPLACE_ACTION, "draw", ("draw:ana", "draw:ana"))
    out = modify_step(["draw:ana"], [echo], "ana", "ana")
    assert out.actions == ("draw:ana", "draw:ana")
    assert out.applied == ("echo",)
    more = Modifier("more", "ana", ModKind.ADDITIVE, "draw", ("draw:ana",))
    out = modify_step(["draw:ana"], [more], "ana", "ana")
    assert out.actions == ("draw:ana", "draw:ana")


@pytest.mark.rule("Altered 6.2.h")
def test_the_step_controller_or_else_the_first_player_orders_the_modifiers() -> None:
    a = Modifier("a", "ana", ModKind.REPLACE_ACTION, "send_reserve", ("discard:x",), timestamp=1)
    b = Modifier("b", "bo", ModKind.REPLACE_ACTION, "send_reserve", ("send_hand:x",), timestamp=2)
    mine = modify_step(["send_reserve:x"], [a, b], "bo", "ana", order=["b"])
    assert mine.chooser == "bo" and mine.actions == ("send_hand:x",)
    nobody = modify_step(["send_reserve:x"], [a, b], None, "ana")
    assert nobody.chooser == "ana" and nobody.actions == ("discard:x",)


@pytest.mark.rule("Altered 6.2.m", "Altered 6.2.a", "Altered 6.2.f")
def test_a_modified_step_in_a_scenario_reports_what_happens() -> None:
    result = altered(
        part(
            """
            objects:
              jinn: {owner: bo, kind: character, zone: "expedition:hero"}
            steps:
              - modified_step:
                  id: paint_prison
                  controller: ana
                  actions: ["send_deck:jinn"]
                  modifiers:
                    - {id: jinn, controller: bo, kind: replace_action, when: "send_deck:jinn",
                       instead: ["send_mana:jinn"], may: true, otherwise: ["draw:bo"]}
                  decisions: {jinn: false}
            """
        )
    )
    event = result.as_json()["events"][0]
    assert event["actions"] == ["send_deck:jinn"]
    assert event["added_steps"] == [["draw:bo"]]
    assert "Altered 6.2.m" in event["rules"]


# -- statuses (2.4) ------------------------------------------------------------------------


@pytest.mark.rule("AL-STATUS-1")
@pytest.mark.rule(
    "Altered 2.4.1.c", "Altered 2.4.1.e", "Altered 2.4.1.f", "Altered 2.4.1.h", "Altered 2.4.1.b"
)
def test_statuses_given_and_removed_by_effects() -> None:
    result = altered(
        part(
            """
            objects:
              x: {owner: ana, kind: character, zone: "expedition:hero"}
              h: {owner: ana, kind: character, zone: hand}
            steps:
              - status: {target: x, gain: asleep}
              - status: {target: x, gain: asleep}
              - status: {target: x, lose: anchored}
              - status: {target: h, gain: anchored}
            """
        )
    )
    events = result.as_json()["events"]
    assert [e["done"] for e in events] == [True, False, False, False]
    assert [e["rules"][0] for e in events] == [
        "Altered 2.4.1.e",
        "Altered 2.4.1.f",
        "Altered 2.4.1.h",
        "Altered 2.4.1.c",
    ]


@pytest.mark.rule("Altered 2.4.4.b")
def test_boosted_is_never_given_directly() -> None:
    result = altered(
        part(
            """
            objects:
              x: {owner: ana, kind: character, zone: "expedition:hero"}
            steps:
              - status: {target: x, gain: boosted}
            """
        )
    )
    assert result.as_json()["events"][0]["done"] is False


REST = """
objects:
  sleepy: {owner: ana, kind: character, zone: "expedition:hero",
          base: {forest: 9}, status: [asleep]}
  anchor: {owner: ana, kind: character, zone: "expedition:hero",
          base: {forest: 1}, status: [anchored]}
  both: {owner: ana, kind: character, zone: "expedition:hero", status: [anchored, asleep]}
  plain: {owner: ana, kind: character, zone: "expedition:hero", base: {forest: 1}}
  foe: {owner: bo, kind: character, zone: "expedition:hero", base: {forest: 1}}
steps:
"""


@pytest.mark.rule("Altered 2.4.3", "Altered 4.2.4.b")
def test_an_asleep_character_does_not_count_at_progress() -> None:
    """Ana's 9 Forest is asleep: 1 + 1 against Bo's 1: Ana still moves (2 > 1); with the
    sleeper counted it would be 11. Without the plain one: a tie."""
    state = final(REST + "  - dusk: {}\n")
    assert state.counters.get("position.ana.hero") == 1
    tie = final(REST.replace("  plain:", "  #plain:") + "  - dusk: {}\n")
    assert tie.counters.get("position.ana.hero", 0) == 0


@pytest.mark.rule("Altered 2.4.2", "Altered 2.4.3", "Altered 4.2.5.b")
def test_at_rest_anchored_and_asleep_characters_stay_and_lose_those_statuses() -> None:
    state = final(REST + "  - dusk: {}\n  - rest: {}\n")
    for stays in ("sleepy", "anchor", "both"):
        assert state.obj(stays).zone == "expedition:hero"
        assert not {"asleep", "anchored"} & set(state.obj(stays).counters)
    assert state.obj("plain").zone == "reserve"


# -- Cooldown (7.4.1), exhausted in Reserve (2.4.5.c) --------------------------------------


@pytest.mark.rule("Altered 7.4.1.b", "Altered 2.4.5.c")
def test_a_cooldown_spell_comes_back_exhausted_and_cannot_be_played_again() -> None:
    body = """
    objects:
      bolt: {owner: ana, kind: spell, zone: hand, base: {hand_cost: 1, reserve_cost: 1},
             features: {Cooldown: true}, spell: {steps: []}}
    steps:
      - mana: {ana: 5}
      - play: {card: bolt}
    """
    state = final(body)
    assert state.obj("bolt").zone == "reserve"
    assert state.obj("bolt").counters.get("exhausted") == 1
    assert refused(body + "  - play: {card: bolt}\n") == "Altered 2.4.5.c"


# -- the day's cap of Reactions (1.4.6.c) --------------------------------------------------

LOOP = """
objects:
  bell:
    owner: ana
    kind: permanent
    zone: landmark
    triggers:
      - id: ring
        when: {counter: chime, of: bell}
        do: [{counter: {target: bell, name: chime, add: 1}}]
steps:
  - effect: {counter: {target: bell, name: chime, add: 1}}
"""


@pytest.mark.rule("Altered 1.4.6.c", "A-GOLD-9")
def test_a_reaction_activates_at_most_the_cap_times_a_day_under_rules_3_0() -> None:
    capped = altered(part(LOOP), "{reaction_cap: 100}")
    chimes = capped.state.obj("bell").counters["chime"]
    assert chimes == 1 + 100
    last = [e for e in capped.as_json()["events"] if e["kind"] == "trigger"][-1]
    assert last["capped"] == 100 and last["rules"] == ["Altered 1.4.6.c"]
    seed = altered(part(LOOP))  # the glossary caps quick actions only: TRIG-3's bound
    assert seed.state.obj("bell").counters["chime"] > 101


# -- Gigantic in full (7.4.4) and the position of expeditions (7.5.2) ----------------------

GIANT = """
objects:
  giant: {owner: ana, kind: character, zone: "expedition:hero", base: {forest: 2},
          features: {Gigantic: true}}
steps:
  - switch: {target: giant}
"""


@pytest.mark.rule("Altered 7.4.4.m", "A-KW-GIGANTIC")
def test_switching_a_gigantic_character_moves_its_card_under_rules_3_0_only() -> None:
    seed = altered(part(GIANT))
    assert seed.state.obj("giant").zone == "expedition:hero"
    assert seed.as_json()["events"][0]["done"] is False
    rules = altered(part(GIANT), '{gigantic_version: "3.0"}')
    event = rules.as_json()["events"][0]
    assert rules.state.obj("giant").zone == "expedition:companion"
    assert (event["card_only"], event["joined"], event["left"]) == (True, [], [])


@pytest.mark.rule("AL-GIGANTIC-1")
@pytest.mark.rule("Altered 7.4.4.o", "Altered 7.4.4.m")
def test_losing_gigantic_leaves_the_expedition_its_card_is_not_in() -> None:
    out = altered(
        part(GIANT + "  - gigantic: {target: giant, lose: true}\n"), '{gigantic_version: "3.0"}'
    )
    event = out.as_json()["events"][-1]
    assert (event["kind"], event["expeditions"], event["card_in"]) == (
        "leave",
        ["hero"],
        "companion",
    )
    assert "Gigantic" not in out.state.obj("giant").features


@pytest.mark.rule("Altered 7.4.4.n", "Altered 7.4.4.e")
def test_gaining_gigantic_joins_the_other_expedition_and_counts_in_both() -> None:
    out = altered(
        part(
            """
            objects:
              kid: {owner: ana, kind: character, zone: "expedition:hero", base: {forest: 2}}
            steps:
              - gigantic: {target: kid, gain: true}
              - dusk: {}
            """
        )
    )
    join = out.as_json()["events"][0]
    assert (join["kind"], join["expeditions"]) == ("join", ["companion"])
    assert out.state.counters.get("position.ana.hero") == 1
    assert out.state.counters.get("position.ana.companion") == 1


@pytest.mark.rule("Altered 7.4.4.l")
def test_a_gigantic_character_counts_twice_in_its_controllers_total() -> None:
    from arbiter.model.gigantic import total_statistics

    state = final(GIANT.replace("  - switch: {target: giant}\n", "  - mana: {ana: 0}\n"))
    assert total_statistics(state, "ana")["forest"] == 4


OVERSEER = """
objects:
  overseer: {owner: ana, kind: character, zone: "expedition:hero", features: {Gigantic: true}}
  call: {owner: ana, kind: spell, zone: hand, base: {hand_cost: 0},
         spell: {targets: {me: {kind: character, controller: you}},
                 steps: [{if: {expedition: behind, of: me}, boost: 1, target: me}]}}
steps:
  - play: {card: call, targets: {me: overseer}}
"""


@pytest.mark.rule("Altered 7.4.4.j", "Altered 7.5.2.b", "Altered 7.5.2.c")
def test_a_condition_on_a_gigantic_characters_expedition_needs_both() -> None:
    """Bo's Hero expedition is one ahead: Ana's Hero is behind, her Companion tied, so
    "if my expedition is behind" fails for the Gigantic overseer; when both are behind
    it holds, and the effect happens once."""
    hero = '  scout: {owner: bo, kind: character, zone: "expedition:hero", base: {forest: 1}}\n'
    comp = (
        '  rider: {owner: bo, kind: character, zone: "expedition:companion", base: {forest: 1}}\n'
    )
    board = part(OVERSEER).replace("steps:\n", "steps:\n  - mana: {ana: 0}\n  - dusk: {}\n")
    state = altered(board.replace("steps:\n", hero + "steps:\n")).state
    assert state.obj("overseer").counters.get("boosts", 0) == 0
    state = altered(board.replace("steps:\n", hero + comp + "steps:\n")).state
    assert state.obj("overseer").counters.get("boosts", 0) == 1


# -- Tough paid at each step (7.4.7.d-f, policy tough_payment) ------------------------------

TOUGH = """
objects:
  wall: {owner: bo, kind: character, zone: "expedition:hero", features: {Tough: 2}}
  surge:
    owner: ana
    kind: spell
    zone: hand
    base: {hand_cost: 1}
    spell:
      targets: {foe: {kind: character, controller: opponent}}
      steps: [{mana: 2}, {boost: 1, target: foe}, {boost: 1, target: foe}]
steps:
  - mana: {ana: 1}
"""
EACH = '{tough_version: "3.0", tough_payment: each-step}'


@pytest.mark.rule("Altered 7.4.7.e", "Altered 7.4.7.f", "A-KW-TOUGH")
def test_tough_paid_before_the_step_with_mana_gained_during_the_spell_once() -> None:
    play = "  - play: {card: surge, targets: {foe: wall}}\n"
    out = altered(part(TOUGH) + play, EACH)
    assert out.stopped_by is None
    assert out.state.obj("wall").counters.get("boosts") == 2
    assert out.state.counters.get("mana.ana") == 1 + 2 - 1 - 2  # Tough 2 paid once
    assert refused(TOUGH + play) == "A-GOLD-2"  # at declaration: 1 + 2 with 1 mana


@pytest.mark.rule("Altered 7.4.7.d")
def test_paying_tough_may_be_declined_and_the_object_is_then_not_acted_on() -> None:
    play = "  - play: {card: surge, targets: {foe: wall}, tough: {wall: false}}\n"
    out = altered(part(TOUGH) + play, EACH)
    assert out.stopped_by is None
    assert out.state.obj("wall").counters.get("boosts", 0) == 0
    assert out.state.counters.get("mana.ana") == 2
    notes = [e for e in out.as_json()["events"] if "Altered 7.4.7.d" in e["rules"]]
    assert len(notes) == 2  # both steps leave the wall alone


@pytest.mark.rule("Altered 7.4.7", "Altered 7.4.7.e")
def test_played_for_free_tough_is_still_paid_at_the_step_under_rules_3_0() -> None:
    play = "  - play: {card: surge, targets: {foe: wall}, for_free: true}\n"
    out = altered(part(TOUGH) + play, EACH)
    assert out.state.counters.get("mana.ana") == 1 + 2 - 2
    glossary = altered(part(TOUGH) + play, "{tough_payment: each-step}")
    assert glossary.state.counters.get("mana.ana") == 1 + 2  # the glossary waives it


# -- Ongoing Emblems (2.2.14, 5.2.4.a), tokens (7.3.4, 2.1.e), draws (7.3.7) -----------------

CARDS = """
objects:
  spark: {owner: ana, kind: spell, zone: hand, base: {hand_cost: 2}, spell: {steps: []}}
  ember: {owner: ana, kind: spell, zone: hand, base: {hand_cost: 2}, spell: {steps: []}}
steps:
  - mana: {ana: 5}
"""


@pytest.mark.rule("AL-EMBLEM-1")
@pytest.mark.rule("Altered 2.2.14.c", "Altered 2.2.2.m")
def test_the_next_card_you_play_this_turn_costs_one_less_then_the_emblem_is_spent() -> None:
    out = altered(
        part(CARDS)
        + "  - emblem: {id: twinkle, player: ana, cost: -1, next: true}\n"
        + "  - play: {card: spark}\n  - play: {card: ember}\n"
    )
    assert out.state.counters.get("mana.ana") == 5 - 1 - 2
    assert "twinkle" not in out.state.objects
    ends = [e for e in out.as_json()["events"] if e["kind"] == "emblem-ends"]
    assert ends[0]["id"] == "twinkle"


@pytest.mark.rule("Altered 5.2.4.a", "Altered 2.2.14.a")
def test_an_emblem_makes_the_spells_played_this_day_fleeting() -> None:
    out = altered(
        part(CARDS)
        + "  - emblem: {id: haste, player: ana, duration: day, fleeting: gain, kinds: [spell]}\n"
        + "  - play: {card: spark}\n  - play: {card: ember}\n"
    )
    assert out.state.obj("spark").zone == "discard"  # Fleeting: discarded after resolving
    assert out.state.obj("ember").zone == "discard"  # the day lasts: still there
    assert "haste" in out.state.objects


@pytest.mark.rule("Altered 4.2.3.e", "Altered 2.2.14.c")
def test_a_this_turn_emblem_ends_with_its_controllers_turn() -> None:
    out = altered(
        part(CARDS)
        + "  - emblem: {id: haste, player: ana, fleeting: gain}\n"
        + "  - play: {card: spark}\n  - play: {card: ember}\n"
    )
    assert out.state.obj("spark").zone == "discard"
    assert out.state.obj("ember").zone == "reserve"  # the turn ended with the first card


@pytest.mark.rule("Altered 7.3.4.a", "Altered 7.5.8.b", "A-CHAR-1")
def test_created_tokens_join_an_expedition_with_the_statistics_given() -> None:
    out = altered(
        part(
            """
            objects: {}
            steps:
              - create: {ids: [r1, r2], player: ana, base: {forest: 1, mountain: 1, water: 1},
                         name: Ordis Recruit, in: companion}
            """
        )
    )
    assert out.state.obj("r1").zone == "expedition:companion"
    assert out.as_json()["objects"]["r2"]["statistics"] == {"forest": 1, "mountain": 1, "water": 1}
    joins = [e for e in out.as_json()["events"] if e["kind"] == "join"]
    assert [j["target"] for j in joins] == ["r1", "r2"]


@pytest.mark.rule("AL-TOKEN-1")
@pytest.mark.rule("Altered 2.1.e", "Altered 7.5.9.b")
def test_a_token_that_would_leave_the_expedition_zone_ceases_to_exist() -> None:
    out = altered(
        part(
            """
            objects:
              r1: {owner: ana, kind: character, zone: "expedition:hero", counters: {token: 1}}
            steps:
              - send: {target: r1, to: reserve}
            """
        )
    )
    assert "r1" not in out.state.objects
    last = out.as_json()["events"][-1]
    assert (last["kind"], last["from"], last["ceases_to_exist"]) == (
        "move",
        "expedition:hero",
        True,
    )


@pytest.mark.rule("Altered 7.4.4.h", "Altered 7.4.4.k", "Altered 7.4.4.f")
def test_tokens_for_a_gigantic_characters_expedition_go_where_its_player_picks() -> None:
    out = altered(
        part(
            """
            objects:
              ratatoskr: {owner: ana, kind: character, zone: "expedition:hero",
                          features: {Gigantic: true}}
            steps:
              - create: {ids: [a], player: ana, of: ratatoskr, pick: companion}
              - create: {ids: [b], player: ana, other_of: ratatoskr}
            """
        )
    )
    assert out.state.obj("a").zone == "expedition:companion"
    assert "b" not in out.state.objects  # "the other expedition" of a Gigantic: none
    assert out.as_json()["events"][-1]["rules"] == ["Altered 7.4.4.k", "A-GOLD-3"]


@pytest.mark.rule("AL-DRAW-1")
@pytest.mark.rule(
    "Altered 7.3.7.a", "Altered 7.3.7.b", "Altered 3.2.2.d", "Altered 3.2.2.e", "Altered 3.2.2.b"
)
def test_drawing_moves_the_top_cards_of_the_deck_to_the_hand() -> None:
    out = altered(
        part(
            """
            objects:
              c1: {owner: ana, kind: character, zone: deck}
              c2: {owner: ana, kind: character, zone: deck}
              d1: {owner: ana, kind: character, zone: discard}
            steps:
              - draw: {player: ana, count: 2}
              - expect: {c1.zone: hand, c2.zone: hand, d1.zone: discard}
              - draw: {player: ana, count: 2}
            """
        )
    )
    assert out.state.obj("d1").zone == "hand"  # the Discard pile went under the Deck first
    event = out.as_json()["events"][-1]
    assert event["drawn"] == ["d1"]
    assert event["rules"] == ["Altered 7.3.7.a", "Altered 3.2.2.d", "Altered 3.2.2.e"]


@pytest.mark.rule("Altered 2.2.7", "Altered 2.2.8", "A-PLAY-1")
def test_a_card_costs_its_hand_cost_from_the_hand_and_its_reserve_cost_from_the_reserve() -> None:
    out = altered(
        part(
            """
            objects:
              bolt: {owner: ana, kind: spell, zone: hand, base: {hand_cost: 3, reserve_cost: 1},
                     spell: {steps: []}}
            steps:
              - mana: {ana: 4}
              - play: {card: bolt}
              - expect: {counters.mana.ana: 1, bolt.zone: reserve}
              - play: {card: bolt}
            """
        )
    )
    assert out.stopped_by is None and out.failed == 0
    assert out.state.counters.get("mana.ana") == 0


@pytest.mark.rule("Altered 2.4.1.d", "A-GOLD-7b")
def test_an_object_entering_a_new_zone_has_no_status() -> None:
    state = final(
        """
        objects:
          x: {owner: ana, kind: character, zone: "expedition:hero", status: [asleep, anchored]}
        steps:
          - send: {target: x, to: reserve}
        """
    )
    assert state.obj("x").zone == "reserve"
    assert not {"asleep", "anchored"} & set(state.obj("x").counters)


# -- modifiers carried by objects act on the moves and statuses that happen (6.2) -----------

JINN_OBJ = """
objects:
  jinn:
    owner: bo
    kind: character
    zone: "expedition:hero"
    modifiers:
      - {id: mana_instead, kind: replace_action, when: "send_deck:self",
         instead: ["send_mana:self"], may: true, otherwise: ["draw:bo"]CHOICE}
steps:
  - send: {target: jinn, to: deck}
"""


@pytest.mark.rule("AL-MOD-2", "Altered 6.2.d", "Altered 6.2.e", "Altered 6.2.l")
def test_mighty_jinn_on_a_real_move_goes_to_mana_or_is_drawn_back() -> None:
    applied = final(JINN_OBJ.replace("CHOICE", ""))
    assert applied.obj("jinn").zone == "mana"
    declined = final(JINN_OBJ.replace("CHOICE", ", choice: decline"))
    assert declined.obj("jinn").zone == "hand"  # sent to the Deck, then drawn (the added step)


@pytest.mark.rule("Altered 6.2.c", "Altered 6.2.f")
def test_an_additive_modifier_adds_a_boost_to_a_status_gained() -> None:
    out = altered(
        part(
            """
            objects:
              x: {owner: ana, kind: character, zone: "expedition:hero"}
              pillow:
                owner: ana
                kind: permanent
                zone: landmark
                modifiers: [{id: rest_well, kind: additive, when: "gain_asleep:x",
                             also: ["boost:x"]}]
            steps:
              - status: {target: x, gain: asleep}
            """
        )
    )
    x = out.state.obj("x")
    assert x.counters.get("asleep") == 1 and x.counters.get("boosts") == 1
    step = next(e for e in out.as_json()["events"] if e["kind"] == "step")
    assert step["applied"] == ["pillow.rest_well"]
