"""Imported lines in the card language: the converter from the grammar's reading to the
algebra (``model/format/importers/to_effects.py``, ``to_abilities.py``), all or nothing
(IMP-ALGEBRA), and ``arbiter describe`` on an imported pool. Every line is invented."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbiter.model.altered.zones import BOOSTS
from arbiter.model.effects import algebra as a
from arbiter.model.format.importers.coverage import ReadLine, converted, import_pool
from arbiter.model.format.importers.patterns import LineParser
from arbiter.model.format.importers.sources import Game, Section, read_pool
from arbiter.model.format.importers.text import Line
from arbiter.solver.cli.main import main
from tests.helpers import ROOT

FIXTURES = ROOT / "tests" / "fixtures" / "import"


def line(game: Game, text: str, *, spell: bool = False, tags: set[str] | None = None) -> ReadLine:
    parser = LineParser(game, tags or {"Mech", "Robot"})
    printed = Line(Section.MAIN, 1, text, text, ())
    return converted(printed, parser.read(text, not spell), spell)


def rb(text: str, *, spell: bool = False) -> ReadLine:
    return line(Game.RIFTBOUND, text, spell=spell)


def only(r: ReadLine) -> a.CardAbility:
    assert r.modelled, r.lost
    assert len(r.abilities) == 1
    return r.abilities[0]


@pytest.mark.rule("IMP-ALGEBRA", "A-SPELL-1", "D-EACH-1")
def test_a_spell_line_is_a_one_shot_effect_on_a_chosen_target() -> None:
    ab = only(rb("Deal 2 to an enemy unit here.", spell=True))
    assert ab.kind is a.Kind.ON_PLAY
    (e,) = ab.effects
    assert e.action == a.DealDamage()
    assert e.amount == a.Const(2)
    assert e.selector == a.Selector(
        a.Pick.CHOOSE, side=a.Side.ENEMY, kinds=frozenset({"unit"}), here=True
    )


@pytest.mark.rule("IMP-ALGEBRA", "TRIG-1", "EFF-UNTIL")
def test_a_trigger_line_waits_for_its_event_and_its_effect_lasts_the_turn() -> None:
    ab = only(rb("When I attack, give me +1 {might} this turn."))
    assert ab.kind is a.Kind.TRIGGER
    assert ab.when == a.When(a.EventKind.ATTACKS, a.SELF)
    (e,) = ab.effects
    assert e.action == a.ModifyStat("might")
    assert e.amount == a.Const(1)
    assert e.duration == a.Duration(a.Lasts.END_OF_TURN)


@pytest.mark.rule("IMP-ALGEBRA", "QA-1")
def test_an_activated_line_is_a_quick_action_with_its_cost() -> None:
    ab = only(rb("{exhaust}: Draw 1."))
    assert ab.kind is a.Kind.QUICK
    assert ab.costs == (a.Effect(a.Give(a.Grant.STATUS, "exhausted"), a.SELF),)
    assert ab.effects == (a.Effect(a.MoveTo(a.ZoneMove.DRAW), a.YOU, a.Const(1)),)


@pytest.mark.rule("IMP-ALGEBRA", "A-SPELL-5", "Altered 7.3.12")
def test_an_optional_cost_inside_an_effect_is_paid_before_it() -> None:
    ab = only(line(Game.ALTERED, "{H} You may pay {2} to give me 1 boost."))
    assert ab.when == a.When(a.EventKind.PLAYED, a.SELF, "hand")
    (e,) = ab.effects
    assert e.optional
    assert e.costs == (a.Effect(a.AddCounters("mana"), a.YOU, a.Const(-2)),)
    assert e.action == a.AddCounters(BOOSTS) and e.amount == a.Const(1)


@pytest.mark.rule("IMP-ALGEBRA", "Altered 7.1.4")
def test_a_discard_from_reserve_cost_is_usable_only_in_the_reserve() -> None:
    ab = only(line(Game.ALTERED, "{D} : Draw two cards."))
    assert ab.costs == (a.Effect(a.MoveTo(a.ZoneMove.TO_ZONE, "discard"), a.SELF),)
    assert ab.condition == a.Condition(a.Test.ZONE, name="reserve")


@pytest.mark.rule("IMP-ALGEBRA", "B-MOD-1")
def test_for_each_becomes_a_per_amount_over_the_counted_objects() -> None:
    ab = only(line(Game.ALTERED, "{J} I gain 1 boost per [[Fleeting]] Character you control."))
    (e,) = ab.effects
    counted = a.Selector(
        a.Pick.ALL, side=a.Side.YOURS, kinds=frozenset({"character"}), has=frozenset({"fleeting"})
    )
    assert e.amount == a.Per(counted, 1)


@pytest.mark.rule("IMP-ALGEBRA", "A-PASS-1", "Riftbound 135.2")
def test_a_static_line_becomes_a_passive_written_in_the_area_syntax() -> None:
    from arbiter.model.format.importers.to_passives import data

    ab = only(rb("Your Mechs have +1 {might}."))
    assert ab.kind is a.Kind.PASSIVE
    (e,) = ab.effects
    assert e.selector == a.Selector(a.Pick.ALL, side=a.Side.YOURS, subtypes=frozenset({"Mech"}))
    assert e.duration == a.Duration(a.Lasts.WHILE_IN_PLAY)
    assert data(ab) == {
        "applies_to": {"subtype": "Mech", "controller": "you"},
        "effect": {"stat": "might", "op": "add", "value": 1},
    }
    assert only(rb("I have [Tank].")).effects[0].action == a.Give(a.Grant.KEYWORD, "Tank")


@pytest.mark.rule("IMP-ALGEBRA", "Riftbound 383.4.c", "Riftbound 383.4.d")
def test_conquer_and_hold_triggers_wait_for_their_event() -> None:
    assert only(rb("When I conquer, draw 2.")).when == a.When(a.EventKind.CONQUERS, a.SELF)
    assert only(rb("When you conquer, draw 1.")).when == a.When(a.EventKind.CONQUERS, a.YOU)
    assert only(rb("When I hold, draw 1.")).when == a.When(a.EventKind.HOLDS, a.SELF)


@pytest.mark.rule("IMP-ALGEBRA", "Riftbound 383.1")
def test_a_trigger_on_either_of_two_events_is_one_trigger_per_event() -> None:
    r = rb("When I attack or defend, draw 1.")
    assert r.modelled
    assert [ab.when for ab in r.abilities] == [
        a.When(a.EventKind.ATTACKS, a.SELF),
        a.When(a.EventKind.DEFENDS, a.SELF),
    ]
    assert r.abilities[0].effects == r.abilities[1].effects


@pytest.mark.rule("IMP-ALGEBRA", "IMP-FULL")
@pytest.mark.parametrize(
    ("text", "spell", "missing"),
    [
        ("Deal 3 to a unit at my battlefield.", True, "at my battlefield"),
        ("Use my abilities only while I'm exhausted.", False, "use-only-while"),
        ("I cost {3} less to play from anywhere other than your hand.", False, "static"),
        ("Deal 3 to a unit at another battlefield.", True, "at another battlefield"),
        ("Kill a unit. Its controller draws 1.", True, "Its controller"),
        ("When a unit moves from here, draw 1.", False, "the event"),
    ],
)
def test_a_line_read_completely_but_not_convertible_is_not_modelled(
    text: str, spell: bool, missing: str
) -> None:
    r = rb(text, spell=spell)
    assert r.reading.modelled  # the grammar read every word ...
    assert not r.modelled and r.abilities == ()  # ... but the algebra lacks a part
    assert missing in r.lost


@pytest.mark.rule("IMP-ALGEBRA", "IMP-OPAQUE")
@pytest.mark.parametrize("game", [Game.RIFTBOUND, Game.ALTERED])
def test_every_fixture_line_is_converted_or_listed_as_not_modelled(game: Game) -> None:
    path = FIXTURES / f"{game.value}_cards.json"
    cards = import_pool(read_pool(game, json.loads(path.read_text())))
    for card in cards:
        for r in card.lines:
            assert r.modelled or r.line.printed in card.not_modelled
            if r.lost:  # a lost part never leaves abilities behind
                assert r.abilities == () and not r.modelled
            if r.modelled and r.abilities:
                assert r.rendering  # describe says something of each modelled ability


@pytest.mark.rule("IMP-ALGEBRA", "IMP-FULL")
@pytest.mark.parametrize("game", [Game.RIFTBOUND, Game.ALTERED])
def test_describe_renders_every_imported_card(
    game: Game, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = FIXTURES / f"{game.value}_cards.json"
    with pytest.raises(SystemExit) as exc:
        main(["import", game.value, str(src), "-o", str(tmp_path)])
    assert exc.value.code in (0, None)
    capsys.readouterr()
    report = json.loads((tmp_path / "import-report.json").read_text())
    top = tmp_path / ("pool.yaml" if (tmp_path / "pool.yaml").exists() else "test.yaml")
    with pytest.raises(SystemExit) as exc:
        main(["describe", str(top), "--json"])
    assert exc.value.code in (0, None)
    described = {c["id"]: c for c in json.loads(capsys.readouterr().out)["cards"]}
    assert set(described) == {c["id"] for c in report["per_card"]}
    for card in report["per_card"]:
        shown = described[card["id"]]["abilities"]
        expected = [ln["describe"] for ln in card["lines"] if ln["modelled"] and ln["describe"]]
        assert " ".join(shown) == " ".join(expected)
