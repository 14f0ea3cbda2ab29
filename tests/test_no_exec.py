"""No execution of data: no eval/exec, no unsafe YAML, no pickle, anywhere in model/ or solver/.

The code is read as syntax trees (comments and strings that mention ``eval`` do not count)
and searched as text for the modules that deserialise code (pickle, marshal, shelve, dill).
The search is itself tested on planted snippets, so it cannot silently find nothing.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
import yaml

from arbiter.model.format import document
from tests.helpers import ROOT

PACKAGES = ("model", "solver")
FORBIDDEN_CALLS = {"eval", "exec", "compile", "__import__", "execfile"}
FORBIDDEN_ATTRIBUTE_CALLS = {
    ("yaml", "load"),
    ("yaml", "load_all"),
    ("yaml", "unsafe_load"),
    ("yaml", "unsafe_load_all"),
    ("yaml", "full_load"),
    ("yaml", "full_load_all"),
    ("os", "system"),
    ("os", "popen"),
    ("builtins", "eval"),
    ("builtins", "exec"),
}
FORBIDDEN_MODULES = {"pickle", "cPickle", "dill", "marshal", "shelve", "cloudpickle", "jsonpickle"}
UNSAFE_LOADERS = re.compile(
    r"\b(Unsafe|Full)?Loader\s*=\s*yaml\.(Unsafe|Full)?Loader\b|UnsafeLoader|FullLoader"
)


def findings(source: str, name: str = "<snippet>") -> list[str]:
    """Every forbidden construct of one module's source, as ``name:line: what``."""
    found: list[str] = []
    tree = ast.parse(source, name)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id in FORBIDDEN_CALLS:
                found.append(f"{name}:{node.lineno}: call of {func.id}()")
            if (
                isinstance(func, ast.Attribute)
                and isinstance(func.value, ast.Name)
                and (func.value.id, func.attr) in FORBIDDEN_ATTRIBUTE_CALLS
            ):
                found.append(f"{name}:{node.lineno}: call of {func.value.id}.{func.attr}()")
        if isinstance(node, ast.Import | ast.ImportFrom):
            modules = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.module:
                modules.append(node.module)
            for module in modules:
                if module.split(".")[0] in FORBIDDEN_MODULES:
                    found.append(f"{name}:{node.lineno}: import of {module}")
    for i, line in enumerate(source.splitlines(), start=1):
        if UNSAFE_LOADERS.search(line) or re.search(r"\bpickle\b", line):
            found.append(f"{name}:{i}: {line.strip()}")
    return found


def sources() -> list[Path]:
    return sorted(p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py"))


def test_there_is_code_to_search() -> None:
    assert len(sources()) >= 10


@pytest.mark.parametrize("path", sources(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_execution_of_data_in(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    assert findings(source, str(path.relative_to(ROOT))) == []


@pytest.mark.parametrize(
    "snippet",
    [
        "x = eval(text)",
        "exec(code)",
        "import pickle",
        "from pickle import loads",
        "import marshal as m",
        "data = yaml.load(text)",
        "data = yaml.load(text, Loader=yaml.Loader)",
        "data = yaml.unsafe_load(text)",
        "data = yaml.full_load(text)",
        "os.system(cmd)",
        "f = __import__(name)",
        "y = yaml.compose(text, Loader=yaml.FullLoader)",
    ],
)
def test_the_search_finds_planted_code(snippet: str) -> None:
    assert findings(snippet)


@pytest.mark.parametrize(
    "snippet",
    [
        "# never eval( card text\nx = 1",
        "s = 'no exec(' ",
        "v = ast.literal_eval(s)",
        "data = yaml.safe_load(text)",
        "n = yaml.compose(text, Loader=yaml.CSafeLoader)",
    ],
)
def test_the_search_leaves_safe_code_alone(snippet: str) -> None:
    assert findings(snippet) == []


def test_the_loader_is_a_safe_loader() -> None:
    assert issubclass(document._Loader, yaml.SafeLoader | yaml.CSafeLoader)
    assert isinstance(document._constructor, yaml.constructor.SafeConstructor)
    assert not isinstance(document._constructor, yaml.constructor.FullConstructor)
