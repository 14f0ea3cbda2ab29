"""An object derived through a whole sequence of passives at once equals the chain (issue 19).

``passive_derive.derive`` makes the number modifications of a sequence of passives in one
copy at the end, as the full ordering does (``passive_trial.Board.defer`` and ``flush``),
and the other passives (subtypes, region types, keywords gained and lost, abilities
taken) one by one. The object must be the one ``passives.apply_effect`` gives applied
once per passive in the order of the sequence: equal, with the same modifications,
traces (E-FLOOR-1, E-IMM-1/2, E-DIV, E-LIMIT-3) and explanations of features, its
characteristics in the same order (``repr`` compares all of that), and the very object
given when nothing changes. ``Derivations`` (kept per trial log) gives the same object
again only for the very same object, passives, timestamps and rounding.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.model import passives as pv
from arbiter.model.effects import algebra as a
from arbiter.model.passive_derive import Derivations, Step, derive
from arbiter.model.ruleset import RULESETS, Rounding
from arbiter.model.state import GameObject, GameState, Guard, Protection
from arbiter.model.values import characteristics as ch
from arbiter.model.values.features import Feature
from arbiter.model.values.reading import Modification, Op, SetOp
from tests.passive_strategies import comparable

NUMBERS = ("power", "health", "range", "speed")  # "range" may be a set, "speed" absent
CREATURE_TYPES = ("Elemental", "Spirit", "Animal", "Forest")
KEYWORDS = ("Gigantic", "Defender", "Armor")
EVERYTHING = a.Selector(a.Pick.ALL)
RULING = RULESETS["altered"]

protections = st.lists(
    st.one_of(
        st.builds(
            lambda s, x: Protection(frozenset({s}), "p", limit=x),
            st.sampled_from([*NUMBERS, "*"]),
            st.integers(0, 4),
        ),
        st.builds(
            lambda s, g: Protection(frozenset({s}), "p", guard=g),
            st.sampled_from([*NUMBERS, pv.SUBTYPES, "*"]),
            st.sampled_from(list(Guard)),
        ),
    ),
    max_size=2,
)
numbers = st.one_of(st.integers(-3, 9), st.tuples(st.integers(-3, 9), st.integers(-3, 9)))
amounts = st.one_of(
    st.integers(-4, 4),
    st.tuples(st.one_of(st.none(), st.integers(-4, 4)), st.one_of(st.none(), st.integers(-4, 4))),
)


@st.composite
def number_passives(draw: st.DrawFn, pid: str) -> pv.Passive:
    op = draw(st.sampled_from([a.StatOp.ADD, a.StatOp.SET, a.StatOp.MULTIPLY, a.StatOp.DIVIDE]))
    stat = draw(st.sampled_from(NUMBERS))
    return pv.passive(pid, "s", a.ModifyStat(stat, op), EVERYTHING, a.Const(draw(amounts)))


@st.composite
def other_passives(draw: st.DrawFn, pid: str) -> pv.Passive:
    k = draw(st.sampled_from(["add", "remove", "set", "region_type", "gain", "lose", "lose_all"]))
    if k == "gain":
        name = draw(st.sampled_from(KEYWORDS))
        number = draw(st.one_of(st.none(), st.integers(-1, 3)))
        amount = None if number is None else a.Const(number)
        return pv.passive(pid, "s", a.Give(a.Grant.KEYWORD, name), EVERYTHING, amount)
    if k == "lose":
        name = draw(st.sampled_from(KEYWORDS))
        return pv.passive(pid, "s", a.Take(a.Grant.KEYWORD, name), EVERYTHING)
    if k == "lose_all":
        return pv.passive(pid, "s", a.Take(a.Grant.ABILITIES), EVERYTHING)
    members = draw(st.frozensets(st.sampled_from(CREATURE_TYPES), min_size=1, max_size=2))
    if k == "region_type":
        action = a.ModifyStat(pv.REGION_TYPE, a.StatOp.SET, members=members)
    else:
        op = {"add": a.StatOp.ADD, "remove": a.StatOp.REMOVE, "set": a.StatOp.SET}[k]
        action = a.ModifyStat(pv.SUBTYPES, op, members=members)
    return pv.passive(pid, "s", action, EVERYTHING)


@st.composite
def sequences(draw: st.DrawFn, most: int = 12) -> list[Step]:
    """Number passives mixed with the others, some of them twice, with timestamps."""
    out: list[Step] = []
    for i in range(draw(st.integers(0, most))):
        if out and draw(st.integers(0, 7)) == 0:
            out.append(draw(st.sampled_from(out)))  # (the same passive again)
            continue
        kind = number_passives if draw(st.booleans()) else other_passives
        out.append((draw(kind(f"s.p{i}")), draw(st.integers(0, 9))))
    return out


@st.composite
def objects(draw: st.DrawFn) -> GameObject:
    """A character or a region with numbers (scalars, vectors, a set where a number is
    modified), subtypes or none, keywords, protections, an ability, and modifications
    already made by effects and passives."""
    kind = draw(st.sampled_from(["character", "character", "region"]))
    base: dict[str, int | tuple[int, ...] | frozenset[str]] = {
        stat: draw(numbers) for stat in draw(st.frozensets(st.sampled_from(NUMBERS[:2])))
    }
    if draw(st.booleans()):
        base["range"] = frozenset({"far"}) if draw(st.booleans()) else draw(numbers)
    if draw(st.integers(0, 3)):
        base[pv.SUBTYPES] = draw(st.frozensets(st.sampled_from(CREATURE_TYPES), max_size=2))
    keep = pv.passive("x.keep", "x", a.Give(a.Grant.KEYWORD, "Tough"), a.SELF)
    obj = GameObject(
        "x",
        "ana",
        kind,
        base=base,
        features={
            k: Feature(k, draw(st.one_of(st.none(), st.integers(0, 2))))
            for k in draw(st.frozensets(st.sampled_from(KEYWORDS)))
        },
        protections=tuple(draw(protections)),
        abilities=(keep,) if draw(st.booleans()) else (),
    )
    for stat, op, amount, ts in draw(
        st.lists(
            st.tuples(
                st.sampled_from(NUMBERS), st.sampled_from(list(Op)), amounts, st.integers(0, 9)
            ),
            max_size=3,
        )
    ):
        got = (amount,) if isinstance(amount, int) else amount
        obj = ch.modify_number(obj, stat, op, got, source="e", timestamp=ts).obj
    if draw(st.booleans()):
        members = draw(st.frozensets(st.sampled_from(CREATURE_TYPES), min_size=1, max_size=2))
        obj = ch.set_modified(obj, pv.SUBTYPES, SetOp.ADD, members, source="e", timestamp=1)
    for p, ts in draw(sequences(most=3)):  # (an earlier passive's modifications)
        obj = pv.apply_effect(p, obj, ts, Rounding.DOWN)
    return obj


def chain(obj: GameObject, steps: list[Step], rounding: Rounding) -> GameObject:
    """The passives applied one by one: what ``derive`` must equal."""
    for p, ts in steps:
        obj = pv.apply_effect(p, obj, ts, rounding)
    return obj


def same_object(got: GameObject, want: GameObject, obj: GameObject) -> None:
    assert got == want
    assert repr(got) == repr(want)  # every field, traces and the order of characteristics
    assert list(got.mods) == list(want.mods)
    assert [list(got.mods[k]) for k in got.mods] == [list(want.mods[k]) for k in want.mods]
    assert list(got.features) == list(want.features)
    assert (got is obj) == (want is obj)
    state = GameState(RULING, ("ana", "bo"), {"x": got})
    assert comparable(state) == comparable(replace(state, objects={"x": want}))


NUMBERS_KEPT = Derivations()  # shared across every example, as across events


@pytest.mark.rule("A-PASS-2", "A-ORDER-1", "E-OPS-2", "E-FLOOR-1", "E-IMM-1", "E-IMM-2", "E-DIV")
@settings(max_examples=400, deadline=None)
@given(objects(), sequences(), st.sampled_from(list(Rounding)))
def test_an_object_derived_at_once_is_the_one_made_passive_by_passive(
    obj: GameObject, steps: list[Step], rounding: Rounding
) -> None:
    want = chain(obj, steps, rounding)
    same_object(derive(obj, steps, rounding), want, obj)
    same_object(derive(obj, steps, rounding, NUMBERS_KEPT), want, obj)


@pytest.mark.rule("A-PASS-2", "A-ORDER-1")
@settings(max_examples=150, deadline=None)
@given(objects(), sequences(), st.sampled_from(list(Rounding)), st.integers(0, 9))
def test_a_derivation_kept_is_given_again_only_for_the_same_passives_and_timestamps(
    obj: GameObject, drawn: list[Step], rounding: Rounding, later: int
) -> None:
    ps: dict[str, pv.Passive] = {}
    stamps: dict[str, int] = {}
    for p, ts in drawn:
        ps.setdefault(p.id, p)
        stamps.setdefault(p.id, ts)
    pids = tuple(p.id for p, _ in drawn)  # (some more than once)
    steps = [(ps[q], stamps[q]) for q in pids]
    kept = Derivations()
    first = kept.derive(obj, pids, ps, stamps, rounding)
    same_object(first, chain(obj, steps, rounding), obj)
    assert kept.derive(obj, pids, ps, stamps, rounding) is first
    if pids:  # a later timestamp, a passive made again: derived again
        q = pids[-1]
        moved = {**stamps, q: later}
        again = kept.derive(obj, pids, ps, moved, rounding)
        same_object(again, chain(obj, [(ps[x], moved[x]) for x in pids], rounding), obj)
        remade = {**ps, q: replace(ps[q], text="again")}
        other = kept.derive(obj, pids, remade, stamps, rounding)
        assert other is not first or first is obj
        same_object(other, chain(obj, [(remade[x], stamps[x]) for x in pids], rounding), obj)
    copy = replace(obj)  # an equal object that is not the same one: derived again
    fresh = kept.derive(copy, pids, ps, stamps, rounding)
    assert fresh is not first
    same_object(fresh, chain(copy, steps, rounding), copy)


def _number(pid: str, stat: str, op: a.StatOp, amount: int | tuple[int | None, ...]) -> pv.Passive:
    return pv.passive(pid, "s", a.ModifyStat(stat, op), EVERYTHING, a.Const(amount))


def _types(pid: str, op: a.StatOp, *members: str) -> pv.Passive:
    return pv.passive(
        pid, "s", a.ModifyStat(pv.SUBTYPES, op, members=frozenset(members)), EVERYTHING
    )


CHAR = GameObject(
    "x", "ana", "character", base={"power": 2, "health": (3, 1), pv.SUBTYPES: frozenset({"Spirit"})}
)


@pytest.mark.rule("A-ORDER-1", "E-OPS-2")
@pytest.mark.parametrize(
    "steps",
    [
        # a number first, then the first modification of subtypes, then another number:
        # the characteristics in the order first modified (power, subtypes, health)
        [
            (_number("a", "power", a.StatOp.ADD, 1), 1),
            (_types("b", a.StatOp.ADD, "Animal"), 2),
            (_number("c", "health", a.StatOp.SET, (5, None)), 3),
        ],
        # subtypes first, numbers after
        [(_types("b", a.StatOp.SET, "Animal"), 2), (_number("a", "power", a.StatOp.ADD, 1), 1)],
        # numbers around two modifications of subtypes and every ability taken
        [
            (_number("a", "health", a.StatOp.MULTIPLY, 2), 1),
            (_types("b", a.StatOp.REMOVE, "Spirit"), 2),
            (pv.passive("d", "s", a.Take(a.Grant.ABILITIES), EVERYTHING), 4),
            (_number("c", "power", a.StatOp.DIVIDE, 0), 3),
            (_types("e", a.StatOp.ADD, "Elemental"), 5),
            (_number("f", "power", a.StatOp.ADD, -5), 6),
        ],
    ],
)
def test_the_characteristics_keep_the_order_each_was_first_modified(steps: list[Step]) -> None:
    for rounding in Rounding:
        same_object(derive(CHAR, steps, rounding), chain(CHAR, steps, rounding), CHAR)


@pytest.mark.rule("E-FLOOR-1", "E-LIMIT-3", "E-DIV", "A-GOLD-3")
def test_floors_divisions_by_zero_and_sets_keep_their_traces() -> None:
    steps: list[Step] = [
        (_number("a", "power", a.StatOp.SET, -3), 1),  # shows 0, -3 remembered
        (_types("t", a.StatOp.ADD, "Animal"), 1),
        (_number("b", "power", a.StatOp.ADD, 1), 2),  # starts from the remembered -3
        (_number("c", "power", a.StatOp.DIVIDE, 0), 3),  # not done, not recorded (E-DIV)
        (_number("d", "health", a.StatOp.DIVIDE, (0, 2)), 4),  # half of it done
        (_number("e", "range", a.StatOp.ADD, 1), 5),  # absent: nothing (A-CHAR-2)
    ]
    got = derive(CHAR, steps, Rounding.UP)
    same_object(got, chain(CHAR, steps, Rounding.UP), CHAR)
    rules = [s.rule for m in got.mods["power"] if isinstance(m, Modification) for s in m.because]
    assert rules.count("E-FLOOR-1") == 2 and "E-LIMIT-3" in rules
    health = [s.rule for m in got.mods["health"] if isinstance(m, Modification) for s in m.because]
    assert "E-DIV" in health
    assert list(got.mods) == ["power", pv.SUBTYPES, "health"]


@pytest.mark.rule("E-IMM-1", "E-IMM-2", "E-LIMIT-1")
def test_immunities_and_limits_act_as_each_modification_is_made() -> None:
    guarded = replace(
        CHAR,
        protections=(
            Protection(frozenset({"power"}), "g", guard=Guard.CANNOT_DECREASE),
            Protection(frozenset({pv.SUBTYPES}), "g", guard=Guard.CANNOT_MODIFY),
            Protection(frozenset({"health"}), "g", limit=2),
        ),
    )
    steps: list[Step] = [
        (_number("a", "power", a.StatOp.ADD, -2), 1),
        (_types("t", a.StatOp.ADD, "Animal"), 1),  # blocked: the same object
        (_number("b", "power", a.StatOp.MULTIPLY, 3), 2),
        (_number("c", "health", a.StatOp.ADD, (4, -4)), 3),
    ]
    got = derive(guarded, steps, Rounding.DOWN)
    same_object(got, chain(guarded, steps, Rounding.DOWN), guarded)
    assert pv.SUBTYPES not in got.mods


@pytest.mark.rule("A-PASS-2")
def test_nothing_changed_gives_the_very_object() -> None:
    steps: list[Step] = [
        (_number("a", "speed", a.StatOp.ADD, 1), 1),  # absent
        (_number("b", "power", a.StatOp.DIVIDE, 0), 2),  # a division by 0
        (_number("c", "health", a.StatOp.ADD, (None, None)), 3),  # every component kept
    ]
    assert derive(CHAR, steps, Rounding.DOWN) is CHAR
    assert chain(CHAR, steps, Rounding.DOWN) is CHAR


@pytest.mark.rule("E-OPS-1", "A-ORDER-1")
def test_a_number_passive_leaving_every_component_unchanged_records_nothing() -> None:
    """ "+_/_" changes no component: ``modify_number`` records nothing, and neither do the
    batch of the full ordering (``modify_numbers_by_passives``) nor ``derive``."""
    from arbiter.model.passive_order import order_passives

    kept = _number("x.p0", "health", a.StatOp.ADD, (None, None))
    more = _number("x.p1", "health", a.StatOp.ADD, (1, None))
    obj = replace(CHAR, abilities=(replace(kept, source="x"), replace(more, source="x")))
    item = ("health", Op.ADD, (None, None), "x.p0", 1, Rounding.DOWN, "add")
    assert ch.modify_numbers_by_passives(CHAR, [item]) is CHAR
    assert ch.modify_numbers_by_passives(CHAR, [item], {}) is CHAR
    steps: list[Step] = [(p, 0) for p in pv.passives_of(obj)]
    want = chain(obj, steps, Rounding.DOWN)
    assert [m.source for m in want.mods["health"]] == ["x.p1"]
    same_object(derive(obj, steps, Rounding.DOWN), want, obj)
    state = GameState(RULING, ("ana", "bo"), {"x": obj})
    got = order_passives(state).state.objects["x"]
    assert got == want and repr(got) == repr(want)


@pytest.mark.rule("A-ORDER-1", "E-DIV")
def test_a_number_passive_that_does_nothing_does_not_place_its_characteristic_first() -> None:
    """A division by 0 does nothing (E-DIV), then subtypes are first modified, then
    "+1 power": power comes after subtypes. ``passive_trial._in_first_order`` placed
    power at the division when it was deferred (``derive``, the cone's dirty objects,
    which defer every number; the full ordering defers only what would modify)."""
    from arbiter.model.passive_order import order_passives

    steps: list[Step] = [
        (_number("s0.p", "power", a.StatOp.DIVIDE, 0), 1),
        (_types("s1.p", a.StatOp.ADD, "Animal"), 2),
        (_number("s2.p", "power", a.StatOp.ADD, 1), 3),
    ]
    want = chain(CHAR, steps, Rounding.DOWN)
    assert list(want.mods) == [pv.SUBTYPES, "power"]
    same_object(derive(CHAR, steps, Rounding.DOWN), want, CHAR)
    objects = {"x": CHAR}
    for p, ts in steps:
        objects[p.id[:2]] = GameObject(
            p.id[:2],
            "ana",
            "region",
            timestamp=ts,
            abilities=(replace(p, source=p.id[:2]),),
        )
    got = order_passives(GameState(RULING, ("ana", "bo"), objects))
    assert got.order == tuple(p.id for p, _ in steps)
    x = got.state.objects["x"]
    assert x == want and repr(x) == repr(want)
