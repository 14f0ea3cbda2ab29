"""Whole-output goldens: every example's full answer, as the ``arbiter`` command prints it.

Each example is run, in a fresh interpreter of its own, through every command that
fits its kind, from a copy of ``examples/`` in a temporary folder (so that file names
in the answers read ``examples/...`` and the witness files of ``arbiter check`` land
there, not in the checkout):

- a scenario: ``run --json``, ``run --json --outcomes`` and ``graph --format json``
  (and ``damage --json`` / ``damage --json --all-optimal`` for ``examples/damage/``);
- a loops file (``examples/loops/``): ``loops --json``;
- a card set (``examples/cardsets/``): ``check --json`` and the witness files it writes;
- besides the examples: ``schema`` and ``schema --cardset``.

``--json`` leaves wall times out, so every answer is byte-identical from run to run.
``make goldens`` (``python -m tests.goldens``) rewrites ``tests/goldens/``;
``tests/test_goldens.py`` diffs against it. A refactoring that changes an answer shows up.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
GOLDENS = ROOT / "tests" / "goldens"
WITNESSES = "arbiter-witnesses"
SCHEMA = "(schema)"


def examples() -> list[str]:
    """Every example file, relative to the repository (``examples/...``), sorted."""
    return sorted(str(p.relative_to(ROOT)) for p in EXAMPLES.rglob("*.yaml"))


def commands(example: str) -> dict[str, list[str]]:
    """The commands whose answers make the golden of ``example``, by golden name."""
    if example == SCHEMA:
        return {"schema": ["schema"], "schema-cardset": ["schema", "--cardset"]}
    parts = Path(example).parts
    if "cardsets" in parts:
        return {"check": ["check", example, "--json", "--witness-dir", WITNESSES]}
    if "loops" in parts:
        return {"loops": ["loops", example, "--json"]}
    found = {
        "run": ["run", example, "--json"],
        "outcomes": ["run", example, "--json", "--outcomes"],
        "graph": ["graph", example, "--format", "json"],
    }
    if "damage" in parts:
        found["damage"] = ["damage", example, "--json"]
        found["damage-all-optimal"] = ["damage", example, "--json", "--all-optimal"]
    return found


def golden_path(example: str) -> Path:
    """Where the golden of ``example`` is stored."""
    if example == SCHEMA:
        return GOLDENS / "schema.json"
    return GOLDENS / Path(example).relative_to("examples").with_suffix(".json")


def _one(argv: list[str]) -> dict[str, Any]:
    from arbiter.solver.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    code: int | str | None = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(argv)
        except SystemExit as exc:
            code = exc.code
    text = out.getvalue()
    try:
        answer: Any = json.loads(text)
    except ValueError:
        answer = text
    return {"argv": argv, "exit": code, "stderr": err.getvalue(), "stdout": answer}


def _witnesses() -> dict[str, str]:
    folder = Path(WITNESSES)
    return {
        str(p.relative_to(folder)): p.read_text(encoding="utf-8")
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def worker(example: str) -> None:
    """In a fresh interpreter, cwd a copy of the repository's examples: print the golden."""
    golden: dict[str, Any] = {name: _one(argv) for name, argv in commands(example).items()}
    if "check" in golden:
        golden["witnesses"] = _witnesses()
        shutil.rmtree(WITNESSES, ignore_errors=True)
    sys.stdout.write(render(golden))


def render(golden: dict[str, Any]) -> str:
    return json.dumps(golden, indent=2, ensure_ascii=False, sort_keys=False) + "\n"


@contextlib.contextmanager
def _copy_of_examples() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="arbiter-goldens-") as tmp:
        shutil.copytree(EXAMPLES, Path(tmp) / "examples")
        yield Path(tmp)


def _compute(example: str, work: Path) -> str:
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONHASHSEED="0", COLUMNS="100")
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from tests.goldens import worker; worker(sys.argv[1])",
            example,
        ],
        capture_output=True,
        text=True,
        cwd=work,
        env=env,
        timeout=600,
    )
    if done.returncode != 0:
        raise RuntimeError(f"golden of {example} failed:\n{done.stderr}")
    return done.stdout


def compute_all(jobs: int = 2) -> dict[str, str]:
    """Every golden, freshly computed: example -> rendered JSON."""
    names = [SCHEMA, *examples()]
    with _copy_of_examples() as tmp:
        works = [tmp / f"work{i}" for i in range(len(names))]
        for work in works:  # one working folder per example: witness files never mix
            work.mkdir()
            (work / "examples").symlink_to(tmp / "examples", target_is_directory=True)
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            texts = list(pool.map(_compute, names, works))
    return dict(zip(names, texts, strict=True))


def stored() -> dict[str, str]:
    """The stored goldens: example -> text (examples without a golden are absent)."""
    return {
        name: golden_path(name).read_text(encoding="utf-8")
        for name in [SCHEMA, *examples()]
        if golden_path(name).exists()
    }


def write_all(jobs: int = 2) -> list[str]:
    """Rewrite ``tests/goldens/``; the names whose golden changed."""
    fresh = compute_all(jobs)
    old = stored()
    if GOLDENS.exists():
        shutil.rmtree(GOLDENS)
    for name, text in fresh.items():
        path = golden_path(name)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return sorted(n for n in fresh if old.get(n) != fresh[n])


if __name__ == "__main__":
    changed = write_all(int(os.environ.get("JOBS", "2")))
    print(f"{len(changed)} golden(s) written or changed" + "".join(f"\n  {c}" for c in changed))
