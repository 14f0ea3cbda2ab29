"""Phrase forms written once for every wording of the same thing: the entry state of a
token is part of the token's words (so "exhausted" goes with any place), and a form's
``(a|b)`` alternatives read the imperative, "you" and any player alike. Every card
text here is invented."""

from __future__ import annotations

import pytest

from arbiter.model.effects import algebra as a
from arbiter.model.format.importers.clauses import Action, Form
from arbiter.model.format.importers.coverage import ReadLine, converted
from arbiter.model.format.importers.grammar import alternatives
from arbiter.model.format.importers.patterns import LineParser
from arbiter.model.format.importers.sources import Game, Section
from arbiter.model.format.importers.text import Line

TAGS = {"Mech", "Recruit", "Poro"}


def read(text: str, *, spell: bool = False) -> ReadLine:
    parser = LineParser(Game.RIFTBOUND, TAGS)
    printed = Line(Section.MAIN, 1, text, text, ())
    return converted(printed, parser.read(text, not spell), spell)


def token(text: str, *, spell: bool = True) -> a.CreateToken:
    r = read(text, spell=spell)
    assert r.modelled, r.lost
    (ab,) = r.abilities
    actions = [e.action for e in ab.effects if isinstance(e.action, a.CreateToken)]
    assert len(actions) == 1
    return actions[0]


def scores(text: str) -> a.Effect:
    r = read(text, spell=True)
    assert r.modelled, r.lost
    (ab,) = r.abilities
    (effect,) = ab.effects
    assert effect.action == a.AddCounters("points")
    return effect


@pytest.mark.rule("IMP-FULL", "Riftbound 184", "Riftbound 182.1.d")
def test_a_token_played_exhausted_enters_exhausted_with_or_without_a_place() -> None:
    gear = token("Play three Gold gear tokens exhausted.")
    assert (gear.kind, gear.enters, gear.place) == ("gear", a.TokenEntry.EXHAUSTED,
                                                    a.TokenPlace.DEFAULT)  # fmt: skip
    unit = token("Play a 2 {might} Mech unit token exhausted to your base.")
    assert (unit.kind, unit.enters, unit.place) == ("unit", a.TokenEntry.EXHAUSTED,
                                                    a.TokenPlace.BASE)  # fmt: skip
    plain = token("Play a Gold gear token.")
    assert plain.enters is a.TokenEntry.DEFAULT


@pytest.mark.rule("IMP-FULL", "Riftbound 184")
def test_a_token_both_ready_and_exhausted_is_not_read() -> None:
    r = read("Play a ready 3 {might} Mech unit token exhausted.", spell=True)
    assert not r.modelled


@pytest.mark.rule("IMP-FULL", "Riftbound 184", "Riftbound 135.2")
def test_an_exhausted_token_in_a_trigger_is_the_same_token() -> None:
    made = token("When you recycle a rune, play two Gold gear tokens exhausted.", spell=False)
    assert made.enters is a.TokenEntry.EXHAUSTED and made.name == "Gold"


@pytest.mark.rule("IMP-FULL", "Riftbound 449")
def test_scoring_reads_the_same_imperative_you_and_gains() -> None:
    for text in ("Score 2 points.", "You score 2 points.", "You gain 2 points."):
        effect = scores(text)
        assert effect.selector == a.YOU and effect.amount == a.Const(2), text


@pytest.mark.rule("IMP-FULL", "Riftbound 449")
def test_an_opponent_who_gains_a_point_scores_it() -> None:
    effect = scores("An opponent gains 3 points.")
    assert effect.selector != a.YOU and effect.selector.is_player
    assert effect.amount == a.Const(3)


@pytest.mark.rule("IMP-FULL", "Riftbound 449")
def test_a_unit_that_would_score_is_not_a_player_and_stays_not_modelled() -> None:
    assert not read("A friendly unit scores 1 point.", spell=True).modelled


@pytest.mark.rule("IMP-FULL")
def test_alternatives_expand_in_the_order_written_and_nest() -> None:
    form = Form("f", "({p:sel} |)(score|gain) {n:number} point", Action.SCORE)
    assert [f.template for f in alternatives(form)] == [
        "{p:sel} score {n:number} point",
        "{p:sel} gain {n:number} point",
        "score {n:number} point",
        "gain {n:number} point",
    ]
    plain = Form("g", "draw {n:number}", Action.DRAW)
    assert alternatives(plain) == [plain]


def triggers(text: str) -> list[a.When]:
    r = read(text)
    assert r.modelled, r.lost
    return [ab.when for ab in r.abilities if ab.when is not None]


@pytest.mark.rule("IMP-FULL", "IMP-WIN", "Riftbound 383.1", "Riftbound 460")
def test_one_subject_verb_form_reads_each_verb_in_either_number() -> None:
    (mine,) = triggers("When I win a combat, draw 2.")
    assert mine == a.When(a.EventKind.WINS_COMBAT, a.SELF)
    (theirs,) = triggers("When a friendly unit wins a combat, draw 1.")
    assert theirs.event is a.EventKind.WINS_COMBAT and theirs.subject.side is a.Side.YOURS
    (held,) = triggers("When an enemy unit holds, draw 1.")
    assert held.event is a.EventKind.HOLDS and held.subject.side is a.Side.ENEMY


@pytest.mark.rule("IMP-FULL", "Riftbound 383.1")
def test_a_subject_with_two_verbs_is_two_events() -> None:
    kinds = [w.event for w in triggers("When I hold or win a combat, draw 1.")]
    assert kinds == [a.EventKind.HOLDS, a.EventKind.WINS_COMBAT]


@pytest.mark.rule("IMP-FULL", "Riftbound 383.1")
def test_a_verb_the_form_does_not_know_is_not_read() -> None:
    assert not read("When I lose a combat, draw 1.").modelled


@pytest.mark.rule("IMP-FULL", "Riftbound 383.1", "Riftbound 383.2.c")
def test_what_you_do_to_an_object_is_one_form_for_one_or_two_verbs() -> None:
    (one,) = triggers("When you ready a friendly gear, draw 1.")
    assert one.event is a.EventKind.READIED and one.by is a.Side.YOURS
    two = triggers("When you stun or discard me, draw 1.")
    assert [(w.event, w.name, w.subject) for w in two] == [
        (a.EventKind.GAINS_STATUS, "stunned", a.SELF),
        (a.EventKind.DISCARDED, "", a.SELF),
    ]
    (batch,) = triggers("When you recycle one or more cards, draw 1.")
    assert batch.event is a.EventKind.RECYCLED and batch.batch  # once per event (383.2.c)


@pytest.mark.rule("IMP-FULL", "Riftbound 383.1")
def test_the_same_verb_twice_or_three_verbs_are_not_read_as_events_of_you() -> None:
    assert not read("When you ready or ready me, draw 1.").modelled
    assert not read("When you stun or ready or discard me, draw 1.").modelled
    assert not read("When you sacrifice or discard me, draw 1.").modelled  # not one kind


@pytest.mark.rule("IMP-FULL", "Riftbound 356.1.b.1", "Riftbound 356.1.b.2")
def test_ignoring_its_cost_or_its_energy_cost_is_one_form() -> None:
    def played(text: str) -> a.Play:
        r = read(text, spell=True)
        assert r.modelled, r.lost
        (ab,) = r.abilities
        (effect,) = ab.effects
        assert isinstance(effect.action, a.Play)
        return effect.action

    assert played("Play a gear from your trash, ignoring its cost.") == a.Play(a.PlayCost.FREE)
    energy = played("Play a gear from your trash, ignoring its Energy cost.")
    assert energy == a.Play(a.PlayCost.NO_ENERGY)
    assert not read("Play a gear from your trash, ignoring its Power cost.", spell=True).modelled


@pytest.mark.rule("IMP-FULL", "Riftbound 448", "Riftbound 440")
def test_a_move_to_base_reads_with_or_without_where_from() -> None:
    def moved(text: str) -> a.Effect:
        r = read(text, spell=True)
        assert r.modelled, r.lost
        (ab,) = r.abilities
        (effect,) = ab.effects
        assert effect.action == a.MoveTo(a.ZoneMove.TO_ZONE, "base")
        return effect

    assert moved("Move two enemy units from a battlefield to their base.").selector.zone == (
        "battlefield"
    )
    assert moved("Move two enemy units to their base.").selector.zone is None


@pytest.mark.rule("IMP-FULL", "IMP-MAY", "Riftbound 169.10")
def test_a_permission_to_play_somewhere_reads_in_either_voice() -> None:
    def allowed(text: str) -> a.Effect:
        r = read(text)
        assert r.modelled, r.lost
        (ab,) = r.abilities
        assert ab.kind is a.Kind.PERMISSION
        (effect,) = ab.effects
        assert effect.action == a.Play(to=a.PlayPlace.OPEN_BATTLEFIELD)
        return effect

    assert allowed("I may be played to an open battlefield.").selector == a.SELF
    mechs = allowed("Friendly Mechs may be played to open battlefields.").selector
    assert mechs.side is a.Side.YOURS and mechs.subtypes == frozenset({"Mech"})
    assert not read("Enemy units may be played to open battlefields.").modelled


@pytest.mark.rule("IMP-FULL", "Riftbound 383.1", "Riftbound 169.10.c")
def test_a_subject_verb_and_place_is_one_form_that_reads_only_known_places() -> None:
    (attack,) = triggers("When a friendly unit attacks a battlefield you control, draw 1.")
    assert (attack.event, attack.at) == (a.EventKind.ATTACKS, a.EventPlace.YOUR_BATTLEFIELD)
    (conquer,) = triggers("When I conquer an open battlefield, draw 2.")
    assert (conquer.event, conquer.at) == (a.EventKind.CONQUERS, a.EventPlace.OPEN_BATTLEFIELD)
    assert not read("When I hold an open battlefield, draw 2.").modelled


@pytest.mark.rule("IMP-FULL", "Riftbound 448", "Riftbound 444.1")
def test_a_move_without_a_destination_is_the_same_move_form() -> None:
    r = read("Move two enemy units.", spell=True)
    assert r.modelled, r.lost
    (ab,) = r.abilities
    (effect,) = ab.effects
    assert effect.action == a.MoveTo(a.ZoneMove.TO_ZONE, to=a.MovePlace.ANY)
    assert effect.selector.count == 2 and effect.selector.side is a.Side.ENEMY
    assert not read("Move an enemy unit from a battlefield.", spell=True).modelled


@pytest.mark.rule("IMP-FULL", "IMP-SPEND", "Riftbound 429", "Riftbound 377.2.b")
def test_limits_on_using_an_ability_are_one_form_per_kind_of_limit() -> None:
    def only(text: str) -> frozenset[a.Spend]:
        r = read(text)
        assert r.modelled, r.lost
        (ab,) = r.abilities
        (effect,) = ab.effects
        assert isinstance(effect.action, a.AddCounters)
        return effect.action.only

    assert only("{exhaust}: [Add] {rune}. Use only to play gear.") == {a.Spend.PLAY_GEAR}
    both = only("{exhaust}: [Add] {rune}. Use only to use gear abilities or play spells.")
    assert both == {a.Spend.GEAR_ABILITIES, a.Spend.PLAY_SPELLS}
    assert not read("{exhaust}: [Add] {rune}. Use only to play units.").modelled
    conditions = set()
    for limit in (
        "Use only if you control a Mech.",
        "Use this ability only while you control a Mech.",
    ):
        r = read("{1}, {exhaust}: Draw 1. " + limit)
        assert r.modelled, r.lost
        (ab,) = r.abilities
        conditions.add(ab.condition)
    (condition,) = conditions  # the same condition on using the ability, either wording
    assert condition is not None and condition.selector.subtypes == {"Mech"}


@pytest.mark.rule("IMP-FULL", "Riftbound 460", "Riftbound 383.1")
def test_only_a_death_is_read_in_combat() -> None:
    (death,) = triggers("When a friendly Mech dies in combat, draw 1.")
    assert (death.event, death.at) == (a.EventKind.DIES, a.EventPlace.COMBAT)
    assert death.subject.subtypes == {"Mech"}
    assert not read("When I hold in combat, draw 1.").modelled
