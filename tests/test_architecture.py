"""The one direction of imports (DESIGN.md), the arbiter namespace, and lazy heavy imports."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

from tests.helpers import ROOT, loaded_by

FORBIDDEN_IN_MODEL = ("arbiter.solver", "networkx", "ortools", "matplotlib")
SOURCES = ("model", "solver", "tests", "benchmarks")


def imported_modules(source: str) -> set[str]:
    """Every module an import statement of ``source`` names, dotted, at any depth."""
    tree = ast.parse(source)
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def _files(*folders: str) -> list[Path]:
    return sorted(p for f in folders for p in (ROOT / f).rglob("*.py"))


def _within(name: str, packages: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in packages)


def test_model_never_imports_solver_networkx_or_ortools() -> None:
    offenders = {
        str(p.relative_to(ROOT)): sorted(
            n
            for n in imported_modules(p.read_text(encoding="utf-8"))
            if _within(n, FORBIDDEN_IN_MODEL)
        )
        for p in _files("model")
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def _notebook_code(path: Path) -> str:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    return "\n".join(line for c in code for line in c.splitlines() if not line.startswith("%"))


def test_every_import_goes_through_the_arbiter_namespace() -> None:
    """``model`` and ``solver`` are folders, never import names: a user's own ``model.py``
    or the PyPI package ``solver`` could shadow them (the import names are arbiter.*)."""
    sources = {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8") for p in _files(*SOURCES)}
    sources |= {
        str(p.relative_to(ROOT)): _notebook_code(p)
        for p in sorted((ROOT / "notebooks").glob("*.ipynb"))
    }
    bare = {
        name: sorted(n for n in imported_modules(text) if _within(n, ("model", "solver")))
        for name, text in sources.items()
    }
    assert {k: v for k, v in bare.items() if v} == {}
    assert len(sources) > 100


def test_the_domain_never_imports_the_command_line() -> None:
    """The CLI holds no domain logic: nothing outside solver/cli/ (the API included)
    imports it, so every type the API returns lives below the CLI."""
    offenders = {
        str(p.relative_to(ROOT)): sorted(
            n
            for n in imported_modules(p.read_text(encoding="utf-8"))
            if _within(n, ("arbiter.solver.cli", "click", "rich"))
        )
        for p in _files("model", "solver")
        if "cli" not in p.relative_to(ROOT).parts
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_modules_stay_small() -> None:
    sizes = {
        str(p.relative_to(ROOT)): len(p.read_text(encoding="utf-8").splitlines())
        for p in [*(ROOT / "model").rglob("*.py"), *(ROOT / "solver").rglob("*.py")]
    }
    assert {k: n for k, n in sizes.items() if n > 700} == {}


PROBE = """
import sys
from arbiter.solver.cli.main import cli
from arbiter.solver.cli.main import Exit
try:
    cli.main(args=["run", sys.argv[1], "--json"], standalone_mode=False)
except Exit as exc:
    assert exc.code == 0, exc.code
heavy = sorted(m for m in ("ortools", "networkx", "matplotlib") if m in sys.modules)
print("HEAVY=" + ",".join(heavy))
"""


def test_run_on_a_stats_only_scenario_imports_no_solver_library() -> None:
    example = ROOT / "examples" / "seeds" / "eredan_naya.yaml"
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(example)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "HEAVY="


LAZY_PROBE = """
import sys
from arbiter.solver.cli.main import Exit, cli
try:
    cli.main(args=["run", sys.argv[1], "--json"], standalone_mode=False)
except Exit as exc:
    assert exc.code == 0, exc.code
others = ("check", "combat", "damage", "demo", "graph", "importer", "loops", "schema")
loaded = sorted(m for m in others if "arbiter.solver.cli." + m in sys.modules)
print("LOADED=" + ",".join(loaded))
"""


def test_run_loads_no_other_command_module() -> None:
    assert loaded_by(LAZY_PROBE) == ""


def test_every_listed_command_module_defines_that_command() -> None:
    import click

    from arbiter.solver.cli.main import COMMANDS, cli

    ctx = click.Context(cli)
    assert set(COMMANDS) <= set(cli.list_commands(ctx))
    for name in COMMANDS:
        command = cli.get_command(ctx, name)
        assert command is not None and command.name == name
    assert cli.get_command(ctx, "no-such-command") is None
