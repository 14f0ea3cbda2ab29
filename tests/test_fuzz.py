"""Fuzzing every command with documents of the right shape and wrong values.

For every subcommand of ``arbiter`` that takes a FILE (discovered when the tests run) and
every document drawn here: never a traceback, an exit code of 0, 1 or 2 (3, an internal
error, never happens), and every exit-2 message one line with file:line:col and the path
of the offending value inside the document.

The CI budget is a few hundred documents; ``make fuzz`` (``ARBITER_FUZZ=long``) runs more
than 10,000 and prints how many, and how many tracebacks (which must be 0).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from tests import harness
from tests.helpers import ROOT, cli
from tests.strategies import EXAMPLES, example_files, mutated_examples, scenario_documents

MAIN = "from arbiter.solver.cli.main import main; main()"
LONG = os.environ.get("ARBITER_FUZZ") == "long"


def budget(ci: int, long: int) -> settings:
    return settings(
        max_examples=long if LONG else ci,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


@pytest.fixture(scope="module")
def workdir(
    tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest
) -> Iterator[Path]:
    """A copy of examples/ in which mutated files are written next to their originals
    (so that a card set's includes of its own folder still resolve)."""
    root = tmp_path_factory.mktemp("fuzz")
    for path in example_files():
        target = root / path.relative_to(EXAMPLES)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(path.read_bytes())
    before = harness.STATS.copy()
    yield root
    docs = harness.STATS["documents"] - before["documents"]
    runs = harness.STATS["runs"] - before["runs"]
    tracebacks = harness.STATS["tracebacks"] - before["tracebacks"]
    print(
        f"\nfuzz: {docs} documents, {runs} command runs "
        f"({', '.join(harness.file_commands())}), {tracebacks} tracebacks"
    )
    if LONG and not request.config.getoption("keyword"):  # the whole long budget ran
        assert docs >= 10_000, f"make fuzz must run at least 10,000 documents, ran {docs}"


def run_everywhere(workdir: Path, name: str, text: str) -> None:
    """Write the document beside the example it came from and run every command on it."""
    target = workdir / Path(name).parent / f"_fuzz_{Path(name).name}"
    target.write_text(text, encoding="utf-8")
    harness.STATS["documents"] += 1
    mode = harness.STATS["documents"] % 3  # the JSON, the report, the report with --explain
    for command in harness.file_commands():
        argv = harness.argv_for(command, str(target), json=mode == 0, explain=mode == 2)
        outcome = harness.invoke(argv)
        harness.judge(outcome, str(target), text)


def test_there_are_commands_and_examples_to_fuzz() -> None:
    assert "run" in harness.file_commands()
    assert len(example_files()) >= 6


@budget(ci=80, long=4000)
@given(doc=scenario_documents())
def test_generated_scenarios_never_crash(workdir: Path, doc: tuple[str, str]) -> None:
    """Scenarios of the right shape whose values may be wrong anywhere: located errors only."""
    run_everywhere(workdir, *doc)


@budget(ci=100, long=4000)
@given(doc=mutated_examples())
def test_mutated_examples_never_crash(workdir: Path, doc: tuple[str, str]) -> None:
    """Every example with keys deleted, types swapped, extreme numbers, unicode, references
    to other ids and cycles of copy/swap: located errors only."""
    run_everywhere(workdir, *doc)


@budget(ci=60, long=2500)
@given(doc=mutated_examples(text_level=True))
def test_mangled_example_texts_never_crash(workdir: Path, doc: tuple[str, str]) -> None:
    """Every example with lines duplicated (duplicate ids), removed, swapped, re-indented,
    truncated, or junk inserted: located errors only."""
    run_everywhere(workdir, *doc)


def test_schema_and_help_never_crash(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Commands without a FILE, and --help of every command; in a fresh working folder,
    since `arbiter init` and `arbiter demo` write there (never into the checkout)."""
    monkeypatch.chdir(tmp_path)
    for name, command in harness.commands().items():
        outcome = harness.invoke([name, "--help"])
        harness.judge_usage(outcome)
        assert outcome.code == 0
        if not harness.takes_file(command):
            harness.judge_usage(harness.invoke([name]))


@pytest.mark.parametrize(
    "text",
    [
        "ruleset: eredan\nplayers: [a]\nobjects: {x: {owner: a, kind: c, base: {d: .nan}}}\n",
        "ruleset: eredan\nplayers: [a, a]\nobjects: {x: {owner: a, kind: c}}\n",
        "ruleset: eredan\nplayers: [a]\nobjects: {x: {owner: a, kind: c}, x: {owner: a}}\n",
        "ruleset: eredan\nplayers: [a]\nobjects:\n  x: {owner: a, kind: c, base: {d: 1}}\n"
        "steps:\n  - modify: {target: x, stat: d, op: swap, with: x}\n",
        "- just\n- a list\n",
        "\x00\x01binary",
    ],
    ids=["nan", "duplicate-player", "duplicate-object", "self-swap", "root-list", "binary"],
)
def test_a_few_real_processes(tmp_path: Path, text: str) -> None:
    """The same guarantees through the console script in a fresh process (stderr, exit)."""
    target = tmp_path / "doc.yaml"
    target.write_text(text, encoding="utf-8")
    commands = harness.file_commands()
    for command in (commands[len(text) % len(commands)],):  # one process per document
        done = cli(*harness.argv_for(command, str(target)))
        outcome = harness.Outcome(
            (command, str(target)), done.returncode, done.stdout, done.stderr, 0.0, None
        )
        harness.judge(outcome, str(target), text)


@pytest.mark.parametrize("value", ["nan", "NaN", "inf", "-inf", "0", "-1", "1e400", "abc", ""])
def test_a_bad_time_limit_is_a_usage_error(value: str) -> None:
    """Every command with --time-limit refuses what is not a positive finite number of
    seconds (NaN compares false with both bounds of a range, so it needs its own check)."""
    example = str(EXAMPLES / "seeds" / "eredan_naya.yaml")
    names = [
        n
        for n in harness.file_commands()
        if "--time-limit" in harness.option_names(harness.commands()[n])
    ]
    assert names
    for name in names:
        outcome = harness.invoke([name, example, "--time-limit", value])
        assert outcome.escaped is None and outcome.code == 2, (name, value, outcome.stderr)
        assert outcome.stderr.startswith("arbiter: ") and outcome.stderr.count("\n") == 1


def test_usage_errors_are_one_line_with_exit_2() -> None:
    for name in harness.file_commands():
        for argv in ([name], [name, "--no-such-option", "x"]):
            outcome = harness.invoke(argv)
            harness.judge_usage(outcome)
            assert outcome.code == 2, (argv, outcome.stderr)


def test_a_terminal_that_cannot_show_a_name_is_a_clear_error(tmp_path: Path) -> None:
    """An object named 'é' printed to an ASCII terminal: exit 2 and a hint, no traceback."""
    target = tmp_path / "accent.yaml"
    target.write_text(
        "ruleset: eredan\nplayers: [a]\nobjects: {é: {owner: a, kind: c, base: {d: 1}}}\n",
        encoding="utf-8",
    )
    done = subprocess.run(
        [sys.executable, "-c", MAIN, "run", str(target)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONIOENCODING": "ascii"},
        timeout=120,
    )
    assert done.returncode == 2, done.stderr
    assert "PYTHONIOENCODING=utf-8" in done.stderr and "Traceback" not in done.stderr
