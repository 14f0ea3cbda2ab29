"""Altered Complete Rules 3.0: exhausted and ready (2.4.5.a-b), counters gained, spent as a
cost and present from the start (2.5.e, f, h)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import view

TOTEM = """
ruleset: altered
players: [ana, bo]
objects:
  totem:
    owner: ana
    kind: permanent
    zone: landmark
    counters: {{charge: 3}}
    quick_actions:
      - id: tap
        cost: [{{exhaust: self}}]
        do: [{{counter: {{target: totem, name: tapped, add: 1}}}}]
      - id: burn
        cost: [{{pay: {{counter: charge, amount: 2, of: self}}}}]
        do: [{{counter: {{target: totem, name: burnt, add: 1}}}}]
  hero: {{owner: ana, kind: hero, zone: hero, counters: {{fame: 2}}}}
steps:
{steps}
"""


def run(*steps: str) -> dict[str, Any]:
    return view(TOTEM.format(steps="".join(f"  - {s}\n" for s in steps)))


@pytest.mark.rule("Altered 2.4.5.a", "Altered 2.4.5.b", "A-GOLD-2")
def test_an_exhaust_cost_needs_a_ready_object_and_exhausts_it() -> None:
    tap = "activate: {object: totem, action: tap}"
    out = run(tap, "expect: {totem.counters.exhausted: 1}", "effect: {ready: totem}", tap)
    assert "illegal" not in out and out["expect"]["failed"] == 0
    assert out["objects"]["totem"]["counters"]["tapped"] == 2  # ready again, then exhausted
    twice = run(tap, tap)
    assert twice["illegal"]["rule"] == "A-GOLD-2"  # already exhausted: the cost cannot be paid


@pytest.mark.rule("Altered 2.5.h", "A-GOLD-2")
def test_spending_counters_as_a_cost_needs_that_many_and_removes_them() -> None:
    burn = "activate: {object: totem, action: burn}"
    out = run(burn, burn)
    assert out["illegal"]["rule"] == "A-GOLD-2"  # 3 - 2 = 1 left: not enough for 2
    assert out["objects"]["totem"]["counters"]["charge"] == 1
    assert out["objects"]["totem"]["counters"]["burnt"] == 1


@pytest.mark.rule("Altered 2.5.f", "Altered 2.5.e")
def test_gaining_counters_adds_them_and_a_hero_starts_with_its_counters() -> None:
    out = run("effect: {counter: {target: hero, name: fame, add: 3}}")
    assert out["objects"]["hero"]["counters"]["fame"] == 2 + 3
