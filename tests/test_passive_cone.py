"""Re-evaluating passives after a region's change by ordering the cone again
(``passive_cone.cone_update``) equals recomputing everything (A-ORDER-1).

Random boards where a region's terrain decides the order: conditional passives on their
source ("if I am in a Forest, I gain Gigantic / am a Spirit / lose all abilities"),
"all regions are Forests" passives, readers of what the conditional passives grant
("all Gigantic get +1 power", "all Spirits gain Defender / get +1 power"), chains of
subtype adders and removers, "lose all abilities", regions that gain creature types,
over characters that are sources of nothing. After each sequence
of terrain changes, the cone's answer (where it gives one) and the game's re-evaluation
(``passive_order.reorder``) must equal a fresh ordering: the order, the objects as the
view shows them, the objects each passive applied to, the passives that held.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from arbiter.model import passive_order as dep
from arbiter.model import passives as pv
from arbiter.model.effects import algebra as fx
from arbiter.model.passive_cone import cone_update
from arbiter.model.ruleset import RULESETS
from arbiter.model.state import GameObject, GameState
from tests.passive_strategies import (
    PLAYERS,
    TERRAINS,
    _flag,
    comparable,
    drawn_characters,
    drawn_source,
    same_ordering,
    states,
)

TYPES = ("Elemental", "Spirit", "Animal")
ALL = fx.Pick.ALL
SHAPES = (
    "forest",
    "forest",
    "forest-type",
    "forest-lose",
    "regions",
    "gigantic",
    "spirits",
    "adder",
    "adder",
    "gain",
    "lose-all",
    "power",
    "forests-are",
    "remover",
    "spirits-power",
)


@st.composite
def region_boards(draw: st.DrawFn) -> GameState:
    """2–3 regions; 3–8 passives, each on its own source, of the shapes above; 1–4
    characters that are sources of nothing."""
    regions = [f"r{i}" for i in range(draw(st.integers(2, 3)))]
    objects: dict[str, GameObject] = {}
    for rid in regions:
        terrain = frozenset({draw(st.sampled_from(TERRAINS))})
        objects[rid] = GameObject(rid, "ana", "region", base={"subtypes": terrain})
    for j in range(draw(st.integers(3, 8))):
        shape = draw(st.sampled_from(SHAPES))
        t = frozenset({draw(st.sampled_from(TYPES))})
        u = frozenset({draw(st.sampled_from(TYPES))})
        forest = fx.Condition(
            fx.Test.REGION, name=draw(st.sampled_from(("Forest", "Forest", "Water")))
        )
        selector: fx.Selector = fx.Selector(ALL, subtypes=t)
        amount: fx.Amount | None = None
        cond = None
        action: fx.Action
        if shape == "forest":
            selector, cond = fx.SELF, forest
            action = fx.Give(fx.Grant.KEYWORD, "Gigantic")
        elif shape == "forest-type":
            selector, cond = fx.SELF, forest
            action = fx.ModifyStat(pv.SUBTYPES, fx.StatOp.ADD, members=frozenset({"Spirit"}))
        elif shape == "forest-lose":
            cond = forest
            action = fx.Take(fx.Grant.ABILITIES)
        elif shape == "regions":
            selector = fx.Selector(ALL, kinds=frozenset({"region"}))
            terrain = frozenset({draw(st.sampled_from(("Forest", "Forest", "Mountain")))})
            action = fx.ModifyStat(pv.REGION_TYPE, fx.StatOp.SET, members=terrain)
        elif shape == "gigantic":
            selector = fx.Selector(ALL, has=frozenset({"Gigantic"}))
            op = draw(st.sampled_from([fx.StatOp.ADD, fx.StatOp.SET]))
            action, amount = fx.ModifyStat("power", op), fx.Const(draw(st.integers(1, 3)))
        elif shape == "spirits":
            selector = fx.Selector(ALL, subtypes=frozenset({"Spirit"}))
            action = fx.Give(fx.Grant.KEYWORD, draw(st.sampled_from(("Defender", "Gigantic"))))
        elif shape == "adder":
            action = fx.ModifyStat(pv.SUBTYPES, fx.StatOp.ADD, members=u)
        elif shape == "gain":
            action = fx.Give(fx.Grant.KEYWORD, "Gigantic")
        elif shape == "lose-all":
            action = fx.Take(fx.Grant.ABILITIES)
        elif shape == "remover":  # "all Elementals are no longer Spirits"
            action = fx.ModifyStat(pv.SUBTYPES, fx.StatOp.REMOVE, members=u)
        elif shape == "spirits-power":
            selector = fx.Selector(ALL, subtypes=frozenset({"Spirit"}))
            action, amount = fx.ModifyStat("power"), fx.Const(1)
        elif shape == "forests-are":  # regions gain a creature type: "all Forests are Spirits"
            selector = fx.Selector(ALL, subtypes=frozenset({"Forest"}))
            action = fx.ModifyStat(pv.SUBTYPES, fx.StatOp.ADD, members=u)
        else:
            op = draw(st.sampled_from([fx.StatOp.ADD, fx.StatOp.SET]))
            action, amount = fx.ModifyStat("power", op), fx.Const(draw(st.integers(0, 3)))
        p = pv.passive(f"s{j}.p", f"s{j}", action, selector, amount, cond)
        objects[f"s{j}"] = drawn_source(draw, f"s{j}", p, TYPES, regions)
    objects.update(drawn_characters(draw, TYPES, regions, 4, gigantic=True))
    return GameState(RULESETS["altered"], PLAYERS, objects)


def _terrain(state: GameState, pick: int, terrain: int) -> GameState:
    regions = sorted(o for o, obj in state.objects.items() if obj.kind == "region")
    rid = regions[pick % len(regions)]
    obj = state.objects[rid]
    now = frozenset({TERRAINS[terrain % len(TERRAINS)]}) if terrain % 4 else frozenset()
    return replace(state, objects={**state.objects, rid: replace(obj, base={"subtypes": now})})


@pytest.mark.rule("A-PASS-1", "A-ORDER-1", "A-DEP-1", "A-DEP-2", "Altered 2.3.2.f")
@settings(max_examples=500, deadline=None)
@given(
    region_boards(),
    st.lists(st.tuples(st.integers(0, 5), st.integers(0, 7)), min_size=1, max_size=5),
)
def test_ordering_the_cone_again_after_a_region_change_equals_recomputing(
    state: GameState, events: list[tuple[int, int]]
) -> None:
    first = dep.order_passives(state)
    ordering = first
    for pick, terrain in events:
        new = _terrain(state, pick, terrain)
        fresh = dep.order_passives(new)
        # from the full ordering of the first state (every region changed since counts)
        merged = cone_update(ordering, state, new, [])
        if merged is None:
            event("cone: not answered")
        else:
            event(f"cone: answered, order {'same' if merged.order == first.order else 'changed'}")
            same_ordering(merged, fresh)
            assert merged.reused
        ordering = dep.reorder(ordering, state, new)
        same_ordering(ordering, fresh)
        state = new


@pytest.mark.rule("A-PASS-1", "A-ORDER-1", "A-DEP-1", "A-DEP-2")
@settings(max_examples=300, deadline=None)
@given(
    states(max_passives=6),
    st.lists(st.tuples(st.integers(0, 5), st.integers(0, 7)), min_size=1, max_size=4),
)
def test_the_cone_on_any_random_board_equals_recomputing(
    state: GameState, events: list[tuple[int, int]]
) -> None:
    """The boards of ``passive_strategies.states``: any selector, condition and effect the
    engine runs, several passives per source, characters out of play."""
    ordering = dep.order_passives(state)
    for pick, terrain in events:
        new = _terrain(state, pick, terrain)
        fresh = dep.order_passives(new)
        merged = cone_update(ordering, state, new, [])
        event("cone: answered" if merged is not None else "cone: not answered")
        if merged is not None:
            same_ordering(merged, fresh)
        ordering = dep.reorder(ordering, state, new)
        same_ordering(ordering, fresh)
        state = new


def _board() -> GameState:
    """r0 a Mountain; s1 in r0: "if I am in a Forest, I gain Gigantic" (stamp 1); s2: "all
    regions are Forests" (stamp 3); s3: "all Gigantic get +1 power" (stamp 2); s4: "all
    Elementals gain Gigantic" (stamp 4); x0 an Elemental."""
    gig = fx.Selector(ALL, has=frozenset({"Gigantic"}))
    forest = fx.Condition(fx.Test.REGION, name="Forest")
    ps = {
        "s1": pv.passive(
            "s1.p", "s1", fx.Give(fx.Grant.KEYWORD, "Gigantic"), fx.SELF, None, forest
        ),
        "s2": pv.passive(
            "s2.p",
            "s2",
            fx.ModifyStat(pv.REGION_TYPE, fx.StatOp.SET, members=frozenset({"Forest"})),
            fx.Selector(ALL, kinds=frozenset({"region"})),
        ),
        "s3": pv.passive("s3.p", "s3", fx.ModifyStat("power"), gig, fx.Const(1)),
        "s4": pv.passive(
            "s4.p",
            "s4",
            fx.Give(fx.Grant.KEYWORD, "Gigantic"),
            fx.Selector(ALL, subtypes=frozenset({"Elemental"})),
        ),
    }
    stamps = {"s1": 1, "s2": 3, "s3": 2, "s4": 4}
    objects = {
        "r0": GameObject("r0", "ana", "region", base={"subtypes": frozenset({"Mountain"})}),
        "r1": GameObject("r1", "ana", "region", base={"subtypes": frozenset({"Water"})}),
        "x0": GameObject(
            "x0", "bo", "character", base={"power": 1, "subtypes": frozenset({"Elemental"})}
        ),
    }
    for sid, p in ps.items():
        objects[sid] = GameObject(
            sid,
            "ana",
            "character",
            base={"power": 0},
            timestamp=stamps[sid],
            abilities=(p,),
            region="r0" if sid == "s1" else "r1",
        )
    return GameState(RULESETS["altered"], PLAYERS, objects)


@pytest.mark.rule("A-ORDER-1", "A-DEP-1", "A-DEP-2", "Altered 2.3.2.f")
def test_a_terrain_that_makes_a_condition_wait_for_the_forests_reorders_the_cone() -> None:
    """r0 becomes a Water: s1's condition no longer holds by itself; "all regions are
    Forests" now makes it hold (A-DEP-1c), so s1 waits for s2, and "all Gigantic get +1"
    waits for s1: the order changes and the cone's merge gives it."""
    state = _board()
    first = dep.order_passives(state)
    r0 = state.objects["r0"]
    new = replace(
        state,
        objects={**state.objects, "r0": replace(r0, base={"subtypes": frozenset({"Forest"})})},
    )
    fresh = dep.order_passives(new)
    merged = cone_update(first, state, new, ["r0"])
    assert merged is not None
    same_ordering(merged, fresh)
    back = cone_update(first, state, state, [])
    assert back is not None
    same_ordering(back, first)
    assert fresh.order != first.order  # the case really reorders


@pytest.mark.rule("A-ORDER-1", "A-DEP-1", "A-PASS-2")
def test_a_number_passive_of_the_cone_that_moves_is_applied_again_in_its_new_place() -> None:
    """r0 becomes a Forest: s1 ("if I am in a Forest, I gain Gigantic", stamp 4) now
    gives Gigantic, so "all Gigantic get +1 power" (s3, stamp 2) waits for it (A-DEP-1b)
    and comes after "all Elementals have 3 power" (s5, stamp 3): x0 (Gigantic, an
    Elemental, touched by no other passive of the cone) has 4 power instead of 3."""
    gig = fx.Selector(ALL, has=frozenset({"Gigantic"}))
    forest = fx.Condition(fx.Test.REGION, name="Forest")
    ps = {
        "s1": pv.passive(
            "s1.p", "s1", fx.Give(fx.Grant.KEYWORD, "Gigantic"), fx.SELF, None, forest
        ),
        "s2": pv.passive(
            "s2.p",
            "s2",
            fx.ModifyStat(pv.REGION_TYPE, fx.StatOp.SET, members=frozenset({"Forest"})),
            fx.Selector(ALL, kinds=frozenset({"region"})),
        ),
        "s3": pv.passive("s3.p", "s3", fx.ModifyStat("power"), gig, fx.Const(1)),
        "s5": pv.passive(
            "s5.p",
            "s5",
            fx.ModifyStat("power", fx.StatOp.SET),
            fx.Selector(ALL, subtypes=frozenset({"Elemental"})),
            fx.Const(3),
        ),
    }
    stamps = {"s1": 4, "s3": 2, "s5": 3, "s2": 6}
    objects = {
        "r0": GameObject("r0", "ana", "region", base={"subtypes": frozenset({"Mountain"})}),
        "x0": GameObject(
            "x0",
            "bo",
            "character",
            base={"power": 1, "subtypes": frozenset({"Elemental"})},
            features={"Gigantic": _flag("Gigantic")},
        ),
    }
    for sid, p in ps.items():
        objects[sid] = GameObject(
            sid,
            "ana",
            "character",
            base={"power": 0},
            timestamp=stamps[sid],
            abilities=(p,),
            region="r0",
        )
    state = GameState(RULESETS["altered"], PLAYERS, objects)
    first = dep.order_passives(state)
    r0 = objects["r0"]
    new = replace(
        state,
        objects={**objects, "r0": replace(r0, base={"subtypes": frozenset({"Forest"})})},
    )
    fresh = dep.order_passives(new)
    assert first.order.index("s3.p") < first.order.index("s5.p")
    assert fresh.order.index("s3.p") > fresh.order.index("s5.p")
    merged = cone_update(first, state, new, ["r0"])
    assert merged is not None
    same_ordering(merged, fresh)
    assert merged.state.objects["x0"].base["power"] == 1  # (the base is kept)
    assert comparable(merged.state)["x0"] != comparable(first.state)["x0"]


def _character(state: GameState, pick: int, value: int) -> GameState:
    """A character that is the source of nothing gets other creature types, or gains or
    loses Gigantic."""
    plain = sorted(o for o, obj in state.objects.items() if o.startswith("x"))
    oid = plain[pick % len(plain)]
    obj = state.objects[oid]
    if value % 2:
        feats = dict(obj.features)
        if feats.pop("Gigantic", None) is None:
            feats["Gigantic"] = _flag("Gigantic")
        obj = replace(obj, features=feats)
    else:
        kept = frozenset() if value % 3 == 0 else frozenset({TYPES[value % len(TYPES)]})
        obj = replace(obj, base={**obj.base, "subtypes": kept})
    return replace(state, objects={**state.objects, oid: obj})


@pytest.mark.rule("A-PASS-1", "A-ORDER-1", "A-DEP-1", "A-DEP-2")
@settings(max_examples=400, deadline=None)
@given(
    region_boards(),
    st.lists(
        st.tuples(st.booleans(), st.integers(0, 5), st.integers(0, 7)), min_size=1, max_size=5
    ),
)
def test_the_cone_after_characters_and_regions_change_equals_recomputing(
    state: GameState, events: list[tuple[bool, int, int]]
) -> None:
    """Terrains and characters' creature types and keywords change in any order: the
    cone follows every object changed since the full ordering."""
    ordering = dep.order_passives(state)
    for on_region, pick, value in events:
        new = _terrain(state, pick, value) if on_region else _character(state, pick, value)
        fresh = dep.order_passives(new)
        merged = cone_update(ordering, state, new, [])
        event("cone: answered" if merged is not None else "cone: not answered")
        if merged is not None:
            same_ordering(merged, fresh)
        ordering = dep.reorder(ordering, state, new)
        same_ordering(ordering, fresh)
        state = new
