"""Whole-output goldens: every example's full answer, as the ``arbiter`` command prints it.

Each example is run, in a fresh process of its own, through every command that
fits its kind, from a copy of ``examples/`` in a temporary folder (so that file names
in the answers read ``examples/...`` and the witness files of ``arbiter check`` land
there, not in the checkout):

- a scenario: ``run --json``, ``run --json --outcomes`` and ``graph --format json``
  (and ``damage --json`` / ``damage --json --all-optimal`` for ``examples/damage/``);
- a loops file (``examples/loops/``): ``loops --json``;
- a card set (``examples/cardsets/``): ``check --json`` and the witness files it writes;
- besides the examples: ``schema`` and ``schema --cardset``.

``--json`` leaves wall times out, so every answer is byte-identical from run to run.

A fresh process is a child forked, one per example, from a server interpreter that has
imported the libraries and computed nothing (``serve``): each answer starts from a clean
state, and the imports are paid once per server rather than once per example (where
there is no ``fork``, one interpreter per example).
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


def _env() -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(ROOT), PYTHONHASHSEED="0", COLUMNS="100")


OUT = "golden.out"  # in an example's working folder: its golden, written by the child


def serve() -> None:
    """Read ``[[example, work], ...]`` (JSON) on standard input; compute each golden in a
    child forked from this interpreter, into ``work/golden.out``; exit 1 at the first that
    fails (its traceback on standard error)."""
    import networkx  # noqa: F401 - the libraries the commands load lazily, loaded once
    import yaml  # noqa: F401
    from ortools.sat.python import cp_model  # noqa: F401

    import arbiter.solver.cli.main  # noqa: F401

    for example, work in json.loads(sys.stdin.read()):
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:  # the child: one example, then gone
            code = 1
            try:
                os.chdir(work)
                with open(OUT, "w", encoding="utf-8") as fh, contextlib.redirect_stdout(fh):
                    worker(example)
                code = 0
            except BaseException:  # noqa: BLE001 - reported to the parent, then exit 1
                import traceback

                traceback.print_exc()
            finally:
                sys.stderr.flush()
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        if status != 0:
            print(f"golden of {example} failed (status {status})", file=sys.stderr)
            sys.exit(1)


def _serve(batch: list[tuple[str, Path]]) -> list[str]:
    """The goldens of ``batch`` from one server (``serve``)."""
    done = subprocess.run(
        [sys.executable, "-c", "from tests.goldens import serve; serve()"],
        input=json.dumps([[example, str(work)] for example, work in batch]),
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=_env(),
        timeout=600 + 60 * len(batch),
    )
    if done.returncode != 0:
        raise RuntimeError(f"goldens failed:\n{done.stderr}")
    return [(work / OUT).read_text(encoding="utf-8") for _, work in batch]


def _compute(example: str, work: Path) -> str:
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
        env=_env(),
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
        if not hasattr(os, "fork"):
            with ThreadPoolExecutor(max_workers=jobs) as pool:
                texts = list(pool.map(_compute, names, works))
            return dict(zip(names, texts, strict=True))
        pairs = list(zip(names, works, strict=True))
        batches = [pairs[i::jobs] for i in range(jobs)]  # one server per job
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            done = list(pool.map(_serve, batches))
    found = {
        name: text
        for batch, texts in zip(batches, done, strict=True)
        for (name, _), text in zip(batch, texts, strict=True)
    }
    return {name: found[name] for name in names}


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
