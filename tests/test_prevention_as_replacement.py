"""Decision D-PREV-REPL: prevention as a replacement of the damage event (Riftbound 437.7,
437.2, 437.3, 372) next to the default pipeline (R-2: prevention first, then
replacement effects), on one case where the order changes the outcome: a prevention
and a redirect of the same damage."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.model.damage import replacement as rp
from arbiter.model.ruleset import POLICY_ENUMS, RULESETS, PreventionReading
from tests.helpers import scenario, view

CASE = """ruleset: riftbound
players: [ana, bo]
%(policies)s
objects:
  bolt: {owner: ana, kind: spell}
  squire: {owner: bo, kind: unit, zone: base, base: {might: 9}, prevention: {id: ward, amount: 2}}
  bodyguard:
    owner: bo
    kind: unit
    zone: base
    base: {might: 9}
    replacements:
      - id: take_the_hit
        when: {event: dealt-damage, object: {side: yours, kind: unit}}
        instead: {object: self}
steps:
  - damage: {id: bolt_hit, each: 3, source: bolt, targets: [squire]}
%(choices)s
"""

REPLACEMENT = "policies: {prevention_as_replacement: replacement}"


def case(policies: str = "", first: str = "") -> str:
    choices = f"choices:\n  bolt_hit: [{{apply: {first}, event: squire}}]" if first else ""
    return CASE % {"policies": policies, "choices": choices}


def damage(out: dict[str, Any], oid: str) -> int:
    return int(out["objects"][oid].get("counters", {}).get("damage", 0))


def ward(out: dict[str, Any]) -> Any:
    return out["objects"]["squire"]["prevention"][0]["remaining"]


def events(out: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [e for e in out["events"] if e["kind"] == kind]


@pytest.mark.rule("D-PREV-REPL", "R-2", "P-1")
def test_by_default_prevention_comes_first_and_the_redirect_sees_what_is_left() -> None:
    out = view(case())
    assert (damage(out, "squire"), damage(out, "bodyguard"), ward(out)) == (0, 1, 0)
    assert events(out, "prevented") == []  # no shield acts as a replacement


@pytest.mark.rule("D-PREV-REPL", "Riftbound 437.7", "Riftbound 372")
def test_a_redirect_ordered_before_the_prevention_takes_all_the_damage() -> None:
    """The owner of the squire orders the two replacements (372): the redirect first, so
    the squire is dealt nothing and the ward is left whole: a different outcome than the
    pipeline's (bodyguard 1, ward 0)."""
    out = view(case(REPLACEMENT, "take_the_hit"))
    assert (damage(out, "squire"), damage(out, "bodyguard"), ward(out)) == (0, 3, 2)
    assert events(out, "prevented") == []
    assert events(out, "replaced")[0]["chooser"] == "bo"


@pytest.mark.rule(
    "D-PREV-REPL", "Riftbound 437.7", "Riftbound 437.2", "Riftbound 437.3.a", "Riftbound 375"
)
def test_a_prevention_ordered_first_reduces_what_the_redirect_sees() -> None:
    out = view(case(REPLACEMENT, "ward"))
    assert (damage(out, "squire"), damage(out, "bodyguard"), ward(out)) == (0, 1, 0)
    (prevented,) = events(out, "prevented")
    assert (prevented["prevented"], prevented["dealt"], prevented["remaining"]) == (2, 1, 0)
    assert {"Riftbound 437.7", "Riftbound 437.2", "Riftbound 437.3.a"} <= set(prevented["rules"])
    redirect = [e for e in events(out, "replaced") if e["by"] == "take_the_hit"][0]
    assert redirect["amount"] == 1 and redirect["lineage"] == ["ward"]


@pytest.mark.rule("D-PREV-REPL", "Riftbound 372", "Riftbound 437.7")
def test_the_owner_of_the_damaged_unit_is_offered_the_shield_and_the_redirect() -> None:
    sc = scenario(case(REPLACEMENT))
    step = sc.steps[0]
    run = step.start(sc.start)  # type: ignore[attr-defined]
    point = rp.point(run.run)
    assert point is not None and point.chooser == "bo" and point.rule == "Riftbound 372"
    applied = sorted(str(dict(o.data)["apply"]) for o in point.options)
    assert applied == ["take_the_hit", "ward"]
    # under the pipeline the shield is no replacement: the redirect alone is forced
    sc = scenario(case())
    run = sc.steps[0].start(sc.start)  # type: ignore[attr-defined]
    assert rp.point(run.run) is None


REDIRECT_TO_SHIELDED = """ruleset: riftbound
players: [ana, bo]
%s
objects:
  bolt: {owner: ana, kind: spell}
  squire: {owner: bo, kind: unit, zone: base, base: {might: 9}}
  bodyguard:
    owner: bo
    kind: unit
    zone: base
    base: {might: 9}
    prevention: {id: plate, amount: all}
    replacements:
      - id: take_the_hit
        when: {event: dealt-damage, object: [squire]}
        instead: {object: self}
steps:
  - damage: {id: bolt_hit, each: 3, source: bolt, targets: [squire]}
"""


@pytest.mark.rule("D-PREV-REPL", "Riftbound 437.7", "Riftbound 437.3.c", "Riftbound 437.4", "R-6")
def test_damage_redirected_to_a_protected_unit_meets_its_prevention_only_as_a_replacement() -> None:
    """Prevention of the pipeline is over before the redirect: the bodyguard takes 3.
    As a replacement, "prevent all" waits for the redirected damage (R-6) and replaces it
    with nothing: it is not dealt at all (437.4) and All stays All (437.3.c)."""
    out = view(REDIRECT_TO_SHIELDED % "")
    assert (damage(out, "squire"), damage(out, "bodyguard")) == (0, 3)
    out = view(REDIRECT_TO_SHIELDED % REPLACEMENT)
    assert (damage(out, "squire"), damage(out, "bodyguard")) == (0, 0)
    (prevented,) = events(out, "prevented")
    assert (prevented["shield"], prevented["remaining"], prevented["dealt"]) == ("plate", "all", 0)
    assert "Riftbound 437.4" in prevented["rules"]
    assert out["objects"]["bodyguard"]["prevention"][0]["remaining"] == "all"


ALONE = """ruleset: riftbound
players: [ana, bo]
%s
objects:
  bolt: {owner: ana, kind: spell}
  u: {owner: bo, kind: unit, zone: %s, base: {might: 20}, prevention: {id: p, amount: %d}}
steps:
  - damage: {id: hit, each: %d, source: bolt, targets: [u]}
"""


@settings(max_examples=30, deadline=None)
@given(shield=st.integers(1, 6), amount=st.integers(1, 8), zone=st.sampled_from(["base", "play"]))
@pytest.mark.rule("D-PREV-REPL", "Riftbound 437.2", "Riftbound 437.2.a", "Riftbound 437.3")
def test_a_shield_alone_deals_the_same_under_both_readings(
    shield: int, amount: int, zone: str
) -> None:
    """With no other replacement nothing is ordered: both readings deal max(0, amount -
    shield), and the Prevent Value keeps max(0, shield - amount)."""
    outs = [view(ALONE % (p, zone, shield, amount)) for p in ("", REPLACEMENT)]
    for out in outs:
        assert damage(out, "u") == max(0, amount - shield)
        assert out["objects"]["u"]["prevention"][0]["remaining"] == max(0, shield - amount)


@pytest.mark.rule("P-6", "Riftbound 107")
def test_a_shield_whose_source_stands_in_a_base_applies() -> None:
    """A unit in its base is in play (Riftbound 107): its own shield is not lost (P-6)."""
    out = view(ALONE % ("", "base", 2, 3))
    assert damage(out, "u") == 1


@pytest.mark.rule("D-PREV-REPL")
def test_prevention_as_replacement_is_a_policy_the_pipeline_by_default() -> None:
    assert POLICY_ENUMS["prevention_as_replacement"] is PreventionReading
    for ruleset in RULESETS.values():
        assert ruleset.prevention_as_replacement is PreventionReading.PIPELINE
    sc = scenario(case(REPLACEMENT))
    assert sc.start.ruleset.prevention_as_replacement is PreventionReading.REPLACEMENT
    assert "prevention_as_replacement" in sc.start.ruleset.chosen


def sized(amount: int, value: int, policies: str = "", first: str = "") -> str:
    text = case(policies, first).replace("amount: 2}", f"amount: {value}}}", 1)
    return text.replace("each: 3,", f"each: {amount},", 1)


@settings(max_examples=20, deadline=None)
@given(amount=st.integers(1, 7), value=st.integers(1, 5))
@pytest.mark.rule("D-PREV-REPL", "R-2", "Riftbound 437.7", "Riftbound 437.2", "Riftbound 437.3")
def test_the_order_of_a_prevention_and_a_redirect_decides_what_is_prevented(
    amount: int, value: int
) -> None:
    """Prevention first (the pipeline, or the shield ordered first) redirects max(0, amount -
    value) and spends min(amount, value); the redirect first moves all of it and spends
    nothing. The two readings agree exactly when the shield is ordered first."""
    pipeline = view(sized(amount, value))
    shield_first = view(sized(amount, value, REPLACEMENT, "ward"))
    for out in (pipeline, shield_first):
        assert damage(out, "squire") == 0
        assert damage(out, "bodyguard") == max(0, amount - value)
        assert ward(out) == max(0, value - amount)
    redirect_first = view(sized(amount, value, REPLACEMENT, "take_the_hit"))
    assert (damage(redirect_first, "squire"), damage(redirect_first, "bodyguard")) == (0, amount)
    assert ward(redirect_first) == value


@pytest.mark.rule("D-PREV-REPL")
def test_an_unknown_reading_is_refused_with_its_place_and_the_values() -> None:
    from arbiter.model.errors import InputError

    with pytest.raises(InputError, match=r"prevention_as_replacement.*pipeline.*replacement"):
        scenario(case("policies: {prevention_as_replacement: sideways}"))


TWO_EVENTS_ONE_SHIELD = """ruleset: riftbound
players: [ana, bo]
policies: {prevention_as_replacement: replacement}
objects:
  bolt: {owner: ana, kind: spell}
  squire: {owner: bo, kind: unit, zone: base, base: {might: 9}, prevention: {id: ward, amount: 3}}
  page:
    owner: bo
    kind: unit
    zone: base
    base: {might: 9}
    replacements:
      - id: hide_behind
        when: {event: dealt-damage, object: [page]}
        instead: {object: squire}
steps:
  - damage: {id: bolt_hit, each: 2, source: bolt, targets: [squire, page]}
choices:
  bolt_hit: [{apply: hide_behind, event: page}]
"""


@pytest.mark.rule("D-PREV-REPL", "Riftbound 437.3", "Riftbound 437.3.a", "Riftbound 373.2")
def test_a_shield_replacing_two_events_of_one_action_prevents_its_value_once_in_all() -> None:
    """Two events of 2 reach the squire in one action (one redirected to it); its ward of 3
    replaces both in one sequence (373.2) and goes down by what it prevented (437.3): 3 in
    all, so the squire is dealt 1, and each ``prevented`` event says what that event was
    dealt."""
    out = view(TWO_EVENTS_ONE_SHIELD)
    prevented = events(out, "prevented")
    assert [(p["prevented"], p["dealt"]) for p in prevented] == [(2, 0), (1, 1)]
    assert damage(out, "squire") == sum(p["dealt"] for p in prevented) == 1
    assert damage(out, "page") == 0 and ward(out) == 0
