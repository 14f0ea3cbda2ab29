"""Areas working together: what one area produces, another area's rules act on."""

from __future__ import annotations

import pytest

from tests.helpers import run_text, view


@pytest.mark.rule("A-PASS-1", "A-ZONE-1")
def test_passives_reach_characters_in_an_altered_expedition() -> None:
    result = run_text("""
ruleset: altered
players: [ana, bo]
objects:
  a:
    owner: ana
    kind: character
    zone: "expedition:hero"
    base: {subtypes: []}
    passives:
      - {text: All characters are Elementals, applies_to: {kind: character},
         effect: {add_subtypes: [Elemental]}}
  b: {owner: bo, kind: character, zone: "expedition:companion", base: {subtypes: []}}
  c: {owner: bo, kind: character, zone: reserve, base: {subtypes: []}}
expect:
  b.subtypes: [Elemental]
  c.subtypes: []          # the Reserve is not in play
""")
    assert result.ok, [c.as_json() for c in result.checks if not c.passed]


TRIGGERED = """
ruleset: riftbound
players: [ana, bo]
objects:
  bolt: {{owner: ana, kind: spell}}
  unit:
    owner: bo
    kind: unit
    base: {{health: 9}}
    prevention: {shield}
    triggers:
      - id: roar
        when: {{damaged: self}}
        do: [{{counter: {{target: self, name: roars, add: 1}}}}]
steps:
  - damage: {{each: 3, targets: [unit], source: bolt}}
"""


@pytest.mark.rule("D-PREV-2", "TRIG-1", "DMG-TRIG")
@pytest.mark.parametrize(("shield", "fires"), [(3, False), (5, False), (2, True), (0, True)])
def test_a_when_damaged_trigger_fires_only_when_damage_gets_through(
    shield: int, fires: bool
) -> None:
    out = view(TRIGGERED.format(shield=shield))
    counters = out["objects"]["unit"].get("counters", {})
    assert counters.get("roars", 0) == (1 if fires else 0)
    assert any(e["kind"] == "trigger" for e in out["events"]) is fires


@pytest.mark.rule("E-OPS-1")
def test_a_set_characteristic_accepts_add_remove_and_set() -> None:
    out = view("""
ruleset: altered
players: [ana]
objects:
  r: {owner: ana, kind: region, zone: adventure, base: {subtypes: [Forest, Mountain]}}
steps:
  - modify: {target: r, stat: subtypes, op: remove, value: [Forest]}
  - modify: {target: r, stat: subtypes, op: add, value: [Water]}
""")
    assert out["objects"]["r"]["characteristics"]["subtypes"]["shown"] == ["Mountain", "Water"]


@pytest.mark.rule("SCN-STAT", "A-CHAR-2")
def test_a_misspelt_characteristic_is_bad_input_but_one_the_target_lacks_is_a_char_2() -> None:
    from arbiter.model.errors import InputError
    from tests.helpers import scenario

    text = """
ruleset: eredan
players: [ana]
objects:
  naya: {owner: ana, kind: character, base: {defense: 2}}
  token: {owner: ana, kind: character, base: {spirit: 1}}
steps:
  - modify: {target: token, stat: STAT, op: add, value: 1}
"""
    with pytest.raises(InputError) as refused:
        scenario(text.replace("STAT", "defence"))
    assert refused.value.path == "steps[0].modify.stat"
    out = view(text.replace("STAT", "defense"))
    assert out["events"][0]["applied"] is False and "A-CHAR-2" in out["events"][0]["rules"]


@pytest.mark.rule("OUT-TIME")
def test_json_leaves_wall_times_out_unless_timings_are_asked_for() -> None:
    import json

    from tests.helpers import cli

    example = "examples/damage/volibear_open.yaml"
    plain = [cli("damage", example, "--json").stdout for _ in range(2)]
    assert plain[0] == plain[1] and "wall_time" not in plain[0]
    timed = json.loads(cli("--timings", "damage", example, "--json").stdout)
    assert timed["wall_time"] > 0
