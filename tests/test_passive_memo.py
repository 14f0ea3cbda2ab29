"""The state after passives is explicit state, not a memory of earlier calls (A-PASS-1).

A derived state carries ``derived=True`` and is never derived again; the small memo of
orderings in ``arbiter.model.passive_order`` is a pure cache: every answer is the same
with it disabled, and whatever was derived before."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from arbiter.model import passive_order as po
from arbiter.model.state import GameState
from arbiter.model.values.characteristics import read_or_zero
from tests.goldens import _one
from tests.helpers import scenario

ROOT = Path(__file__).resolve().parent.parent
WITH_PASSIVES = sorted(
    str(p.relative_to(ROOT))
    for p in (ROOT / "examples").rglob("*.yaml")
    if "cardsets" not in p.parts and "passive" in p.read_text(encoding="utf-8")
)

NUMBERS = (ROOT / "examples" / "altered_dependency_orders_numbers.yaml").read_text(encoding="utf-8")


def comparable(state: GameState) -> dict[str, Any]:
    return {oid: repr(obj) for oid, obj in sorted(state.objects.items())}


def answers(example: str) -> list[dict[str, Any]]:
    return [_one(["run", example, "--json"]), _one(["graph", example, "--format", "json"])]


def test_examples_with_passives_exist() -> None:
    assert len(WITH_PASSIVES) >= 5, WITH_PASSIVES


@pytest.mark.rule("A-PASS-1", "A-ORDER-1")
@pytest.mark.parametrize("example", WITH_PASSIVES)
def test_every_answer_is_the_same_with_the_memo_disabled(
    example: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    for other in WITH_PASSIVES:  # leave the memo full of other examples' states
        po.after_passives(scenario((ROOT / other).read_text(encoding="utf-8")).start)
    cached = answers(example)
    with po.memo_disabled():
        fresh = answers(example)
    assert cached == fresh
    assert cached[0]["exit"] == 0


@pytest.mark.rule("A-PASS-1")
def test_a_derived_state_is_marked_and_never_derived_again_whatever_came_before() -> None:
    start = scenario(NUMBERS).start
    with po.memo_disabled():
        derived = po.after_passives(start)
        assert derived.derived and not start.derived
        assert po.after_passives(derived) is derived  # without any memo
    assert derived == replace(derived, derived=False)  # the marker is not compared
    # a state built from a derived one by an event stays marked: never derived twice
    moved = derived.with_object(replace(derived.obj("x"), zone="reserve"))
    assert po.after_passives(moved) is moved


@pytest.mark.rule("A-PASS-1", "A-ORDER-1")
def test_the_state_after_an_event_does_not_depend_on_what_was_derived_before() -> None:
    start = scenario(NUMBERS).start
    z = start.obj("z")
    event = start.with_object(replace(z, base={**z.base, "forest": 1}))
    with po.memo_disabled():
        alone = po.after_passives(event)
    po.after_passives(start)  # the memo now holds the state before the event
    after = po.after_passives(event)  # reused from it (reorder)
    assert comparable(after) == comparable(alone)
    assert [read_or_zero(after.obj(o), "forest") for o in "xyz"] == [4, 2, 2]  # A-ORDER-1
    assert po.ordering(event).reused is False  # the explained order is always computed in full
    assert po.ordering(event).order == po.order_passives(event).order


@pytest.mark.rule("A-PASS-1")
def test_a_state_re_evaluated_by_the_local_update_is_marked_and_never_derived_again() -> None:
    """An event the local update answers (``passive_events``: a character no selector
    reads changes) gives a derived state: deriving it again changes nothing. It once came
    back unmarked, and a second derivation applied "+1 power" a second time."""
    from arbiter.model import passives as pv
    from arbiter.model.effects import algebra as fx
    from arbiter.model.passive_events import local_update
    from arbiter.model.ruleset import RULESETS
    from arbiter.model.state import GameObject
    from arbiter.model.values.features import Feature

    plus = pv.passive(
        "s.a",
        "s",
        fx.ModifyStat("power"),
        fx.Selector(fx.Pick.ALL, subtypes=frozenset({"Elemental"})),
        fx.Const(1),
    )
    elemental = {"power": 1, "subtypes": frozenset({"Elemental"})}
    start = GameState(
        objects={
            "s": GameObject("s", "ana", "character", base={"power": 0}, abilities=(plus,)),
            "x": GameObject("x", "ana", "character", base=elemental, timestamp=2),
            "y": GameObject("y", "bo", "character", base=elemental, timestamp=3),
        },
        players=("ana", "bo"),
        ruleset=RULESETS["altered"],
    )
    x = start.obj("x")
    keyword = {"Defender": Feature("Defender")}  # read by no passive
    event = start.with_object(replace(x, base={**x.base, "power": 3}, features=keyword))
    previous = po.order_passives(start)
    assert local_update(previous, event, ["x"]) is not None  # the path this test is about
    po.after_passives(start)  # the memo holds the state before the event
    derived = po.after_passives(event)
    assert derived.derived
    assert po.after_passives(derived) is derived
    assert [read_or_zero(derived.obj(o), "power") for o in "xy"] == [4, 2]
    with po.memo_disabled():
        assert comparable(derived) == comparable(po.after_passives(event))
