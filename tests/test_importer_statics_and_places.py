"""Constructs for lines the grammar read but the conversion lost: limits on using an
activated ability (Riftbound 377.2.b) and on spending what it adds (IMP-SPEND), static
abilities described only (IMP-STATICS), damage bonuses, the Victory Score, moves to a
battlefield (Riftbound 442.2), where an event happens, "in a base", "damaged", "spend a
buff". Each is read from an invented line, written back through the card language's
YAML, described, and, where the engine cannot do it yet, refused with its article.
Every card text here is invented."""

from __future__ import annotations

import textwrap
from dataclasses import replace

import pytest

from arbiter.model.effects import algebra as a
from arbiter.model.effects import describe, emit, syntax
from arbiter.model.errors import IllegalAction
from arbiter.model.format.document import Document
from arbiter.model.format.importers import to_limits, to_statics
from arbiter.model.format.importers.coverage import ReadLine
from arbiter.model.format.importers.sources import Game
from arbiter.model.format.importers.to_effects import Lost
from tests.test_importer_constructs import rb, read

AT_BATTLEFIELD = a.Condition(a.Test.ZONE, selector=a.SELF, name="battlefield")
CALM = a.Effect(a.AddCounters("calm"), a.YOU, a.Const(1))


def _statics(r: ReadLine) -> tuple[a.Effect, ...]:
    assert r.modelled, r.lost
    assert r.abilities and all(ab.kind is a.Kind.STATIC for ab in r.abilities)
    return tuple(e for ab in r.abilities for e in ab.effects)


def _back(ab: a.CardAbility) -> a.CardAbility:
    """The ability written in the card language's YAML and read back."""
    node = Document("(test)", emit.ability(ab, 0)).node()
    return replace(syntax.ability(node, ab.kind, 0), ident=ab.ident)


# -- limits on using an activated ability ---------------------------------------------------


@pytest.mark.rule("IMP-ALGEBRA", "QA-1", "Riftbound 377.2.b")
def test_use_only_while_is_the_condition_of_using_the_ability() -> None:
    ab = rb("{exhaust}: Draw 1. Use this ability only while I'm at a battlefield")
    assert ab.kind is a.Kind.QUICK and ab.condition == AT_BATTLEFIELD
    assert ab.effects == (a.Effect(a.MoveTo(a.ZoneMove.DRAW), a.YOU, a.Const(1)),)
    assert "usable only if this card is at a battlefield" in describe.ability(ab)
    robots = rb("{2}: Ready me. Use only if you control a Robot.")
    assert robots.condition is not None and robots.condition.test is a.Test.COUNT
    assert robots.condition.selector.subtypes == frozenset({"Robot"})


@pytest.mark.rule("IMP-SPEND", "Riftbound 429")
def test_use_only_to_play_spells_limits_what_the_added_resources_pay_for() -> None:
    ab = rb("{1}, {exhaust}: [Add] {calm}. Use only to play spells")
    (e,) = ab.effects
    assert e.action == a.AddCounters("calm", only=frozenset({a.Spend.PLAY_SPELLS}))
    assert _back(ab) == ab
    assert describe.ability(ab).endswith("to be spent only to play spells.")
    gear = to_limits._spend_only((CALM,), frozenset({a.Spend.PLAY_GEAR, a.Spend.GEAR_ABILITIES}))
    assert "to play gear or to use abilities of gear" in describe.effect(gear[0])


@pytest.mark.rule("IMP-SPEND", "IMP-ALGEBRA")
def test_a_spending_limit_after_an_effect_that_adds_nothing_is_lost() -> None:
    with pytest.raises(Lost, match="adds no resource"):
        to_limits._spend_only((a.Effect(a.MoveTo(a.ZoneMove.DRAW), a.YOU, a.Const(1)),),
                              frozenset({a.Spend.PLAY_SPELLS}))  # fmt: skip


@pytest.mark.rule("IMP-SPEND", "IMP-PERFORM", "Riftbound 429")
def test_resources_with_a_spending_limit_are_refused_by_the_engine() -> None:
    from arbiter.model.effects import evaluate as ev
    from arbiter.model.effects.engine_read import runnable
    from arbiter.model.effects.perform import resolve_effects
    from arbiter.model.ruleset import RULESETS
    from arbiter.model.state import GameObject, GameState

    limited = a.Effect(a.AddCounters("calm", only=frozenset({a.Spend.PLAY_SPELLS})), a.YOU,
                       a.Const(1))  # fmt: skip
    sage = GameObject("sage", "ana", "unit", zone="base")
    state = GameState(RULESETS["riftbound"], objects={"sage": sage}, players=("ana", "bo"))
    with pytest.raises(IllegalAction, match="not modelled"):
        resolve_effects(state, (limited,), ev.Context("sage", {}, {}))
    after = resolve_effects(state, (CALM,), ev.Context("sage", {}, {}))
    assert after.counters["calm.ana"] == 1  # the same Add without the limit is done
    quick = a.CardAbility(a.Kind.QUICK, (limited,))
    assert not runnable(quick)


# -- static abilities described only (IMP-STATICS) ------------------------------------------


@pytest.mark.rule("IMP-STATICS", "Riftbound 356.4.a", "Altered 5.1.2.e")
def test_a_discount_of_the_card_itself_is_a_static_ability_applied_as_it_is_played() -> None:
    (e,) = _statics(read(Game.RIFTBOUND, "This costs {3} less if you control a Robot."))
    assert e.action == a.ModifyCost() and e.selector == a.SELF and e.amount == a.Const(-3)
    assert e.condition is not None and e.condition.test is a.Test.COUNT
    (per,) = _statics(read(Game.RIFTBOUND, "I cost {1} less for each card in your hand."))
    assert per.amount == a.Per(a.Selector(a.Pick.ALL, side=a.Side.YOURS, zone="hand"), -1)
    r = read(Game.RIFTBOUND, "I cost {1} less for each card in your hand.")
    assert describe.ability(r.abilities[0]) == (
        "Static ability: this card costs 1 less for each card in your hand."
    )
    (legion,) = read(Game.RIFTBOUND, "[Legion] - I cost {3} less.").abilities
    assert legion.kind is a.Kind.STATIC and legion.condition is not None
    assert legion.condition.test is a.Test.CARDS_PLAYED
    for ab in (*r.abilities, legion):
        assert _back(ab) == ab


@pytest.mark.rule("IMP-STATICS", "Riftbound 708", "Riftbound 426.1.b")
def test_a_state_of_the_card_is_the_condition_of_a_described_static_ability() -> None:
    (mighty,) = _statics(read(Game.RIFTBOUND, "While I'm [Mighty], I have [Shield 2]."))
    assert mighty.condition == a.Condition(a.Test.STAT, selector=a.SELF, stat="might", bound=5)
    assert mighty.action == a.Give(a.Grant.KEYWORD, "Shield") and mighty.amount == a.Const(2)
    (buffed,) = _statics(read(Game.RIFTBOUND, "While I'm buffed, I have [Tank]."))
    assert buffed.condition == a.Condition(a.Test.COUNTER, selector=a.SELF, name="buff", bound=1)
    text = describe.ability(a.CardAbility(a.Kind.STATIC, (buffed,)))
    said = "while this card has 1 or more buff counters, this card gains Tank."
    assert text == f"Static ability: {said}"


@pytest.mark.rule("IMP-STATICS", "Riftbound 460.2.c")
def test_a_unit_that_deals_no_combat_damage_is_a_described_restriction() -> None:
    (e,) = _statics(read(Game.RIFTBOUND, "I don't deal combat damage"))
    assert e.action == a.Restrict("deal_combat_damage") and e.selector == a.SELF


@pytest.mark.rule("IMP-STATICS", "CHECK-IMPORT")
def test_a_card_sets_statics_load_and_are_listed_as_not_analysed() -> None:
    from arbiter.model.format.cardset import load_cardset
    from arbiter.solver.check.diagnostics import run_check

    text = textwrap.dedent(
        """\
        ruleset: riftbound
        format: 2
        cards:
          lancer:
            kind: unit
            base: {might: 3}
            statics:
              - do: {cost: {add: -2}}
                if: {to_victory: true, of: opponent, at_most: 3}
              - do: {cannot: {deed: deal_combat_damage}}
        """
    )
    cardset = load_cardset("set.yaml", text)
    card = cardset.cards["lancer"]
    assert card.described_only == ("static1", "static2")
    (first, _) = card.abilities
    assert first.condition == a.Condition(a.Test.TO_VICTORY, selector=a.OPPONENT,
                                          compare=a.Compare.AT_MOST, bound=3)  # fmt: skip
    assert [d.code for d in run_check(cardset).diagnostics if d.severity.value == "error"] == []


@pytest.mark.rule("IMP-ALGEBRA", "Riftbound 480.3", "Riftbound 463.1")
def test_an_opponent_near_the_victory_score_is_read_and_evaluated() -> None:
    from arbiter.model.effects import evaluate as ev
    from arbiter.model.ruleset import RULESETS
    from arbiter.model.state import GameObject, GameState

    ab = rb("If an opponent's score is within 2 points of the Victory Score, I enter ready.")
    (e,) = ab.effects
    near = e.condition
    assert near == a.Condition(a.Test.TO_VICTORY, selector=a.OPPONENT,
                               compare=a.Compare.AT_MOST, bound=2)  # fmt: skip
    assert "the opponent needs 2 or less points to reach the Victory Score" in describe.ability(ab)
    sage = GameObject("sage", "ana", "unit", zone="base")
    state = GameState(RULESETS["riftbound"], objects={"sage": sage}, players=("ana", "bo"))
    for points, holds in ((5, False), (6, True), (7, True)):  # the Victory Score is 8
        scored = state.__class__(state.ruleset, state.players, state.objects,
                                 counters={"points.bo": points})  # fmt: skip
        assert ev.holds(scored, ev.Context("sage", {}, {}), near) is holds


@pytest.mark.rule("IMP-STATIC", "D-BONUS-1", "Riftbound 712", "Riftbound 714")
def test_your_spells_and_abilities_bonus_damage_is_the_cards_damage_bonus() -> None:
    from arbiter.model.format.importers.coverage import ImportedCard
    from arbiter.model.format.importers.emit import language

    r = read(Game.RIFTBOUND, "Your spells and abilities deal 2 Bonus Damage")
    assert r.modelled, r.lost
    (ab,) = r.abilities
    assert to_statics.is_bonus(ab)
    (e,) = ab.effects
    assert e.action == a.BonusDamage(frozenset({"spell", "ability"})) and e.amount == a.Const(2)
    card = ImportedCard(None, (r,), ())  # type: ignore[arg-type]  # only its lines are read
    assert language(card) == {"damage_bonus": [{"amount": 2, "to": ["ability", "spell"]}]}


# -- moves, events, places ------------------------------------------------------------------


@pytest.mark.rule("IMP-ALGEBRA", "Riftbound 442.2", "Riftbound 444.1", "Riftbound 169.10.c")
@pytest.mark.parametrize(
    ("text", "to"),
    [
        ("{1}: Move a friendly unit to or from its base.", a.MovePlace.BASE_OR_BATTLEFIELD),
        ("{1}: Move a friendly Robot to an open battlefield.", a.MovePlace.OPEN_BATTLEFIELD),
        ("{1}: Move a friendly Robot to this battlefield.", a.MovePlace.HERE),
        ("{1}: Move an enemy Robot to a battlefield.", a.MovePlace.BATTLEFIELD),
        ("{1}: Move an enemy Robot.", a.MovePlace.ANY),
    ],
)
def test_a_move_to_a_battlefield_names_its_destination(text: str, to: a.MovePlace) -> None:
    ab = rb(text)
    (e,) = ab.effects
    assert e.action == a.MoveTo(a.ZoneMove.TO_ZONE, to=to) and e.selector.chosen
    assert _back(ab) == ab
    assert describe.effect(e).startswith("Move ")


@pytest.mark.rule("IMP-PERFORM", "Riftbound 444")
def test_a_move_to_a_battlefield_is_refused_by_the_engine() -> None:
    from arbiter.model.effects import evaluate as ev
    from arbiter.model.effects.perform import resolve_effects
    from arbiter.model.ruleset import RULESETS
    from arbiter.model.state import GameObject, GameState

    sage = GameObject("sage", "ana", "unit", zone="base")
    state = GameState(RULESETS["riftbound"], objects={"sage": sage}, players=("ana", "bo"))
    move = a.Effect(a.MoveTo(a.ZoneMove.TO_ZONE, to=a.MovePlace.OPEN_BATTLEFIELD), a.SELF)
    with pytest.raises(IllegalAction, match="not modelled"):
        resolve_effects(state, (move,), ev.Context("sage", {}, {}))


@pytest.mark.rule("IMP-ALGEBRA", "TRIG-1", "Riftbound 169.10.c", "Riftbound 460", "Riftbound 426.1")
@pytest.mark.parametrize(
    ("text", "when"),
    [
        ("When an enemy Robot attacks a battlefield you control, draw 1.",
         a.When(a.EventKind.ATTACKS, a.Selector(a.Pick.ALL, side=a.Side.ENEMY,
                subtypes=frozenset({"Robot"})), at=a.EventPlace.YOUR_BATTLEFIELD)),
        ("When I conquer an open battlefield, draw 2.",
         a.When(a.EventKind.CONQUERS, a.SELF, at=a.EventPlace.OPEN_BATTLEFIELD)),
        ("When I die in combat, draw 2.", a.When(a.EventKind.DIES, a.SELF, at=a.EventPlace.COMBAT)),
        ("When you play me to a battlefield, draw 2.",
         a.When(a.EventKind.PLAYED, a.SELF, at=a.EventPlace.BATTLEFIELD)),
        ("When you buff me, draw 2.",
         a.When(a.EventKind.COUNTER, a.SELF, name="buff", change="up", by=a.Side.YOURS)),
        ("When you kill a stunned Robot, draw 2.",
         a.When(a.EventKind.DIES, a.Selector(a.Pick.ALL, subtypes=frozenset({"Robot"}),
                has=frozenset({"stunned"})), by=a.Side.YOURS)),
    ],
)  # fmt: skip
def test_where_an_event_happens_and_who_does_it_are_part_of_the_trigger(
    text: str, when: a.When
) -> None:
    ab = rb(text)
    assert ab.when == when
    assert _back(ab) == ab


@pytest.mark.rule("IMP-PERFORM", "TRIG-1")
def test_a_trigger_on_where_an_event_happens_is_refused_by_the_engine() -> None:
    from arbiter.model.effects import evaluate as ev
    from arbiter.model.effects.lower import lower_trigger
    from arbiter.model.effects.perform import fires
    from arbiter.model.effects.upgrade import NotExpressible
    from arbiter.model.ruleset import RULESETS
    from arbiter.model.state import GameObject, GameState

    when = a.When(a.EventKind.DIES, a.SELF, at=a.EventPlace.COMBAT)
    seer = GameObject("seer", "ana", "unit")
    state = GameState(RULESETS["riftbound"], objects={"seer": seer}, players=("ana", "bo"))
    with pytest.raises(IllegalAction, match="not recorded"):
        fires(state, ev.Context("seer", {}, {}), when, a.EventKind.DIES, "seer")
    trigger = a.CardAbility(a.Kind.TRIGGER, (CALM,), when=when, ident="t1")
    with pytest.raises(NotExpressible):
        lower_trigger(trigger)


@pytest.mark.rule("IMP-ALGEBRA", "Riftbound 107", "Riftbound 142", "Riftbound 702.2.b")
def test_a_base_damage_and_a_spent_buff_are_read() -> None:
    (hit,) = rb("Deal 3 to a Robot in a base.", spell=True).effects
    assert hit.selector.zone == "base" and hit.selector.side is a.Side.ANY
    assert "a Robot in a base" in describe.effect(hit)
    (kill,) = rb("Kill all damaged enemy Robots.", spell=True).effects
    assert kill.selector.has == frozenset({"damage"})  # the counter damage (Riftbound 142)
    ab = rb("When you play me, you may spend a buff to draw 2 and ready me.")
    first, second = ab.effects
    assert first.optional and first.costs == (
        a.Effect(a.AddCounters("buff"), a.Selector(a.Pick.CHOOSE, side=a.Side.YOURS,
                 kinds=frozenset({"unit"}), has=frozenset({"buff"})), a.Const(-1)),
    )  # fmt: skip
    assert second.condition == a.Condition(a.Test.DONE)  # readied only if the buff was spent
    assert "you may remove 1 buff counter from an ally unit" in describe.ability(ab)


@pytest.mark.rule("IMP-STATICS", "A-GOLD-1", "Riftbound 442", "Riftbound 169.10")
@pytest.mark.parametrize(
    ("text", "deed", "what", "here"),
    [
        ("Robots can't move to base.", "move_to_base", "", False),
        ("Robots can't move from here to base.", "move_to_base", "", True),
        ("Robots can't be played here.", "be_played", "here", False),
    ],
)
def test_what_objects_cannot_do_is_a_described_restriction(
    text: str, deed: str, what: str, here: bool
) -> None:
    (e,) = _statics(read(Game.RIFTBOUND, text))
    assert e.action == a.Restrict(deed, what=what)
    assert e.selector == a.Selector(a.Pick.ALL, subtypes=frozenset({"Robot"}), here=here)


@pytest.mark.rule("IMP-STATICS", "E-OPS-1")
def test_a_static_modification_with_a_minimum_is_described_only() -> None:
    text = "Exhausted enemy units here have -3 {might}, to a minimum of 1 {might}."
    (e,) = _statics(read(Game.RIFTBOUND, text))
    assert e.action == a.ModifyStat("might", minimum=1) and e.amount == a.Const(-3)
    assert e.selector.here and e.selector.has == frozenset({"exhausted"})


@pytest.mark.rule("IMP-ENTER", "Riftbound 143.4", "Riftbound 149.1")
def test_entering_exhausted_is_done_as_the_object_enters() -> None:
    mine = rb("I enter exhausted.")
    assert mine.kind is a.Kind.AS_ENTERS
    assert mine.effects == (a.Effect(a.Give(a.Grant.STATUS, "exhausted"), a.SELF),)
    assert describe.ability(mine) == "This card enters the Board exhausted."
    theirs = rb("Your Robots enter exhausted.")
    assert describe.ability(theirs) == "Your Robots enter the Board exhausted."


@pytest.mark.rule("IMP-ALGEBRA", "A-SPELL-1", "Riftbound 463.1")
def test_choose_then_a_sentence_about_it_is_that_sentence_about_the_chosen_object() -> None:
    ab = rb("When you hold here, choose a Robot. It gains [Shield 3] this combat.")
    (e,) = ab.effects
    assert e.selector == a.Selector(a.Pick.CHOOSE, subtypes=frozenset({"Robot"}))
    assert e.action == a.Give(a.Grant.KEYWORD, "Shield") and e.amount == a.Const(3)
    two = rb("When I attack, choose an enemy Robot. Stun it, then deal 2 to it.")
    assert two.effects[0].selector.chosen and two.effects[0].selector.name == "chosen"
    assert two.effects[1].selector == a.Selector(a.Pick.NAMED, name="chosen")
    (score,) = rb("When I attack, choose an opponent. They score 2 points.").effects
    assert score.selector == a.OPPONENT and score.action == a.AddCounters("points")
    assert score.amount == a.Const(2)


@pytest.mark.rule("IMP-ALGEBRA", "IMP-FULL")
def test_a_choice_whose_pronoun_is_in_a_condition_is_not_rewritten() -> None:
    r = read(Game.RIFTBOUND, "When I attack, choose a Robot. If it is stunned, draw 2.")
    assert not r.modelled and r.abilities == ()


@pytest.mark.rule("IMP-ALGEBRA", "IMP-PERFORM", "Riftbound 416", "Riftbound 355.10.f")
def test_recycling_is_read_as_a_cost_and_an_instruction_and_refused_by_the_engine() -> None:
    from arbiter.model.effects import evaluate as ev
    from arbiter.model.effects.perform import resolve_effects
    from arbiter.model.ruleset import RULESETS
    from arbiter.model.state import GameObject, GameState

    ab = rb("Recycle 2 from your trash, {exhaust}: Draw 2.")
    recycle = a.Effect(a.MoveTo(a.ZoneMove.RECYCLE),
                       a.Selector(a.Pick.CHOOSE, count=2, side=a.Side.YOURS, zone="trash"))
    assert ab.costs[0] == recycle  # fmt: skip
    assert describe.ability(ab).startswith("Quick action (recycle two cards in your trash")
    assert _back(ab) == ab
    (runes,) = rb("When I hold, you must recycle one of your runes.").effects
    assert runes.selector.kinds == frozenset({"rune"}) and runes.selector.side is a.Side.YOURS
    sage = GameObject("sage", "ana", "unit", zone="base")
    state = GameState(RULESETS["riftbound"], objects={"sage": sage}, players=("ana", "bo"))
    with pytest.raises(IllegalAction, match="not modelled"):
        resolve_effects(state, (a.Effect(a.MoveTo(a.ZoneMove.RECYCLE), a.SELF),),
                        ev.Context("sage", {}, {}))  # fmt: skip


@pytest.mark.rule("IMP-EXTRA", "IMP-STATICS", "Riftbound 356.2", "Riftbound 356.4.f.1")
def test_an_additional_cost_sentence_is_its_own_ability_and_if_you_do_reads_paid() -> None:
    must = read(Game.RIFTBOUND, "As an additional cost to play me, kill a friendly Robot.")
    assert must.modelled, must.lost
    (cost,) = must.abilities
    assert cost.kind is a.Kind.ADDITIONAL_COST and not cost.costs[0].optional
    line = ("As you play me, you may discard 2 as an additional cost. If you do, reduce my cost "
            "by {3}.")  # fmt: skip
    extra, discount = read(Game.RIFTBOUND, line).abilities
    assert extra.kind is a.Kind.ADDITIONAL_COST and all(c.optional for c in extra.costs)
    assert discount.kind is a.Kind.STATIC and discount.condition == a.Condition(a.Test.PAID)
    assert discount.effects == (a.Effect(a.ModifyCost(), a.SELF, a.Const(-3)),)
    spell = ("As an additional cost to play this, you may exhaust a friendly Robot. If you do, "
             "draw 3. Otherwise, draw 2.")  # fmt: skip
    _, done = read(Game.RIFTBOUND, spell, spell=True).abilities
    paid, unpaid = done.effects
    assert paid.condition == a.Condition(a.Test.PAID) and paid.amount == a.Const(3)
    assert unpaid.condition == a.Condition(a.Test.NOT, (a.Condition(a.Test.PAID),))


@pytest.mark.rule("IMP-ALGEBRA", "Riftbound 430", "A-GOLD-6")
def test_each_player_channels_and_a_card_returns_itself_from_the_trash() -> None:
    mine, theirs = rb("When I hold, each player channels 2 runes exhausted.").effects
    assert (mine.selector, theirs.selector) == (a.YOU, a.OPPONENT)
    assert mine.action == a.MoveTo(a.ZoneMove.CHANNEL, exhausted=True)
    line = "When I hold, you may discard 2 to return this from your trash to your hand."
    (back,) = rb(line).effects
    assert back.selector == a.SELF and back.optional
    assert back.condition == a.Condition(a.Test.ZONE, selector=a.SELF, name="trash")


@pytest.mark.rule("CHECK-IMPORT", "CHECK-REF", "Riftbound 442.2")
def test_a_move_to_a_battlefield_names_no_zone_for_the_checker() -> None:
    from arbiter.model.format.cardset import load_cardset
    from arbiter.solver.check.diagnostics import run_check

    text = textwrap.dedent(
        """\
        ruleset: riftbound
        format: 2
        cards:
          scout:
            kind: unit
            base: {might: 2}
            triggers:
              - when: {attacks: self}
                do: {move: {to: open_battlefield, target: {choose: 1, yours: unit}}}
                    """
    )
    found = {d.code for d in run_check(load_cardset("set.yaml", text)).diagnostics}
    assert "unknown-zone" not in found


@pytest.mark.rule("IMP-STATICS", "IMP-PERFORM", "Riftbound 460.2.c.5", "Riftbound 426.1.b")
@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("I must be assigned combat damage last", a.Rule.ASSIGNED_LAST),
        ("I can have any number of buffs", a.Rule.ANY_BUFFS),
    ],
)
def test_a_rule_a_static_ability_changes_is_described_and_refused(text: str, rule: a.Rule) -> None:
    from arbiter.model.effects import evaluate as ev
    from arbiter.model.effects.perform import resolve_effects
    from arbiter.model.ruleset import RULESETS
    from arbiter.model.state import GameObject, GameState

    (ab,) = read(Game.RIFTBOUND, text).abilities
    assert ab.kind is a.Kind.STATIC and ab.effects == (a.Effect(a.Overrule(rule), a.SELF),)
    assert _back(ab) == ab
    sage = GameObject("sage", "ana", "unit", zone="base")
    state = GameState(RULESETS["riftbound"], objects={"sage": sage}, players=("ana", "bo"))
    with pytest.raises(IllegalAction, match="not modelled"):
        resolve_effects(state, ab.effects, ev.Context("sage", {}, {}))
