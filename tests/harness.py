"""Run every ``arbiter`` subcommand on a file, in-process, and judge the outcome.

The subcommands are discovered from the click group when the tests run, so commands
added as ``solver/cmd_*.py`` are covered without editing this file. A command that takes
``FILE`` as its first argument is run on files; ``EXTRA_ARGS`` names options per command.
"""

from __future__ import annotations

import re
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click
from click.testing import CliRunner

from arbiter.model.format.document import load, path_text

# Options given to a command besides FILE. By default a command gets ``--json`` when it has
# it and ``--time-limit SECONDS`` when it has it (short, so that fuzzing stays fast).
EXTRA_ARGS: dict[str, list[str]] = {}
FUZZ_TIME_LIMIT = "1"
# A time limit bounds a whole command (Decision ROBUST-TIME) and a cut answer depends on the
# machine's speed: commands whose whole work is one search get room enough not to be cut
# on the examples, so that their answers stay comparable run to run.
TIME_LIMITS = {"check": "10", "loops": "10"}

EXIT_CODES = {0, 1, 2}  # 0 ok, 1 a failed expectation / check / illegal action, 2 bad input

# What was seen over the session (printed by ``make fuzz``).
STATS: Counter[str] = Counter()


def commands() -> dict[str, click.Command]:
    from arbiter.solver.cli.main import cli

    ctx = click.Context(cli)  # the group loads a command's module when asked for it
    found = {name: cli.get_command(ctx, name) for name in cli.list_commands(ctx)}
    return {name: command for name, command in sorted(found.items()) if command is not None}


def takes_file(command: click.Command) -> bool:
    """The first argument is a path to a file (``FILE``, or ``FILES...``), not a folder to
    create (``arbiter init FOLDER``)."""
    args = [p for p in command.params if isinstance(p, click.Argument)]
    return bool(args) and isinstance(args[0].type, click.Path) and args[0].type.file_okay


def file_commands() -> list[str]:
    return [name for name, cmd in commands().items() if takes_file(cmd)]


def option_names(command: click.Command) -> set[str]:
    return {o for p in command.params if isinstance(p, click.Option) for o in p.opts}


def argv_for(name: str, file: str, *, json: bool = True, explain: bool = False) -> list[str]:
    """The arguments of one run: ``--json`` (else the report for people, with ``--explain``
    when asked and available) and a short ``--time-limit`` when the command has them."""
    command = commands()[name]
    argv = [name, file]
    if name in EXTRA_ARGS:
        return [*argv, *EXTRA_ARGS[name]]
    opts = option_names(command)
    if json and "--json" in opts:
        argv.append("--json")
    if not json and explain and "--explain" in opts:
        argv.append("--explain")
    if "--time-limit" in opts:
        argv += ["--time-limit", TIME_LIMITS.get(name, FUZZ_TIME_LIMIT)]
    for p in command.params:  # folders a command writes into (witnesses ...): a scratch one
        if (
            isinstance(p, click.Option)
            and isinstance(p.type, click.Path)
            and (p.name or "").endswith("_dir")
        ):
            argv += [p.opts[0], scratch_dir()]
    return argv


def scratch_dir() -> str:
    """One scratch folder per process, or ``$ARBITER_HARNESS_SCRATCH`` (processes that
    compare their outputs share it: the folder's name appears in the output)."""
    import os
    import tempfile

    global _SCRATCH
    if _SCRATCH is None:
        _SCRATCH = os.environ.get("ARBITER_HARNESS_SCRATCH")
        if _SCRATCH is None:
            import atexit
            import shutil

            _SCRATCH = tempfile.mkdtemp(prefix="arbiter-harness-")
            atexit.register(shutil.rmtree, _SCRATCH, ignore_errors=True)
    return _SCRATCH


_SCRATCH: str | None = None


@dataclass(frozen=True)
class Outcome:
    argv: tuple[str, ...]
    code: int
    stdout: str
    stderr: str
    seconds: float
    escaped: BaseException | None  # an exception that got out of main(): a traceback


def invoke(argv: list[str]) -> Outcome:
    """``arbiter ARGV`` in this process, through ``arbiter.solver.cli.main.main`` as the
    console script."""
    from arbiter.solver.cli.main import main

    runner = CliRunner()
    escaped: BaseException | None = None
    code = 0
    start = time.perf_counter()
    if "--max-memory" not in argv:
        # in this process the resident size is the test run's, not the command's: the
        # memory ceiling is tested in subprocesses (test_command_limits.py)
        argv = ["--max-memory", str(1 << 20), *argv]
    with runner.isolation() as streams:
        try:
            main(list(argv))
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        except BaseException as exc:  # noqa: BLE001 - precisely what must never happen
            escaped = exc
            code = -1
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
        stdout = streams[0].getvalue().decode("utf-8", "replace")
        stderr = streams[1].getvalue().decode("utf-8", "replace")
    STATS["runs"] += 1
    if escaped is not None or code == 3 or "Traceback" in stderr:
        STATS["tracebacks"] += 1
    return Outcome(tuple(argv), code, stdout, stderr, time.perf_counter() - start, escaped)


_LOCATED = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): (?P<rest>.*)$")
DOCUMENT_LEVEL = (
    "invalid YAML",
    "document has more than",
    "document expands",
    "nested deeper",
    "expected a YAML",
    "expected UTF-8",
    "expected a regular file",
    "file is",
    "no such file",
    "cannot read",
    "expected a 'damage' step",  # arbiter damage on a scenario with nothing to allocate
    "expected a 'combat' step",  # arbiter combat on a scenario without combat
)


def known_paths(file: str) -> set[str] | None:
    """Every path of a loadable document (values and keys), or None when it does not load."""
    try:
        doc = load(file)
    except Exception:  # noqa: BLE001 - then the error came from the loader itself
        return None
    return {path_text(p) for p in doc.marks} | {path_text(p) for p in doc.key_marks}


def judge_usage(outcome: Outcome) -> None:
    """A run without a file: no traceback, a documented exit code, one line when refused."""
    where = " ".join(outcome.argv)
    assert outcome.escaped is None, f"{where}: traceback: {outcome.escaped!r}"
    assert "Traceback" not in outcome.stderr + outcome.stdout, f"{where}: {outcome.stderr}"
    assert outcome.code in EXIT_CODES, f"{where}: exit {outcome.code}: {outcome.stderr}"
    if outcome.code == 2:
        assert outcome.stderr.count("\n") == 1, f"{where}: {outcome.stderr!r}"


def judge(outcome: Outcome, file: str, text: str | None = None) -> None:
    """The guarantees of docs/guarantees.md for one run (assertion messages say which)."""
    where = " ".join(outcome.argv)
    assert outcome.escaped is None, f"{where}: traceback: {outcome.escaped!r}"
    assert "Traceback" not in outcome.stderr + outcome.stdout, f"{where}: {outcome.stderr}"
    assert outcome.code in EXIT_CODES, f"{where}: exit {outcome.code}: {outcome.stderr}"
    if outcome.code != 2:
        return
    message = outcome.stderr.rstrip("\n")
    assert message, f"{where}: exit 2 without a message"
    assert "\n" not in message, f"{where}: exit-2 message on several lines: {message!r}"
    if message.startswith("arbiter: ") and repr(file)[1:-1] in message:
        return  # click's own check of a path argument (missing, a directory): names the file
    m = _LOCATED.match(message)
    assert m, f"{where}: exit-2 message without file:line:col: {message!r}"
    reported = m["file"]
    assert reported == file or Path(reported).exists(), f"{where}: names {reported!r}"
    if text is not None and reported == file:
        assert 1 <= int(m["line"]) <= text.count("\n") + 2, f"{where}: line out of the file"
    rest = m["rest"]
    if rest.startswith(DOCUMENT_LEVEL):
        return
    paths = known_paths(reported)
    if paths is None:
        return
    from arbiter.solver.cli.main import one_line

    named = [p for p in paths if p and rest.startswith(one_line(p) + ": ")]
    if named:
        return
    # No path: only when the error is about the document as a whole.
    root: Any = load(reported).root
    missing = re.match(r"missing required key '(.*)'", rest)
    assert not isinstance(root, dict) or (missing and missing[1] not in root), (
        f"{where}: exit-2 message without a path of the document: {message!r}"
    )
