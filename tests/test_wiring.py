"""Explicit wiring (DESIGN.md, the house): no answer depends on which modules were imported,
and no two modules import each other, even through a chain or inside a function."""

from __future__ import annotations

import ast
import graphlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import ROOT

PACKAGES = ("model", "solver")


def module_name(path: Path) -> str:
    parts = ["arbiter", *path.relative_to(ROOT).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking_only(tree: ast.Module) -> set[int]:
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped.update(id(n) for n in ast.walk(node))
    return skipped


def import_graph(sources: dict[str, str]) -> dict[str, set[str]]:
    """module -> the modules it imports (at any depth: lazy imports count; imports only
    for type checking do not). A package's own ``__init__`` is not an edge."""
    known = set(sources)
    graph: dict[str, set[str]] = {m: set() for m in sources}
    for name, text in sources.items():
        tree = ast.parse(text)
        skipped = _type_checking_only(tree)
        for node in ast.walk(tree):
            if id(node) in skipped:
                continue
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                targets = [
                    f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in known else node.module
                    for a in node.names
                ]
            for target in targets:
                while target and target not in known:
                    target = target.rpartition(".")[0]
                if target and target != name and not name.startswith(target + "."):
                    graph[name].add(target)
    return graph


def cycle_of(graph: dict[str, set[str]]) -> list[str] | None:
    try:
        tuple(graphlib.TopologicalSorter(graph).static_order())
    except graphlib.CycleError as exc:
        return list(exc.args[1])
    return None


def _sources() -> dict[str, str]:
    return {
        module_name(p): p.read_text(encoding="utf-8")
        for folder in PACKAGES
        for p in sorted((ROOT / folder).rglob("*.py"))
    }


def test_no_import_cycle_between_modules() -> None:
    graph = import_graph(_sources())
    assert len(graph) > 80
    assert cycle_of(graph) is None


def test_the_cycle_finder_finds_a_cycle_through_a_lazy_import() -> None:
    sources = {
        "arbiter.a": "from arbiter.b import x\n",
        "arbiter.b": "def f():\n    from arbiter import c\n",
        "arbiter.c": "import arbiter.a\n",
        "arbiter.d": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import arbiter.a\n",
    }
    graph = import_graph(sources)
    assert graph["arbiter.d"] == set()
    found = cycle_of(graph)
    assert found is not None and {"arbiter.a", "arbiter.b", "arbiter.c"} <= set(found)


# -- no answer depends on what was imported ----------------------------------------------------

ANSWERS = """
import json, sys
from pathlib import Path

if sys.argv[1] == "everything":
    import importlib
    for name in json.loads(sys.argv[2]):
        importlib.import_module(name)
before = sorted(m for m in sys.modules if m.startswith("arbiter."))
from arbiter.solver import api

def strip(data):
    if isinstance(data, dict):
        return {k: strip(v) for k, v in data.items() if k != "wall_time"}
    if isinstance(data, list):
        return [strip(v) for v in data]
    return data

out = {}
for path in sorted(Path("examples").rglob("*.yaml")):
    rel = str(path)
    if "cardsets" in path.parts:
        out[rel] = api.diagnostics_table(api.check(rel))
    elif "loops" in path.parts:
        out[rel] = api.loops(rel).as_json()
    else:
        out[rel] = api.run_json(rel)
print(json.dumps({"imported_first": len(before), "answers": strip(out)}, sort_keys=False))
"""


def _answers(mode: str) -> dict[str, object]:
    modules = sorted(_sources())
    done = subprocess.run(
        [sys.executable, "-c", ANSWERS, mode, json.dumps(modules)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, object] = json.loads(done.stdout)
    return result


@pytest.mark.rule("A-PASS-2", "A-ORDER-1")
def test_every_answer_is_the_same_whatever_was_imported_first() -> None:
    """The api alone in a fresh interpreter, then every module imported before it: every
    example's JSON answer is byte-identical (no registry fills itself on import)."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=2) as pool:  # two interpreters, side by side
        alone, everything = pool.map(_answers, ["api-only", "everything"])
    assert alone["imported_first"] == 0
    assert everything["imported_first"] == len(_sources())
    first, second = alone["answers"], everything["answers"]
    assert isinstance(first, dict) and isinstance(second, dict)
    assert len(first) >= 50
    different = sorted(k for k in first if json.dumps(first[k]) != json.dumps(second.get(k)))
    assert different == []


def test_no_module_is_found_by_a_directory_scan() -> None:
    """Each kind of plugin is a literal list in one module: nothing imports by name."""
    scanning = {
        name
        for name, text in _sources().items()
        if {"pkgutil", "importlib", "importlib.util"} & set().union(*import_graph_names(text))
    }
    assert scanning == set()


def import_graph_names(text: str) -> list[set[str]]:
    found: list[set[str]] = [set()]
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            found.append({a.name for a in node.names})
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.append({node.module})
    return found
