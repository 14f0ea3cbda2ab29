"""Files written where they should not be (issue: hardening, items 1, 2, 3, 6 and the output
paths of item 10).

Witnesses and reports are written atomically (temporary file, rename), never through a link
planted in the output folder, never over an input or a file arbiter did not write; the
default witness folder is the working folder, never beside the report unless asked;
concurrent runs into one folder never collide; an included file that is not a card file
(a hard link to a secret) is never quoted; SARIF URIs are percent-encoded.
"""

from __future__ import annotations

import json
import os
import shutil
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import unquote

import pytest

from tests import harness
from tests.helpers import ROOT
from tests.outside import arbiter

FLAWED = ROOT / "examples" / "cardsets" / "flawed.yaml"
SCENARIO = ROOT / "examples" / "seeds" / "altered_dependency_cycle.yaml"
LOOPS = ROOT / "examples" / "loops" / "three_card_loop.yaml"


def _check_json(tmp_path: Path, cardset: Path, witnesses: Path) -> dict[str, object]:
    done = arbiter("check", str(cardset), "--json", "--witness-dir", str(witnesses), cwd=tmp_path)
    assert done.returncode in (0, 1), done.stderr
    out: dict[str, object] = json.loads(done.stdout)
    return out


def _witness_paths(report: dict[str, object]) -> list[str]:
    return [d["witness"] for d in report["diagnostics"] if d["witness"]]  # type: ignore[attr-defined,index]


def _one_line_refusal(done: object, *words: str) -> None:
    stderr = done.stderr  # type: ignore[attr-defined]
    assert done.returncode == 2, (done.stdout, stderr)  # type: ignore[attr-defined]
    assert stderr.count("\n") == 1 and "Traceback" not in stderr, stderr
    for word in words:
        assert word in stderr, stderr


# -- 1. links and overwrites -----------------------------------------------------------------


@pytest.mark.rule("ROBUST-OUTPUT")
def test_a_link_planted_at_a_witness_name_is_never_followed(tmp_path: Path) -> None:
    witnesses = tmp_path / "w"
    first = _witness_paths(_check_json(tmp_path, FLAWED, witnesses))
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n", encoding="utf-8")
    for path in first:
        os.unlink(path)
        os.symlink(victim, path)
    done = arbiter("check", str(FLAWED), "--json", "--witness-dir", str(witnesses), cwd=tmp_path)
    assert victim.read_text(encoding="utf-8") == "precious\n"
    _one_line_refusal(done, "arbiter did not write it")


@pytest.mark.rule("ROBUST-OUTPUT")
def test_a_sub_folder_redirected_by_a_link_is_refused(tmp_path: Path) -> None:
    witnesses = tmp_path / "w"
    witnesses.mkdir()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (witnesses / "flawed").symlink_to(elsewhere, target_is_directory=True)
    done = arbiter("check", str(FLAWED), "--witness-dir", str(witnesses), cwd=tmp_path)
    _one_line_refusal(done, "is a link")
    assert list(elsewhere.iterdir()) == []


@pytest.mark.rule("ROBUST-OUTPUT")
def test_a_file_arbiter_did_not_write_is_never_replaced(tmp_path: Path) -> None:
    witnesses = tmp_path / "w"
    first = _witness_paths(_check_json(tmp_path, FLAWED, witnesses))
    Path(first[0]).write_text("mine: not a witness\n", encoding="utf-8")
    done = arbiter("check", str(FLAWED), "--json", "--witness-dir", str(witnesses), cwd=tmp_path)
    _one_line_refusal(done, "arbiter did not write it")
    assert Path(first[0]).read_text(encoding="utf-8") == "mine: not a witness\n"


@pytest.mark.rule("ROBUST-OUTPUT")
def test_witnesses_go_beside_the_report_only_when_asked(tmp_path: Path) -> None:
    shared = tmp_path / "shared"  # think /tmp: anyone may plant links there
    work = tmp_path / "work"
    shared.mkdir()
    work.mkdir()
    done = arbiter("check", str(FLAWED), "--html", str(shared / "r.html"), cwd=work)
    assert done.returncode == 1, done.stderr
    assert sorted(p.name for p in shared.iterdir()) == ["r.html"]
    assert (work / "arbiter-witnesses" / "flawed").is_dir()
    asked = arbiter(
        "check",
        str(FLAWED),
        "--html",
        str(shared / "r.html"),
        "--witness-dir",
        str(shared),
        cwd=work,
    )
    assert asked.returncode == 1 and (shared / "flawed").is_dir()


@pytest.mark.rule("ROBUST-OUTPUT")
def test_a_link_at_a_report_path_is_replaced_never_followed(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n", encoding="utf-8")
    report = tmp_path / "r.html"
    report.symlink_to(victim)
    done = arbiter("check", str(FLAWED), "--html", str(report), cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    assert victim.read_text(encoding="utf-8") == "precious\n"
    assert not report.is_symlink() and report.read_text(encoding="utf-8").startswith("<!DOCTYPE")
    assert "replaced the existing file" in done.stderr


# -- 2. concurrent runs, inputs, replaced files ----------------------------------------------


def _two_sets_with_one_stem(tmp_path: Path) -> tuple[Path, Path]:
    """Two card sets named set.yaml in two folders: the same card ids, other values (their
    witnesses differ in content, not in code or cards)."""
    text = FLAWED.read_text(encoding="utf-8")
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    (a / "set.yaml").write_text(text, encoding="utf-8")
    (b / "set.yaml").write_text(text.replace("defense: 3", "defense: 5"), encoding="utf-8")
    return a / "set.yaml", b / "set.yaml"


def _contents(report: dict[str, object]) -> dict[tuple[str, ...], str]:
    """(code, cards) -> the text of the witness file the report names."""
    return {
        (d["code"], *d["cards"]): Path(d["witness"]).read_text(encoding="utf-8")
        for d in report["diagnostics"]  # type: ignore[attr-defined]
        if d["witness"]
    }


@pytest.mark.rule("ROBUST-OUTPUT")
def test_concurrent_checks_into_one_folder_never_collide(tmp_path: Path) -> None:
    sets = _two_sets_with_one_stem(tmp_path)
    alone = {
        s: _contents(_check_json(tmp_path, s, tmp_path / f"alone-{s.parent.name}")) for s in sets
    }
    assert alone[sets[0]] != alone[sets[1]]
    shared = tmp_path / "w"
    jobs = [sets[i % 2] for i in range(6)]
    with ThreadPoolExecutor(max_workers=6) as pool:
        reports = list(pool.map(lambda s: (s, _check_json(tmp_path, s, shared)), jobs))
    for cardset, report in reports:  # every report leads to its own content
        assert _contents(report) == alone[cardset]
    assert not list(shared.rglob(".*.tmp")), "temporary files left behind"


@pytest.mark.rule("ROBUST-OUTPUT")
def test_a_later_run_leaves_the_earlier_reports_files_as_they_were(tmp_path: Path) -> None:
    first_set, second_set = _two_sets_with_one_stem(tmp_path)
    witnesses = tmp_path / "w"
    first = _check_json(tmp_path, first_set, witnesses)
    before = _contents(first)
    _check_json(tmp_path, second_set, witnesses)
    assert _contents(first) == before


@pytest.mark.rule("ROBUST-OUTPUT")
def test_the_same_check_twice_names_the_same_files(tmp_path: Path) -> None:
    witnesses = tmp_path / "w"
    assert _check_json(tmp_path, FLAWED, witnesses) == _check_json(tmp_path, FLAWED, witnesses)


@pytest.mark.rule("ROBUST-OUTPUT")
def test_no_output_is_ever_written_over_an_input(tmp_path: Path) -> None:
    cardset = tmp_path / "set.yaml"
    shutil.copy(FLAWED, cardset)
    scenario = tmp_path / "scene.yaml"
    shutil.copy(SCENARIO, scenario)
    loops = tmp_path / "loops.yaml"
    shutil.copy(LOOPS, loops)
    os.link(loops, tmp_path / "loops.png")
    os.link(scenario, tmp_path / "scene.svg")
    cases = [
        ("check", str(cardset), "--html", str(cardset)),
        ("graph", str(scenario), "-o", str(scenario)),
        ("graph", str(scenario), "--format", "svg", "-o", str(tmp_path / "scene.svg")),
        ("loops", str(loops), "--png", str(tmp_path / "loops.png")),
    ]
    before = {p: p.read_bytes() for p in (cardset, scenario, loops)}
    for args in cases:
        done = arbiter(*args, cwd=tmp_path)
        _one_line_refusal(done, "it is the input")
    assert {p: p.read_bytes() for p in before} == before


@pytest.mark.rule("ROBUST-OUTPUT")
def test_replacing_an_existing_report_is_said(tmp_path: Path) -> None:
    out = tmp_path / "graph.txt"
    out.write_text("old\n", encoding="utf-8")
    done = arbiter("graph", str(SCENARIO), "-o", str(out), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "replaced the existing file" in done.stderr and out.read_text() != "old\n"
    fresh = arbiter("graph", str(SCENARIO), "-o", str(tmp_path / "new.txt"), cwd=tmp_path)
    assert fresh.returncode == 0 and "replaced" not in fresh.stderr


# -- 10. output paths that cannot be written --------------------------------------------------


@pytest.mark.rule("ROBUST-OUTPUT")
@pytest.mark.parametrize(
    "args",
    [
        ("check", str(FLAWED), "--html", "{tmp}/missing/r.html"),
        ("check", str(FLAWED), "--html", "{tmp}/file.txt/r.html"),
        ("check", str(FLAWED), "--html", "{tmp}"),
        ("check", str(FLAWED), "--witness-dir", "{tmp}/file.txt/w"),
        ("graph", str(SCENARIO), "-o", "{tmp}/missing/g.txt"),
        ("graph", str(SCENARIO), "--format", "png", "-o", "{tmp}/g.txt"),
        ("graph", str(SCENARIO), "--format", "svg", "-o", "{tmp}/file.txt/g.svg"),
        ("loops", str(LOOPS), "--png", "{tmp}/g.txt"),
        ("loops", str(LOOPS), "--png", "{tmp}/missing/g.png"),
        ("loops", str(LOOPS), "--png", "{tmp}/file.txt/g.png"),
    ],
)
def test_an_output_path_that_cannot_be_written_is_one_line_exit_2(
    tmp_path: Path, args: tuple[str, ...]
) -> None:
    (tmp_path / "file.txt").write_text("x\n", encoding="utf-8")
    argv = [a.replace("{tmp}", str(tmp_path)) for a in args]
    outcome = harness.invoke(argv)
    assert outcome.escaped is None and outcome.code == 2, (outcome.code, outcome.stderr)
    assert outcome.stderr.count("\n") == 1 and outcome.stderr.startswith("arbiter: ")


# -- 3. hard links in includes ---------------------------------------------------------------


@pytest.mark.rule("ROBUST-OUTPUT")
@pytest.mark.parametrize("how", ["hard-link", "copy"])
def test_an_included_file_that_is_not_a_card_file_is_never_quoted(tmp_path: Path, how: str) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("SECRET_TOKEN: hunter2\npassword: swordfish\n", encoding="utf-8")
    folder = tmp_path / "set"
    folder.mkdir()
    if how == "hard-link":
        os.link(secret, folder / "s.yaml")
    else:
        shutil.copy(secret, folder / "s.yaml")
    main = folder / "main.yaml"
    main.write_text("ruleset: eredan\ninclude: [s.yaml]\ncards: {}\n", encoding="utf-8")
    for command in ("check", "loops"):
        outcome = harness.invoke([command, str(main)])
        harness.judge(outcome, str(main))
        assert outcome.code == 2, outcome.stderr
        for word in ("SECRET", "hunter2", "password", "swordfish"):
            assert word not in outcome.stderr + outcome.stdout


# -- 6. SARIF URIs --------------------------------------------------------------------------


@pytest.mark.rule("ROBUST-OUTPUT")
def test_sarif_uris_are_percent_encoded(tmp_path: Path) -> None:
    name = "my set #1?v=%20 x.yaml"
    shutil.copy(FLAWED, tmp_path / name)
    done = arbiter(
        "check", name, "--format", "sarif", "--witness-dir", str(tmp_path / "w"), cwd=tmp_path
    )
    assert done.returncode == 1, done.stderr
    results = json.loads(done.stdout)["runs"][0]["results"]
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results}
    assert uris == {"my%20set%20%231%3Fv%3D%2520%20x.yaml"}
    assert all(unquote(u) == name for u in uris)
