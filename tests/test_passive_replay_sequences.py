"""Sequences of events on regions, characters and sources, each re-evaluated from the
previous answer, equal recomputing everything (A-PASS-1, A-DEP-1, A-DEP-2, A-ORDER-1).

A game re-evaluates each event from the previous re-evaluation: the trial log stays that
of the last full ordering, and the changes of every event since then add up. Here the
events mix a region's terrain, a character's creature types, keywords and controller, a
source leaving play (or coming back) and a source changing controller when its passive
selects by side, on random boards of the shapes where the order moves (conditions on
regions, "all regions are Forests", readers of what those grant) with passives that
select by side. After each event the trial log's answer (``passive_replay.replay_update``)
and the game's re-evaluation (``passive_order.reorder``) must equal a fresh ordering; and
``passive_rechoose_sources`` called directly, on every change since the full ordering,
must too wherever it answers.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from arbiter.model import passive_follow as follow
from arbiter.model import passive_order as dep
from arbiter.model import passive_touched as touched
from arbiter.model import passives as pv
from arbiter.model.effects import algebra as fx
from arbiter.model.passive_rechoose_sources import rechoose_sources
from arbiter.model.passive_replay import replay_update
from arbiter.model.passive_replay_checks import (
    _changes_hands,
    _followed,
    _leaves,
    _selected_again,
)
from arbiter.model.passive_trial import Dependence
from arbiter.model.ruleset import RULESETS
from arbiter.model.state import GameObject, GameState
from tests.passive_strategies import (
    CREATURE_TYPES,
    PLAYERS,
    _flag,
    same_ordering,
    states,
)
from tests.test_passive_rechoose import _event as _rechoose_event
from tests.test_passive_rechoose import regions_and_readers
from tests.test_passive_replay import boards
from tests.test_passive_replay_sources import _on, conditions_and_sides


@st.composite
def with_sides(draw: st.DrawFn) -> GameState:
    """A board of ``test_passive_rechoose`` (regions and the passives they move) with 1–3
    more sources of "all your (or the opponent's) T get +N power" (or "are U"), in its
    regions: the shapes where regions, characters and sources all change the order."""
    state = draw(regions_and_readers())
    objects = dict(state.objects)
    regions = sorted(o for o, obj in objects.items() if obj.kind == "region")
    types = sorted(CREATURE_TYPES)
    for j in range(draw(st.integers(1, 3))):
        side = draw(st.sampled_from([fx.Side.YOURS, fx.Side.ENEMY]))
        selector = fx.Selector(
            fx.Pick.ALL, subtypes=frozenset({draw(st.sampled_from(types))}), side=side
        )
        amount: fx.Amount | None = None
        action: fx.Action
        if draw(st.integers(0, 3)):
            action, amount = fx.ModifyStat("power"), fx.Const(draw(st.integers(1, 3)))
        else:
            u = frozenset({draw(st.sampled_from(types))})
            action = fx.ModifyStat(pv.SUBTYPES, fx.StatOp.ADD, members=u)
        oid = f"y{j}"
        p = pv.passive(f"{oid}.p", oid, action, selector, amount)
        objects[oid] = GameObject(
            oid,
            draw(st.sampled_from(PLAYERS)),
            "character",
            base={"power": 0, "subtypes": draw(st.frozensets(st.sampled_from(types), max_size=1))},
            timestamp=draw(st.integers(1, 6)),
            abilities=(p,),
            region=draw(st.sampled_from(regions)),
        )
    return replace(state, objects=objects)


KINDS = ("terrain", "terrain", "subtypes", "source types", "leave", "controller", "keyword")
EVENTS = st.lists(st.tuples(st.sampled_from(KINDS), st.integers(0, 50)), min_size=2, max_size=8)
# sources leaving and changing hands more often (for the module called directly)
SOURCES = st.lists(
    st.tuples(st.sampled_from((*KINDS, "leave", "controller")), st.integers(0, 50)),
    min_size=2,
    max_size=8,
)


def _step(state: GameState, what: str, pick: int) -> tuple[GameState, str]:
    """One event: a region's terrain or a character's creature types (``test_passive_
    rechoose``), a source leaving play or coming back, a source's controller, a keyword
    (``test_passive_replay_sources``)."""
    characters = [o for o in state.objects if o[0] in "xs"]
    if what in ("subtypes", "source types") and characters:
        if what == "source types" and not any(o.startswith("s") for o in characters):
            what = "subtypes"
        if what == "subtypes" and not any(o.startswith("x") for o in characters):
            what = "source types"
        return _rechoose_event(state, what, pick)
    if what in ("subtypes", "source types"):
        what = "terrain"
    return _on(state, what, pick)


def _kinds(state: GameState, stored: GameState) -> str:
    """What changed since the trial log's state: R regions, S sources, C other objects."""
    sources = {p.source for o in stored.objects.values() for p in pv.passives_of(o)}
    out = set()
    for oid, obj in state.objects.items():
        if obj != stored.objects[oid]:
            out.add("R" if obj.kind == "region" else "S" if oid in sources else "C")
    return "".join(sorted(out)) or "-"


@pytest.mark.rule("A-PASS-1", "A-ORDER-1", "A-DEP-1", "A-DEP-2", "A-GOLD-6")
@settings(max_examples=500, deadline=None)
@given(with_sides() | conditions_and_sides() | regions_and_readers(), EVENTS)
def test_sequences_on_regions_characters_and_sources_each_from_the_last_answer(
    state: GameState, events: list[tuple[str, int]]
) -> None:
    """Each event from the previous answer (the log of the last full ordering): the
    replay's answer, where it gives one, and ``reorder`` equal a fresh ordering."""
    ordering = dep.order_passives(state)
    for what, pick in events:
        new, target = _step(state, what, pick)
        fresh = dep.order_passives(new)
        log = ordering.log
        assert log is not None and log.stored is not None
        replayed = replay_update(ordering, state, new, [target])
        answer = "answered" if replayed is not None else "refused"
        event(f"since the log {_kinds(new, log.stored)}: {answer}")
        if replayed is not None:
            assert replayed.reused
            same_ordering(replayed, fresh)
        ordering = dep.reorder(ordering, state, new)
        same_ordering(ordering, fresh)
        state = new


@pytest.mark.rule("A-PASS-1", "A-ORDER-1", "A-DEP-1")
@settings(max_examples=300, deadline=None)
@given(boards() | states(max_passives=6), EVENTS)
def test_sequences_on_random_boards_each_from_the_last_answer(
    state: GameState, events: list[tuple[str, int]]
) -> None:
    """The same on the random boards of ``passive_strategies`` (any selector, effect and
    condition)."""
    ordering = dep.order_passives(state)
    for what, pick in events:
        new, target = _step(state, what, pick)
        fresh = dep.order_passives(new)
        replayed = replay_update(ordering, state, new, [target])
        if replayed is not None:
            same_ordering(replayed, fresh)
        ordering = dep.reorder(ordering, state, new)
        same_ordering(ordering, fresh)
        state = new


def _direct(first: dep.Ordering, new: GameState) -> dep.Ordering | None | str:
    """``rechoose_sources`` on every change since ``first`` (a full ordering), given what
    ``passive_replay`` gives it: the passives that stopped, and the targets of those and of
    the passives that select again; a string where the replay would not call it."""
    log = first.log
    assert log is not None and log.origin is not None and log.stored is not None
    origin, stored = log.origin, log.stored
    ps = origin.passives
    sources = {p.source for p in ps.values()}
    dirty = [o for o, obj in new.objects.items() if obj != stored.objects[o]]
    stopped: set[str] = set()
    followed = set(dirty)
    for oid in dirty:
        was, now = stored.objects[oid], new.objects[oid]
        if oid in sources and _leaves(was, now):
            mine = [p.id for p in pv.passives_of(was) if p.id in ps]
            stopped.update(mine)
            for pid in mine:
                followed.update(origin.applied_to.get(pid, ()))
        elif oid in sources and _changes_hands(was, now):
            for p in pv.passives_of(now):
                if p.selector.side is fx.Side.ANY:
                    continue
                targets = _selected_again(log, ps[p.id], stored, new)
                if targets is None:
                    return "not selected again"
                followed.update(origin.applied_to.get(p.id, ()))
                followed.update(targets)
        elif not _followed(was, now, oid in sources):
            return "not followed"
    if not stopped and followed == set(dirty):
        return "nothing stopped or selected again"
    if log.follow is None:
        log.follow = follow.build(origin, stored)
    return rechoose_sources(origin, stored, new, log, log.follow, dirty, stopped, followed)


@pytest.mark.rule("A-PASS-1", "A-ORDER-1", "A-DEP-1", "A-DEP-2", "A-GOLD-6")
@settings(max_examples=600, deadline=None)
@given(with_sides() | conditions_and_sides(), SOURCES)
def test_the_order_made_again_without_stopped_passives_equals_recomputing(
    state: GameState, events: list[tuple[str, int]]
) -> None:
    """Every change of a sequence added up since one full ordering, given to
    ``passive_rechoose_sources`` at once: where it answers, the fresh ordering."""
    first = dep.order_passives(state)
    new = state
    for what, pick in events:
        new, _ = _step(new, what, pick)
        got = _direct(first, new)
        fresh = dep.order_passives(new)
        if isinstance(got, str):
            event(got)
            continue
        moved = "same order" if fresh.order == first.order else "order differs"
        event(f"{moved}: {'answered' if got is not None else 'refused'}")
        if got is not None:
            assert got.reused
            same_ordering(got, fresh)


def _board() -> GameState:
    """r is a Forest. a (timestamp 1) is Gigantic in a Forest; g (timestamp 2) gives the
    Gigantic +1 power; f (timestamp 3) and h (timestamp 5) make every region a Forest; y
    (timestamp 4, ana's) gives ana's Elementals +2 power; x is bo's Elemental."""
    forest = fx.Condition(fx.Test.REGION, name="Forest")
    gigantic = fx.Selector(fx.Pick.ALL, has=frozenset({"Gigantic"}))
    elementals = frozenset({"Elemental"})
    forests = fx.ModifyStat(pv.REGION_TYPE, fx.StatOp.SET, members=frozenset({"Forest"}))
    regions = fx.Selector(fx.Pick.ALL, kinds=frozenset({"region"}))
    passives = {
        "a": pv.passive("a.p", "a", fx.Give(fx.Grant.KEYWORD, "Gigantic"), fx.SELF,
                        condition=forest),
        "g": pv.passive("g.p", "g", fx.ModifyStat("power"), gigantic, fx.Const(1)),
        "f": pv.passive("f.p", "f", forests, regions),
        "y": pv.passive("y.p", "y", fx.ModifyStat("power"),
                        fx.Selector(fx.Pick.ALL, subtypes=elementals, side=fx.Side.YOURS),
                        fx.Const(2)),
        "h": pv.passive("h.p", "h", forests, regions),
    }  # fmt: skip
    objects = {"r": GameObject("r", "ana", "region", base={"subtypes": frozenset({"Forest"})})}
    for ts, (oid, p) in enumerate(passives.items(), start=1):
        objects[oid] = GameObject(oid, "ana", "character", base={"power": 0}, timestamp=ts,
                                  abilities=(p,), region="r")  # fmt: skip
    objects["x"] = GameObject(
        "x", "bo", "character", base={"power": 1, "subtypes": frozenset({"Elemental"})}
    )
    return GameState(RULESETS["altered"], PLAYERS, objects)


def _with(state: GameState, oid: str, **change: object) -> GameState:
    return replace(state, objects={**state.objects, oid: replace(state.objects[oid], **change)})


@pytest.mark.rule("A-PASS-1", "A-ORDER-1", "A-DEP-1", "A-DEP-2")
def test_a_source_leaving_play_after_a_region_changed_is_answered_from_the_log() -> None:
    """In a Forest, a applies first and g waits for it. f leaves play: the order stands
    without it. Then r becomes Water: a's condition now waits for h, the one left that
    makes regions Forests (A-DEP-1c), and g no longer waits for a: the order differs from
    the log's, and f is absent from it. The trial log answers (f taken as applied before
    the first round), equal to a full ordering; and so does the module directly, given
    both changes at once."""
    state = _board()
    first = dep.order_passives(state)
    assert first.order[:2] == ("a.p", "g.p")
    gone = _with(state, "f", zone="reserve")
    step = dep.reorder(first, state, gone)
    assert step.reused
    same_ordering(step, dep.order_passives(gone))
    r = gone.objects["r"]
    water = _with(gone, "r", base={**r.base, "subtypes": frozenset({"Water"})})
    replayed = replay_update(step, gone, water, ["r"])
    fresh = dep.order_passives(water)
    assert fresh.order != first.order and "f.p" not in fresh.order
    assert replayed is not None and replayed.reused
    same_ordering(replayed, fresh)
    assert "f.p" not in replayed.passives and "f.p" not in replayed.applied_to
    # and directly: both changes at once, from the first full ordering
    got = _direct(first, water)
    assert isinstance(got, dep.Ordering)
    same_ordering(got, fresh)


@pytest.mark.rule("A-GOLD-6", "A-ORDER-1", "A-PASS-1")
def test_a_source_changing_hands_after_a_region_changed_selects_again_in_the_new_order() -> None:
    """r becomes Water (a moves after g), then y passes to bo: y now gives bo's Elementals
    +2 power (x), no longer ana's. Made again from the log with y's targets, before and
    after, followed from the start: equal to a full ordering."""
    state = _board()
    first = dep.order_passives(state)
    r = state.objects["r"]
    water = _with(state, "r", base={**r.base, "subtypes": frozenset({"Water"})})
    step = dep.reorder(first, state, water)
    same_ordering(step, dep.order_passives(water))
    hands = _with(water, "y", controller="bo")
    fresh = dep.order_passives(hands)
    assert "x" in fresh.applied_to["y.p"]
    got = _direct(first, hands)
    assert isinstance(got, dep.Ordering)
    same_ordering(got, fresh)
    replayed = replay_update(step, water, hands, ["y"])
    assert replayed is not None
    same_ordering(replayed, fresh)


NODES = ("p0", "p1", "p2", "p3")
_DEP = Dependence("", "", ())
STEPS = st.lists(
    st.tuples(
        st.sampled_from(("edge", "no edge", "remove", "differs", "same", "logged", "gone",
                         "gone edge", "no gone edge", "displaced")),
        st.sampled_from(NODES),
        st.sampled_from(NODES),
        st.booleans(),
    ),
    max_size=30,
)  # fmt: skip


@pytest.mark.rule("A-DEP-2", "A-ORDER-1")
@settings(max_examples=2000, deadline=None)
@given(STEPS)
def test_the_passives_a_difference_can_reach_kept_between_rounds_hold_every_one(
    steps: list[tuple[str, str, str, bool]],
) -> None:
    """``passive_touched`` keeps the passives that reach a differing pair or a displaced
    passive from round to round: after any changes of the graph, of the differing pairs,
    of the log's values and of the edges into passives applied earlier, what it answers
    holds every passive a fresh search finds (a superset is what ``passive_rechoose``
    needs; see the module's text)."""
    reach = touched.Reach()
    graph = touched.Graph(reach)
    diff = touched.Pairs(reach)
    gone = touched.Gone(reach)
    logval: dict[tuple[str, str], bool] = {}
    displaced: list[str] = []
    kept = 0
    for what, a, b, flag in steps:
        if what == "edge" and a != b:
            graph.set(a, b, _DEP)
        elif what == "no edge":
            graph.set(a, b, None)
        elif what == "remove":
            graph.remove(a)
        elif what == "differs" and a != b:
            diff.add((a, b))
        elif what == "same":
            diff.discard((a, b))
        elif what == "logged":
            logval[(a, b)] = flag
        elif what == "gone":
            gone[b] = {a} if flag else set()
        elif what == "gone edge" and b in gone:
            gone[b].add(a)
        elif what == "no gone edge" and b in gone:
            gone[b].discard(a)
        elif what == "displaced" and flag and a not in displaced:
            displaced.append(a)
        elif what == "displaced" and not flag and a in displaced:
            displaced.remove(a)
        # asked after each change, as ``passive_rechoose`` asks in most rounds
        was = reach.nodes
        got = set(reach.touched(displaced, diff, logval, graph.into, gone))
        fresh = touched.Reach().touched(displaced, diff, logval, graph.into, gone)
        assert got >= fresh
        kept += was is not None and reach.nodes is was
    event(f"kept {min(kept, 3)}+ times")


@pytest.mark.rule("A-DEP-1", "A-ORDER-1", "A-DEP-2")
def test_a_changed_object_that_a_later_passive_selects_still_holds_the_rest_back() -> None:
    """e (timestamp 1) makes the Animals Elementals, c (2) the Elementals Spirits, b (4)
    gives the Defender Spirits Gigantic, a (3) gives the Gigantic +1 power. x and w are
    Defender Animals, w Gigantic already: b waits for c (through x and w), a for b
    (through x alone). Once x is no Defender, a no longer waits: the order is e, c, a, b,
    where a passive on others moves, which the order made again from the log refuses.
    After e no pair differs: it must not take the rest of the previous order while c,
    which selects x, is still to come (``passive_followed``), which would answer the
    previous order."""
    from arbiter.model.passive_rechoose import rechoose

    def of(*types: str, has: str = "") -> fx.Selector:
        feats = frozenset({has}) if has else frozenset()
        return fx.Selector(fx.Pick.ALL, subtypes=frozenset(types), has=feats)

    def make(t: str) -> fx.ModifyStat:
        return fx.ModifyStat(pv.SUBTYPES, fx.StatOp.ADD, members=frozenset({t}))

    passives = {
        "e": (1, pv.passive("e.p", "e", make("Elemental"), of("Animal"))),
        "c": (2, pv.passive("c.p", "c", make("Spirit"), of("Elemental"))),
        "a": (3, pv.passive("a.p", "a", fx.ModifyStat("power"), of(has="Gigantic"),
                             fx.Const(1))),
        "b": (4, pv.passive("b.p", "b", fx.Give(fx.Grant.KEYWORD, "Gigantic"),
                             of("Spirit", has="Defender"))),
    }  # fmt: skip
    objects = {
        oid: GameObject(oid, "ana", "character", base={"power": 0}, timestamp=ts, abilities=(p,))
        for oid, (ts, p) in passives.items()
    }
    animal: dict[str, int | frozenset[str]] = {"power": 1, "subtypes": frozenset({"Animal"})}
    defender = {"Defender": _flag("Defender")}
    objects["x"] = GameObject("x", "bo", "character", base=animal, features=defender)
    objects["w"] = GameObject(
        "w", "bo", "character", base=animal, features={**defender, "Gigantic": _flag("Gigantic")}
    )
    state = GameState(RULESETS["altered"], PLAYERS, objects)
    first = dep.order_passives(state)
    assert first.order == ("e.p", "c.p", "b.p", "a.p")
    new = _with(state, "x", features={})
    fresh = dep.order_passives(new)
    assert fresh.order == ("e.p", "c.p", "a.p", "b.p")
    log = first.log
    assert log is not None and log.origin is not None and log.stored is not None
    assert log.follow is not None
    got = rechoose(log.origin, log.stored, new, log, log.follow, ["x"])
    assert got is None  # a passive on others (a) moves: not one the module follows
    replayed = replay_update(first, state, new, ["x"])
    assert replayed is None or replayed.order == fresh.order
    same_ordering(dep.reorder(first, state, new), fresh)
