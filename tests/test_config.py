"""Configuration files: ``[tool.arbiter]`` in pyproject.toml and ``arbiter.toml`` give the
defaults of each command's options; the command line wins; mistakes are one line, exit 2."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.helpers import ROOT, cli

FLAWED = ROOT / "examples" / "cardsets" / "flawed.yaml"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "cards").mkdir()
    shutil.copy(FLAWED, tmp_path / "cards" / "flawed.yaml")
    (tmp_path / "sub").mkdir()
    return tmp_path


@pytest.mark.rule("CHECK-SEL")
def test_pyproject_table_gives_paths_selection_and_format(project: Path) -> None:
    (project / "pyproject.toml").write_text(
        '[project]\nname = "cards"\n\n[tool.arbiter.check]\npaths = ["cards/*.yaml"]\n'
        'select = "ruling"\nformat = "json"\nwitness-dir = "out/w"\n',
        encoding="utf-8",
    )
    done = cli("check", cwd=project / "sub")  # found from a sub-folder, paths from the file's
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert {d["code"][:6] for d in out["diagnostics"]} == {"ruling"}
    assert all(d["witness"].startswith("../out/w/") for d in out["diagnostics"])
    # the command line wins over the file
    text = cli("check", "--format", "text", "--select", "unknown-card", cwd=project / "sub")
    assert text.returncode == 1 and "errors (1)" in text.stdout
    # --no-config reads nothing: no file given is a usage error again
    assert cli("--no-config", "check", cwd=project / "sub").returncode == 2


def test_arbiter_toml_is_read_before_pyproject(project: Path) -> None:
    (project / "pyproject.toml").write_text(
        '[tool.arbiter.check]\npaths = ["cards/*.yaml"]\n', encoding="utf-8"
    )
    (project / "arbiter.toml").write_text(
        '[check]\npaths = "cards/flawed.yaml"\nexit-zero = true\nwitnesses = "none"\n',
        encoding="utf-8",
    )
    done = cli("check", "--json", cwd=project)
    assert done.returncode == 0, done.stderr
    assert all(d["witness"] is None for d in json.loads(done.stdout)["diagnostics"])


def test_run_options_come_from_the_file(tmp_path: Path) -> None:
    (tmp_path / "arbiter.toml").write_text("[run]\ntime-limit = 0\n", encoding="utf-8")
    scenario = ROOT / "examples" / "eredan_spirit_halved.yaml"
    done = cli("run", str(scenario), cwd=tmp_path)
    assert done.returncode == 2 and "time-limit" in done.stderr.replace("_", "-"), done.stderr


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[chek]\n", "arbiter.toml:1:1: chek: expected a command name (did you mean 'check'?)"),
        ("[check]\nselct = 1\n", "check.selct: expected an option of arbiter check (did you mean"),
        ("[check\n", "arbiter.toml:1:7: expected TOML"),  # where tomllib stopped
        ("check = 3\n", "check: expected a table of options"),
    ],
)
def test_configuration_mistakes_are_one_line(tmp_path: Path, text: str, expected: str) -> None:
    (tmp_path / "arbiter.toml").write_text(text, encoding="utf-8")
    done = cli("check", str(FLAWED), cwd=tmp_path)
    assert done.returncode == 2
    assert expected in done.stderr and len(done.stderr.strip().splitlines()) == 1, done.stderr


# -- default ruleset policies ---------------------------------------------------------------

HALVED = """ruleset: eredan
{policies}players: [ana]
objects:
  naya: {{owner: ana, kind: character, base: {{spirit: 5}}}}
steps:
  - modify: {{target: naya, stat: spirit, op: divide, value: 2}}
"""


def _spirit(folder: Path, *args: str, policies: str = "") -> int:
    scenario = folder / "halved.yaml"
    scenario.write_text(HALVED.format(policies=policies), encoding="utf-8")
    done = cli(*args, "run", str(scenario), "--json", cwd=folder)
    assert done.returncode == 0, done.stderr
    shown: int = json.loads(done.stdout)["objects"]["naya"]["characteristics"]["spirit"]["shown"]
    return shown


@pytest.mark.rule("E-DIV")
def test_configuration_sets_default_policies_of_a_ruleset(tmp_path: Path) -> None:
    assert _spirit(tmp_path) == 2  # the ruleset's own default: down
    (tmp_path / "pyproject.toml").write_text(
        '[tool.arbiter.policies.eredan]\ndivision_rounding = "up"\n'
        '[tool.arbiter.policies.riftbound]\nprevention_timing = "base-first"\n',
        encoding="utf-8",
    )
    assert _spirit(tmp_path) == 3  # the configuration's default for every eredan file
    assert _spirit(tmp_path, "--no-config") == 2


@pytest.mark.rule("E-DIV")
def test_precedence_is_command_line_then_file_then_configuration(tmp_path: Path) -> None:
    (tmp_path / "arbiter.toml").write_text(
        '[policies.eredan]\ndivision-rounding = "up"\n', encoding="utf-8"
    )
    in_file = "policies: {division_rounding: down}\n"
    assert _spirit(tmp_path, policies=in_file) == 2  # the file wins over the configuration
    assert _spirit(tmp_path, "--policy", "eredan.division_rounding=up", policies=in_file) == 3
    assert _spirit(tmp_path, "--policy", "riftbound.division_rounding=up", policies=in_file) == 2


@pytest.mark.rule("E-DIV")
def test_configured_policies_reach_card_sets_unless_they_set_their_own(tmp_path: Path) -> None:
    from arbiter.model.format.cardset import load_cardset
    from arbiter.model.format.policy_layers import PolicyLayers, policy_layers
    from arbiter.model.ruleset import PreventionTiming, Rounding

    plain = tmp_path / "plain.yaml"
    plain.write_text("ruleset: riftbound\ncards: {}\n", encoding="utf-8")
    own = tmp_path / "own.yaml"
    own.write_text(
        "ruleset: riftbound\npolicies: {prevention_timing: with-bonus}\ncards: {}\n",
        encoding="utf-8",
    )
    layers = PolicyLayers(
        {"riftbound": {"prevention_timing": PreventionTiming.BASE_FIRST}},
        {"riftbound": {"division_rounding": Rounding.UP}},
    )
    default = load_cardset(str(plain)).ruleset
    with policy_layers(layers):
        configured = load_cardset(str(plain)).ruleset
        kept = load_cardset(str(own)).ruleset
    assert default.prevention_timing is PreventionTiming.WITH_BONUS
    assert configured.prevention_timing is PreventionTiming.BASE_FIRST
    assert kept.prevention_timing is PreventionTiming.WITH_BONUS  # the file wins
    assert configured.division_rounding is Rounding.UP and kept.division_rounding is Rounding.UP
    assert load_cardset(str(plain)).ruleset == default  # nothing stays set after the block


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            '[project]\nname = "x"\n\n[tool.arbiter.policies.eredan]\n'
            'division_rounding = "sideways"\n',
            "pyproject.toml:5:21: tool.arbiter.policies.eredan.division_rounding: "
            "expected one of down, up, nearest, got 'sideways'",
        ),
        (
            '[tool.arbiter.policies.eredan]\nquick_action_cap = "two"\n',
            "pyproject.toml:2:20: tool.arbiter.policies.eredan.quick_action_cap: "
            "expected an integer from 0 to 1000000, got 'two'",
        ),
        (
            '[tool.arbiter.policies.eredann]\ndivision_rounding = "up"\n',
            "pyproject.toml:1:1: tool.arbiter.policies.eredann: expected a ruleset: one of "
            "altered, berserk, eredan, riftbound (did you mean 'eredan'?)",
        ),
        (
            '[tool.arbiter.policies.eredan]\n\ndivison_rounding = "up"\n',
            "pyproject.toml:3:1: tool.arbiter.policies.eredan.divison_rounding: expected a "
            "policy of eredan (did you mean 'division_rounding'?)",
        ),
        (
            "[tool.arbiter]\npolicies = 3\n",
            "pyproject.toml:2:12: tool.arbiter.policies: expected a table of rulesets",
        ),
    ],
)
def test_a_bad_policy_in_the_configuration_is_one_located_line(
    tmp_path: Path, text: str, expected: str
) -> None:
    (tmp_path / "pyproject.toml").write_text(text, encoding="utf-8")
    done = cli(
        "run", str(ROOT / "examples" / "altered_dependency_beats_timestamps.yaml"), cwd=tmp_path
    )
    assert done.returncode == 2
    assert done.stderr.strip() == expected, done.stderr


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("eredan.division_rounding", "expected RULESET.KEY=VALUE"),
        ("eredan.division_rounding=sideways", "expected one of down, up, nearest"),
        ("eredn.division_rounding=up", "expected a ruleset name (did you mean 'eredan'?)"),
        ("eredan.rounding=up", "expected a policy name"),
    ],
)
def test_a_bad_policy_on_the_command_line_is_a_usage_error(given: str, expected: str) -> None:
    done = cli(
        "--policy",
        given,
        "run",
        str(ROOT / "examples" / "altered_dependency_beats_timestamps.yaml"),
    )
    assert done.returncode == 2
    assert expected in done.stderr and len(done.stderr.strip().splitlines()) == 1, done.stderr


def test_mistakes_are_located_on_their_line(tmp_path: Path) -> None:
    (tmp_path / "arbiter.toml").write_text(
        '[run]\ntime-limit = 5\n\n[check]\nwitnesses = "none"\nselct = 1\n', encoding="utf-8"
    )
    done = cli("check", str(FLAWED), cwd=tmp_path)
    assert done.returncode == 2 and done.stderr.startswith("arbiter.toml:6:1: check.selct:")
    (tmp_path / "arbiter.toml").write_text("[run]\ntime-limit = 5\n[check\n", encoding="utf-8")
    done = cli("check", str(FLAWED), cwd=tmp_path)
    assert done.returncode == 2 and done.stderr.startswith("arbiter.toml:3:"), done.stderr
