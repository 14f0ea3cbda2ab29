"""The one direction of imports (DESIGN.md) and lazy heavy imports."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from tests.helpers import ROOT

FORBIDDEN_IN_MODEL = ("solver", "networkx", "ortools", "matplotlib")


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_model_never_imports_solver_networkx_or_ortools() -> None:
    offenders = {
        str(p.relative_to(ROOT)): sorted(imported_modules(p) & set(FORBIDDEN_IN_MODEL))
        for p in (ROOT / "model").rglob("*.py")
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
