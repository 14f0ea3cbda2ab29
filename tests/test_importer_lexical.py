"""Lexical forms of the importer's grammar: one phrase structure whose head word is read
by a lexicon (verbs of one object, the copula of a condition, counted nouns, "draw N
cards", conjunctions, what an object gains, Expedition events, playing a card for less).
Each reads every word of its lexicon the same way, and converts exactly as the specific
wording it stands for. Every card text here is invented."""

from __future__ import annotations

import pytest

from arbiter.model.effects import algebra as a
from arbiter.model.format.importers.forms_lexical import lower
from arbiter.model.format.importers.patterns import LineParser
from arbiter.model.format.importers.sources import Game
from tests.test_importer_constructs import TAGS, al, read


def _forms(text: str) -> list[str]:
    node = LineParser(Game.ALTERED, TAGS).read(text).node
    assert node is not None, text
    return node.forms()


@pytest.mark.rule("IMP-LEXICAL", "Altered 7.3.10", "Altered 7.3.18", "Altered 7.3.25")
def test_every_verb_of_the_lexicon_is_one_form_and_converts_as_its_own_wording() -> None:
    for verb in ("Exhaust", "Ready", "Sacrifice", "Discard"):
        line = f"{{H}} {verb} target Character."
        assert "verb-object" in _forms(line)
        r = read(Game.ALTERED, line)
        assert r.modelled, (line, r.lost)
    (ready,) = al("{H} Ready target Character.").effects
    assert ready.action == a.Take(a.Grant.STATUS, "exhausted")
    (exhaust,) = al("{H} Exhaust target Character.").effects
    assert exhaust.action == a.Give(a.Grant.STATUS, "exhausted")
    assert exhaust.selector == ready.selector
    # a verb outside the lexicon is not read by the lexical form
    assert not read(Game.ALTERED, "{H} Polish target Character.").modelled


@pytest.mark.rule("IMP-LEXICAL", "Altered 7.3.7")
def test_draw_reads_a_card_or_a_number_of_cards_by_anyone() -> None:
    one = al("{J} Draw a card.")
    assert one.effects[0].amount == a.Const(1)
    three = al("{J} Draw three cards.")
    assert three.effects[0].amount == a.Const(3)
    assert "draw-n" in _forms("{J} Draw three cards.")
    each = al("{J} Each player draws two cards.")
    assert [e.selector for e in each.effects] == [a.YOU, a.OPPONENT]


@pytest.mark.rule("IMP-LEXICAL", "Altered 2.4", "Altered 7.5.2", "Altered 7.5.7")
def test_a_condition_is_a_subject_a_copula_and_what_it_is() -> None:
    cases = {
        "{J} If I'm in {O}, draw a card.": a.Condition(a.Test.REGION, selector=a.SELF,
                                                        name="Water"),
        "{H} If my Expedition is behind, exhaust target Character.": a.Condition(
            a.Test.EXPEDITION, selector=a.SELF, name="behind"),
        "{J} If my Expedition is ahead, draw a card.": a.Condition(
            a.Test.EXPEDITION, selector=a.SELF, name="ahead"),
    }  # fmt: skip
    for line, condition in cases.items():
        assert "copula" in _forms(line), line
        (e,) = al(line).effects
        assert e.condition == condition, line
    its = al("When you play a Character - If it's in {M}, I gain 1 boost.")
    assert its.effects[0].condition == a.Condition(a.Test.REGION, selector=a.IT, name="Mountain")
    behind = al("When you play a Character - If its Expedition is behind, I gain 1 boost.")
    assert behind.effects[0].condition == a.Condition(
        a.Test.EXPEDITION, selector=a.IT, name="behind"
    )
    # "was" is read, and what the card language has no counterpart for stays lost
    was = read(Game.ALTERED, "When I leave the Expedition zone, if I was [[Asleep]] - Draw a card.")
    assert was.reading.modelled and not was.modelled
    assert "I was [[Asleep]]" in was.lost


@pytest.mark.rule("IMP-LEXICAL", "A-SPELL-4")
def test_counted_nouns_share_one_form_whatever_their_head() -> None:
    for head in ("there are", "you have", "you control"):
        line = f"{{J}} If {head} two or more Characters in my Expedition, draw a card."
        assert "counted" in _forms(line), line
    (e,) = al("{J} If you control three or more Characters, draw a card.").effects
    assert e.condition is not None and e.condition.test is a.Test.COUNT
    assert e.condition.bound == 3


@pytest.mark.rule("IMP-LEXICAL", "Altered 7.5", "Altered 7.3.12", "Altered 7.3.13")
def test_events_of_a_player_doing_or_an_object_gaining_are_one_form_each() -> None:
    exhaust = al("When you exhaust a card in Reserve - I gain 1 boost.")
    assert exhaust.when is not None and exhaust.when.by is a.Side.YOURS
    assert "you-verb" in _forms("When you exhaust a card in Reserve - I gain 1 boost.")
    nth = al("When I gain my second Hope counter - Draw a card.")
    assert nth.when == a.When(a.EventKind.COUNTER, a.SELF, name="Hope", change="up", reaches=2)
    status = al("When I gain [[Asleep]] - Draw a card.")
    assert status.when == a.When(a.EventKind.GAINS_STATUS, a.SELF, name="asleep")
    for line in (
        "When I gain my second Hope counter - Draw a card.",
        "When I gain [[Asleep]] - Draw a card.",
        "When a Character you control gains 1 or more boosts - Draw a card.",
    ):
        assert "sel-gains" in _forms(line), line
    forward = al("When my Expedition moves forward - Draw a card.")
    assert forward.when == a.When(a.EventKind.ADVANCES, a.SELF)
    assert "expedition-event" in _forms("When my Expedition moves forward - Draw a card.")


@pytest.mark.rule("IMP-LEXICAL", "Altered 7.3.20")
def test_playing_a_card_for_free_or_for_less_with_or_without_immediately() -> None:
    for line in (
        "{J} You may immediately play a Character for {2} less.",
        "{J} You may play a Character for {2} less.",
    ):
        assert "play-for" in _forms(line), line
        (e,) = al(line).effects
        assert e.action == a.Play(a.PlayCost.PAID) and e.amount == a.Const(-2), line
    (free,) = al("{J} You may play a Spell for free.").effects
    assert free.action == a.Play(a.PlayCost.FREE)


@pytest.mark.rule("IMP-LEXICAL", "Altered 2.2.11")
def test_if_and_unless_before_or_after_the_effects_are_one_form_each() -> None:
    (unless,) = al("{J} Unless I'm in {V}, I gain [[Fleeting]].").effects
    assert unless.condition is not None and unless.condition.test is a.Test.NOT
    (after,) = al("{J} I gain 2 boosts unless I'm in {V}.").effects
    assert after.condition == unless.condition
    (if_,) = al("{J} If I'm in {V}, I gain [[Fleeting]].").effects
    assert unless.condition.parts == (if_.condition,)
    for line in ("{J} Unless I'm in {V}, I gain [[Fleeting]].", "{J} If I'm in {V}, draw a card."):
        assert "conj-first" in _forms(line), line


@pytest.mark.rule("IMP-LEXICAL", "IMP-FULL")
def test_a_lexical_reading_renders_the_printed_words_and_lowers_to_the_specific_form() -> None:
    line = "{J} If I'm in {M}, target Character you control switches Expeditions."
    r = read(Game.ALTERED, line)
    assert r.modelled, r.lost
    assert r.reading.rendering == line.rstrip(".")
    node = LineParser(Game.ALTERED, TAGS).read(line).node
    assert node is not None
    lowered = lower(node).forms()
    assert "copula" not in lowered and "im-at" in lowered
    assert "intransitive" not in lowered and "switches" in lowered


@pytest.mark.rule("IMP-LEXICAL", "Altered 7.3.12", "Altered 7.3.15", "Altered 7.5.6")
def test_bare_verb_phrases_are_the_third_person_ones_and_expedition_events_one_form() -> None:
    bare = "{H} All Characters you control gain 2 boosts and lose [[Asleep]]."
    third = "{H} Target Character you control gains 2 boosts and loses [[Asleep]]."
    for line in (bare, third):
        forms = _forms(line)
        assert "vp-and" in forms and "loses-status" in forms, line
        assert "bvp-and" not in forms and "lose-status" not in forms, line
    (boost, woken) = al(bare).effects
    assert boost.amount == a.Const(2) and woken.action == a.Take(a.Grant.STATUS, "asleep")
    fails = al("When my Expedition fails to move forward during Dusk - I gain 1 boost.")
    assert fails.when == a.When(a.EventKind.FAILS_TO_ADVANCE, a.SELF)


@pytest.mark.rule("IMP-LEXICAL", "Altered 4.2.1.b")
def test_you_are_the_first_player_is_read_described_and_evaluated() -> None:
    from arbiter.model.effects.evaluate import Context, holds
    from arbiter.model.ruleset import RULESETS
    from arbiter.model.state import GameObject, GameState

    line = "At Noon - If you are the first player, I gain 2 boosts."
    r = read(Game.ALTERED, line)
    assert r.modelled, r.lost
    assert "if you are the first player" in r.rendering
    (e,) = r.abilities[0].effects
    assert e.condition == a.Condition(a.Test.TURN, name="first")
    me = GameObject("me", "ana", "character", zone="expedition:hero")
    first = GameState(RULESETS["altered"], objects={"me": me}, players=("ana", "bo"))
    assert holds(first, Context("me"), e.condition)
    second = GameState(RULESETS["altered"], objects={"me": me}, players=("bo", "ana"))
    assert not holds(second, Context("me"), e.condition)


@pytest.mark.rule("IMP-LEXICAL", "Altered 7.5.7")
def test_a_selector_of_objects_in_a_region_type_is_read_described_and_selects() -> None:
    from arbiter.model.effects.evaluate import Context, select
    from arbiter.model.ruleset import RULESETS
    from arbiter.model.state import GameObject, GameState

    r = read(Game.ALTERED, "{H} Give 3 boosts to another target Character in {O}.")
    assert r.modelled, r.lost
    (e,) = r.abilities[0].effects
    assert e.selector.region == "Water" and e.selector.other
    assert "in a Water" in r.rendering
    pond = GameObject(
        "pond", "ana", "region", zone="adventure", base={"subtypes": frozenset({"Water"})}
    )
    wood = GameObject(
        "wood", "ana", "region", zone="adventure", base={"subtypes": frozenset({"Forest"})}
    )
    wet = GameObject("wet", "bo", "character", zone="expedition:hero", region="pond")
    dry = GameObject("dry", "bo", "character", zone="expedition:hero", region="wood")
    me = GameObject("me", "ana", "character", zone="expedition:hero", region="pond")
    objects = {o.id: o for o in (pond, wood, wet, dry, me)}
    state = GameState(RULESETS["altered"], objects=objects, players=("ana", "bo"))
    every = a.Selector(a.Pick.ALL, kinds=frozenset({"character"}), region="Water", other=True)
    assert select(state, Context("me"), every, "t") == ("wet",)
