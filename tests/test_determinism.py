"""The same input gives the same output, byte for byte; declaration order does not matter.

- every example, through every command that takes a FILE, run 20 times in this process
  (100 under ``make fuzz``) gives byte-identical ``--json`` output and the same exit code;
- fresh processes with different hash seeds (set and dict orders of strings) agree too;
- shuffling the order of every mapping of a file (objects, cards, keys of an object, of a
  step, of the document) changes no answer, once the objects' timestamps are written out
  (A-TIME-1: otherwise the order of declaration *is* the order of timestamps).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests import harness
from tests.helpers import ROOT
from tests.strategies import EXAMPLES, dump, load_example, scenario_documents, yaml_examples

REPEATS = 100 if os.environ.get("ARBITER_FUZZ") == "long" else 20


def example_id(p: Path) -> str:
    return str(p.relative_to(EXAMPLES))


@pytest.mark.parametrize("example", yaml_examples(), ids=example_id)
def test_every_example_gives_the_same_bytes_every_time(example: Path) -> None:
    for command in harness.file_commands():
        argv = harness.argv_for(command, str(example))
        first = harness.invoke(argv)
        harness.judge(first, str(example))
        for _ in range(REPEATS - 1):
            again = harness.invoke(argv)
            assert again.code == first.code, argv
            assert again.stdout == first.stdout, f"{argv}: output differs between runs"


_DIGEST = """
import hashlib, json, sys
from tests import harness
from tests.strategies import yaml_examples
out = {}
for example in yaml_examples():
    for command in harness.file_commands():
        o = harness.invoke(harness.argv_for(command, str(example)))
        out[f"{command} {example}"] = [o.code, hashlib.sha256(o.stdout.encode()).hexdigest()]
print(json.dumps(out, sort_keys=True))
"""


def test_fresh_processes_with_other_hash_seeds_agree(tmp_path: Path) -> None:
    """Set and dict orders of strings change with PYTHONHASHSEED: the output must not."""
    digests = []
    for seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "ARBITER_HARNESS_SCRATCH": str(tmp_path)}
        done = subprocess.run(
            [sys.executable, "-c", _DIGEST],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env=env,
            timeout=300,
        )
        assert done.returncode == 0, done.stderr
        digests.append(json.loads(done.stdout))
    assert digests[0], "no example was run"
    assert digests[0] == digests[1] == digests[2]


# -- declaration order ---------------------------------------------------------------------


def with_explicit_timestamps(data: Any, *, overwrite: bool = False) -> Any:
    """Write out the timestamps that declaration order gives (A-TIME-1); ``overwrite`` also
    replaces the file's own (generated files may hold ties, which the rules do not order)."""
    if isinstance(data, dict) and isinstance(data.get("objects"), dict):
        for i, obj in enumerate(data["objects"].values(), start=1):
            if isinstance(obj, dict) and ("timestamp" not in obj or overwrite):
                obj["timestamp"] = i
    return data


def shuffle_mappings(data: Any, rng: random.Random) -> Any:
    """Every mapping's keys in a random order; lists (players, steps) keep theirs."""
    if isinstance(data, dict):
        items = list(data.items())
        rng.shuffle(items)
        return {k: shuffle_mappings(v, rng) for k, v in items}
    if isinstance(data, list):
        return [shuffle_mappings(v, rng) for v in data]
    return data


def answer(command: str, stdout: str) -> Any:
    """What a run decided. For ``run``: the whole JSON, with the checks sorted (the order of
    an expect block is the order its checks are listed in). For other commands: the JSON
    with every list sorted, as a report may list findings in file order, and without line
    and column numbers (the declarations moved)."""
    data = json.loads(stdout)
    if command == "run":
        data["expect"]["checks"].sort(key=lambda c: (c["step"] is None, c["step"] or 0, c["path"]))
        for check in data["expect"]["checks"]:
            check.pop("line", None)  # where the expectation stands moved with its mapping
        return data
    return canonical(data)


POSITIONS = {"line", "column", "col", "end_line", "end_column"}  # where things stand moved


def canonical(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: canonical(v) for k, v in sorted(value.items()) if k not in POSITIONS}
    if isinstance(value, list):
        return sorted((canonical(v) for v in value), key=lambda v: json.dumps(v, sort_keys=True))
    return value


def same_answers(tmp_path: Path, name: str, original: Any, seed: int) -> int:
    """Run the original and a shuffled copy through every command; compare the answers.
    Returns how many commands gave a JSON answer (exit 0 or 1)."""
    target = tmp_path / name
    compared = 0
    for command in harness.file_commands():
        outputs = []
        for data in (original, shuffle_mappings(original, random.Random(seed))):
            target.write_text(dump(data), encoding="utf-8")
            outcome = harness.invoke(harness.argv_for(command, str(target)))
            harness.judge(outcome, str(target))
            outputs.append(outcome)
        a, b = outputs
        if a.code == 2 or b.code == 2:
            # A format may ask for some things to be declared before they are named (an
            # area's "an object … declared earlier"): then only the shuffled order is refused.
            declared_first = a.code != 2 and ("earlier" in b.stderr or "before" in b.stderr)
            assert a.code == b.code == 2 or declared_first, (
                f"{command} {name}: only one order is refused: {a.stderr}{b.stderr}"
            )
            continue
        assert a.code == b.code, f"{command} {name}: exit {a.code} vs {b.code}"
        if "--json" in harness.option_names(harness.commands()[command]):
            assert answer(command, a.stdout) == answer(command, b.stdout), (
                f"{command} {name}: the order of declarations changed the answer"
            )
        compared += 1
    return compared


@pytest.mark.rule("ORD-1")
@pytest.mark.parametrize("example", yaml_examples(), ids=example_id)
def test_declaration_order_of_an_example_does_not_change_answers(
    tmp_path: Path, example: Path
) -> None:
    for sibling in example.parent.iterdir():  # a card set's includes stay beside it
        if sibling.is_file():
            (tmp_path / sibling.name).write_bytes(sibling.read_bytes())
    original = with_explicit_timestamps(load_example(example))
    compared = sum(same_answers(tmp_path, example.name, original, seed) for seed in range(5))
    if compared == 0:
        pytest.skip(f"no command accepts {example.name}")


@settings(max_examples=40)
@given(doc=scenario_documents(), seed=st.integers(0, 2**32))
def test_declaration_order_of_generated_scenarios_does_not_change_answers(
    tmp_path_factory: pytest.TempPathFactory, doc: tuple[str, str], seed: int
) -> None:
    import yaml

    original = with_explicit_timestamps(yaml.safe_load(doc[1]), overwrite=True)
    same_answers(tmp_path_factory.mktemp("order"), "generated.yaml", original, seed)


def test_the_shuffle_really_reorders() -> None:
    """The control of the tests above: shuffling does move keys."""
    data = {f"k{i}": i for i in range(10)}
    orders = {tuple(shuffle_mappings(data, random.Random(s))) for s in range(5)}
    assert len(orders) > 1
    assert canonical({"a": [2, 1]}) == {"a": [1, 2]}


def test_commands_without_a_file_give_the_same_bytes_every_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`arbiter schema` (and any command without FILE): the same output every time, each
    run in a fresh working folder (`arbiter init` and `arbiter demo` write there)."""
    names = [n for n, c in harness.commands().items() if not harness.takes_file(c)]
    assert names
    for name in names:
        outputs = set()
        for i in range(REPEATS):
            folder = tmp_path / f"{name}-{i}"
            folder.mkdir()
            monkeypatch.chdir(folder)
            outputs.add(harness.invoke([name]).stdout)
        assert len(outputs) == 1, name
