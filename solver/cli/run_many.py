"""``arbiter run`` over many scenarios: files, folders and globs, ``-k EXPR``, ``-x``.

One scenario prints its whole report, as it always has. Several print one line each
(``passed``, ``FAILED`` or ``ERROR`` and the file) and a summary line like pytest's:
``33 passed, 1 failed in 2.1 s``. Exit 0 when every scenario passed, 1 when one failed,
2 when one could not be read (bad input wins: it is what must be fixed first).

A folder is searched recursively for scenario files: YAML files whose top level has
``objects`` and none of the keys of ``arbiter loops`` files (``expect_verdict``,
``loop_search``); card sets and loops files beside them are left alone. ``-k`` keeps
the files whose path matches an expression of words with ``and``, ``or``, ``not`` and
parentheses (a word matches when it is a substring of the path).
"""

from __future__ import annotations

import glob
import os
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import click
import yaml

from arbiter.model.errors import InputError

LOOPS_KEYS = ("expect_verdict", "loop_search")
_TOKEN = re.compile(r"\s*(\(|\)|[^\s()]+)")


def _is_scenario(path: str) -> bool:
    try:
        with open(path, encoding="utf-8") as fh:
            data = yaml.safe_load(fh)
    except (OSError, yaml.YAMLError, UnicodeDecodeError):
        return True  # named or found: let the parser say what is wrong with it
    return isinstance(data, dict) and "objects" in data and not any(k in data for k in LOOPS_KEYS)


def collect(targets: Sequence[str]) -> list[str]:
    """The scenario files of ``targets`` (files, folders, globs), each once, in order."""
    found: list[str] = []
    for target in targets:
        if glob.has_magic(target):
            matched = sorted(glob.glob(target, recursive=True))
            if not matched:
                raise click.UsageError(f"no file matches {target}")
            found.extend(m for m in matched if os.path.isfile(m) and _is_scenario(m))
        elif os.path.isdir(target):
            before = len(found)
            for folder, dirs, files in os.walk(target):
                dirs.sort()
                for name in sorted(files):
                    path = os.path.join(folder, name)
                    if name.endswith((".yaml", ".yml")) and _is_scenario(path):
                        found.append(path)
            if len(found) == before:
                raise click.UsageError(f"no scenario file in the directory {target}")
        else:
            found.append(target)
    return list(dict.fromkeys(found))


def keyword_filter(expr: str) -> Callable[[str], bool]:
    """``-k EXPR`` as a predicate on paths; a malformed expression is a usage error."""
    tokens: list[str] = _TOKEN.findall(expr)
    pos = 0

    def peek() -> str | None:
        return tokens[pos] if pos < len(tokens) else None

    def take() -> str:
        nonlocal pos
        if pos >= len(tokens):
            raise click.UsageError(f"-k {expr!r}: the expression ends too early")
        pos += 1
        return tokens[pos - 1]

    def disjunction() -> Callable[[str], bool]:
        left = conjunction()
        while peek() == "or":
            take()
            left = _either(left, conjunction())
        return left

    def conjunction() -> Callable[[str], bool]:
        left = negation()
        while peek() == "and":
            take()
            left = _both(left, negation())
        return left

    def negation() -> Callable[[str], bool]:
        if peek() == "not":
            take()
            inner = negation()
            return lambda s: not inner(s)
        token = take()
        if token == "(":
            inner = disjunction()
            if take() != ")":
                raise click.UsageError(f"-k {expr!r}: a '(' is not closed")
            return inner
        if token in (")", "and", "or"):
            raise click.UsageError(f"-k {expr!r}: expected a word before '{token}'")
        return lambda s: token in s

    result = disjunction()
    if pos != len(tokens):
        raise click.UsageError(f"-k {expr!r}: unexpected '{tokens[pos]}'")
    return result


def _either(a: Callable[[str], bool], b: Callable[[str], bool]) -> Callable[[str], bool]:
    return lambda s: a(s) or b(s)


def _both(a: Callable[[str], bool], b: Callable[[str], bool]) -> Callable[[str], bool]:
    return lambda s: a(s) and b(s)


@dataclass(frozen=True)
class Outcome:
    path: str
    status: str  # "passed" | "failed" | "error"
    detail: str = ""


def run_each(
    paths: Sequence[str], time_limit: float, outcomes: bool, stop_first: bool, lines: bool = True
) -> tuple[list[Outcome], float]:
    """Run the scenarios; one line each as they finish (when ``lines``). The outcomes and
    the wall time."""
    from arbiter.model.errors import IllegalAction
    from arbiter.model.format.scenario import parse_file
    from arbiter.solver.engine import runner as engine
    from arbiter.solver.engine.options import RunOptions

    start = time.perf_counter()
    done: list[Outcome] = []
    for path in paths:
        try:
            result = engine.run(
                parse_file(path), RunOptions(time_limit=time_limit, outcomes=outcomes)
            )
            failed = [c for c in result.checks if not c.passed] if result.checks else []
            outcome = (
                Outcome(path, "passed")
                if result.ok
                else Outcome(path, "failed", f"{len(failed)} expectation(s) not met")
            )
        except InputError as exc:
            outcome = Outcome(path, "error", exc.one_line())
        except IllegalAction as exc:
            outcome = Outcome(path, "failed", f"illegal action: {exc}")
        done.append(outcome)
        if lines:
            _line(outcome)
        if stop_first and outcome.status != "passed":
            break
    return done, time.perf_counter() - start


def _line(o: Outcome) -> None:
    tag = {"passed": "passed", "failed": "FAILED", "error": "ERROR "}[o.status]
    click.echo(f"{tag}  {o.path}" + (f"  ({o.detail})" if o.detail else ""))


def summary(done: Sequence[Outcome], seconds: float, deselected: int = 0) -> str:
    parts = [
        f"{n} {word}"
        for word, n in (
            ("passed", sum(o.status == "passed" for o in done)),
            ("failed", sum(o.status == "failed" for o in done)),
            (
                "error" if sum(o.status == "error" for o in done) == 1 else "errors",
                sum(o.status == "error" for o in done),
            ),
            ("deselected", deselected),
        )
        if n
    ] or ["no scenario"]
    return f"{', '.join(parts)} in {seconds:.1f} s"


def exit_code(done: Sequence[Outcome]) -> int:
    if any(o.status == "error" for o in done):
        return 2
    return 1 if any(o.status == "failed" for o in done) else 0


def as_json(done: Sequence[Outcome], seconds: float, deselected: int) -> dict[str, object]:
    """The answer of many scenarios; the wall time is printed only with ``--timings``."""
    count = {s: sum(o.status == s for o in done) for s in ("passed", "failed", "error")}
    return {
        "scenarios": [{"file": o.path, "status": o.status, "detail": o.detail} for o in done],
        "summary": {**count, "deselected": deselected},
        "wall_time": round(seconds, 3),
    }
