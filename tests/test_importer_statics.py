"""Static lines as passives (IMP-STATIC): a static line becomes passives only when the
passive engine runs them and the area syntax of passives writes them; else the line is
not modelled with the engine's reason. Every card text here is invented."""

from __future__ import annotations

from dataclasses import replace

import pytest

from arbiter.model import passives as ps
from arbiter.model.effects import algebra as a
from arbiter.model.format.importers import to_passives
from arbiter.model.format.importers.coverage import ReadLine
from arbiter.model.format.importers.sources import Game
from arbiter.model.state import GameObject
from tests.test_importer_constructs import read


def _passives(game: Game, text: str) -> tuple[a.Effect, ...]:
    r = read(game, text)
    assert r.modelled, r.lost
    assert all(ab.kind is a.Kind.PASSIVE for ab in r.abilities)
    effects = tuple(e for ab in r.abilities for e in ab.effects)
    for e in effects:  # the passive engine runs each one
        assert ps.unsupported(e) is None
    return effects


def _lost(game: Game, text: str) -> ReadLine:
    r = read(game, text)
    assert not r.modelled
    assert r.abilities == ()
    return r


FOREST = a.Condition(a.Test.REGION, selector=a.SELF, name="Forest")


@pytest.mark.rule("IMP-STATIC", "Altered 7.5.7", "A-PASS-1")
def test_a_static_line_with_the_cards_terrain_is_a_passive_with_that_condition() -> None:
    (e,) = _passives(Game.ALTERED, "If I'm in {O}, I am [Gigantic].")
    assert e.action == a.Give(a.Grant.KEYWORD, "Gigantic")
    assert e.selector == a.SELF
    assert e.condition == a.Condition(a.Test.REGION, selector=a.SELF, name="Water")
    assert e.duration == a.Duration(a.Lasts.WHILE_IN_PLAY)
    (e,) = _passives(Game.ALTERED, "While I'm in {V}, Characters you control have [Tough 1].")
    assert e.condition == FOREST
    assert e.selector == a.Selector(a.Pick.ALL, side=a.Side.YOURS, kinds=frozenset({"character"}))
    assert e.action == a.Give(a.Grant.KEYWORD, "Tough") and e.amount == a.Const(1)


@pytest.mark.rule("IMP-STATIC", "Altered 7.5.7", "A-PASS-2")
def test_the_imported_condition_holds_only_while_the_card_stands_in_that_terrain() -> None:
    (e,) = _passives(Game.ALTERED, "If I'm in {V}, I am [Defender].")
    p = ps.Passive("p1", "me", 0, e)
    forest = GameObject("f", "ana", "region", "adventure", base={"subtypes": frozenset({"Forest"})})
    water = GameObject("w", "ana", "region", "adventure", base={"subtypes": frozenset({"Water"})})
    me = GameObject("me", "ana", "character", "expedition", region="f")
    objects = {"f": forest, "w": water, "me": me}
    assert ps.condition_holds(p, objects)
    assert not ps.condition_holds(p, {**objects, "me": replace(me, region="w")})


@pytest.mark.rule("IMP-STATIC", "Altered 2.3.2.f", "A-PASS-4")
def test_all_regions_become_one_terrain_and_lose_the_others() -> None:
    (e,) = _passives(Game.ALTERED, "All regions are {M} and lose their other terrains.")
    assert e.action == a.ModifyStat(ps.REGION_TYPE, a.StatOp.SET, members=frozenset({"Mountain"}))
    assert e.selector == a.Selector(a.Pick.ALL, kinds=frozenset({ps.REGION}))
    (ab,) = read(Game.ALTERED, "All regions are {M} and lose their other terrains.").abilities
    assert to_passives.data(ab)["effect"] == {"region_type": ["Mountain"]}


def _described(game: Game, text: str) -> tuple[a.Effect, ...]:
    """A static line the passive engine does not run, kept in ``statics:`` (IMP-STATICS)."""
    r = read(game, text)
    assert r.modelled, r.lost
    assert r.abilities and all(ab.kind is a.Kind.STATIC for ab in r.abilities)
    return tuple(e for ab in r.abilities for e in ab.effects)


@pytest.mark.rule("IMP-STATICS", "IMP-ALGEBRA", "Riftbound 708")
def test_a_state_as_condition_is_described_only() -> None:
    # [Mighty] is a Might of 5 or more (Riftbound 708): a number test the engine's passives
    # do not make, so the line is described, not run
    (e,) = _described(Game.RIFTBOUND, "While I'm [Mighty], I have [Deflect].")
    assert e.condition == a.Condition(a.Test.STAT, selector=a.SELF, stat="might", bound=5)
    assert e.action == a.Give(a.Grant.KEYWORD, "Deflect") and e.selector == a.SELF
    assert ps.unsupported(replace(e, duration=a.Duration(a.Lasts.WHILE_IN_PLAY))) is not None


@pytest.mark.rule("IMP-STATICS", "IMP-ALGEBRA", "Riftbound 135.2")
def test_what_the_passive_engine_does_not_run_is_described_only() -> None:
    (stat,) = _described(Game.RIFTBOUND, "Friendly units with 2 {might} or less have [Shield].")
    assert stat.selector.stats == (a.StatTest("might", a.Compare.AT_MOST, 2),)
    assert stat.selector.side is a.Side.YOURS and stat.action == a.Give(a.Grant.KEYWORD, "Shield")
    (boosts,) = _described(Game.ALTERED, "If I have 3 or more boosts, I am [Tough 1].")
    assert boosts.condition == a.Condition(a.Test.COUNTER, selector=a.SELF, name="boosts", bound=3)
    assert boosts.amount == a.Const(1)


@pytest.mark.rule("IMP-STATIC", "IMP-STATICS", "A-PASS-1")
def test_a_passive_with_a_condition_the_area_syntax_lacks_is_described_only() -> None:
    keyword = a.Condition(a.Test.HAS, selector=a.SELF, name="Tough")
    e = a.Effect(a.Give(a.Grant.KEYWORD, "Eternal"), a.SELF, condition=keyword)
    (kept,) = to_passives.passives((e,))
    assert kept.kind is a.Kind.STATIC and kept.effects == (e,)
    lasting = replace(e, condition=None, duration=a.Duration(a.Lasts.END_OF_TURN))
    with pytest.raises(to_passives.Lost, match="duration"):
        to_passives.passives((lasting,))
    chosen = replace(e, selector=a.Selector(a.Pick.CHOOSE, kinds=frozenset({"unit"})))
    with pytest.raises(to_passives.Lost, match="passive engine does not run"):
        to_passives.passives((chosen,))  # neither a passive nor a static ability
    (ok,) = to_passives.passives((replace(e, condition=FOREST),))
    assert ok.kind is a.Kind.PASSIVE
    assert to_passives.data(ok)["condition"] == {"region": "Forest"}


@pytest.mark.rule("IMP-STATIC", "IMP-ALGEBRA", "R-1", "Riftbound 470", "Altered 1.4")
def test_a_would_instead_line_is_not_modelled_and_names_the_event_it_replaces() -> None:
    status = _lost(Game.ALTERED, "If I would gain [[Asleep]], I gain 2 boosts instead.")
    assert "a replacement ('if I would gain [[Asleep]]" in status.lost
    death = _lost(Game.RIFTBOUND, "If a friendly Mech would die, recall it instead.")
    assert "a replacement ('if a friendly Mech would die" in death.lost


@pytest.mark.rule("IMP-HERE", "EFF-EVAL", "Riftbound 135.2", "A-PASS-1")
def test_a_static_line_about_objects_here_is_a_passive_on_the_cards_place() -> None:
    (e,) = _passives(Game.RIFTBOUND, "Enemy units here have -1 {might}.")
    assert e.selector == a.Selector(
        a.Pick.ALL, side=a.Side.ENEMY, kinds=frozenset({"unit"}), here=True
    )
    assert e.action == a.ModifyStat("might") and e.amount == a.Const(-1)
    # the place word may close the line: the same passive
    (late,) = _passives(Game.RIFTBOUND, "Enemy units have -1 {might} here.")
    assert late == e
    (ab,) = read(Game.RIFTBOUND, "Other friendly units here have [Tank].").abilities
    assert to_passives.data(ab)["applies_to"] == {
        "kind": "unit",
        "controller": "you",
        "other": True,
        "here": True,
    }


@pytest.mark.rule("IMP-HERE", "EFF-EVAL", "A-PASS-1")
def test_a_passive_here_applies_only_to_objects_at_its_sources_place() -> None:
    (e,) = _passives(Game.RIFTBOUND, "Other friendly units here have [Tank].")
    p = ps.Passive("p1", "me", 0, e)
    me = GameObject("me", "ana", "unit", "play", region="b1", abilities=(p,))
    near = GameObject("near", "ana", "unit", "play", region="b1")
    far = GameObject("far", "ana", "unit", "play", region="b2")
    foe = GameObject("foe", "bo", "unit", "play", region="b1")
    objects = {"me": me, "near": near, "far": far, "foe": foe}
    assert ps.applies_to(p, objects) == frozenset({"near"})
    # a place that is itself the source (a battlefield card): the objects in it
    (f,) = _passives(Game.RIFTBOUND, "Units here have +3 {might}.")
    q = ps.Passive("p2", "b1", 0, f)
    field = GameObject("b1", "ana", "region", "adventure", abilities=(q,))
    assert ps.applies_to(q, {**objects, "b1": field}) == frozenset({"me", "near", "foe"})


@pytest.mark.rule("IMP-COUNT", "IMP-STATIC", "Altered 7.4.2", "A-PASS-1")
def test_unless_you_control_n_objects_is_a_count_of_at_most_n_minus_one() -> None:
    (e,) = _passives(Game.ALTERED, "I am [Defender] unless you control three or more Plants.")
    plants = a.Selector(a.Pick.ALL, side=a.Side.YOURS, subtypes=frozenset({"Plant"}))
    assert e.condition == a.Condition(
        a.Test.COUNT, selector=plants, compare=a.Compare.AT_MOST, bound=2
    )
    (ab,) = read(Game.ALTERED, "I am [Defender] unless you control three or more Plants.").abilities
    assert to_passives.data(ab)["condition"] == {
        "count": {"subtype": "Plant", "controller": "you"},
        "at_most": 2,
    }


@pytest.mark.rule("IMP-COUNT", "A-PASS-1", "A-GOLD-6")
def test_a_count_condition_counts_the_sources_controllers_objects_in_play() -> None:
    (e,) = _passives(Game.RIFTBOUND, "While you have 3+ runes, I have +2 {might}.")
    p = ps.Passive("p1", "me", 0, e)
    me = GameObject("me", "ana", "unit", "play", abilities=(p,))
    runes = {f"r{i}": GameObject(f"r{i}", "ana", "rune", "play") for i in range(2)}
    foe = GameObject("foe", "bo", "rune", "play")
    hand = GameObject("h", "ana", "rune", "hand")
    objects = {"me": me, "foe": foe, "h": hand, **runes}
    assert not ps.condition_holds(p, objects)  # two of mine in play: the others do not count
    third = GameObject("r2", "ana", "rune", "play")
    assert ps.condition_holds(p, {**objects, "r2": third})
    assert ps.counts_others(p)


@pytest.mark.rule("IMP-COUNT", "A-PASS-1")
def test_a_count_condition_reads_back_from_the_area_syntax_of_passives() -> None:
    from arbiter.model.effects.upgrade import _passive
    from arbiter.model.format.area_passives import parse_condition
    from arbiter.model.format.document import Document

    raw = {"count": {"kind": "card", "controller": "you", "zone": "mana"}, "at_least": 4}
    cond = parse_condition(Document("(test)", raw).node())
    mana = a.Selector(a.Pick.ALL, side=a.Side.YOURS, kinds=frozenset({"card"}), zone="mana")
    assert cond == a.Condition(a.Test.COUNT, selector=mana, bound=4)
    passive = {"applies_to": {"self": True}, "effect": {"gain": "Gigantic"}, "condition": raw}
    (e,) = _passive(passive, 0).effects
    assert e.condition == cond
    with pytest.raises(Exception, match="at_least, at_most"):
        parse_condition(Document("(test)", {"count": {"kind": "unit"}}).node())
