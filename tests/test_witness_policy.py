"""Witnesses at scale (Decision CHECK-WIT): --witnesses none|errors|all, --max-witnesses,
one witness per class of equivalent findings, files rewritten only when changed."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.helpers import ROOT, cli

FLAWED = str(ROOT / "examples" / "cardsets" / "flawed.yaml")


def _many_unknown_zones(n: int) -> str:
    """n spells that each move a character to the same misspelt zone: n equivalent errors."""
    cards = "".join(
        f"  s{i}: {{kind: spell, roles: {{t: character}},"
        f" effect: [{{move: {{target: t, zone: graveyrd}}}}]}}\n"
        for i in range(n)
    )
    return f"ruleset: eredan\ncards:\n  hero: {{kind: character, base: {{attack: 1}}}}\n{cards}"


def _check(*args: str) -> dict[str, object]:
    done = cli("check", *args, "--json")
    assert done.returncode in (0, 1), done.stderr
    out: dict[str, object] = json.loads(done.stdout)
    return out


def _files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.yaml"))


@pytest.mark.rule("CHECK-WIT")
def test_equivalent_findings_share_one_witness(tmp_path: Path) -> None:
    cards = tmp_path / "many.yaml"
    cards.write_text(_many_unknown_zones(30), encoding="utf-8")
    out = _check(str(cards), "--witness-dir", str(tmp_path / "w"))
    zones = [d for d in out["diagnostics"] if d["code"] == "unknown-zone"]  # type: ignore[union-attr,index]
    assert len(zones) == 30
    paths = {d["witness"] for d in zones}
    assert len(paths) == 1 and None not in paths
    assert len(_files(tmp_path / "w")) == 1


@pytest.mark.rule("CHECK-WIT")
def test_witnesses_none_errors_all_and_the_limit(tmp_path: Path) -> None:
    def written(*args: str) -> tuple[dict[str, object], list[Path]]:
        folder = tmp_path / "w" / "-".join(args or ("default",))
        return _check(FLAWED, "--witness-dir", str(folder), *args), _files(folder)

    out, files = written("--witnesses", "none")
    assert files == [] and all(d["witness"] is None for d in out["diagnostics"])  # type: ignore[union-attr,index]
    out, files = written("--witnesses", "errors")
    with_witness = {d["severity"] for d in out["diagnostics"] if d["witness"]}  # type: ignore[union-attr,index]
    assert with_witness == {"error"} and files
    every, all_files = written()
    assert len(all_files) > len(files)
    out, files = written("--max-witnesses", "2")
    assert len({d["witness"] for d in out["diagnostics"] if d["witness"]}) == 2  # type: ignore[union-attr,index]
    text = cli("check", FLAWED, "--witness-dir", str(tmp_path / "t"), "--max-witnesses", "2")
    assert "witnesses not written (--max-witnesses)" in text.stdout


@pytest.mark.rule("CHECK-WIT")
def test_unchanged_witnesses_are_not_rewritten(tmp_path: Path) -> None:
    folder = tmp_path / "w"
    _check(FLAWED, "--witness-dir", str(folder))
    files = _files(folder)
    assert files
    for f in files:
        os.utime(f, (1_000_000, 1_000_000))
    _check(FLAWED, "--witness-dir", str(folder))
    assert all(f.stat().st_mtime == 1_000_000 for f in files)
    stale = "# A witness written by `arbiter check`: stale\n"
    files[0].write_text(stale, encoding="utf-8")  # one of ours, changed: written again
    _check(FLAWED, "--witness-dir", str(folder))
    assert files[0].read_text(encoding="utf-8") != stale
    files[0].write_text("# not a witness\n", encoding="utf-8")  # not ours: never replaced
    done = cli("check", FLAWED, "--witness-dir", str(folder), "--json")
    assert done.returncode == 2 and "arbiter did not write it" in done.stderr
    assert files[0].read_text(encoding="utf-8") == "# not a witness\n"
