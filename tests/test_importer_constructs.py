"""Constructs of the card language that imported lines needed: keyword actions, tokens
the line describes, "if you do", Nth-counter and "here" events, timing of quick actions,
buffs, channels, dice, activations. Each is read from an invented line, written back
through the card language's YAML, and, where the engine can do it, performed.
Every card text here is invented."""

from __future__ import annotations

from dataclasses import replace

import pytest

from arbiter.model.effects import algebra as a
from arbiter.model.effects import describe, emit, syntax
from arbiter.model.format.document import load
from arbiter.model.format.importers.coverage import ReadLine, converted
from arbiter.model.format.importers.patterns import LineParser
from arbiter.model.format.importers.sources import Game, Section
from arbiter.model.format.importers.text import Line

TAGS = {"Mech", "Robot", "Soldier", "Beast", "Recruit", "Plant"}


def read(game: Game, text: str, *, spell: bool = False) -> ReadLine:
    parser = LineParser(game, TAGS)
    printed = Line(Section.MAIN, 1, text, text, ())
    return converted(printed, parser.read(text, not spell), spell)


def al(text: str, *, spell: bool = False) -> a.CardAbility:
    return _only(read(Game.ALTERED, text, spell=spell))


def rb(text: str, *, spell: bool = False) -> a.CardAbility:
    return _only(read(Game.RIFTBOUND, text, spell=spell))


def _only(r: ReadLine) -> a.CardAbility:
    assert r.modelled, r.lost
    assert len(r.abilities) == 1
    return r.abilities[0]


# -- read from invented lines --------------------------------------------------------------


@pytest.mark.rule("IMP-ALGEBRA", "IMP-WORDS", "Altered 7.3.22", "Altered 7.3.11", "Altered 7.3.24")
def test_keyword_actions_are_effects_a_player_does() -> None:
    ab = al("{J} [Resupply].")
    assert ab.effects == (a.Effect(a.MoveTo(a.ZoneMove.RESUPPLY), a.YOU, a.Const(1)),)
    ab = al("{R} [Exhausted Resupply], then draw a card.")
    assert [e.action for e in ab.effects] == [
        a.MoveTo(a.ZoneMove.EXHAUSTED_RESUPPLY),
        a.MoveTo(a.ZoneMove.DRAW),
    ]
    (sabotage,) = al("{H} [Sabotage].").effects  # discard up to one card in a Reserve
    assert sabotage.action == a.MoveTo(a.ZoneMove.DISCARD)
    assert sabotage.selector == a.Selector(a.Pick.CHOOSE, up_to=True, zone="reserve")
    both = al("[Resupply], then [Sabotage].", spell=True)
    assert [e.action for e in both.effects] == [
        a.MoveTo(a.ZoneMove.RESUPPLY),
        a.MoveTo(a.ZoneMove.DISCARD),
    ]


@pytest.mark.rule("IMP-ALGEBRA", "Altered 7.3.2")
def test_after_you_is_an_effect_the_engine_refuses_as_not_modelled() -> None:
    ab = al("{D}: [After You].")
    assert ab.kind is a.Kind.QUICK and ab.effects == (a.Effect(a.EndTurn(), a.YOU),)
    assert "ends the turn" not in describe.ability(ab)  # "you end the turn …"
    assert "end the turn once no reaction waits" in describe.ability(ab)


@pytest.mark.rule("IMP-ALGEBRA", "IMP-WORDS", "Altered 7.3.4")
def test_a_token_the_line_describes_carries_its_name_statistics_subtype_and_place() -> None:
    (e,) = al("{J} Create two [Gear Hound 2/1/3] Robot tokens in target Expedition.").effects
    assert e.amount == a.Const(2)
    assert e.action == a.CreateToken(
        "gear-hound-robot-2-1-3",
        name="Gear Hound",
        kind="character",
        stats=(("forest", 2), ("mountain", 1), ("water", 3)),
        subtypes=frozenset({"Robot"}),
        place=a.TokenPlace.CHOSEN_EXPEDITION,
    )
    (mine,) = al("{J} Create a [Gear Hound 2/1/3] Robot token in my Expedition.").effects
    assert isinstance(mine.action, a.CreateToken)
    assert mine.action.place is a.TokenPlace.MY_EXPEDITION


@pytest.mark.rule("IMP-ALGEBRA", "IMP-WORDS", "Riftbound 184", "Riftbound 182.1.d")
def test_a_riftbound_unit_token_has_the_tag_rule_184_gives_and_an_unlisted_one_is_lost() -> None:
    (e,) = rb("When I hold, play a 3 {might} Mech unit token to your base.").effects
    assert isinstance(e.action, a.CreateToken)
    assert e.action.stats == (("might", 3),) and e.action.subtypes == frozenset({"Mech"})
    assert e.action.place is a.TokenPlace.BASE
    r = read(Game.RIFTBOUND, "Play a 2 {might} Beast unit token.", spell=True)
    assert not r.modelled and "Riftbound 184 does not list it" in r.lost


@pytest.mark.rule(
    "IMP-ALGEBRA", "IMP-WORDS", "Riftbound 184.2", "Riftbound 184.5", "Riftbound 184.6"
)
def test_the_tokens_rule_184_defines_keep_how_they_enter_and_the_article_for_the_rest() -> None:
    (gold,) = rb("When I defend, play two Gold gear tokens exhausted.").effects
    assert gold.amount == a.Const(2)
    assert gold.action == a.CreateToken(
        "gold-gear",
        name="Gold",
        kind="gear",
        enters=a.TokenEntry.EXHAUSTED,
        defined_by="Riftbound 184.5",  # its ability: the rules give it, not the line
    )
    assert "as Riftbound 184.5 defines it" in describe.effect(gold)
    (_, sprite) = rb(
        "Draw 1. Play a ready 3 {might} Sprite unit token with [Temporary] here.", spell=True
    ).effects
    assert sprite.action == a.CreateToken(
        "sprite-unit-3",
        name="Sprite",
        kind="unit",
        stats=(("might", 3),),
        subtypes=frozenset({"Fae"}),
        place=a.TokenPlace.HERE,
        enters=a.TokenEntry.READY,
        defined_by="Riftbound 184.2",
    )
    (mirror,) = rb("When I hold, play a 0 {might} Reflection unit token.").effects
    assert isinstance(mirror.action, a.CreateToken)
    assert mirror.action.subtypes == frozenset() and mirror.action.defined_by == ""
    for lost in (
        "Play a Silver gear token.",  # 184 lists no Silver gear
        "Play a 3 {might} Sprite unit token.",  # 184.2's Sprite has Temporary
        "Play a 1 {might} Recruit unit token with [Temporary].",  # 184.1's has none
        "Play a Mech gear token.",  # 184.4's Mech is a unit
    ):
        assert not read(Game.RIFTBOUND, lost, spell=True).modelled, lost


@pytest.mark.rule("IMP-ALGEBRA", "IMP-WORDS", "Riftbound 383.2.c", "Riftbound 416", "TRIG-1")
def test_one_or_more_as_an_events_subject_is_one_trigger_for_the_whole_event() -> None:
    stun = rb("When you stun one or more enemy units, draw 1.")
    assert stun.when is not None and stun.when.batch
    assert stun.when.subject == a.Selector(a.Pick.ALL, side=a.Side.ENEMY, kinds=frozenset({"unit"}))
    assert stun.when.by is a.Side.YOURS
    die = rb("When one or more friendly units die, buff me.")
    assert die.when == a.When(
        a.EventKind.DIES,
        a.Selector(a.Pick.ALL, side=a.Side.YOURS, kinds=frozenset({"unit"})),
        batch=True,
    )
    assert "once however many at a time" in describe.ability(die)
    recycle = rb("When you recycle one or more cards, draw 1.")  # Riftbound 416
    assert recycle.when == a.When(a.EventKind.RECYCLED, a.Selector(a.Pick.ALL),
                                  by=a.Side.YOURS, batch=True)  # fmt: skip
    single = rb("When a friendly unit dies, buff me.")
    assert single.when is not None and not single.when.batch  # each one: its own trigger
    for lost in ("When two or more friendly units die, buff me.",):  # a count, not "any"
        assert not read(Game.RIFTBOUND, lost).modelled, lost


@pytest.mark.rule("IMP-ALGEBRA", "IMP-WORDS", "Riftbound 135.2")
def test_two_clauses_joined_by_or_are_a_choice_of_one() -> None:
    ab = rb("When I defend, draw 1 or buff me.")
    (e,) = ab.effects
    assert isinstance(e.action, a.ChooseOne) and e.selector == a.YOU
    draw, buff = e.action.options
    assert draw == (a.Effect(a.MoveTo(a.ZoneMove.DRAW), a.YOU, a.Const(1)),)
    assert buff[0].action == a.AddCounters("buff", most=1)
    assert "choose one" in describe.ability(ab)


@pytest.mark.rule("IMP-ALGEBRA", "IMP-WORDS", "Riftbound 135.2.e.5")
def test_power_of_any_domain_added_is_its_own_counter_and_paying_it_stays_lost() -> None:
    ab = rb("Discard 1, {exhaust}: [Add] {rune}{rune}.")
    assert ab.effects == (a.Effect(a.AddCounters("any-domain"), a.YOU, a.Const(1)),) * 2
    paid = read(Game.RIFTBOUND, "When I hold, you may pay {rune} to draw 1.")
    assert not paid.modelled  # the payer picks a domain (135.2.e.5.a): not read yet


@pytest.mark.rule("IMP-ALGEBRA", "IMP-WORDS", "A-SPELL-3")
def test_if_you_do_reads_the_last_effect_before_it() -> None:
    ab = al("{H} You may have me gain [[Anchored]]. If you do, target Character gains 1 boost.")
    first, second = ab.effects
    assert first.optional and first.condition is None
    assert second.condition == a.Condition(a.Test.DONE)
    # "you may A and B": B only if you did A (never B alone)
    may, then = al("{J} You may have me lose [[Fleeting]] and gain 1 boost.").effects
    assert may.optional and not then.optional and then.condition == a.Condition(a.Test.DONE)
    r = read(Game.ALTERED, "If you do, draw a card.", spell=True)
    assert not r.modelled and "without an effect before it" in r.lost


@pytest.mark.rule("IMP-ALGEBRA", "Altered 7.3.12", "TRIG-1")
def test_the_nth_counter_is_an_event_that_reaches_a_count() -> None:
    ab = al("When I gain my third Omen counter - Draw a card.")
    assert ab.when == a.When(a.EventKind.COUNTER, a.SELF, name="Omen", change="up", reaches=3)
    assert describe.ability(ab).startswith("When this card gets its third Omen counter")


@pytest.mark.rule("IMP-ALGEBRA", "Riftbound 135.2", "Riftbound 383.4.c")
def test_you_conquer_here_is_the_conquer_event_at_the_cards_own_place() -> None:
    ab = rb("When you conquer here, draw 1.")
    assert ab.when == a.When(a.EventKind.CONQUERS, a.YOU, here=True)


@pytest.mark.rule("IMP-ALGEBRA", "Riftbound 806", "Riftbound 813", "Riftbound 808.1.c")
def test_permission_keywords_time_a_quick_action_and_deathknell_is_when_i_die() -> None:
    ab = rb("{exhaust}: [Reaction] - Draw 1.")
    assert ab.kind is a.Kind.QUICK and ab.timing is a.Timing.REACTION
    assert "Reaction" in describe.ability(ab)
    dk = rb("[Deathknell] - Draw 2.")
    assert dk.when == a.When(a.EventKind.DIES, a.SELF)


@pytest.mark.rule("IMP-ALGEBRA", "IMP-WORDS", "Riftbound 429", "Riftbound 426.1.b", "Riftbound 430")
def test_add_buff_and_channel_are_counters_and_a_player_move() -> None:
    (add,) = rb("{exhaust}: [Add] {2}.").effects
    assert add == a.Effect(a.AddCounters("mana"), a.YOU, a.Const(2))
    (buff,) = rb("When I attack, buff a friendly unit.").effects
    assert buff.action == a.AddCounters("buff", most=1) and buff.amount == a.Const(1)
    spend = rb("Spend my buff: Draw 1.")
    assert spend.costs == (a.Effect(a.AddCounters("buff"), a.SELF, a.Const(-1)),)
    (channel,) = rb("Channel 3 runes exhausted.", spell=True).effects
    assert channel.action == a.MoveTo(a.ZoneMove.CHANNEL, exhausted=True)
    assert channel.amount == a.Const(3)


@pytest.mark.rule("IMP-ALGEBRA", "Altered 7.3.19")
def test_a_die_roll_and_its_results_are_an_effect_and_conditions() -> None:
    roll, sabotage = al("{R} Roll a die. On a 4+, [Sabotage].").effects
    assert roll.action == a.RollDie()
    assert sabotage.condition == a.Condition(a.Test.ROLL, compare=a.Compare.AT_LEAST, bound=4)


@pytest.mark.rule("IMP-ALGEBRA", "A-SPELL-1")
def test_it_names_the_one_object_chosen_before_it() -> None:
    send, tire = al("Send target Character to Reserve, then exhaust it.", spell=True).effects
    assert send.selector.chosen and send.selector.name == "chosen"
    assert tire.selector == a.Selector(a.Pick.NAMED, name="chosen")
    r = read(Game.ALTERED, "{J} Sacrifice me. If you do, exhaust it.")
    assert not r.modelled and "pronoun 'it'" in r.lost  # nothing chosen before "it"


@pytest.mark.rule("IMP-ALGEBRA", "A-SPELL-1")
def test_several_effects_of_one_clause_on_a_chosen_object_choose_it_once() -> None:
    shield, tank = rb("Give a unit [Shield 5] and [Tank] this turn.", spell=True).effects
    assert shield.selector == a.Selector(a.Pick.CHOOSE, kinds=frozenset({"unit"}), name="chosen")
    assert tank.selector == a.Selector(a.Pick.NAMED, name="chosen")
    # two choices in one ability: "it" would not say which
    text = "Target Character gains 2 boosts. Exhaust target Character, then ready it."
    r = read(Game.ALTERED, text, spell=True)
    assert not r.modelled and "which chosen object" in r.lost


@pytest.mark.rule("IMP-ALGEBRA", "Altered 7.5.2", "Altered 7.5.7", "Altered 7.5.9")
def test_expedition_region_and_leaving_read_as_conditions_and_events() -> None:
    ab = al("{J} If my Expedition is behind, draw two cards.")
    assert ab.effects[0].condition == a.Condition(a.Test.EXPEDITION, name="behind")
    ab = al("When I leave the Expedition zone - Draw a card.")
    assert ab.when == a.When(a.EventKind.LEAVES, a.SELF, zone="expedition")
    ab = al("When a Character you control gains [[Anchored]] - Draw a card.")
    assert ab.when == a.When(
        a.EventKind.GAINS_STATUS,
        a.Selector(a.Pick.ALL, side=a.Side.YOURS, kinds=frozenset({"character"})),
        name="anchored",
    )


@pytest.mark.rule("IMP-ALGEBRA", "Riftbound 812", "IMP-DEPENDENT")
def test_legion_is_the_condition_of_the_ability_it_introduces() -> None:
    legion = a.Condition(a.Test.CARDS_PLAYED, compare=a.Compare.AT_LEAST, bound=1)
    ab = rb("[Legion] - When you play me, draw 2.")
    assert ab.when == a.When(a.EventKind.PLAYED, a.SELF) and ab.condition == legion
    quick = rb("{exhaust}: [Reaction], [Legion] - Draw 1.")
    assert quick.timing is a.Timing.REACTION and quick.condition == legion
    r = read(Game.RIFTBOUND, "[Legion] - I have +1 {might}.")
    assert not r.modelled and r.abilities == ()  # a static line under Legion stays opaque


@pytest.mark.rule("IMP-ALGEBRA", "Riftbound 442", "Riftbound 463.1", "E-OPS-1")
def test_moves_to_base_points_and_a_minimum_might() -> None:
    (move,) = rb("Move a friendly unit from a battlefield to its base.", spell=True).effects
    assert move.action == a.MoveTo(a.ZoneMove.TO_ZONE, "base")
    assert move.selector.zone == "battlefield" and move.selector.side is a.Side.YOURS
    (score,) = rb("When I hold, you score 2 points.").effects
    assert score == a.Effect(a.AddCounters("points"), a.YOU, a.Const(2))
    (weak,) = rb("Give a unit -3 {might} this turn, to a minimum of 1 {might}.", spell=True).effects
    assert weak.action == a.ModifyStat("might", minimum=1) and weak.amount == a.Const(-3)
    (based,) = rb("Ready a unit in your base.", spell=True).effects
    assert based.selector.zone == "base" and based.selector.side is a.Side.YOURS


@pytest.mark.rule("IMP-ALGEBRA", "Altered 7.3.21", "Altered 7.3.28", "A-SPELL-4")
def test_put_switch_and_unless() -> None:
    (put,) = al("{H} Put a Character from your hand in Reserve.").effects
    assert put.action == a.MoveTo(a.ZoneMove.TO_ZONE, "reserve")
    assert put.selector.zone == "hand" and put.selector.side is a.Side.YOURS
    (switch,) = al("{J} Target exhausted Character switches Expeditions.").effects
    assert switch.action == a.MoveTo(a.ZoneMove.SWITCH)
    (fleeting,) = al("{J} Unless my Expedition is ahead, I gain [[Fleeting]].").effects
    ahead = a.Condition(a.Test.EXPEDITION, name="ahead")
    assert fleeting.condition == a.Condition(a.Test.NOT, (ahead,))


@pytest.mark.rule("IMP-ALGEBRA", "TRIG-1", "Riftbound 383.1", "Altered 7.5.6")
def test_delayed_nth_time_and_expedition_events() -> None:
    (e,) = al("{D}: The next Character you play this turn gains 2 boosts.").effects
    mine = a.Selector(a.Pick.ALL, side=a.Side.YOURS, kinds=frozenset({"character"}))
    assert e.action == a.Delayed(
        a.When(a.EventKind.PLAYED, mine), (a.Effect(a.AddCounters("boosts"), a.IT, a.Const(2)),)
    )
    assert e.duration == a.Duration(a.Lasts.END_OF_TURN)
    ab = rb("The first time I attack each turn, draw 1.")
    assert ab.when == a.When(a.EventKind.ATTACKS, a.SELF, nth=1)
    ab = al("When my Expedition fails to move forward during Dusk - Draw a card.")
    assert ab.when == a.When(a.EventKind.FAILS_TO_ADVANCE, a.SELF)


@pytest.mark.rule("IMP-ALGEBRA", "A-SPELL-1", "Riftbound 315.2", "Riftbound 446")
def test_choose_one_your_beginning_phase_and_a_return_from_the_trash() -> None:
    (choice,) = al("Choose one: \u2022 Draw a card. \u2022 [Resupply].", spell=True).effects
    assert choice.action == a.ChooseOne(
        (
            (a.Effect(a.MoveTo(a.ZoneMove.DRAW), a.YOU, a.Const(1)),),
            (a.Effect(a.MoveTo(a.ZoneMove.RESUPPLY), a.YOU, a.Const(1)),),
        )
    )
    ab = rb("At the start of your Beginning Phase, draw 1.")
    assert ab.when == a.When(a.EventKind.PHASE, a.SELF, name="beginning")
    assert ab.condition == a.Condition(a.Test.TURN, name="you")
    (back,) = rb("Return a Mech from your trash to your hand.", spell=True).effects
    assert back.action == a.MoveTo(a.ZoneMove.RETURN_TO_HAND)
    assert back.selector.zone == "trash" and back.selector.side is a.Side.YOURS


@pytest.mark.rule("IMP-ALGEBRA", "TRIG-1", "Altered 7.3.10", "Altered 7.3.12")
def test_events_a_player_does_from_a_zone_and_a_growing_counter() -> None:
    ab = al("When you exhaust a card in Reserve - Draw a card.")
    in_reserve = a.Selector(a.Pick.ALL, zone="reserve")
    assert ab.when == a.When(
        a.EventKind.GAINS_STATUS, in_reserve, name="exhausted", by=a.Side.YOURS
    )
    ab = al("When I go to Reserve from your hand - Draw a card.")
    assert ab.when == a.When(a.EventKind.ENTERS, a.SELF, zone="reserve", origin="hand")
    ab = al("When I gain 1 or more boosts - Draw a card.")
    assert ab.when == a.When(a.EventKind.COUNTER, a.SELF, name="boosts", change="up")
    ab = al("At Dusk - If I have 3 or more boosts, draw a card.")
    assert ab.effects[0].condition == a.Condition(
        a.Test.COUNTER, name="boosts", compare=a.Compare.AT_LEAST, bound=3
    )
    ab = rb("When you attach an Equipment to me, draw 1.")
    assert ab.when == a.When(a.EventKind.EQUIPPED, a.SELF, by=a.Side.YOURS)
    r = read(Game.ALTERED, "When I gain 2 or more boosts - Draw a card.")
    assert not r.modelled and "several boosts at once" in r.lost


@pytest.mark.rule("IMP-ALGEBRA", "Altered 7.3.9", "Altered 4.2", "A-SPELL-1")
def test_exchange_this_afternoon_and_choose_or_ready() -> None:
    text = "{J} Exchange target Character from your Reserve with a card from your hand."
    (swap,) = al(text).effects
    assert isinstance(swap.action, a.Exchange)
    assert swap.selector.zone == "reserve" and swap.action.other.zone == "hand"
    (cheaper,) = al("{J} The next Permanent you play this Afternoon costs {2} less.").effects
    assert cheaper.action == a.ModifyCost(once=True)
    assert cheaper.duration == a.Duration(a.Lasts.END_OF_AFTERNOON)
    ab = read(Game.RIFTBOUND, "When you choose or ready me, draw 1.").abilities
    assert [x.when for x in ab] == [
        a.When(a.EventKind.CHOSEN, a.SELF, by=a.Side.YOURS),
        a.When(a.EventKind.READIED, a.SELF, by=a.Side.YOURS),
    ]


@pytest.mark.rule("IMP-ALGEBRA", "Altered 7.3.20", "Riftbound 356.1.b.1", "Altered 7.3.4.b")
def test_play_each_player_and_a_token_in_the_hero_expedition() -> None:
    play, boost = al("{J} Immediately play a Character for {2} less. It gains 1 boost.").effects
    assert play.action == a.Play(a.PlayCost.PAID) and play.amount == a.Const(-2)
    assert play.selector.name == "chosen" and boost.selector == a.Selector(
        a.Pick.NAMED, name="chosen"
    )
    (free,) = rb("Play a unit from your trash, ignoring its cost.", spell=True).effects
    assert free.action == a.Play(a.PlayCost.FREE) and free.selector.zone == "trash"
    draws = al("{H} Each player draws two cards.").effects
    assert [e.selector for e in draws] == [a.YOU, a.OPPONENT]
    assert [e.amount for e in draws] == [a.Const(2), a.Const(2)]
    (token,) = al("{J} Create an [Ivy Hound 1/1/1] Plant token in your Hero Expedition.").effects
    assert isinstance(token.action, a.CreateToken)
    assert token.action.place is a.TokenPlace.HERO_EXPEDITION


@pytest.mark.rule("IMP-ALGEBRA", "Altered 2.4", "Altered 3.2.9", "TRIG-1")
def test_play_this_a_status_condition_and_mana_orbs() -> None:
    ab = rb("When you play this, draw 2.")
    assert ab.when == a.When(a.EventKind.PLAYED, a.SELF)
    ab = al("When a Character you control gains [[Anchored]] - If it is [[Asleep]], draw a card.")
    assert ab.effects[0].condition == a.Condition(a.Test.HAS, selector=a.IT, name="asleep")
    ab = al("{J} If you have three or more Mana Orbs, draw a card.")
    orbs = a.Selector(a.Pick.ALL, side=a.Side.YOURS, zone="mana")
    assert ab.effects[0].condition == a.Condition(a.Test.COUNT, selector=orbs, bound=3)


# -- written and read back -----------------------------------------------------------------

ROUND_TRIP = [
    a.Effect(a.Play(a.PlayCost.PAID), a.Selector(a.Pick.CHOOSE, zone="hand"), a.Const(-1)),
    a.Effect(a.Play(a.PlayCost.NO_ENERGY), a.SELF),
    a.Effect(a.Exchange(a.Selector(a.Pick.CHOOSE, zone="hand")), a.Selector(a.Pick.CHOOSE)),
    a.Effect(
        a.ModifyCost(once=True),
        a.Selector(a.Pick.ALL),
        a.Const(-1),
        duration=a.Duration(a.Lasts.END_OF_AFTERNOON),
    ),
    a.Effect(
        a.ChooseOne(
            (
                (a.Effect(a.RollDie(), a.YOU),),
                (a.Effect(a.EndTurn(), a.YOU), a.Effect(a.RollDie(), a.OPPONENT)),
            )
        ),
        a.YOU,
    ),
    a.Effect(a.ModifyStat("might", minimum=1), a.Selector(a.Pick.CHOOSE), a.Const(-2)),
    a.Effect(a.MoveTo(a.ZoneMove.SWITCH), a.Selector(a.Pick.CHOOSE)),
    a.Effect(
        a.Delayed(
            a.When(a.EventKind.PLAYED, a.Selector(a.Pick.ALL, side=a.Side.YOURS)),
            (a.Effect(a.AddCounters("boosts"), a.IT, a.Const(1)),),
        ),
        a.YOU,
        duration=a.Duration(a.Lasts.END_OF_TURN),
    ),
    a.Effect(
        a.MoveTo(a.ZoneMove.DRAW),
        a.YOU,
        a.Const(1),
        condition=a.Condition(a.Test.CARDS_PLAYED, compare=a.Compare.AT_LEAST, bound=1),
    ),
    a.Effect(a.MoveTo(a.ZoneMove.RESUPPLY), a.YOU, a.Const(2)),
    a.Effect(a.MoveTo(a.ZoneMove.EXHAUSTED_RESUPPLY), a.OPPONENT, a.Const(1)),
    a.Effect(a.MoveTo(a.ZoneMove.CHANNEL, exhausted=True), a.YOU, a.Const(1)),
    a.Effect(a.EndTurn(), a.YOU),
    a.Effect(a.RollDie(), a.YOU),
    a.Effect(a.Activate(a.When(a.EventKind.PLAYED, a.SELF)), a.Selector(a.Pick.CHOOSE)),
    a.Effect(a.AddCounters("buff", most=1), a.Selector(a.Pick.CHOOSE), a.Const(1)),
    a.Effect(
        a.Give(a.Grant.STATUS, "exhausted"),
        a.Selector(a.Pick.CHOOSE, zone="reserve"),
        optional=True,
        condition=a.Condition(a.Test.DONE),
        duration=a.Duration(a.Lasts.END_OF_TURN),
    ),
    a.Effect(
        a.CreateToken(
            "hound",
            name="Hound",
            kind="character",
            stats=(("forest", 1), ("mountain", 2), ("water", 3)),
            subtypes=frozenset({"Beast"}),
            place=a.TokenPlace.EACH_EXPEDITION,
        ),
        a.YOU,
        a.Const(2),
    ),
    a.Effect(
        a.CreateToken(
            "gold-gear",
            name="Gold",
            kind="gear",
            enters=a.TokenEntry.EXHAUSTED,
            defined_by="Riftbound 184.5",
        ),
        a.YOU,
        a.Const(1),
    ),
    a.Effect(
        a.MoveTo(a.ZoneMove.DISCARD),
        a.Selector(a.Pick.CHOOSE, up_to=True, zone="reserve"),
        condition=a.Condition(a.Test.ROLL, compare=a.Compare.AT_LEAST, bound=4),
    ),
]


@pytest.mark.rule("IMP-ALGEBRA")
@pytest.mark.parametrize("effect", ROUND_TRIP, ids=lambda e: type(e.action).__name__)
def test_each_new_construct_reads_back_as_itself(effect: a.Effect) -> None:
    back = syntax.effects(load("t.yaml", _yaml({"e": emit.effect(effect)})).node().mapping()["e"])
    assert back == (effect,)
    assert describe.effect(effect)  # and it is rendered


@pytest.mark.rule("IMP-ALGEBRA", "TRIG-1")
def test_new_trigger_and_ability_fields_read_back() -> None:
    for ab in (
        a.CardAbility(a.Kind.TRIGGER, (a.Effect(a.RollDie(), a.YOU),),
                      when=a.When(a.EventKind.COUNTER, a.SELF, name="Omen", change="up",
                                  reaches=3)),
        a.CardAbility(a.Kind.TRIGGER, (a.Effect(a.RollDie(), a.YOU),),
                      when=a.When(a.EventKind.CONQUERS, a.YOU, here=True)),
        a.CardAbility(a.Kind.TRIGGER, (a.Effect(a.RollDie(), a.YOU),),
                      when=a.When(a.EventKind.GAINS_STATUS, a.Selector(a.Pick.ALL),
                                  name="asleep")),
        a.CardAbility(a.Kind.QUICK, (a.Effect(a.RollDie(), a.YOU),), timing=a.Timing.ACTION),
        a.CardAbility(a.Kind.TRIGGER, (a.Effect(a.RollDie(), a.YOU),),
                      when=a.When(a.EventKind.ATTACKS, a.SELF, nth=2)),
        a.CardAbility(a.Kind.TRIGGER, (a.Effect(a.RollDie(), a.YOU),),
                      when=a.When(a.EventKind.FAILS_TO_ADVANCE, a.SELF)),
        a.CardAbility(a.Kind.TRIGGER, (a.Effect(a.RollDie(), a.YOU),),
                      when=a.When(a.EventKind.ENTERS, a.SELF, zone="reserve", origin="hand",
                                  by=a.Side.ENEMY)),
        a.CardAbility(a.Kind.TRIGGER, (a.Effect(a.RollDie(), a.YOU),),
                      when=a.When(a.EventKind.DIES, a.Selector(a.Pick.ALL, kinds=frozenset(
                          {"unit"})), batch=True)),
    ):  # fmt: skip
        node = load("t.yaml", _yaml({"x": emit.ability(ab, 0)})).node().mapping()["x"]
        assert replace(syntax.ability(node, ab.kind, 0), ident="") == ab


def _yaml(data: object) -> str:
    import yaml

    return yaml.safe_dump(data, sort_keys=False)
