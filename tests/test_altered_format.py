"""The Altered scenario syntax: located errors for bad input, the JSON view, the CLI."""

from __future__ import annotations

import pytest

from arbiter.model.errors import InputError
from tests.altered_helpers import altered, part
from tests.helpers import cli, cli_json


def bad(body: str) -> InputError:
    with pytest.raises(InputError) as err:
        altered(part(body))
    return err.value


def test_a_spell_step_naming_an_undeclared_target_is_a_located_input_error() -> None:
    err = bad(
        """
        objects:
          s: {owner: ana, kind: spell, zone: hand,
              spell: {targets: {t: {kind: character}}, steps: [{boost: 1, target: nope}]}}
        """
    )
    assert err.path == "objects.s.spell.steps[0].target" and err.location is not None
    assert "target slot" in err.message


def test_an_unknown_zone_and_an_unknown_verb_are_input_errors() -> None:
    err = bad(
        """
        objects:
          x: {owner: ana, kind: character, zone: reserve}
        steps:
          - send: {target: x, to: graveyard}
        """
    )
    assert err.path == "steps[0].send.to" and "one of" in err.message
    err = bad(
        """
        objects:
          s: {owner: ana, kind: spell, zone: hand, spell: {steps: [{explode: 3}]}}
        """
    )
    assert err.path.startswith("objects.s.spell.steps[0]")


def test_the_altered_move_leaves_other_rulesets_unchanged() -> None:
    result = altered(
        part(
            """
            objects:
              x: {owner: ana, kind: character, zone: "expedition:hero", boosts: 2}
            steps:
              - move: {target: x, zone: hand}
            """
        )
    )
    assert result.state.obj("x").counters.get("boosts", 0) == 0
    from tests.helpers import run_text

    eredan = run_text(
        """
        ruleset: eredan
        players: [ana, bo]
        objects:
          x: {owner: ana, kind: character, base: {defense: 2}}
        steps:
          - modify: {target: x, stat: defense, op: add, value: 1}
          - move: {target: x, zone: graveyard}
        """
    )
    assert eredan.state.obj("x").zone == "graveyard" and eredan.state.obj("x").mods


def test_arbiter_run_json_shows_statistics_knowledge_and_counters() -> None:
    out = cli_json("run", "examples/seeds/altered_gigantic.yaml")
    titan = out["objects"]["titan"]
    assert titan["statistics"] == {"forest": 3, "mountain": 0, "water": 0}
    assert titan["altered"]["expeditions"] == ["hero", "companion"]
    assert titan["known_to"] == ["ana", "bo"]
    assert out["counters"]["position"]["ana"] == {"hero": 1, "companion": 1}
    assert out["expect"]["failed"] == 0


def test_a_bad_altered_file_exits_2_with_one_located_line(tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    f = tmp_path / "bad.yaml"
    f.write_text(
        "ruleset: altered\nplayers: [ana, bo]\nobjects:\n"
        "  x: {owner: ana, kind: character, zone: hand}\n"
        "steps:\n  - play: {card: x, into: middle}\n"
    )
    done = cli("run", str(f))
    assert done.returncode == 2
    assert "bad.yaml:6:" in done.stderr + done.stdout and "Traceback" not in done.stderr


def test_a_move_to_a_non_altered_zone_stays_the_foundation_move() -> None:
    state = altered(
        part(
            """
            objects:
              x: {owner: ana, kind: character, zone: hand, base: {forest: 1}}
            steps:
              - modify: {target: x, stat: forest, op: add, value: 1}
              - move: {target: x, zone: play}
            """
        )
    ).state
    assert state.obj("x").zone == "play" and state.obj("x").mods  # not an Altered new object
