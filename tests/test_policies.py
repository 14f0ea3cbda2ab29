"""Policies, not names: every behaviour that differs between games is a field of the
ruleset's policy object (model/ruleset.py); code never compares a ruleset's name."""

from __future__ import annotations

import ast
from dataclasses import fields, replace
from pathlib import Path

import pytest

from arbiter.model.cardset import CardSet
from arbiter.model.damage.pipeline import event_kind
from arbiter.model.ruleset import RULESETS, DamageEvent, DestroyMeans, PlayKernel, Ruleset
from arbiter.model.state import GameState
from arbiter.model.view import state_json
from arbiter.solver.engine.runner import run
from tests.helpers import ROOT, scenario

GAME_NAMES = frozenset(RULESETS)


def _compares_a_game_name(node: ast.AST) -> bool:
    """``x.ruleset.name == ...``, ``name in ("berserk", ...)``, ``ZONES[ruleset.name]``."""
    if isinstance(node, ast.Compare):
        operands = [node.left, *node.comparators]
        texts = [ast.unparse(o) for o in operands]
        if any(t.endswith("ruleset.name") for t in texts):
            return True
        literals = {
            c.value
            for o in operands
            for c in ast.walk(o)
            if isinstance(c, ast.Constant) and isinstance(c.value, str)
        }
        return bool(literals & GAME_NAMES)
    if isinstance(node, ast.Subscript):
        return ast.unparse(node.slice).endswith("ruleset.name")
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        return node.func.attr == "get" and any(
            ast.unparse(a).endswith("ruleset.name") for a in node.args
        )
    return False


def name_comparisons(source: str) -> list[str]:
    tree = ast.parse(source)
    return [ast.unparse(n) for n in ast.walk(tree) if _compares_a_game_name(n)]


def test_no_code_compares_a_rulesets_name() -> None:
    found = {
        str(p.relative_to(ROOT)): name_comparisons(p.read_text(encoding="utf-8"))
        for folder in ("model", "solver")
        for p in sorted((ROOT / folder).rglob("*.py"))
    }
    assert {k: v for k, v in found.items() if v} == {}


def test_the_name_check_sees_the_shapes_it_forbids() -> None:
    assert name_comparisons('x = state.ruleset.name == "berserk"')
    assert name_comparisons('x = "altered" != cs.ruleset.name')
    assert name_comparisons('x = ZONES.get(self.ruleset.name, set())')
    assert name_comparisons("x = TABLE[index.cardset.ruleset.name]")
    assert name_comparisons('x = name in ("eredan", "riftbound")')
    assert not name_comparisons("x = state.ruleset.damage_event is DamageEvent.WOUNDED")


def test_every_policy_field_is_exercised_by_some_test() -> None:
    tests = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").glob("test_*.py"))
    untested = [f.name for f in fields(Ruleset) if f.name != "name" and f.name not in tests]
    assert untested == []


def _state(ruleset: Ruleset) -> GameState:
    return GameState(ruleset, ("ana", "bo"), {})


@pytest.mark.rule("Berserk 517")
def test_damage_event_wounds_in_berserk_and_damages_elsewhere() -> None:
    assert event_kind(_state(RULESETS["berserk"])) == "wounded"
    assert event_kind(_state(RULESETS["riftbound"])) == "dealt-damage"
    swapped = RULESETS["berserk"].with_policies(damage_event=DamageEvent.DEALT_DAMAGE)
    assert event_kind(_state(swapped)) == "dealt-damage"


@pytest.mark.rule("A-ZONE-1", "A-ZONE-2")
def test_zones_are_the_games_and_a_card_set_knows_them() -> None:
    assert "graveyard" in RULESETS["berserk"].zones
    assert "reserve" in RULESETS["altered"].zones and "reserve" not in RULESETS["eredan"].zones
    assert all("play" in r.zones for r in RULESETS.values())
    custom = RULESETS["eredan"].with_policies(zones=frozenset({"play", "crypt"}))
    assert CardSet("x.yaml", custom).zones == frozenset({"play", "crypt"})


ALTERED_OBJECT = """
ruleset: {ruleset}
players: [ana, bo]
objects:
  c: {{owner: ana, kind: character, zone: expedition:hero, base: {{forest: 2}}}}
"""


@pytest.mark.rule("A-ZONE-1")
def test_play_kernel_altered_shows_zones_statistics_and_knowledge() -> None:
    altered = state_json(run(scenario(ALTERED_OBJECT.format(ruleset="altered"))).state)
    assert RULESETS["altered"].play_kernel is PlayKernel.ALTERED
    assert "altered" in altered["objects"]["c"] and "boosts" in altered["objects"]["c"]
    sc = scenario(ALTERED_OBJECT.format(ruleset="altered"))
    foundation = RULESETS["altered"].with_policies(play_kernel=PlayKernel.FOUNDATION)
    plain = state_json(replace(sc.start, ruleset=foundation))
    assert "altered" not in plain["objects"]["c"] and "boosts" not in plain["objects"]["c"]
    eredan = state_json(run(scenario(ALTERED_OBJECT.format(ruleset="eredan"))).state)
    assert "altered" not in eredan["objects"]["c"]


@pytest.mark.rule("A-ZONE-1")
def test_play_kernel_decides_which_move_a_scenario_means() -> None:
    text = ALTERED_OBJECT + "steps:\n  - move: {{target: c, zone: reserve}}\n"
    moved = run(scenario(text.format(ruleset="altered"))).state.objects["c"]
    assert moved.zone == "reserve"


@pytest.mark.rule("D-TIME-4")
def test_short_pool_has_one_setting_a_file_may_name() -> None:
    """Decision D-TIME-4 has one reading so far: the controller chooses (docs/rules.md)."""
    from arbiter.model.errors import InputError
    from arbiter.model.ruleset import ShortPool

    assert all(r.short_pool is ShortPool.CONTROLLER_CHOOSES for r in RULESETS.values())
    head = "ruleset: riftbound\nplayers: [ana]\nobjects: {}\npolicies: {short_pool: %s}\n"
    parsed = scenario(head % "controller-chooses")
    assert parsed.start.ruleset.short_pool is ShortPool.CONTROLLER_CHOOSES
    with pytest.raises(InputError):
        scenario(head % "target-chooses")


def test_a_file_cannot_change_what_a_game_is() -> None:
    """``zones``, ``damage_event`` and ``play_kernel`` describe the game, not a Decision."""
    from arbiter.model.ruleset import POLICY_ENUMS, POLICY_INTS

    assert {"zones", "damage_event", "play_kernel"}.isdisjoint({*POLICY_ENUMS, *POLICY_INTS})
    assert Path(ROOT / "model" / "ruleset.py").exists()


DESTROY_A_UNIT = """
ruleset: {ruleset}
players: [ana, bo]
objects:
  caster: {{owner: ana, kind: unit}}
  victim: {{owner: bo, kind: unit}}
steps:
  - perform: {{by: caster, do: {{destroy: {{enemy: unit}}}}}}
"""


@pytest.mark.rule("Riftbound 108.2.b")
@pytest.mark.parametrize(
    ("ruleset", "zone"), [("riftbound", "trash"), ("berserk", "graveyard"), ("eredan", "discard")]
)
def test_a_destroyed_card_goes_to_its_games_destroyed_zone(ruleset: str, zone: str) -> None:
    result = run(scenario(DESTROY_A_UNIT.format(ruleset=ruleset)))
    assert result.state.objects["victim"].zone == zone
    assert RULESETS[ruleset].destroyed_zone == zone


def test_the_destroyed_zone_is_a_field_of_the_policy_object_not_a_name() -> None:
    sc = scenario(DESTROY_A_UNIT.format(ruleset="riftbound"))
    # (Riftbound's "kill" is a Kill Instruction to the trash, 428.2: read as a plain move)
    ruleset = sc.start.ruleset.with_policies(
        destroyed_zone="base", destroy_means=DestroyMeans.MOVE
    )
    custom = replace(sc, start=replace(sc.start, ruleset=ruleset))
    assert run(custom).state.objects["victim"].zone == "base"
