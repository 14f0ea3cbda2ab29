"""Altered Complete Rules 3.0, 3.2.9: Mana Orbs, under the policy ``mana_payment: orbs``
(Decision AL-MANA-ORBS); the default reading keeps mana a number per player."""

from __future__ import annotations

import pytest

from arbiter.model.ruleset import RULESETS, ManaPayment
from tests.altered_helpers import altered, events, final, part

ORBS = "{mana_payment: orbs}"
BOARD = """
objects:
  o1: {owner: ana, kind: character, zone: mana}
  o2: {owner: ana, kind: spell, zone: mana}
  o3: {owner: ana, kind: character, zone: mana, status: [exhausted]}
  bolt: {owner: ana, kind: spell, zone: hand, base: {hand_cost: 2}, spell: {steps: []}}
  zap: {owner: ana, kind: spell, zone: hand, base: {hand_cost: 1}, spell: {steps: []}}
  extra: {owner: ana, kind: character, zone: hand}
  keep: {owner: ana, kind: character, zone: hand}
steps:
"""


def refused_under(body: str, policies: str) -> str:
    result = altered(part(body), policies)
    assert result.stopped_by is not None, "the action was expected to be refused"
    return result.stopped_by.rule


@pytest.mark.rule("AL-MANA-ORBS", "Altered 3.2.9.f", "Altered 3.2.10.a")
def test_a_mana_cost_is_paid_by_exhausting_that_many_ready_mana_orbs() -> None:
    assert all(r.mana_payment is ManaPayment.COUNTER for r in RULESETS.values())
    state = final(BOARD + "  - play: {card: bolt}\n", ORBS)
    assert state.obj("o1").counters.get("exhausted") == 1
    assert state.obj("o2").counters.get("exhausted") == 1
    (paid,) = events(state, "pay")
    assert paid["orbs_exhausted"] == ["o1", "o2"] and "Altered 3.2.9.f" in paid["rules"]
    assert state.obj("bolt").zone == "reserve"  # the card played goes on as usual
    # no ready orb is left; the seed's reading counts mana only (none given here)
    assert refused_under(BOARD + "  - play: {card: bolt}\n  - play: {card: zap}\n", ORBS) == (
        "A-GOLD-2"
    )
    assert refused_under(BOARD + "  - play: {card: bolt}\n", "") == "A-GOLD-2"


@pytest.mark.rule("AL-MANA-ORBS", "Altered 3.2.9.f")
def test_mana_given_by_effects_pays_first_then_the_orbs() -> None:
    state = final(BOARD + "  - mana: {ana: 1}\n  - play: {card: bolt}\n", ORBS)
    (paid,) = events(state, "pay")
    assert paid["orbs_exhausted"] == ["o1"] and paid["mana_left"] == 0


@pytest.mark.rule("Altered 3.2.9.b", "Altered 4.2.1.e")
def test_a_card_put_in_the_mana_zone_enters_exhausted_but_expand_puts_it_ready() -> None:
    state = final(
        BOARD + "  - send: {target: extra, to: mana}\n  - morning: {expand: {ana: keep}}\n", ORBS
    )
    assert state.obj("extra").zone == "mana"
    # the Morning's Prepare readied 'extra' before Expand; Expand's card is ready too
    assert state.obj("keep").counters.get("exhausted", 0) == 0
    state = final(BOARD + "  - send: {target: extra, to: mana}\n", ORBS)
    assert state.obj("extra").counters.get("exhausted") == 1
    assert final(BOARD + "  - send: {target: extra, to: mana}\n").obj("extra").counters == {}


@pytest.mark.rule("Altered 3.2.9.e")
def test_a_mana_orb_may_be_exhausted_to_ready_another() -> None:
    state = final(BOARD + "  - orb: {player: ana, exhaust: o1, ready: o3}\n", ORBS)
    assert state.obj("o1").counters.get("exhausted") == 1
    assert state.obj("o3").counters.get("exhausted", 0) == 0
    assert refused_under(BOARD + "  - orb: {player: ana, exhaust: o3, ready: o1}\n", ORBS) == (
        "Altered 3.2.9.e"
    )
    assert refused_under(BOARD + "  - orb: {player: ana, exhaust: o1, ready: o3}\n", "") == (
        "AL-MANA-ORBS"
    )
