"""The order of one controller's simultaneous triggers (Riftbound 383.3.d, 808.2.a):
chosen by the controller under ``trigger_order: controller-chooses`` (the Riftbound
default), fixed by TRIG-1 under ``declared`` (Decision RB-TRIG-ORDER)."""

from __future__ import annotations

from typing import Any

import pytest

from arbiter.model import trigger_order as to
from arbiter.model.abilities import Pending
from tests.helpers import run_text, view

HEAD = "ruleset: riftbound\nplayers: [ana, bo]\n"

HERALD = """objects:
  herald:
    owner: bo
    kind: unit
    base: {might: 2}
    counters: {damage: 2}
    features: [Deathknell]
    triggers:
      - {id: spend, when: {leaves: self}, if: {counter: charge, of: banner, at_least: 1},
         do: [{counter: {target: banner, name: medal, add: 1}}]}
      - {id: rally, when: {leaves: self}, do: [{counter: {target: banner, name: charge, add: 1}}]}
  banner: {owner: bo, kind: unit, base: {might: 5}}
  rival: {owner: ana, kind: unit, base: {might: 5}}
steps:
"""


def banner(steps: str, head: str = HEAD) -> dict[str, Any]:
    out = view(head + HERALD + steps)
    assert "illegal" not in out, out["illegal"]
    assert out["objects"]["herald"]["zone"] == "trash"
    counters: dict[str, Any] = out["objects"]["banner"].get("counters", {})
    return counters


@pytest.mark.rule("Riftbound 808.2.a", "Riftbound 383.3.d", "RB-TRIG-ORDER")
def test_the_controller_orders_the_death_triggers_of_a_unit() -> None:
    declared = banner("  - cleanup: {}\n")
    assert declared == {"charge": 1}  # printed order: the spend found no charge
    chosen = banner("  - cleanup: {triggers: {bo: [herald.rally, herald.spend]}}\n")
    assert chosen == {"charge": 1, "medal": 1}


@pytest.mark.rule("Riftbound 808.2.a", "RB-TRIG-ORDER")
def test_the_chosen_order_is_recorded_and_the_triggers_resolve_in_it() -> None:
    out = view(HEAD + HERALD + "  - cleanup: {triggers: {bo: [herald.rally]}}\n")
    recorded = [e for e in out["events"] if e["kind"] == "trigger_order"]
    assert [(e["player"], e["order"]) for e in recorded] == [("bo", ["herald.rally"])]
    resolved = [e["ability"] for e in out["events"] if e["kind"] == "trigger"]
    assert resolved == ["rally", "spend"]  # the one not named follows


@pytest.mark.rule("TRIG-1", "RB-TRIG-ORDER")
def test_under_the_declared_policy_no_order_may_be_chosen() -> None:
    head = HEAD + "policies: {trigger_order: declared}\n"
    assert banner("  - cleanup: {}\n", head) == {"charge": 1}
    refused = run_text(
        head + HERALD + "  - cleanup: {triggers: {bo: [herald.rally, herald.spend]}}\n"
        "    illegal: TRIG-1\n"
    )
    assert refused.stopped_by is None and refused.passed == 1


@pytest.mark.rule("Riftbound 808.2.a", "RB-TRIG-ORDER")
def test_only_the_controller_orders_its_triggers() -> None:
    refused = run_text(
        HEAD + HERALD + "  - cleanup: {triggers: {ana: [herald.rally]}}\n"
        "    illegal: Riftbound 808.2.a\n"
    )
    assert refused.stopped_by is None and refused.passed == 1
    unknown = run_text(
        HEAD + HERALD + "  - cleanup: {triggers: {bo: [nobody.rally]}}\n"
        "    illegal: Riftbound 808.2.a\n"
    )
    assert unknown.stopped_by is None and unknown.passed == 1


@pytest.mark.rule("Riftbound 383.3.d", "RB-TRIG-ORDER")
def test_an_order_moves_its_players_triggers_only_within_their_places() -> None:
    queue = (
        Pending("a1", "x"),
        Pending("b1", "first"),
        Pending("a2", "y"),
        Pending("b1", "second"),
        Pending("b2", "third"),
    )
    controller = {"a1": "ana", "a2": "ana", "b1": "bo", "b2": "bo"}
    out = to.reorder(queue, controller, {"bo": ["b2.third", "b1.second"]})
    assert [p.label() for p in out] == ["a1.x", "b2.third", "a2.y", "b1.second", "b1.first"]
    assert to.reorder(queue, controller, {}) == queue
    assert sorted(out, key=repr) == sorted(queue, key=repr)  # a permutation
