"""The fast paths of applying a passive give what the plain definitions give (issue 19).

Applying a passive copies objects without ``dataclasses.replace`` (``values.copies``),
gives a keyword with its trace made once per passive, and remembers a changed object's
subtypes from the object it was copied from (``passives.subtypes``). Each must equal
the plain computation: ``replace``, ``features.gain`` with the passive's step, and the
subtypes read from the object's modifications. On the partial board of an ordering
(``passive_trial.Board``), a passive applied again reuses what it did to the objects
not changed since, a deferred number modification lists the objects without reading
each one, and ``delta`` reuses what each pair of versions changed: each must equal the
same computed afresh.
"""

from __future__ import annotations

from dataclasses import fields, replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.model import passive_trial as pt
from arbiter.model import passives as pv
from arbiter.model.effects import algebra as fx
from arbiter.model.passive_cone_board import Known
from arbiter.model.passive_order import order_passives
from arbiter.model.ruleset import Rounding
from arbiter.model.state import GameObject, GameState, Guard, Protection
from arbiter.model.values import characteristics as ch
from arbiter.model.values import copies
from arbiter.model.values import features as ft
from arbiter.model.values.features import Feature
from arbiter.model.values.reading import NumberReading, Op, SetModification, SetOp
from tests.passive_strategies import states as passive_states

NAMES = ("Elf", "Plant", "Forest", "Tough")
names = st.frozensets(st.sampled_from(NAMES), max_size=3)
set_mods = st.lists(
    st.builds(SetModification, st.sampled_from(list(SetOp)), names, st.just("e"), st.just(1)),
    max_size=3,
)
features = st.dictionaries(
    st.sampled_from(("Tough", "Scout", "Armor")),
    st.builds(Feature, st.just("f"), st.none() | st.integers(-2, 3)),
    max_size=2,
).map(lambda d: {k: replace(f, name=k) for k, f in d.items()})


@st.composite
def objects(draw: st.DrawFn) -> GameObject:
    base: dict[str, int | frozenset[str]] = {"power": draw(st.integers(0, 4))}
    subtypes = draw(st.one_of(names, names, names, st.none(), st.just(3)))
    if subtypes is not None:
        base[pv.SUBTYPES] = subtypes  # type: ignore[assignment]
    mods = draw(set_mods)
    guarded = draw(st.integers(0, 4)) == 0
    return GameObject(
        "x",
        "ana",
        draw(st.sampled_from(("character", pv.REGION))),
        base=base,
        mods={pv.SUBTYPES: tuple(mods)} if mods and pv.SUBTYPES in base else {},
        features=draw(features),
        protections=(Protection(frozenset({pv.SUBTYPES}), "p", guard=Guard.CANNOT_MODIFY),)
        if guarded
        else (),
        timestamp=draw(st.integers(0, 5)),
        region="r",
    )


SET_OPS = (fx.StatOp.ADD, fx.StatOp.REMOVE, fx.StatOp.SET)
KINDS = ("subtypes", "region type", "gain", "lose")


def action(kind: str, op: fx.StatOp, members: frozenset[str], keyword: str) -> fx.Action:
    if kind == "subtypes":
        return fx.ModifyStat(pv.SUBTYPES, op, members=members)
    if kind == "region type":
        return fx.ModifyStat(pv.REGION_TYPE, fx.StatOp.SET, members=members | {"Forest"})
    if kind == "gain":
        return fx.Give(fx.Grant.KEYWORD, keyword)
    return fx.Take(fx.Grant.KEYWORD, keyword)


def read_subtypes(obj: GameObject) -> frozenset[str]:
    """The subtypes read from the object's base and modifications (no memo)."""
    r = ch.read(obj, pv.SUBTYPES)
    return frozenset() if r is None or isinstance(r, NumberReading) else r.members


def plain_effect(p: pv.Passive, obj: GameObject, timestamp: int) -> GameObject:
    """``passives.apply_effect`` written with the plain definitions."""
    plan = p.plan
    if plan.does is pv.GAIN:
        change = ft.gain(obj.features, plan.name, plan.number)
        if not change.applied:
            return obj
        feats = dict(change.features)
        feats[plan.name] = feats[plan.name].explain("A-PASS-2", f"from passive {p.id}")
        return replace(obj, features=feats)
    if plan.does is pv.LOSE:
        return replace(obj, features=ft.lose(obj.features, plan.name).features)
    if pv.sets_region_type(p) and obj.kind != pv.REGION:
        return obj
    assert isinstance(plan.op, SetOp)
    got = ch.modify_set(obj, pv.SUBTYPES, plan.op, plan.members, source=p.id, timestamp=timestamp)
    return got.obj


@pytest.mark.rule("A-PASS-2")
def test_the_copies_name_every_field_of_a_game_object_in_order() -> None:
    assert tuple(f.name for f in fields(GameObject)) == copies.FIELDS
    assert all(f.init for f in fields(GameObject))


@pytest.mark.rule("A-PASS-2")
@given(objects(), names, features)
def test_a_copy_with_one_field_changed_equals_replace(
    obj: GameObject, members: frozenset[str], feats: dict[str, Feature]
) -> None:
    mods = {pv.SUBTYPES: (SetModification(SetOp.ADD, members, "q", 2),)}
    base = {**obj.base, "health": 3}
    assert copies.with_mods(obj, mods) == replace(obj, mods=mods)
    assert copies.with_features(obj, feats) == replace(obj, features=feats)
    assert copies.with_base_mods(obj, base, mods) == replace(obj, base=base, mods=mods)


@pytest.mark.rule("A-PASS-2", "B-NAMED-1", "E-OPS-1", "E-IMM-2", "A-CHAR-2")
@pytest.mark.parametrize("kind", KINDS)
@given(
    objects(),
    st.sampled_from(SET_OPS),
    names,
    st.sampled_from(("Tough", "Scout")),
    st.integers(0, 5),
)
def test_applying_a_passive_equals_the_plain_definitions(
    kind: str,
    obj: GameObject,
    op: fx.StatOp,
    members: frozenset[str],
    keyword: str,
    timestamp: int,
) -> None:
    """The object, its features' traces, and the subtypes remembered for it (those read
    from its modifications); before and after reading the original's subtypes."""
    p = pv.passive("s.1", "s", action(kind, op, members, keyword), fx.Selector(fx.Pick.ALL))
    for _ in range(2):  # the second time the original's subtypes are remembered
        got = pv.apply_effect(p, obj, timestamp)
        want = plain_effect(p, obj, timestamp)
        assert got == want
        assert (got is obj) == (want is obj)
        assert list(got.features) == list(want.features)
        assert pv.subtypes(got) == read_subtypes(want)
        assert pv.subtypes(obj) == read_subtypes(obj)


@st.composite
def guarded_states(draw: st.DrawFn) -> GameState:
    """Passive boards (``passive_strategies.states``) where some characters have an
    immunity or a limit on ``power``."""
    state = draw(passive_states(max_passives=6, numbers=draw(st.booleans())))
    objects = dict(state.objects)
    for oid in sorted(objects):
        if objects[oid].kind == "character" and draw(st.integers(0, 2)) == 0:
            guard = draw(
                st.sampled_from(
                    [
                        Protection(frozenset({"power"}), "g", guard=Guard.CANNOT_DECREASE),
                        Protection(frozenset({"*"}), "g", guard=Guard.CANNOT_MODIFY),
                        Protection(frozenset({"power"}), "g", limit=2),
                    ]
                )
            )
            objects[oid] = replace(objects[oid], protections=(guard,))
    return replace(state, objects=objects)


@pytest.mark.rule("A-PASS-2", "A-DEP-1", "A-ORDER-1", "E-IMM-1", "E-IMM-2")
@settings(max_examples=150, deadline=None)
@given(guarded_states())
def test_a_passive_applied_again_equals_applying_it_afresh(state: GameState) -> None:
    """On a board where passives apply one after the other: each passive applied again
    (reusing what it did to the objects not changed since), its deferred number
    modification (the objects ``would_modify_number`` says it changes) and the channels
    it changes (reusing what each pair of versions changed) are those computed afresh."""
    board = pt.Board(state)
    ps = sorted(
        pv.active_passives(board.objects),
        key=lambda p: pv.order_key(p, board.objects, state.players),
    )
    for applied in ps:
        for p in ps:
            fresh = pt.apply_passive(p, board)
            assert pt.apply_passive(p, board, again=True) == fresh
            if p.plan.does is pv.NUMBER:
                op = p.plan.op
                assert isinstance(op, Op)
                deferred = pt.apply_passive(p, board, defer=True).deferred
                assert deferred == tuple(
                    o
                    for o in fresh.targets
                    if ch.would_modify_number(board.objects[o], p.plan.name, op, p.plan.amounts)
                )
            want = pt.delta(board.objects, fresh.changes)
            got = pt.delta(board.objects, fresh.changes, board.channels_seen)
            assert list(got.channels.items()) == list(want.channels.items())
            assert got.attrs == want.attrs
        board.commit(pt.apply_passive(applied, board).changes)


@pytest.mark.rule("E-OPS-2", "E-FLOOR-1", "A-ORDER-1")
@given(
    st.lists(
        st.tuples(
            st.sampled_from(("power", "health")),
            st.sampled_from((Op.ADD, Op.ADD, Op.SET, Op.DIVIDE)),
            st.integers(-4, 3),
        ),
        min_size=2,
        max_size=8,
    ),
    st.integers(-1, 3),
    st.integers(0, 3),
)
def test_passive_numbers_of_scalars_in_turn_equal_the_chain(
    changes: list[tuple[str, Op, int]], power: int, health: int
) -> None:
    """Scalars modified by passives in turn, one characteristic then another and back
    (``modify_numbers_by_passives`` keeps each one's fold): the chain of
    ``modify_number``."""
    obj = GameObject("x", "ana", "character", base={"power": power, "health": health})
    chain = obj
    todo: list[ch.PassiveNumber] = []
    for i, (stat, op, x) in enumerate(changes):
        chain = ch.modify_number(
            chain, stat, op, (x,), source=f"p{i}", timestamp=i, by_passive=True
        ).obj
        todo.append((stat, op, (x,), f"p{i}", i, Rounding.DOWN, ""))
    got = ch.modify_numbers_by_passives(obj, todo)
    assert got == chain
    assert list(got.mods) == list(chain.mods)


@pytest.mark.rule("A-ORDER-1")
@settings(max_examples=60, deadline=None)
@given(guarded_states())
def test_the_trial_logs_index_from_the_board_equals_the_one_built_from_the_state(
    state: GameState,
) -> None:
    """The objects in play by subtype and keyword that the ordering's board gives the trial
    log's index (``Board.indexes``) are those ``Known`` reads from the stored state."""
    result = order_passives(state)
    log = result.log
    assert log is not None and log.origin is not None and log.known is not None
    built = Known(log, log.origin, state)
    assert list(log.known.subtypes.items()) == list(built.subtypes.items())
    assert list(log.known.features.items()) == list(built.features.items())
    assert list(log.known.by_kind.items()) == list(built.by_kind.items())
