"""Constructs the imported Riftbound pools use most that the card language gained in this
round: a combat won, additional costs, entering ready. Every card text here is invented."""

from __future__ import annotations

from dataclasses import replace

import pytest

from arbiter.model.effects import algebra as a
from arbiter.model.errors import InputError
from arbiter.model.format.importers.sources import Game
from tests.test_importer_constructs import rb, read


@pytest.mark.rule("IMP-WIN", "Riftbound 460")
def test_a_combat_won_is_an_event_of_the_unit_or_of_its_player() -> None:
    mine = rb("When I win a combat, channel 1 rune exhausted.")
    assert mine.when == a.When(a.EventKind.WINS_COMBAT, a.SELF)
    yours = rb("When you win a combat, draw 2.")
    assert yours.when == a.When(a.EventKind.WINS_COMBAT, a.YOU)
    first = rb("The first time I win a combat each turn, draw 1.")
    assert first.when == a.When(a.EventKind.WINS_COMBAT, a.SELF, nth=1)
    assert read(Game.RIFTBOUND, "When I win a combat, draw 3.").rendering.startswith(
        "When this card wins a combat"
    )


@pytest.mark.rule("IMP-ALGEBRA", "Riftbound 160", "Riftbound 416")
def test_runes_are_objects_of_their_own_kind() -> None:
    ready = rb("At the start of your turn, ready 1 rune.")
    (e,) = ready.effects
    assert e.selector == a.Selector(a.Pick.CHOOSE, count=1, kinds=frozenset({"rune"}))
    recycled = rb("When you recycle a rune, buff me.")
    assert recycled.when == a.When(
        a.EventKind.RECYCLED, a.Selector(a.Pick.ALL, kinds=frozenset({"rune"})), by=a.Side.YOURS
    )


@pytest.mark.rule("IMP-ALGEBRA", "Riftbound 383.1")
def test_the_nth_card_played_in_a_turn_is_the_nth_time_of_the_event() -> None:
    third = rb("When you play your third card in a turn, buff me.")
    assert third.when == a.When(
        a.EventKind.PLAYED, a.Selector(a.Pick.ALL, side=a.Side.YOURS), nth=3
    )


@pytest.mark.rule("IMP-EXTRA", "Riftbound 356.2.b.1")
def test_an_optional_additional_cost_is_an_ability_whose_costs_are_all_optional() -> None:
    r = read(Game.RIFTBOUND, "You may pay {2}{calm} as an additional cost to play me.")
    assert r.modelled, r.lost
    (ab,) = r.abilities
    assert ab.kind is a.Kind.ADDITIONAL_COST and ab.effects == ()
    assert [c.action for c in ab.costs] == [a.AddCounters("mana"), a.AddCounters("calm")]
    assert [c.amount for c in ab.costs] == [a.Const(-2), a.Const(-1)]
    assert all(c.optional for c in ab.costs)  # the whole cost or none of it
    legend = rb("You may exhaust your legend and pay {1} as an additional cost to play me.")
    cost, energy = legend.costs
    assert cost.optional and energy.optional
    assert cost.selector == a.Selector(a.Pick.ALL, side=a.Side.YOURS, kinds=frozenset({"legend"}))


@pytest.mark.rule("IMP-EXTRA", "Riftbound 356.4.f.1")
def test_paying_the_additional_cost_is_a_condition_the_engine_refuses_to_guess() -> None:
    from arbiter.model.effects.evaluate import Context, holds
    from arbiter.model.errors import IllegalAction

    ab = rb("When you play me, if you paid the additional cost, draw 3.")
    (e,) = ab.effects
    assert e.condition == a.Condition(a.Test.PAID)
    assert "you paid the additional cost" in read(
        Game.RIFTBOUND, "When you play me, if you paid the additional cost, draw 3."
    ).rendering
    from arbiter.model.ruleset import RULESETS
    from arbiter.model.state import GameObject, GameState

    me = GameObject("me", "ana", "unit", zone="base")
    state = GameState(RULESETS["riftbound"], objects={"me": me}, players=("ana", "bo"))
    with pytest.raises(IllegalAction, match="additional costs paid"):
        holds(state, Context("me"), a.Condition(a.Test.PAID))


@pytest.mark.rule("IMP-EXTRA", "Riftbound 356.2")
def test_a_card_writes_its_additional_costs_and_reads_them_back() -> None:
    from arbiter.model.effects import emit, syntax
    from arbiter.model.format.document import Document

    ab = rb("You may kill a friendly unit as an additional cost to play me.")
    data = emit.ability(ab, 0)
    assert set(data) == {"cost"}
    back = syntax.ability(Document("(test)", data).node(), a.Kind.ADDITIONAL_COST, 0)
    assert back == replace(ab, ident="extra1")
    # ``may`` on the ability makes every part of the cost optional
    plain = {"cost": [{"exhaust": "self"}, {"discard": 1}], "may": True}
    both = syntax.ability(Document("(test)", plain).node(), a.Kind.ADDITIONAL_COST, 0)
    assert [c.optional for c in both.costs] == [True, True]
    with pytest.raises(InputError, match="cost"):
        syntax.ability(Document("(test)", {"may": True}).node(), a.Kind.ADDITIONAL_COST, 0)


@pytest.mark.rule("IMP-EXTRA", "Riftbound 356.2")
def test_a_card_sets_additional_costs_load_and_are_run_by_the_play_kernel() -> None:
    import textwrap

    from arbiter.model.format.cardset import load_cardset
    from arbiter.solver.check.diagnostics import run_check

    text = textwrap.dedent(
        """\
        ruleset: riftbound
        format: 2
        cards:
          keeper:
            kind: unit
            base: {might: 2}
            additional_costs:
              - cost: {counters: {name: order, add: -1, target: you}}
                may: true
            triggers:
              - when: {played: self}
                if: {paid: true}
                do: {draw: 1}
        """
    )
    cardset = load_cardset("set.yaml", text)
    card = cardset.cards["keeper"]
    assert card.described_only == ()  # run by play_card (model/imported_play.py)
    assert [d.code for d in run_check(cardset).diagnostics if d.severity.value == "error"] == []


READY = a.Take(a.Grant.STATUS, "exhausted")


@pytest.mark.rule("IMP-ENTER", "Riftbound 805.6", "Riftbound 143.4")
def test_entering_ready_is_done_as_the_object_enters_not_by_a_passive() -> None:
    mine = rb("I enter ready if you control another Robot.")
    assert mine.kind is a.Kind.AS_ENTERS
    (e,) = mine.effects
    assert e.action == READY and e.selector == a.SELF
    assert e.condition == a.Condition(
        a.Test.COUNT,
        selector=a.Selector(
            a.Pick.ALL, side=a.Side.YOURS, subtypes=frozenset({"Robot"}), other=True
        ),
        bound=1,
    )  # "another": one other than this card
    tokens = rb("Friendly tokens enter ready.")
    (t,) = tokens.effects
    assert t.selector == a.Selector(a.Pick.ALL, side=a.Side.YOURS, kinds=frozenset({"token"}))
    text = read(Game.RIFTBOUND, "Other friendly Robots enter ready.").rendering
    assert text == "Other your Robots enter the Board ready."


@pytest.mark.rule("IMP-ENTER", "Riftbound 364.3.a")
def test_entering_ready_under_a_condition_keeps_the_condition_on_the_effect() -> None:
    ab = rb("If an opponent controls two or more battlefields, I enter ready.")
    (e,) = ab.effects
    assert e.action == READY and e.selector == a.SELF
    assert e.condition == a.Condition(
        a.Test.COUNT,
        selector=a.Selector(a.Pick.ALL, side=a.Side.ENEMY, kinds=frozenset({"battlefield"})),
        bound=2,
    )
    # anything beside entering ready on the line: not modelled
    assert not read(Game.RIFTBOUND, "I enter ready and have [Tank].").modelled


@pytest.mark.rule("IMP-ENTER", "Riftbound 805.6")
def test_a_card_sets_as_enters_abilities_load_and_are_left_to_describe() -> None:
    from arbiter.model.effects import emit, syntax
    from arbiter.model.format.document import Document

    ab = rb("Other friendly Robots enter ready.")
    data = emit.ability(ab, 0)
    assert data == {"do": {"ready": {"yours": True, "subtype": "Robot", "other": True}}}
    back = syntax.ability(Document("(test)", data).node(), a.Kind.AS_ENTERS, 0)
    assert back == replace(ab, ident="enters1")


@pytest.mark.rule("IMP-MAY", "Altered 2.4.5.c")
def test_playing_exhausted_cards_from_reserve_is_a_permission_against_2_4_5_c() -> None:
    from arbiter.model.effects import emit, syntax
    from arbiter.model.format.document import Document

    r = read(Game.ALTERED, "You may play exhausted Spells from your Reserve.")
    assert r.modelled, r.lost
    (ab,) = r.abilities
    assert ab.kind is a.Kind.PERMISSION
    (e,) = ab.effects
    assert e.action == a.Play()
    assert e.selector == a.Selector(
        a.Pick.ALL, side=a.Side.YOURS, kinds=frozenset({"spell"}), has=frozenset({"exhausted"}),
        zone="reserve",
    )
    back = syntax.ability(Document("(test)", emit.ability(ab, 0)).node(), a.Kind.PERMISSION, 0)
    assert back == replace(ab, ident="may1")
    assert r.rendering.startswith("Permission: you may play")
    # what the rules do not forbid is not a permission: not modelled
    assert not read(Game.ALTERED, "You may play Spells from your Reserve.").modelled


@pytest.mark.rule("IMP-ALGEBRA", "EFF-EVAL")
def test_non_tag_excludes_the_objects_of_that_subtype() -> None:
    from arbiter.model.effects.evaluate import Context, matches
    from arbiter.model.ruleset import RULESETS
    from arbiter.model.state import GameObject, GameState

    ab = rb("When another non-Robot unit you control dies, draw 2.")
    assert ab.when is not None
    subject = ab.when.subject
    assert subject.lacks == frozenset({"Robot"}) and subject.other
    robot = GameObject("r", "ana", "unit", base={"subtypes": frozenset({"Robot"})})
    plain = GameObject("p", "ana", "unit")
    me = GameObject("me", "ana", "unit")
    state = GameState(RULESETS["riftbound"], ("ana", "bo"), {"r": robot, "p": plain, "me": me})
    ctx = Context("me")
    assert not matches(state, ctx, subject, robot)
    assert matches(state, ctx, subject, plain)


@pytest.mark.rule("IMP-ALGEBRA", "Riftbound 708")
def test_becoming_mighty_is_an_event_of_the_unit() -> None:
    ab = rb("When a unit you control becomes [Mighty], buff it.")
    yours = a.Selector(a.Pick.ALL, side=a.Side.YOURS, kinds=frozenset({"unit"}))
    assert ab.when == a.When(a.EventKind.BECOMES_MIGHTY, yours)
    assert rb("When one of your units becomes [Mighty], buff it.").when == ab.when
    # another keyword "becomes" nothing the rules define as an event
    assert not read(Game.RIFTBOUND, "When a unit you control becomes [Tank], buff it.").modelled


@pytest.mark.rule("IMP-MAY", "Riftbound 169.10")
def test_playing_units_to_a_battlefield_the_rules_do_not_allow_is_a_permission() -> None:
    from arbiter.model.effects import emit, syntax
    from arbiter.model.format.document import Document

    ab = rb("Friendly Robots may be played to an occupied enemy battlefield.")
    assert ab.kind is a.Kind.PERMISSION
    (e,) = ab.effects
    assert e.action == a.Play(to=a.PlayPlace.OCCUPIED_ENEMY_BATTLEFIELD)
    assert e.selector == a.Selector(a.Pick.ALL, side=a.Side.YOURS, subtypes=frozenset({"Robot"}))
    data = emit.ability(ab, 0)
    assert data == {"do": {"play": {"target": {"yours": True, "subtype": "Robot"},
                                    "to": "occupied_enemy_battlefield"}}}  # fmt: skip
    back = syntax.ability(Document("(test)", data).node(), a.Kind.PERMISSION, 0)
    assert back == replace(ab, ident="may1")
    # an opponent's units: not a permission of this card's controller
    assert not read(Game.RIFTBOUND, "Enemy units may be played to open battlefields.").modelled


@pytest.mark.rule("IMP-ALGEBRA", "TRIG-4")
def test_a_card_played_on_an_opponents_turn_is_the_play_event_on_their_turn() -> None:
    ab = rb("When you play a spell on an opponent's turn, buff me.")
    assert ab.when == a.When(
        a.EventKind.PLAYED, a.Selector(a.Pick.ALL, side=a.Side.YOURS, kinds=frozenset({"spell"}))
    )
    assert ab.condition == a.Condition(a.Test.TURN, name="opponent")


@pytest.mark.rule("IMP-ALGEBRA", "A-SPELL-5", "A-SPELL-3")
def test_you_may_pay_then_if_you_do_is_paying_for_the_effect() -> None:
    ab = rb("When I defend, you may pay {calm}. If you do, give me +3 {might} this turn. Draw 1.")
    paid, drawn = ab.effects
    assert paid.optional and paid.condition is None
    assert [(c.action, c.amount) for c in paid.costs] == [(a.AddCounters("calm"), a.Const(-1))]
    assert paid.action == a.ModifyStat("might") and paid.amount == a.Const(3)
    assert drawn.condition is None and not drawn.costs  # the rest is done either way
    # "if you do" before two effects: which one is paid for is not one effect's cost
    two = "When I defend, you may pay {calm}. If you do, draw 1 and buff me."
    assert not read(Game.RIFTBOUND, two).modelled
