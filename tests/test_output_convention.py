"""One output convention for every command (--format, -o FILE, --json), and ``arbiter run``
over many scenarios (files, folders, globs, -k, -x, a summary line, the same exit codes)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import ROOT, cli

FLAWED = str(ROOT / "examples" / "cardsets" / "flawed.yaml")
DAMAGE = str(ROOT / "examples" / "damage" / "volibear_open.yaml")
LOOP = str(ROOT / "examples" / "loops" / "three_card_loop.yaml")
COMBAT = str(ROOT / "examples" / "combat" / "prevention.yaml")
POOL = str(ROOT / "tests" / "fixtures" / "import" / "riftbound_cards.json")
SCENARIO = str(ROOT / "examples" / "altered_dependency_beats_timestamps.yaml")
PASSES = """ruleset: eredan
players: [you, opponent]
objects:
  hero: {owner: you, kind: character, base: {attack: 2}}
expect:
  hero.attack: 2
"""


@pytest.mark.parametrize(
    ("args", "fmt"),
    [
        (("run", SCENARIO), "json"),
        (("damage", DAMAGE), "json"),
        (("combat", COMBAT), "json"),
        (("loops", LOOP), "json"),
        (("graph", SCENARIO), "json"),
        (("check", FLAWED), "sarif"),
        (("check", FLAWED), "junit"),
        (("check", FLAWED), "html"),
        (("schema",), "json"),
    ],
)
def test_every_command_writes_its_answer_to_o_file_and_says_where(
    tmp_path: Path, args: tuple[str, ...], fmt: str
) -> None:
    target = tmp_path / f"answer.{fmt}"
    extra = ("--witness-dir", str(tmp_path / "w")) if args[0] == "check" else ()
    done = cli(*args, "--format", fmt, "-o", str(target), *extra)
    assert done.returncode in (0, 1), done.stderr
    assert done.stdout == ""
    assert "arbiter: wrote " in done.stderr and str(target) in done.stderr
    text = target.read_text(encoding="utf-8")
    if fmt in ("json", "sarif"):
        json.loads(text)
    elif fmt == "junit":
        assert text.startswith("<?xml") and "<testsuites" in text
    else:
        assert text.startswith("<!DOCTYPE html>")
    # --json stays a shorthand where json is a format
    if fmt == "json":
        assert json.loads(cli(*args, "--json", *extra).stdout) == json.loads(text)


def test_json_and_another_format_cannot_be_combined() -> None:
    done = cli("graph", SCENARIO, "--json", "--format", "dot")
    assert done.returncode == 2 and "--json and --format dot cannot be combined" in done.stderr


@pytest.mark.slow  # matplotlib, loaded in five fresh processes
def test_drawings_need_a_file_and_loops_png_is_the_same_convention(tmp_path: Path) -> None:
    done = cli("loops", LOOP, "--format", "png")
    assert done.returncode == 2 and "--format png needs -o FILE" in done.stderr
    png = tmp_path / "ring.png"
    done = cli("loops", LOOP, "--format", "png", "-o", str(png))
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and "wrote the drawing" in done.stderr
    svg = tmp_path / "ring.svg"
    cli("loops", LOOP, "--format", "svg", "-o", str(svg))
    assert "<svg" in svg.read_text(encoding="utf-8")
    old = tmp_path / "old.png"
    done = cli("loops", LOOP, "--png", str(old))  # the older spelling still draws
    assert old.is_file() and f"wrote the drawing {old}" in done.stderr
    done = cli("graph", SCENARIO, "--format", "svg", "-o", str(tmp_path / "g.svg"))
    assert "wrote the drawing" in done.stderr and (tmp_path / "g.svg").is_file()


def test_piped_text_is_not_cut_at_80_columns(tmp_path: Path) -> None:
    done = cli("check", FLAWED, "--witness-dir", str(tmp_path))
    long_lines = [line for line in done.stdout.splitlines() if len(line) > 100]
    assert long_lines, "a diagnostic's message is one line, however long"
    loops = cli("loops", str(ROOT / "examples" / "cardsets" / "flawed.yaml"))
    assert all("…" not in line for line in loops.stdout.splitlines())


def _scenarios(tmp_path: Path) -> Path:
    folder = tmp_path / "scenarios"
    (folder / "deep").mkdir(parents=True)
    (folder / "a_ok.yaml").write_text(PASSES, encoding="utf-8")
    (folder / "deep" / "b_ok.yaml").write_text(PASSES, encoding="utf-8")
    failing = PASSES.replace("hero.attack: 2", "hero.attack: 3")
    (folder / "c_fails.yaml").write_text(failing, encoding="utf-8")
    (folder / "cards.yaml").write_text("ruleset: eredan\ncards: {}\n", encoding="utf-8")
    return folder


def test_run_takes_folders_and_globs_and_prints_a_summary(tmp_path: Path) -> None:
    folder = _scenarios(tmp_path)
    done = cli("run", str(folder))
    assert done.returncode == 1, done.stderr
    lines = done.stdout.splitlines()
    assert lines[:3] == [
        f"passed  {folder}/a_ok.yaml",
        f"FAILED  {folder}/c_fails.yaml  (1 expectation(s) not met)",
        f"passed  {folder}/deep/b_ok.yaml",
    ]  # cards.yaml is a card set: not a scenario, not run
    assert lines[-1].startswith("2 passed, 1 failed in ") and lines[-1].endswith(" s")
    only_ok = cli("run", str(folder / "**" / "*ok.yaml"))
    assert only_ok.returncode == 0 and only_ok.stdout.splitlines()[-1].startswith("2 passed in")


def test_run_k_selects_and_x_stops_at_the_first_failure(tmp_path: Path) -> None:
    folder = _scenarios(tmp_path)
    picked = cli("run", str(folder), "-k", "ok and not deep")
    assert picked.returncode == 0
    assert picked.stdout.splitlines()[-1].startswith("1 passed, 2 deselected in ")
    stopped = cli("run", str(folder), "-x", "-k", "fails or a_ok or (b_ok)")
    assert stopped.returncode == 1
    assert stopped.stdout.splitlines()[-1].startswith("1 passed, 1 failed in")
    bad = cli("run", str(folder), "-k", "ok and (")
    assert bad.returncode == 2 and "-k" in bad.stderr


def test_run_bad_input_in_many_is_exit_2_and_json_has_counts(tmp_path: Path) -> None:
    folder = _scenarios(tmp_path)
    (folder / "d_bad.yaml").write_text(PASSES.replace("attack: 2}", "attack: two}"), "utf-8")
    done = cli("run", str(folder))
    assert done.returncode == 2
    assert "ERROR   " in done.stdout and "d_bad.yaml:4:" in done.stdout
    assert done.stdout.splitlines()[-1].startswith("2 passed, 1 failed, 1 error in")
    out = json.loads(cli("run", str(folder), "--json").stdout)
    assert out["summary"] == {"passed": 2, "failed": 1, "error": 1, "deselected": 0}
    assert "wall_time" not in out  # measurements only with arbiter --timings


def test_combat_text_goes_to_o_file_and_is_not_cut_when_piped(tmp_path: Path) -> None:
    target = tmp_path / "combat.txt"
    done = cli("combat", COMBAT, "-o", str(target))
    assert done.returncode in (0, 1), done.stderr
    assert done.stdout == "" and f"arbiter: wrote {target}" in done.stderr
    text = target.read_text(encoding="utf-8")
    assert "OPTIMAL" in text and "wall time" in text
    piped = cli("combat", COMBAT).stdout
    assert any(len(line) > 100 for line in piped.splitlines())  # the why line stays whole
    assert cli("combat", COMBAT, "--json", "--format", "text").returncode == 2


def test_import_follows_the_convention_and_keeps_o_dir_as_the_older_spelling(
    tmp_path: Path,
) -> None:
    summary = tmp_path / "summary.json"
    folder = tmp_path / "sets"
    done = cli(
        "import",
        "riftbound",
        POOL,
        "--out-dir",
        str(folder),
        "--format",
        "json",
        "-o",
        str(summary),
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""
    assert f"arbiter: wrote {summary}" in done.stderr
    assert f"arbiter: wrote the card sets and import-report.json in {folder}" in done.stderr
    answer = json.loads(summary.read_text(encoding="utf-8"))
    assert {"game", "cards", "full", "full_pct", "per_set", "files"} <= set(answer)
    assert "per_card" not in answer and (folder / "import-report.json").is_file()
    shorthand = cli("import", "riftbound", POOL, "--out-dir", str(folder), "--json")
    assert json.loads(shorthand.stdout) == answer
    page = tmp_path / "page.html"
    done = cli(
        "import", "riftbound", POOL, "--out-dir", str(folder), "--format", "html", "-o", str(page)
    )
    assert page.read_text(encoding="utf-8").lower().startswith("<!doctype html>"), done.stderr
    older = tmp_path / "older"
    done = cli("import", "riftbound", POOL, "-o", str(older))  # -o DIR without --out-dir
    assert done.returncode == 0 and (older / "import-report.json").is_file(), done.stderr
    assert "full %" in done.stdout  # the summary, to standard output
    missing = cli("import", "riftbound", POOL)
    assert missing.returncode == 2 and "expected --out-dir DIR" in missing.stderr
    over = cli("import", "riftbound", POOL, "--out-dir", str(folder), "-o", POOL)
    assert over.returncode == 2 and json.loads(Path(POOL).read_text(encoding="utf-8"))
