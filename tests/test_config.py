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
        ("[check\n", "arbiter.toml:1:1: expected TOML"),
        ("check = 3\n", "check: expected a table of options"),
    ],
)
def test_configuration_mistakes_are_one_line(tmp_path: Path, text: str, expected: str) -> None:
    (tmp_path / "arbiter.toml").write_text(text, encoding="utf-8")
    done = cli("check", str(FLAWED), cwd=tmp_path)
    assert done.returncode == 2
    assert expected in done.stderr and len(done.stderr.strip().splitlines()) == 1, done.stderr
