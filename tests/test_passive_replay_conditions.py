"""A condition that reads its source's region and more (A-DEP-1c, A-ORDER-1, A-PASS-1).

"If I am in a Forest and have Defender, +1 power" does not depend on "I gain Defender"
while its region is no Forest: applying the second never flips the first. Once the
region turns Forest it does, so the second is applied first and the first holds. The
trial log's replay once kept the previous order (the first one applied before it held)
after the region changed, because it compared again only the passives that change the
region; a game re-evaluating from an earlier answer then read power 0 instead of 1.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from arbiter.model import passive_order as dep
from arbiter.model import passives as pv
from arbiter.model.effects import algebra as fx
from arbiter.model.passive_replay import replay_update
from arbiter.model.ruleset import RULESETS
from arbiter.model.state import GameObject, GameState
from arbiter.model.values.characteristics import read_or_zero
from tests.passive_strategies import comparable, same_ordering

FOREST_AND_DEFENDER = fx.Condition(
    fx.Test.AND,
    parts=(fx.Condition(fx.Test.REGION, name="Forest"), fx.Condition(fx.Test.HAS, name="Defender")),
)
CHARACTERS = fx.Selector(fx.Pick.ALL, kinds=frozenset({"character"}))


def _board(selector: fx.Selector) -> tuple[GameState, GameState]:
    """The board before and after its region turns Forest."""
    plus = pv.passive(
        "s.a", "s", fx.ModifyStat("power"), selector, fx.Const(1), FOREST_AND_DEFENDER
    )
    nothing = pv.passive("s.b", "s", fx.ModifyStat("power"), fx.SELF, fx.Const(0))
    defender = pv.passive("s.c", "s", fx.Give(fx.Grant.KEYWORD, "Defender"), fx.SELF)
    plain = {"power": 0, "subtypes": frozenset[str]()}
    objects = {
        "r0": GameObject("r0", "ana", "region", base={"subtypes": frozenset()}),
        "r1": GameObject("r1", "ana", "region", base={"subtypes": frozenset()}),
        "s": GameObject(
            "s",
            "ana",
            "character",
            base=plain,
            abilities=(plus, nothing, defender),
            timestamp=1,
            region="r1",
        ),
        "x": GameObject("x", "ana", "character", base=plain, timestamp=1, region="r0"),
    }
    state = GameState(RULESETS["altered"], ("ana", "bo"), objects)
    forest = replace(objects["r1"], base={"subtypes": frozenset({"Forest"})})
    return state, replace(state, objects={**objects, "r1": forest})


@pytest.mark.rule("A-DEP-1", "A-ORDER-1", "A-PASS-1")
@pytest.mark.parametrize("selector", [fx.SELF, CHARACTERS], ids=["itself", "all characters"])
def test_a_region_turning_makes_a_condition_on_it_and_its_source_depend_on_a_keyword(
    selector: fx.Selector,
) -> None:
    state, forest = _board(selector)
    before = dep.order_passives(state)
    fresh = dep.order_passives(forest)
    assert before.order == ("s.a", "s.b", "s.c") and "s.a" not in before.held
    assert fresh.order == ("s.b", "s.c", "s.a") and "s.a" in fresh.held
    assert read_or_zero(fresh.state.objects["s"], "power") == 1
    got = replay_update(before, state, forest, ["r1"])
    if got is not None:
        same_ordering(got, fresh)
    same_ordering(dep.reorder(before, state, forest), fresh)


@pytest.mark.rule("A-DEP-1", "A-ORDER-1", "A-PASS-1")
@pytest.mark.parametrize("selector", [fx.SELF, CHARACTERS], ids=["itself", "all characters"])
def test_after_an_earlier_event_a_game_reads_the_power_the_full_ordering_gives(
    selector: fx.Selector,
) -> None:
    """The region turns after another event re-evaluated from the same trial log (the
    replay is then asked before the cone), through the memo a game uses."""
    state, forest = _board(selector)
    x = state.objects["x"]
    stronger = replace(x, base={**x.base, "power": 5})
    mid = replace(state, objects={**state.objects, "x": stronger})
    new = replace(forest, objects={**forest.objects, "x": stronger})
    previous = dep.order_passives(state)
    middle = dep.reorder(previous, state, mid)
    assert middle.reused
    fresh = dep.order_passives(new)
    same_ordering(dep.reorder(middle, mid, new), fresh)
    for s in (state, mid):
        dep.after_passives(s)
    derived = dep.after_passives(new)
    assert read_or_zero(derived.objects["s"], "power") == 1
    assert comparable(derived) == comparable(fresh.state)
