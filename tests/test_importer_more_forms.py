"""General phrase forms the backlog of unread lines asked for (``forms_more`` read by
``to_more``): one verb on two objects, a tag a card has, lists of events, leaving the
Board, a buff spent, a keyword printed without brackets. Every card text here is
invented."""

from __future__ import annotations

import pytest

from arbiter.model.effects import algebra as a
from arbiter.model.effects import describe
from arbiter.model.format.importers.coverage import ReadLine, converted, import_card
from arbiter.model.format.importers.patterns import LineParser
from arbiter.model.format.importers.sources import Game, RawCard, Section
from arbiter.model.format.importers.text import Line

TAGS = {"Mech", "Robot", "Beast", "Poro"}


def read(text: str, *, spell: bool = False) -> ReadLine:
    parser = LineParser(Game.RIFTBOUND, TAGS)
    printed = Line(Section.MAIN, 1, text, text, ())
    return converted(printed, parser.read(text, not spell), spell)


def rb(text: str, *, spell: bool = False) -> tuple[a.CardAbility, ...]:
    r = read(text, spell=spell)
    assert r.modelled, r.lost
    return r.abilities


CHOSEN_UNIT = a.Selector(a.Pick.CHOOSE, kinds=frozenset({"unit"}))


@pytest.mark.rule("IMP-FULL", "IMP-TWO", "Riftbound 427", "Riftbound 423")
def test_one_verb_on_two_objects_is_the_verb_on_each() -> None:
    (ab,) = rb("Banish a gear and a unit.", spell=True)
    banish = a.MoveTo(a.ZoneMove.TO_ZONE, "banishment")
    gear = a.Selector(a.Pick.CHOOSE, kinds=frozenset({"gear"}))
    assert ab.effects == (a.Effect(banish, gear), a.Effect(banish, CHOSEN_UNIT))
    (ab,) = rb("Stun an enemy unit and a friendly unit.", spell=True)
    sides = [e.selector.side for e in ab.effects]
    assert sides == [a.Side.ENEMY, a.Side.YOURS]
    assert all(e.action == a.Give(a.Grant.STATUS, "stunned") for e in ab.effects)


@pytest.mark.rule("IMP-FULL", "IMP-TWO", "Riftbound 135.2")
def test_two_objects_returned_to_their_owners_hands_by_a_trigger() -> None:
    text = "When I conquer, return another friendly gear and an enemy unit to their owners' hands."
    (ab,) = rb(text)
    assert ab.when == a.When(a.EventKind.CONQUERS, a.SELF)
    first, second = ab.effects
    assert first.selector.other and first.selector.side is a.Side.YOURS  # other than me
    assert second.selector.side is a.Side.ENEMY and not second.selector.other
    assert {e.action for e in ab.effects} == {a.MoveTo(a.ZoneMove.RETURN_TO_HAND)}


@pytest.mark.rule("IMP-FULL", "IMP-TWO")
def test_two_objects_that_could_be_one_object_stay_not_modelled() -> None:
    r = read("Ready a unit and a unit.", spell=True)
    assert r.reading.modelled and not r.modelled
    assert "could be one" in r.lost
    # "another" on the second object is "other than the first": not the card's own other
    r = read("Ready a friendly unit and another friendly gear.", spell=True)
    assert not r.modelled


@pytest.mark.rule("IMP-FULL", "Riftbound 135.2")
def test_a_card_that_says_it_is_a_tag_gains_that_subtype_as_a_passive() -> None:
    (ab,) = rb("I am a Poro.")
    assert ab.kind is a.Kind.PASSIVE
    (e,) = ab.effects
    assert e.selector == a.SELF
    assert e.action == a.ModifyStat("subtypes", a.StatOp.ADD, members=frozenset({"Poro"}))
    assert "gains the subtypes Poro" in describe.ability(ab)
    assert not read("I am a Poros.").reading.modelled  # "a" before a plural is not read
    assert not read("I am a Poro.", spell=True).modelled  # a spell's text is done once


@pytest.mark.rule("IMP-FULL", "IMP-TWO", "Riftbound 383.1", "Riftbound 428.1")
def test_a_list_of_events_triggers_on_each() -> None:
    abilities = rb("When this is readied, chosen, or killed, channel 1 rune exhausted.")
    kinds = [ab.when.event for ab in abilities if ab.when is not None]
    assert kinds == [a.EventKind.READIED, a.EventKind.CHOSEN, a.EventKind.DIES]
    assert all(ab.effects == abilities[0].effects for ab in abilities)
    two = rb("When I defend or hold, draw 2.")
    assert [ab.when for ab in two] == [
        a.When(a.EventKind.DEFENDS, a.SELF),
        a.When(a.EventKind.HOLDS, a.SELF),
    ]
    assert not read("When this is played, eaten, or killed, draw 1.").reading.modelled


@pytest.mark.rule("IMP-FULL", "IMP-TWO", "Riftbound 110", "Riftbound 702.2.b")
def test_leaving_the_board_and_spending_a_buff_are_events() -> None:
    (ab,) = rb("When this leaves the board, channel 2 runes exhausted.")
    assert ab.when == a.When(a.EventKind.LEAVES, a.SELF)
    assert "leaves play" in describe.ability(ab)
    (ab,) = rb("When you spend a buff, draw 1.")
    assert ab.when is not None and ab.when.event is a.EventKind.COUNTER
    assert (ab.when.name, ab.when.change, ab.when.subject.side) == ("buff", "down", a.Side.YOURS)
    assert ab.when.by is a.Side.YOURS  # spent by you, not removed as its unit leaves (705)


@pytest.mark.rule("IMP-KW", "Riftbound 810")
def test_a_keyword_line_printed_without_brackets_gives_the_card_its_keyword() -> None:
    card = RawCard(
        Game.RIFTBOUND, "tst-9", "Plain Sprinter", "TST", "Test", "9", "unit", ("Unit",),
        (), ("fury",), "common", {"might": 2, "energy": 2}, {Section.MAIN: "Ganking"},
    )  # fmt: skip
    imported = import_card(card, LineParser(Game.RIFTBOUND, TAGS))
    assert imported.lines[0].modelled
    assert imported.keywords == (("Ganking", True),)
    assert not read("Sprinting").reading.modelled  # not a keyword of the rulebook
    assert not read("ganking").reading.modelled  # printed as the rulebook prints it


@pytest.mark.rule("IMP-FULL", "IMP-TWO", "Riftbound 428")
def test_every_object_of_two_types_joined_by_and_is_either_type() -> None:
    (ab,) = rb("Kill all gear and units.", spell=True)
    (e,) = ab.effects
    assert e.selector == a.Selector(a.Pick.ALL, kinds=frozenset({"unit", "gear"}))
    assert "each gear or unit" in describe.ability(ab)
    # "a unit and a gear" is two objects, not one object of either type
    (ab,) = rb("Kill a unit and a gear.", spell=True)
    assert len(ab.effects) == 2


@pytest.mark.rule("IMP-FULL", "Riftbound 377.2", "Riftbound 377.2.a")
def test_using_an_activated_ability_of_your_gear_is_an_event() -> None:
    (ab,) = rb("When you use an activated ability of a gear, draw 1.")
    gear = a.Selector(a.Pick.ALL, side=a.Side.YOURS, kinds=frozenset({"gear"}))
    assert ab.when == a.When(a.EventKind.ACTIVATED, gear)
    assert not read("When you use an activated ability of an enemy gear, draw 1.").modelled


@pytest.mark.rule("IMP-FULL", "Riftbound 135.2")
def test_a_power_cost_compared_counts_the_power_icons() -> None:
    (ab,) = rb("When you play a unit with Power cost {rune}{rune}{rune} or more, draw 1.")
    assert ab.when is not None
    assert ab.when.subject.stats == (a.StatTest("power", a.Compare.AT_LEAST, 3),)
    assert not read("When you play a unit with Power cost {fury} or more, draw 1.").modelled


@pytest.mark.rule("IMP-LOOK", "Riftbound 416", "Riftbound 424")
def test_the_top_cards_looked_at_some_kept_and_the_rest_recycled() -> None:
    (ab,) = rb(
        "Look at the top 4 cards of your Main Deck. Put 2 into your hand and recycle the rest.",
        spell=True,
    )
    assert ab.effects == (a.Effect(a.LookTop(keep=2), a.YOU, a.Const(4)),)
    said = describe.ability(ab)
    assert "look at the top 4 cards of your Main Deck, put 2 of them into your hand" in said
    (ab,) = rb(
        "Reveal the top 2 cards of your Main Deck. Draw one and recycle the other.", spell=True
    )
    assert ab.effects == (a.Effect(a.LookTop(keep=1, reveal=True), a.YOU, a.Const(2)),)
    (ab,) = rb(
        "When I defend, look at the top 3 cards of your Main Deck. You may reveal a spell"
        " from among them and draw it. Then recycle the rest."
    )
    kept = a.LookTop(keep=1, up_to=True, kinds=frozenset({"spell"}))
    assert ab.effects == (a.Effect(kept, a.YOU, a.Const(3)),)
    # "the other" is one of two cards; keeping every card looked at is not recycling
    assert not read(
        "Look at the top 7 cards of your Main Deck. Draw one and recycle the other."
    ).modelled
    assert not read(
        "Look at the top 6 cards of your Main Deck. Put 6 into your hand and recycle the rest."
    ).modelled


@pytest.mark.rule("IMP-LOOK", "IMP-PERFORM", "Riftbound 416")
def test_looking_at_the_top_survives_the_yaml_and_is_refused_by_perform() -> None:
    from arbiter.model.effects import emit, syntax
    from arbiter.model.format.document import Document

    e = a.Effect(a.LookTop(keep=1, up_to=True, kinds=frozenset({"unit"})), a.OPPONENT, a.Const(5))
    data = emit.effects((e,))
    assert data == {"look_top": {"amount": 5, "keep": 1, "up_to": True, "kinds": ["unit"],
                                 "player": "opponent"}}  # fmt: skip
    assert syntax.effects(Document("(test)", data).node()) == (e,)
    assert describe.effect(e).startswith("The opponent looks at the top 5 cards of their Main")

    from arbiter.model.effects import evaluate as ev
    from arbiter.model.effects.perform import resolve_effects
    from arbiter.model.errors import IllegalAction
    from arbiter.model.ruleset import RULESETS
    from arbiter.model.state import GameObject, GameState

    seer = GameObject("seer", "ana", "unit")
    state = GameState(RULESETS["riftbound"], objects={"seer": seer}, players=("ana", "bo"))
    with pytest.raises(IllegalAction, match="not modelled"):
        resolve_effects(state, (e,), ev.Context("seer", {}, {}))


@pytest.mark.rule("IMP-FULL", "Riftbound 415")
def test_something_else_in_a_state_is_any_other_object_in_it() -> None:
    (ab,) = rb("When I hold, you may ready something else that's exhausted.")
    (e,) = ab.effects
    assert e.optional and e.action == a.Take(a.Grant.STATUS, "exhausted")
    assert e.selector == a.Selector(a.Pick.CHOOSE, other=True, has=frozenset({"exhausted"}))
    assert not read("When I hold, ready something else that's sleepy.").reading.modelled


@pytest.mark.rule("IMP-FULL", "Riftbound 428")
def test_an_energy_cost_no_more_than_a_number_is_a_bound() -> None:
    (ab,) = rb("Kill a gear with Energy cost no more than {3}.", spell=True)
    (e,) = ab.effects
    assert e.selector.stats == (a.StatTest("energy", a.Compare.AT_MOST, 3),)


@pytest.mark.rule("IMP-FULL", "IMP-PERFORM", "Riftbound 390.2")
def test_an_instruction_at_the_end_of_this_turn_is_a_delayed_trigger() -> None:
    (ab,) = rb("When I conquer, exhaust an enemy unit at the end of this turn.")
    (e,) = ab.effects
    assert isinstance(e.action, a.Delayed)
    assert e.action.event == a.When(a.EventKind.END_OF_TURN, a.Selector(a.Pick.ALL))
    assert [x.action for x in e.action.effects] == [a.Give(a.Grant.STATUS, "exhausted")]
    assert "at the end of this turn: exhaust" in describe.ability(ab).lower()


@pytest.mark.rule("IMP-FULL", "Riftbound 811.1.c.3", "Riftbound 416.1.a")
def test_plays_from_face_down_and_cards_recycled_to_the_main_deck_are_events() -> None:
    for text in ("When you play a unit from face down, draw 1.",
                 "When you play a unit from [Hidden], draw 1."):  # fmt: skip
        (ab,) = rb(text)
        mine = a.Selector(a.Pick.ALL, side=a.Side.YOURS, kinds=frozenset({"unit"}))
        assert ab.when == a.When(a.EventKind.PLAYED, mine, zone="facedown")
    (ab,) = rb("When you play this from face down, channel 1 rune exhausted.")
    assert ab.when == a.When(a.EventKind.PLAYED, a.SELF, zone="facedown")
    (ab,) = rb("When you recycle one or more cards to your Main Deck, draw 1.")
    assert ab.when is not None and ab.when.batch and ab.when.by is a.Side.YOURS
    assert ab.when.subject.lacks == frozenset({"rune"})  # runes go to the Rune Deck
    assert "one of your" in describe.ability(ab)
    assert not read("When you recycle one or more runes to your Main Deck, draw 1.").modelled


@pytest.mark.rule("IMP-FULL", "IMP-PERFORM", "Riftbound 390.2", "Riftbound 417")
def test_a_spells_trigger_for_this_turn_fires_each_time_until_the_end_of_the_turn() -> None:
    from arbiter.model.effects import emit, syntax
    from arbiter.model.format.document import Document

    (ab,) = rb("When any gear takes damage this turn, kill it.", spell=True)
    (e,) = ab.effects
    assert e.duration == a.Duration(a.Lasts.END_OF_TURN)
    assert e.action == a.Delayed(
        a.When(a.EventKind.DAMAGED, a.Selector(a.Pick.ALL, kinds=frozenset({"gear"}))),
        (a.Effect(a.MoveTo(a.ZoneMove.DESTROY), a.IT),),
        every=True,
    )
    assert describe.ability(ab).startswith("This turn, each time any gear is dealt damage")
    data = emit.effects(ab.effects)
    assert "each_time" in data and syntax.effects(Document("(test)", data).node()) == ab.effects
    # on a permanent the line would be a trigger of one turn only: not read so
    assert not read("When a friendly unit is played this turn, draw 1.").modelled


@pytest.mark.rule("IMP-FULL", "IMP-CHOOSE", "A-SPELL-1")
def test_choose_then_it_is_the_object_chosen_as_the_first_instruction_naming_it() -> None:
    (ab,) = rb("When I hold, choose an enemy gear. Deal 1 to it. Exhaust it.")
    first, second = ab.effects
    gear = a.Selector(a.Pick.CHOOSE, side=a.Side.ENEMY, kinds=frozenset({"gear"}), name="chosen")
    assert first == a.Effect(a.DealDamage(), gear, a.Const(1))
    assert second.selector == a.Selector(a.Pick.NAMED, name="chosen")
    assert "Exhaust the chosen." in describe.ability(ab)
    # nothing names the chosen object; a trigger about another object ("it" is that one)
    assert not read("Choose a unit. Draw 1.", spell=True).modelled
    assert not read("When a friendly unit dies, choose a gear. Kill it.").modelled


@pytest.mark.rule("IMP-COUNTER", "IMP-PERFORM", "Riftbound 425")
def test_countering_a_spell_is_an_action_on_spells_only() -> None:
    from arbiter.model.effects import emit, syntax
    from arbiter.model.effects import evaluate as ev
    from arbiter.model.effects.perform import resolve_effects
    from arbiter.model.errors import IllegalAction
    from arbiter.model.format.document import Document
    from arbiter.model.ruleset import RULESETS
    from arbiter.model.state import GameObject, GameState

    (ab,) = rb(
        "Counter a spell that costs no more than {3} and no more than {rune}{rune}.", spell=True
    )
    (e,) = ab.effects
    assert e.action == a.Counter()
    assert e.selector.kinds == frozenset({"spell"})
    assert e.selector.stats == (
        a.StatTest("energy", a.Compare.AT_MOST, 3),
        a.StatTest("power", a.Compare.AT_MOST, 2),
    )
    data = emit.effects(ab.effects)
    assert "counter_spell" in data and syntax.effects(Document("(t)", data).node()) == ab.effects
    assert describe.ability(ab).startswith("Counter a spell")
    assert not read("Counter a gear.", spell=True).modelled
    seer = GameObject("seer", "ana", "unit")
    state = GameState(RULESETS["riftbound"], objects={"seer": seer}, players=("ana", "bo"))
    with pytest.raises(IllegalAction, match="not modelled"):
        resolve_effects(state, (a.Effect(a.Counter(), a.SELF),), ev.Context("seer", {}, {}))


@pytest.mark.rule("IMP-LOOK", "Riftbound 427", "Riftbound 424")
def test_a_card_kept_from_the_top_may_be_played_or_banished_then_played() -> None:
    (ab,) = rb(
        "When I hold, you may exhaust me to reveal the top 3 cards of your Main Deck."
        " You may play one. Then recycle the rest."
    )
    (e,) = ab.effects
    assert e.optional and e.costs == (a.Effect(a.Give(a.Grant.STATUS, "exhausted"), a.SELF),)
    assert e.action == a.LookTop(keep=1, up_to=True, reveal=True, to=a.Kept.PLAY)
    (ab,) = rb(
        "Look at the top 6 cards of your Main Deck. You may banish a gear from among them,"
        " then play it, reducing its cost by {3}. Recycle the remaining cards.",
        spell=True,
    )
    banished = a.LookTop(1, True, frozenset({"gear"}), False, a.Kept.BANISH_THEN_PLAY, 3)
    assert ab.effects == (a.Effect(banished, a.YOU, a.Const(6)),)
    assert "banish up to 1 of them (gear only), then play it" in describe.ability(ab)
    (ab,) = rb(
        "When I attack, you may reveal the top 3 cards of your Main Deck. You may banish one,"
        " then play it, reducing its cost by {1}. Draw any you didn't banish."
    )
    (e,) = ab.effects
    assert e.optional and isinstance(e.action, a.LookTop) and e.action.rest is a.Rest.HAND


@pytest.mark.rule("IMP-FULL", "Riftbound 135.2")
def test_a_cost_capped_in_energy_and_power_before_the_zone_it_is_in() -> None:
    (ab,) = rb(
        "When I conquer, you may play a gear costing no more than {2} and no more than"
        " {rune}{rune} from your trash, ignoring its cost."
    )
    (e,) = ab.effects
    assert e.optional and e.action == a.Play(a.PlayCost.FREE)
    assert e.selector.zone == "trash" and e.selector.side is a.Side.YOURS
    assert e.selector.stats == (
        a.StatTest("energy", a.Compare.AT_MOST, 2),
        a.StatTest("power", a.Compare.AT_MOST, 2),
    )


@pytest.mark.rule("IMP-CHOOSE", "Riftbound 440")
def test_an_opponent_chosen_then_named_and_a_move_from_a_battlefield() -> None:
    (ab,) = rb("When I hold, choose an opponent. They draw 2.")
    assert ab.effects == (a.Effect(a.MoveTo(a.ZoneMove.DRAW), a.OPPONENT, a.Const(2)),)
    (ab,) = rb("When I move from a battlefield, draw 1.")
    assert ab.when == a.When(a.EventKind.MOVES, a.SELF, origin="battlefield")


@pytest.mark.rule("IMP-LOOK", "Riftbound 427")
def test_a_unit_played_from_the_top_may_be_played_here() -> None:
    (ab,) = rb(
        "When I defend, you may reveal the top 4 cards of your Main Deck. You may banish one,"
        " then play it. If it is a unit, you may play it here. Recycle the rest."
    )
    (e,) = ab.effects
    assert e.optional and isinstance(e.action, a.LookTop)
    assert e.action.here and e.action.to is a.Kept.BANISH_THEN_PLAY


@pytest.mark.rule("IMP-LOOK", "Riftbound 424", "Riftbound 416.1.a")
def test_the_top_card_revealed_kept_if_of_a_type_else_recycled() -> None:
    (ab,) = rb(
        "When I hold, reveal the top card of your Main Deck. If it's a unit, draw it."
        " Otherwise, recycle it. Draw 1."
    )
    look, draw = ab.effects
    assert look == a.Effect(
        a.LookTop(keep=1, kinds=frozenset({"unit"}), reveal=True), a.YOU, a.Const(1)
    )
    assert draw.action == a.MoveTo(a.ZoneMove.DRAW)
    said = describe.ability(ab)
    assert "reveal the top card of your Main Deck: if it is a unit, put it into your hand" in said
    # recycling what was kept is not this form
    r = read("When I hold, reveal the top card of your Main Deck. If it's a unit, draw it.")
    assert not r.modelled


@pytest.mark.rule("IMP-LOOK", "Riftbound 416")
def test_of_two_cards_looked_at_some_recycled_and_the_others_back_on_top() -> None:
    (ab,) = rb(
        "When I attack, look at the top 2 cards of your Main Deck. You may recycle one or"
        " both of them. Put those you don't back in any order."
    )
    (e,) = ab.effects
    assert e.action == a.LookTop(keep=2, up_to=True, to=a.Kept.TOP)
    assert "back on top in any order" in describe.ability(ab)
    r = read(
        "When I attack, look at the top 3 cards of your Main Deck. You may recycle one or"
        " both of them. Put those you don't back in any order."
    )
    assert not r.modelled  # "one or both": of two


@pytest.mark.rule("IMP-TWO", "Riftbound 417")
def test_damage_and_might_given_to_two_objects_are_one_effect_each() -> None:
    (ab,) = rb("Deal 3 to an enemy unit and an enemy gear.", spell=True)
    assert [e.amount for e in ab.effects] == [a.Const(3), a.Const(3)]
    assert [e.selector.kinds for e in ab.effects] == [frozenset({"unit"}), frozenset({"gear"})]
    (ab,) = rb("Give a friendly unit and an enemy unit -1 {might} this turn.", spell=True)
    assert [e.action for e in ab.effects] == [a.ModifyStat("might")] * 2
    assert all(e.duration == a.Duration(a.Lasts.END_OF_TURN) for e in ab.effects)
    assert not read("Deal 3 to a unit and a unit.", spell=True).modelled
