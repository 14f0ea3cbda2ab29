"""Quick actions (QA-1, A-GOLD-9, A-GOLD-2) and triggered abilities resolved by the engine
(TRIG-1..4), with the minimal counters and damage they need (CTR-1, DMG-0)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbiter.model import abilities as ab
from arbiter.model.effects import algebra as fx
from arbiter.model.effects.refs import reference
from arbiter.model.errors import IllegalAction, InputError
from tests.helpers import cli, run_text, scenario, view

LANTERN = """
ruleset: altered
players: [ana, bo]
counters: {{life.bo: 20}}
policies: {{quick_action_cap: {cap}}}
objects:
  lantern:
    owner: ana
    kind: permanent
    zone: landmark
    quick_actions:
      - id: spark
        do: [{{damage: {{target: opponent, amount: 1}}}}]
steps: [{steps}]
"""


def lantern(steps: list[str], cap: int = 100) -> str:
    return LANTERN.format(cap=cap, steps=", ".join("{" + s + "}" for s in steps))


ACT = "activate: {object: lantern, action: spark}"


@pytest.mark.rule("A-GOLD-9", "QA-1", "Altered 1.4.6.b")
def test_the_hundred_and_first_activation_in_a_day_is_refused() -> None:
    result = run_text(lantern([ACT] * 101))
    assert result.stopped_by is not None
    assert result.stopped_by.rule == "A-GOLD-9"
    assert "A-GOLD-9" in result.stopped_by.message
    assert result.stopped_at == 100  # steps 0..99 were legal
    assert result.state.counters["life.bo"] == 20 - 100


@pytest.mark.rule("A-GOLD-9", "QA-2")
def test_a_new_day_starts_the_count_again() -> None:
    out = view(lantern([ACT, ACT, "begin: morning", ACT], cap=2))
    assert out["counters"]["activations"]["lantern"]["spark"] == 1
    assert out["counters"]["life"]["bo"] == 17
    assert out["counters"]["day"] == 2


@pytest.mark.rule("A-GOLD-9")
def test_the_cap_is_a_policy_and_counts_each_quick_action_separately() -> None:
    result = run_text(lantern([ACT, ACT, ACT], cap=2))
    assert result.stopped_by is not None and result.stopped_by.rule == "A-GOLD-9"
    s = scenario(lantern([], cap=2)).start
    s, _ = ab.activate(s, "lantern", "spark")
    s, _ = ab.activate(s, "lantern", "spark")
    other = ab.QuickAction(id="glow", source="lantern", effects=())
    obj = s.obj("lantern")
    s = s.with_object(type(obj)(**{**_fields(obj), "abilities": (*obj.abilities, other)}))
    s, _ = ab.activate(s, "lantern", "glow")  # another quick action has its own count
    assert s.counters["activations.lantern.glow"] == 1


def _fields(obj: object) -> dict[str, object]:
    return {f: getattr(obj, f) for f in obj.__dataclass_fields__}  # type: ignore[attr-defined]


@given(st.integers(1, 6), st.lists(st.sampled_from(["act", "day"]), max_size=30))
def test_no_day_sees_more_activations_than_the_cap(cap: int, plan: list[str]) -> None:
    """Whatever the sequence of activations and new days, a quick action is played at
    most `cap` times between two Mornings, and every refusal cites A-GOLD-9."""
    state = scenario(lantern([], cap=cap)).start
    today = 0
    for item in plan:
        if item == "day":
            state = ab.begin_phase(state, "morning")
            today = 0
            continue
        try:
            state, _ = ab.activate(state, "lantern", "spark")
            today += 1
        except IllegalAction as exc:
            assert exc.rule == "A-GOLD-9"
            assert today == cap
        assert today <= cap


PINGER = """
ruleset: altered
players: [ana, bo]
counters: {life.bo: 20, mana.ana: 1}
objects:
  pinger:
    owner: ana
    kind: character
    zone: expedition:hero
    quick_actions:
      - id: ping
        cost: [{exhaust: self}, {pay: {counter: mana, amount: 1}}]
        do: [{damage: {target: bo, amount: 1}}]
steps:
  - activate: {object: pinger, action: ping}
  - expect: {counters.life.bo: 19, counters.mana.ana: 0, pinger.counters.exhausted: 1}
  - activate: {object: pinger, action: ping}
    illegal: A-GOLD-2
  - effect: {ready: pinger}
  - activate: {object: pinger, action: ping}
    illegal: A-GOLD-2
    note: ready again, but no mana left
expect:
  counters.life.bo: 19
"""


@pytest.mark.rule("QA-1", "A-GOLD-2", "DMG-0")
def test_a_cost_is_paid_before_the_effect_and_an_unpayable_cost_is_refused() -> None:
    result = run_text(PINGER)
    assert result.ok, [c.as_json() for c in result.checks if not c.passed]
    assert result.passed == 6


@pytest.mark.rule("QA-1")
def test_an_unknown_quick_action_or_an_object_out_of_play_is_refused() -> None:
    s = scenario(PINGER).start
    with pytest.raises(IllegalAction) as exc:
        ab.activate(s, "pinger", "nope")
    assert exc.value.rule == "QA-1"
    gone = s.with_object(type(s.obj("pinger"))(**{**_fields(s.obj("pinger")), "zone": "hand"}))
    with pytest.raises(IllegalAction) as exc:
        ab.activate(gone, "pinger", "ping")
    assert exc.value.rule == "QA-1"


CHAIN = """
ruleset: berserk
players: [ana, bo]
objects:
  golem:
    owner: ana
    kind: creature
    base: {health: 5}
    triggers:
      - id: spite
        when: {damaged: self}
        do: [{counter: {target: wisp, name: ember, add: 1}}]
  wisp:
    owner: bo
    kind: creature
    base: {attack: 1}
    counters: {ember: 0}
    triggers:
      - id: glow
        when: {counter: ember, of: self, change: up}
        may: true
        do: [{modify: {target: self, stat: attack, op: add, value: 2}}]
      - id: fade
        when: {counter: ember, of: self, change: up}
        if: {counter: ember, of: self, at_least: 2}
        do: [{move: {target: self, zone: discard}}]
steps:
  - effect: {damage: {target: golem, amount: 2}, source: arrow}
  - expect: {golem.counters.damage: 2, wisp.counters.ember: 1, wisp.attack: 3, wisp.zone: play}
  - effect: {damage: {target: golem, amount: 1}, source: arrow}
expect:
  wisp.counters.ember: 2
  wisp.attack: 5
  wisp.zone: discard
"""


@pytest.mark.rule("TRIG-1", "TRIG-2", "TRIG-4", "DMG-0", "CTR-1")
def test_triggers_resolve_after_each_step_in_order_with_conditions_at_resolution() -> None:
    result = run_text(CHAIN)
    assert result.ok, [c.as_json() for c in result.checks if not c.passed]
    kinds = [
        (e.kind, e.get("ability")) for e in result.state.events if e.kind in ("trigger", "damage")
    ]
    assert kinds[:4] == [
        ("damage", None),
        ("trigger", "spite"),
        ("trigger", "glow"),
        ("trigger", "fade"),
    ]
    fade = [e for e in result.state.events if e.get("ability") == "fade"]
    assert [e.get("resolved") for e in fade] == [False, True]  # TRIG-4: 1 ember, then 2


@pytest.mark.rule("TRIG-2")
def test_a_may_that_is_declined_does_nothing() -> None:
    s = scenario(CHAIN).start
    q = (ab.Pending("wisp", "glow", "wisp"),)
    declined, rest = ab.advance(s, q, accept=False)
    assert declined.obj("wisp").mods == s.obj("wisp").mods and rest == ()
    accepted, _ = ab.advance(s, q, accept=True)
    assert accepted.obj("wisp").mods != s.obj("wisp").mods


@pytest.mark.rule("CTR-1", "A-GOLD-3", "Altered 2.5.g")
def test_object_counters_never_go_below_zero_but_player_counters_do() -> None:
    s = scenario(CHAIN).start
    ember = fx.Effect(fx.AddCounters("ember"), reference("wisp"), fx.Const(-3))
    s = ab.apply_effect(s, ember, "x", None)
    assert s.obj("wisp").counters.get("ember", 0) == 0
    assert "A-GOLD-3" in s.events[-1].rules
    s = ab.apply_effect(s, fx.Effect(fx.DealDamage(), reference("bo"), fx.Const(3)), "x", None)
    assert s.counters["life.bo"] == -3


@pytest.mark.rule("A-GOLD-3")
def test_an_effect_naming_nothing_is_not_done_and_says_so() -> None:
    s = scenario(CHAIN).start
    nobody = fx.Effect(fx.DealDamage(), reference("nobody"), fx.Const(1))
    s = ab.apply_effect(s, nobody, "x", None)
    assert s.events[-1].kind == "impossible" and s.events[-1].rules == ("A-GOLD-3",)


ENDLESS = """
ruleset: altered
players: [ana, bo]
objects:
  a:
    owner: ana
    kind: permanent
    zone: landmark
    triggers:
      - when: {counter: heat, of: self, change: up}
        do: [{counter: {target: b, name: heat, add: 1}}]
  b:
    owner: ana
    kind: permanent
    zone: landmark
    triggers:
      - when: {counter: heat, of: self, change: up}
        do: [{counter: {target: a, name: heat, add: 1}}]
steps:
  - effect: {counter: {target: a, name: heat, add: 1}}
"""


@pytest.mark.rule("TRIG-3")
def test_an_endless_mandatory_chain_stops_at_the_bound_and_says_so() -> None:
    from arbiter.solver.engine.triggers import TRIGGER_BOUND

    result = run_text(ENDLESS)
    bound = [e for e in result.state.events if e.kind == "bound"]
    assert len(bound) == 1 and bound[0].rules == ("TRIG-3",)
    assert bound[0].get("resolved") == TRIGGER_BOUND
    heat = result.state.obj("a").counters["heat"] + result.state.obj("b").counters["heat"]
    assert heat == TRIGGER_BOUND + 1


@pytest.mark.rule("TRIG-1", "A-GOLD-7")
def test_enters_leaves_and_phase_triggers_and_a_leaving_object_sees_its_own_leaving() -> None:
    text = """
    ruleset: altered
    players: [ana, bo]
    objects:
      herald:
        owner: ana
        kind: character
        zone: expedition:hero
        triggers:
          - when: {enters: any, zone: play}
            do: [{counter: {target: it, name: welcome, add: 1}}]
          - when: {phase: noon}
            do: [{counter: {target: controller, name: mana, add: 1}}]
      scout:
        owner: ana
        kind: character
        zone: hand
        triggers:
          - when: {leaves: self}
            do: [{damage: {target: opponent, amount: 2}}]
    steps:
      - move: {target: scout, zone: play}
      - expect: {scout.counters.welcome: 1}
      - begin: noon
      - move: {target: scout, zone: discard}
    expect:
      scout.counters.welcome: null   # A-GOLD-7: in the discard pile it is a new object
      counters.mana.ana: 1
      counters.life.bo: -2
    """
    result = run_text(text)
    assert result.ok, [c.as_json() for c in result.checks if not c.passed]


@pytest.mark.parametrize(
    ("snippet", "path"),
    [
        ("triggers: [{when: {hit: self}, do: []}]", "objects.x.triggers[0].when"),
        (
            "triggers: [{when: {damaged: self}, do: [{explode: self}]}]",
            "objects.x.triggers[0].do[0].explode",
        ),
        (
            "quick_actions: [{cost: [{tap: self}], do: []}]",
            "objects.x.quick_actions[0].cost[0].tap",
        ),
        ("triggers: [{when: {damaged: self}}]", "objects.x.triggers[0]"),
        ("quick_actions: [{id: a, do: []}, {id: a, do: []}]", "objects.x.quick_actions[1].id"),
    ],
)
def test_bad_abilities_are_located_input_errors(snippet: str, path: str) -> None:
    text = f"""
    ruleset: altered
    players: [ana, bo]
    objects:
      x: {{owner: ana, kind: character, zone: expedition:hero, {snippet}}}
    """
    with pytest.raises(InputError) as exc:
        scenario(text)
    assert exc.value.path == path
    assert exc.value.location is not None and exc.value.location.line == 5


def test_the_cli_reports_a_bad_ability_on_one_line_with_exit_2(tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "ruleset: altered\nplayers: [ana]\nobjects:\n"
        "  x: {owner: ana, kind: c, zone: landmark, triggers: [{when: {damaged: self}, do: 3}]}\n"
    )
    done = cli("run", str(bad))
    assert done.returncode == 2
    assert "objects.x.triggers[0].do" in done.stderr and "Traceback" not in done.stderr


# -- objects in either Altered expedition are in play (A-ZONE-1) -----------------------------

EXPEDITION_OBJECT = """
ruleset: altered
players: [ana, bo]
objects:
  here:
    owner: ana
    kind: character
    zone: {zone}
    base: {{forest: 1}}
    triggers:
      - id: dawn
        when: {{phase: noon}}
        do: [{{counter: {{target: self, name: marks, add: 1}}}}]
      - id: hurt
        when: {{damaged: self}}
        do: [{{counter: {{target: self, name: marks, add: 10}}}}]
    quick_actions:
      - id: call
        cost: [{{exhaust: self}}]
        do: [{{counter: {{target: self, name: calls, add: 1}}}}]
    passives:
      - applies_to: {{kind: character}}
        effect: {{stat: forest, op: add, value: 1}}
  other: {{owner: bo, kind: character, zone: expedition:hero, base: {{forest: 1}}}}
"""
IN_EXPEDITIONS = ["expedition:hero", "expedition:companion", "expedition", "landmark"]


@pytest.mark.rule("A-ZONE-1", "TRIG-1")
@pytest.mark.parametrize("zone", IN_EXPEDITIONS)
def test_an_object_in_either_expedition_triggers(zone: str) -> None:
    out = view(
        EXPEDITION_OBJECT.format(zone=zone)
        + "steps: [{begin: noon}, {effect: {damage: {target: here, amount: 1}}}]\n"
    )
    assert out["objects"]["here"]["counters"]["marks"] == 11


@pytest.mark.rule("A-ZONE-1", "QA-1")
@pytest.mark.parametrize("zone", IN_EXPEDITIONS)
def test_an_object_in_either_expedition_plays_its_quick_actions(zone: str) -> None:
    text = (
        EXPEDITION_OBJECT.format(zone=zone) + "steps: [{activate: {object: here, action: call}}]\n"
    )
    result = run_text(text)
    assert result.stopped_by is None, result.stopped_by
    assert result.state.objects["here"].counters["calls"] == 1
    assert [qa for _, qa in ab.quick_actions(result.state)] != []


@pytest.mark.rule("A-ZONE-1", "A-PASS-1")
@pytest.mark.parametrize("zone", IN_EXPEDITIONS)
def test_a_passive_from_either_expedition_applies(zone: str) -> None:
    out = view(EXPEDITION_OBJECT.format(zone=zone))
    assert out["objects"]["other"]["characteristics"]["forest"]["shown"] == 2


@pytest.mark.rule("A-ZONE-1", "QA-1", "TRIG-1")
def test_an_object_in_the_reserve_neither_triggers_nor_plays_quick_actions() -> None:
    text = EXPEDITION_OBJECT.format(zone="reserve")
    out = view(text + "steps: [{begin: noon}]\n")
    assert "counters" not in out["objects"]["here"]
    assert out["objects"]["other"]["characteristics"]["forest"]["shown"] == 1
    result = run_text(text + "steps: [{activate: {object: here, action: call}}]\n")
    assert result.stopped_by is not None and result.stopped_by.rule == "QA-1"


@pytest.mark.rule("A-ZONE-1", "TRIG-1")
@pytest.mark.parametrize("when", ["{leaves: self}", "{leaves: self, zone: expedition:companion}"])
def test_leaving_an_expedition_is_leaving_play_and_seen_by_the_leaving_object(
    when: str,
) -> None:
    text = """
ruleset: altered
players: [ana, bo]
objects:
  here:
    owner: ana
    kind: character
    zone: expedition:companion
    triggers:
      - id: farewell
        when: WHEN
        do: [{counter: {target: opponent, name: life, add: -1}}]
counters: {life.bo: 5}
steps: [{move: {target: here, zone: reserve}}]
""".replace("WHEN", when)
    assert view(text)["counters"]["life"]["bo"] == 4
