"""Playing a spell (RULES.md §5): declaration, modes, optional and conditional steps,
internal actions, Limbo and Fleeting."""

from __future__ import annotations

import pytest

from tests.altered_helpers import events, final, refused

BOARD = """
        objects:
          squire: {owner: ana, kind: character, zone: "expedition:hero", base: {forest: 1}}
          brute: {owner: bo, kind: character, zone: "expedition:hero", base: {forest: 2}}
          card: {owner: ana, kind: spell, zone: hand, base: {hand_cost: 1, reserve_cost: 1},
                 spell: SPELL}
        steps:
          - mana: {ana: 9}
"""


def spell(text: str, *steps: str) -> str:
    body = BOARD.replace("SPELL", text)
    return body + "".join(f"          - {s}\n" for s in steps)


TWO_TARGETS = (
    "{targets: {a: {kind: character}, b: {kind: character}},"
    " steps: [{boost: 1, target: a}, {boost: 1, target: b}]}"
)
PAIR = "{targets: {p: {kind: character, count: 2}}, steps: [{boost: 1, target: p}]}"


@pytest.mark.rule("A-SPELL-1")
def test_each_occurrence_of_target_takes_one_object_and_may_repeat_across_occurrences() -> None:
    state = final(spell(TWO_TARGETS, "play: {card: card, targets: {a: squire, b: squire}}"))
    assert state.obj("squire").counters["boosts"] == 2


@pytest.mark.rule("A-SPELL-1")
def test_one_occurrence_never_takes_the_same_object_twice() -> None:
    assert refused(spell(PAIR, "play: {card: card, targets: {p: [squire, squire]}}")) == "A-SPELL-1"
    state = final(spell(PAIR, "play: {card: card, targets: {p: [squire, brute]}}"))
    assert state.obj("brute").counters["boosts"] == 1


@pytest.mark.rule("A-SPELL-1")
def test_every_target_is_chosen_at_declaration_and_must_be_legal() -> None:
    assert refused(spell(TWO_TARGETS, "play: {card: card, targets: {a: squire}}")) == "A-SPELL-1"
    mine = "{targets: {a: {kind: character, controller: you}}, steps: [{boost: 1, target: a}]}"
    assert refused(spell(mine, "play: {card: card, targets: {a: brute}}")) == "A-SPELL-1"
    state = final(spell(TWO_TARGETS, "play: {card: card, targets: {a: squire, b: brute}}"))
    declare = events(state, "declare")[0]
    assert declare["targets"] == {"a": ["squire"], "b": ["brute"]}
    assert [e.kind for e in state.events].index("declare") < [e.kind for e in state.events].index(
        "pay"
    )


MODAL = (
    "{targets: {m: {kind: character, controller: you}, o: {kind: character, controller: opponent}},"
    " modes: [[{boost: 1, target: m}], [{send: reserve, target: o}]]}"
)


@pytest.mark.rule("A-SPELL-2")
def test_the_mode_is_chosen_at_declaration_and_only_its_targets_are_chosen() -> None:
    assert refused(spell(MODAL, "play: {card: card, targets: {o: brute}}")) == "A-SPELL-2"
    assert (
        refused(spell(MODAL, "play: {card: card, mode: 1, targets: {m: squire, o: brute}}"))
        == "A-SPELL-2"
    )
    state = final(spell(MODAL, "play: {card: card, mode: 1, targets: {m: squire}}"))
    assert state.obj("squire").counters["boosts"] == 1 and state.obj("brute").zone != "reserve"
    assert "A-SPELL-2" in events(state, "declare")[0]["rules"]


OPTIONAL = "{targets: {t: {kind: character}}, steps: [{id: opt, may: true, boost: 1, target: t}]}"


@pytest.mark.rule("A-SPELL-3", "A-SPELL-7")
def test_an_optional_steps_target_is_chosen_at_declaration_the_choice_at_resolution() -> None:
    assert refused(spell(OPTIONAL, "play: {card: card}")) == "A-SPELL-3"
    no = final(spell(OPTIONAL, "play: {card: card, targets: {t: squire}, may: {opt: false}}"))
    yes = final(spell(OPTIONAL, "play: {card: card, targets: {t: squire}, may: {opt: true}}"))
    assert no.obj("squire").counters.get("boosts", 0) == 0
    assert yes.obj("squire").counters["boosts"] == 1


@pytest.mark.rule("A-SPELL-4", "A-SPELL-7")
def test_a_conditional_steps_target_is_chosen_even_if_the_condition_is_false_now() -> None:
    cond = (
        "{targets: {t: {kind: character}}, steps: [{if: {mana_at_least: 20}, boost: 1, target: t}]}"
    )
    assert refused(spell(cond, "play: {card: card}")) == "A-SPELL-4"
    state = final(spell(cond, "play: {card: card, targets: {t: squire}}"))
    assert state.obj("squire").counters.get("boosts", 0) == 0


@pytest.mark.rule("A-SPELL-4")
def test_the_condition_is_checked_at_resolution_after_earlier_steps() -> None:
    # "Send target character to its owner's Reserve. Target character gains 1 boost unless it
    # is in the Reserve": the condition is read when the second step resolves.
    text = (
        "{targets: {s: {kind: character}, t: {kind: character}}, steps: ["
        "{send: reserve, target: s}, {unless: {zone: reserve, of: t}, boost: 1, target: t}]}"
    )
    same = final(spell(text, "play: {card: card, targets: {s: brute, t: brute}}"))
    steps = events(same, "spell-step")
    assert steps[-1]["done"] is False and steps[-1]["rules"] == ["A-SPELL-4"]
    other = final(spell(text, "play: {card: card, targets: {s: brute, t: squire}}"))
    assert other.obj("squire").counters["boosts"] == 1


@pytest.mark.rule("A-SPELL-4", "A-GOLD-7")
def test_a_target_that_changed_zones_during_resolution_is_a_new_object() -> None:
    text = (
        "{targets: {s: {kind: character}, t: {kind: character}}, steps: ["
        "{send: hand, target: s}, {boost: 1, target: t}]}"
    )
    state = final(spell(text, "play: {card: card, targets: {s: squire, t: squire}}"))
    assert state.obj("squire").zone == "hand"
    last = events(state, "spell-step")[-1]
    assert last["done"] is False and "A-GOLD-7" in last["rules"]


INTERNAL = (
    "{targets: {a: {kind: character}}, steps: [{boost: 1, target: a}, {id: extra, internal: "
    "{cost: 2, targets: {f: {kind: character, controller: opponent}}}, send: reserve, target: f}]}"
)


@pytest.mark.rule("A-SPELL-5")
def test_an_internal_action_is_optional_paid_and_targeted_during_resolution() -> None:
    assert (
        refused(spell(INTERNAL, "play: {card: card, targets: {a: squire, f: brute}}"))
        == "A-SPELL-5"
    )
    declined = final(spell(INTERNAL, "play: {card: card, targets: {a: squire}}"))
    assert declined.obj("brute").zone == "expedition:hero"
    assert declined.counters["mana.ana"] == 8
    played = final(
        spell(INTERNAL, "play: {card: card, targets: {a: squire}, internal: {extra: {f: brute}}}")
    )
    assert played.obj("brute").zone == "reserve" and played.counters["mana.ana"] == 6
    pays = events(played, "pay")
    assert [p["amount"] for p in pays] == [1, 2] and "A-SPELL-5" in pays[1]["rules"]
    # its targets are checked then: Ana's own character is not an opponent's
    bad = "play: {card: card, targets: {a: squire}, internal: {extra: {f: squire}}}"
    assert refused(spell(INTERNAL, bad)) == "A-SPELL-5"


@pytest.mark.rule("A-SPELL-5", "A-GOLD-2")
def test_an_internal_action_that_cannot_be_paid_cannot_be_played() -> None:
    text = spell(
        INTERNAL,
        "mana: {ana: 2}",
        "play: {card: card, targets: {a: squire}, internal: {extra: {f: brute}}}",
    )
    assert refused(text) == "A-GOLD-2"


SIMPLE = "{targets: {t: {kind: character}}, steps: [{boost: 1, target: t}]}"


@pytest.mark.rule("A-SPELL-6", "Altered 2.4.6.a", "Altered 2.4.6.e", "Altered 3.2.8")
def test_a_spell_from_hand_goes_to_reserve_and_from_reserve_becomes_fleeting_then_discard() -> None:
    state = final(
        spell(
            SIMPLE,
            "play: {card: card, targets: {t: squire}}",
            "expect: {card.zone: reserve}",
            "play: {card: card, targets: {t: squire}}",
        )
    )
    assert state.obj("card").zone == "discard"
    limbo = [e for e in events(state, "move") if e["to"] == "limbo"]
    assert len(limbo) == 2
    assert [e["target"] for e in events(state, "status")] == ["card"]  # once: from the Reserve


@pytest.mark.rule("A-SPELL-6", "Altered 2.4.6.b")
def test_a_spell_with_fleeting_printed_is_fleeting_from_anywhere() -> None:
    body = spell(SIMPLE, "play: {card: card, targets: {t: squire}}").replace(
        "zone: hand, base:", "zone: hand, features: {Fleeting: true}, base:"
    )
    state = final(body)
    assert state.obj("card").zone == "discard"
