"""Passive abilities: what they apply to, when, and in which order (A-PASS-1..3, A-TIME-1)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.model import passives as pv
from arbiter.model.errors import InputError
from arbiter.model.state import GameState
from arbiter.model.values.features import Feature
from arbiter.solver.dependency import order as dep
from tests.helpers import cli, run_text, scenario, view
from tests.passive_strategies import comparable, states

GIGANTIC_ELEMENTALS = """
ruleset: altered
players: [ana, bo]
objects:
  a: {owner: ana, kind: character, zone: expedition:hero, timestamp: 1,
      passives: [{applies_to: {subtype: Elemental}, effect: {gain: Gigantic}}]}
  c: {owner: bo, kind: character, zone: expedition:hero, timestamp: 2, base: {subtypes: [Spirit]}}
"""


@pytest.mark.rule("A-PASS-1")
def test_passives_are_re_evaluated_after_every_event() -> None:
    result = run_text(
        GIGANTIC_ELEMENTALS
        + """
steps:
  - expect: {c.Gigantic: null}
  - modify: {target: c, stat: subtypes, op: add, value: [Elemental]}
  - expect: {c.Gigantic: true}
  - modify: {target: c, stat: subtypes, op: set, value: [Spirit]}
expect:
  c.Gigantic: null
"""
    )
    assert [ch.passed for ch in result.checks] == [True, True, True]


@pytest.mark.rule("A-PASS-1", "A-PASS-4")
def test_passives_apply_only_to_objects_in_play_and_from_sources_in_play() -> None:
    text = """
ruleset: altered
players: [ana, bo]
objects:
  a: {owner: ana, kind: character, zone: expedition:hero, timestamp: 1,
      passives: [{applies_to: {kind: character}, effect: {stat: power, op: add, value: 2}}]}
  c: {owner: bo, kind: character, zone: expedition:hero, base: {power: 1}}
  r: {owner: bo, kind: character, zone: reserve, base: {power: 1}}
steps:
  - expect: {c.power: 3, r.power: 1, c.power.base: 1}
  - move: {target: a, zone: reserve}
expect:
  c.power: 1
"""
    result = run_text(text)
    assert result.ok, [c.as_json() for c in result.checks]


@pytest.mark.rule("A-PASS-1")
def test_the_stored_state_never_keeps_what_passives_did() -> None:
    sc = scenario(GIGANTIC_ELEMENTALS.replace("[Spirit]", "[Elemental]"))
    assert "Gigantic" in dep.derive(sc.start).objects["c"].features
    assert "Gigantic" not in sc.start.objects["c"].features  # recomputed from base each time


@pytest.mark.rule("A-PASS-2", "A-PASS-3")
@pytest.mark.parametrize(("t_set", "t_add", "power"), [(1, 2, 3), (2, 1, 2)])
def test_passives_apply_one_at_a_time_in_timestamp_order(
    t_set: int, t_add: int, power: int
) -> None:
    out = view(
        f"""
ruleset: altered
players: [ana, bo]
objects:
  s: {{owner: ana, kind: character, zone: expedition:hero, timestamp: {t_set},
      passives: [{{applies_to: {{kind: character}}, effect: {{stat: power, op: set, value: 2}}}}]}}
  p: {{owner: bo, kind: character, zone: expedition:hero, timestamp: {t_add},
      passives: [{{applies_to: {{kind: character}}, effect: {{stat: power, op: add, value: 1}}}}]}}
  c: {{owner: bo, kind: character, zone: expedition:hero, timestamp: 5, base: {{power: 7}}}}
"""
    )
    assert out["objects"]["c"]["characteristics"]["power"]["shown"] == power


@pytest.mark.rule("A-TIME-1")
def test_entering_a_zone_gives_a_new_timestamp_and_a_later_place_in_the_order() -> None:
    text = """
ruleset: altered
players: [ana, bo]
objects:
  s: {owner: ana, kind: character, zone: expedition:hero, timestamp: 1,
      passives: [{applies_to: {kind: character, other: true},
                  effect: {stat: power, op: set, value: 2}}]}
  p: {owner: bo, kind: character, zone: expedition:hero, timestamp: 2,
      passives: [{applies_to: {kind: character, other: true},
                  effect: {stat: power, op: add, value: 1}}]}
  c: {owner: bo, kind: character, zone: expedition:hero, timestamp: 3, base: {power: 7}}
steps:
  - expect: {c.power: 3}
  - move: {target: s, zone: reserve}
  - move: {target: s, zone: play}
expect:
  s.timestamp: 5
  c.power: 2
"""
    result = run_text(text)
    assert result.ok, [c.as_json() for c in result.checks]


@pytest.mark.rule("A-TIME-1", "A-TIME-2")
@pytest.mark.parametrize(("players", "power"), [("[ana, bo]", 3), ("[bo, ana]", 2)])
def test_simultaneous_timestamps_follow_initiative_order(players: str, power: int) -> None:
    out = view(
        f"""
ruleset: altered
players: {players}
objects:
  s: {{owner: ana, kind: character, zone: expedition:hero, timestamp: 1,
      passives: [{{applies_to: {{kind: character}}, effect: {{stat: power, op: set, value: 2}}}}]}}
  p: {{owner: bo, kind: character, zone: expedition:hero, timestamp: 1,
      passives: [{{applies_to: {{kind: character}}, effect: {{stat: power, op: add, value: 1}}}}]}}
  c: {{owner: bo, kind: character, zone: expedition:hero, timestamp: 5, base: {{power: 7}}}}
"""
    )
    # the first player's objects take the earlier stamps: ana's "set 2" first, then +1
    assert out["objects"]["c"]["characteristics"]["power"]["shown"] == power


@pytest.mark.rule("A-PASS-2", "A-DEP-5")
def test_losing_all_abilities_removes_keywords_but_not_the_fleeting_status() -> None:
    out = view(
        """
ruleset: altered
players: [ana, bo]
objects:
  b: {owner: bo, kind: character, zone: expedition:hero,
      passives: [{applies_to: {kind: character, other: true}, effect: {lose_all_abilities: true}}]}
  c: {owner: ana, kind: character, zone: expedition:hero,
      features: {Gigantic: true, Fleeting: true, Tough: 2}}
"""
    )
    assert out["objects"]["c"]["features"] == {"Fleeting": True}


@pytest.mark.rule("A-PASS-2")
def test_selector_by_controller_keyword_and_a_condition_on_the_source() -> None:
    out = view(
        """
ruleset: altered
players: [ana, bo]
objects:
  a: {owner: ana, kind: character, zone: expedition:hero, base: {subtypes: [Elemental]},
      passives: [{applies_to: {controller: opponent, keyword: Defender},
                  condition: {subtype: Elemental}, effect: {lose: Defender}},
                 {id: tough, applies_to: {controller: you}, effect: {gain: Tough, number: 1}}]}
  d: {owner: bo, kind: character, zone: expedition:hero, features: [Defender]}
  e: {owner: ana, kind: character, zone: expedition:hero, features: [Defender]}
"""
    )
    objs = out["objects"]
    assert "Defender" not in objs["d"]["features"]
    assert objs["e"]["features"] == {"Defender": True, "Tough": {"shown": 1, "raw": 1}}
    assert objs["a"]["passives"] == ["a.1", "a.tough"]


@pytest.mark.rule("A-PASS-1")
@settings(max_examples=30)
@given(states(), st.sampled_from(["power", "subtypes", "zone"]))
def test_reusing_the_last_order_after_an_event_equals_recomputing(
    state: GameState, what: str
) -> None:
    """After one event, reusing the previous derivation gives exactly what a fresh one gives."""
    before = dep.order_passives(state)
    target = sorted(state.objects)[-1]
    obj = state.objects[target]
    if what == "power" and "power" in obj.base:
        obj = replace(obj, base={**obj.base, "power": 9})
    elif what == "subtypes":
        obj = replace(obj, base={**obj.base, "subtypes": frozenset({"Elemental"})})
    else:
        obj = replace(obj, zone="reserve" if obj.zone == "play" else "play")
    after = replace(state, objects={**state.objects, target: obj})
    reused = dep.reorder(before, state, after)
    fresh = dep.order_passives(after)
    assert reused.order == fresh.order
    assert comparable(reused.state) == comparable(fresh.state)


@pytest.mark.rule("A-PASS-1")
def test_an_event_on_an_unread_characteristic_reuses_the_order() -> None:
    sc = scenario(GIGANTIC_ELEMENTALS.replace("[Spirit]", "[Elemental]"))
    first = dep.order_passives(sc.start)
    c = sc.start.objects["c"]
    event = replace(
        sc.start, objects={**sc.start.objects, "c": replace(c, base={**c.base, "power": 1})}
    )
    again = dep.reorder(first, sc.start, event)
    assert again.reused
    assert "Gigantic" in again.state.objects["c"].features
    # c leaving play: what it loses (Gigantic) no passive reads, so c alone is recomputed
    moved = replace(sc.start, objects={**sc.start.objects, "c": replace(c, zone="reserve")})
    local = dep.reorder(first, sc.start, moved)
    assert local.reused and "Gigantic" not in local.state.objects["c"].features
    assert comparable(local.state) == comparable(dep.order_passives(moved).state)
    # the source leaving play: its passive stops, what it applied to is derived again
    # from the trial log (the order without it stands), as a full ordering gives it
    a = sc.start.objects["a"]
    gone = replace(sc.start, objects={**sc.start.objects, "a": replace(a, zone="reserve")})
    replayed = dep.reorder(first, sc.start, gone)
    fresh = dep.order_passives(gone)
    assert replayed.reused and replayed.order == fresh.order == ()
    assert comparable(replayed.state) == comparable(fresh.state)
    assert "Gigantic" not in replayed.state.objects["c"].features


@pytest.mark.rule("A-PASS-1", "A-PASS-4")
def test_regions_in_the_adventure_zone_are_affected() -> None:
    out = view(
        """
ruleset: altered
players: [ana, bo]
objects:
  region: {owner: ana, kind: region, zone: adventure, base: {subtypes: [Water]}}
  b: {owner: bo, kind: character, zone: expedition:hero,
      passives: [{applies_to: {kind: region}, effect: {region_type: [Forest]}}]}
"""
    )
    assert out["objects"]["region"]["characteristics"]["subtypes"]["shown"] == ["Forest"]
    assert "region" not in out["objects"]["b"]


@pytest.mark.parametrize(
    ("snippet", "message"),
    [
        ("effect: {gain: Gigantic, lose: Defender}", "exactly one of"),
        ("effect: {stat: power, op: fly, value: 1}", "one of add"),
        ("effect: {gain: Gigantic}\n        applies_to: {self: true, other: true}", "not both"),
        ("effect: {gain: Gigantic}\n        applies_to: {colour: red}", "unknown key 'colour'"),
        ("applies_to: {self: true}", "missing required key 'effect'"),
    ],
)
def test_bad_passives_are_located_input_errors(snippet: str, message: str) -> None:
    text = f"""
ruleset: altered
players: [ana]
objects:
  a:
    owner: ana
    kind: character
    zone: expedition:hero
    passives:
      - {snippet}
"""
    with pytest.raises(InputError) as err:
        scenario(text)
    assert message in err.value.one_line()
    assert err.value.location is not None and err.value.path.startswith("objects.a.passives")


def test_a_region_must_be_a_region_declared_earlier() -> None:
    text = """
ruleset: altered
players: [ana]
objects:
  a: {owner: ana, kind: character, zone: expedition:hero, region: r}
  r: {owner: ana, kind: region, zone: adventure}
"""
    with pytest.raises(InputError, match="region declared earlier"):
        scenario(text)


def test_bad_passive_from_the_command_line_exits_2(tmp_path: object) -> None:
    import pathlib

    assert isinstance(tmp_path, pathlib.Path)
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "ruleset: altered\nplayers: [ana]\nobjects:\n  a: {owner: ana, kind: character,"
        " passives: [{effect: {gain: 3.5}}]}\n",
        encoding="utf-8",
    )
    done = cli("run", str(bad))
    assert done.returncode == 2
    assert "bad.yaml:4:" in done.stderr and "Traceback" not in done.stderr


def test_card_templates_carry_passives_per_object() -> None:
    out = view(
        """
ruleset: altered
players: [ana, bo]
cards:
  giant_maker:
    kind: character
    passives: [{applies_to: {self: true}, effect: {gain: Gigantic}}]
objects:
  x: {owner: ana, card: giant_maker, zone: expedition:hero}
  y: {owner: bo, card: giant_maker, zone: expedition:hero}
"""
    )
    assert out["objects"]["x"]["passives"] == ["x.1"]
    assert out["objects"]["y"]["features"] == {"Gigantic": True}


def test_a_passive_gives_a_feature_with_its_explanation() -> None:
    sc = scenario(GIGANTIC_ELEMENTALS.replace("[Spirit]", "[Elemental]"))
    feature = dep.derive(sc.start).objects["c"].features["Gigantic"]
    assert isinstance(feature, Feature)
    assert any(s.rule == "A-PASS-2" and "a.1" in s.note for s in feature.because)
    assert pv.passives_of(sc.start.objects["a"])[0].label() == "gain Gigantic"


@pytest.mark.rule("A-PASS-1", "E-IMM-2")
def test_an_immunity_gained_by_an_event_is_seen_by_the_passives() -> None:
    result = run_text(
        """
ruleset: altered
players: [ana, bo]
objects:
  a: {owner: ana, kind: character, zone: expedition:hero, timestamp: 1,
      passives: [{applies_to: {subtype: Elemental}, effect: {gain: Gigantic}}]}
  b: {owner: bo, kind: character, zone: expedition:hero, timestamp: 2,
      passives: [{applies_to: {kind: character}, effect: {add_subtypes: [Elemental]}}]}
  c: {owner: bo, kind: character, zone: expedition:hero, timestamp: 3, base: {subtypes: [Spirit]}}
steps:
  - expect: {c.Gigantic: true, c.subtypes: [Elemental, Spirit]}
  - protect: {target: c, stat: subtypes, cannot: modify}
expect:
  c.subtypes: [Spirit]
  c.Gigantic: null
  a.Gigantic: true
"""
    )
    assert result.ok, [c.as_json() for c in result.checks]


@pytest.mark.rule("A-PASS-2", "E-DIV")
@pytest.mark.parametrize(("policy", "power"), [("", 2), ("policies: {division_rounding: up}", 3)])
def test_a_dividing_passive_rounds_as_the_ruleset_says(policy: str, power: int) -> None:
    out = view(
        f"""
ruleset: altered
{policy}
players: [ana]
objects:
  h: {{owner: ana, kind: character, zone: expedition:hero, base: {{power: 5}},
      passives: [{{applies_to: {{self: true}}, effect: {{stat: power, op: divide, value: 2}}}}]}}
"""
    )
    assert out["objects"]["h"]["characteristics"]["power"]["shown"] == power


@pytest.mark.rule("A-ORDER-2", "A-PASS-1")
def test_a_passive_changes_a_number_after_the_changes_made_by_effects() -> None:
    """A passive "power becomes 4" of an older source still applies after a later +1."""
    text = """
ruleset: altered
players: [ana, bo]
objects:
  a: {owner: ana, kind: character, zone: expedition:hero, timestamp: 1,
      passives: [{applies_to: {kind: character}, effect: {stat: power, op: set, value: 4}}]}
  c: {owner: bo, kind: character, zone: expedition:hero, timestamp: 2, base: {power: 1}}
steps:
  - modify: {target: c, stat: power, op: add, value: 1}
expect:
  c.power: 4
"""
    result = run_text(text)
    assert [ch.passed for ch in result.checks] == [True]
