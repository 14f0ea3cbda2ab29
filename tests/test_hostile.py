"""Hostile files are refused with a clear one-line error, in bounded time and memory.

Alias bombs, deep nesting, files over the size limit or with too many values, binary data,
non-UTF-8 text, a directory, a missing file, a pipe, YAML tags that would construct objects,
and card-set includes that reach outside the set's folder. Every file command (discovered
from the click group) is run on each file in-process; a fresh process measures the peak
memory (its own high-water mark, VmHWM or ``ru_maxrss``) and the time of ``arbiter run``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from arbiter.model.format.document import MAX_BYTES, MAX_DEPTH, MAX_NODES
from tests import harness
from tests.helpers import ROOT

MEMORY_BOUND_MB = 200  # peak resident memory of a whole `arbiter run` process
TIME_BOUND_S = 10.0  # wall time of a whole `arbiter run` process (imports included)

GOOD = "ruleset: eredan\nplayers: [a]\nobjects: {x: {owner: a, kind: character}}\n"


def billion_laughs(levels: int = 9, width: int = 9) -> str:
    lines = ["a0: &a0 [" + ", ".join(["lol"] * width) + "]"]
    for i in range(1, levels):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * width) + "]")
    return "\n".join(lines) + "\n"


HOSTILE_TEXTS: dict[str, bytes] = {
    "billion-laughs": billion_laughs().encode(),
    "alias-bomb-in-objects": (
        GOOD + "steps: &s [" + ", ".join(["{move: {target: x, zone: hand}}"] * 10) + "]\n"
        "expect: {a: [*s, *s, *s, *s, *s, *s, *s, *s, *s, *s]}\n"
    ).encode()
    + b"".join(
        f"k{i}: &k{i} [{', '.join([f'*k{i - 1}' if i else '*s'] * 10)}]\n".encode()
        for i in range(6)
    ),
    "deep-flow-lists": ("[" * 100_000 + "]" * 100_000).encode(),
    "deep-block-mappings": "".join(f"{' ' * i}k{i}:\n" for i in range(MAX_DEPTH + 40)).encode(),
    "deep-flow-mappings": ("a: " + "{b: " * 5000 + "1" + "}" * 5000).encode(),
    "too-many-values": ("a: [" + "1," * (MAX_BYTES // 2 - 100) + "1]\n").encode(),
    "many-keys": "".join(f"k{i}: {i}\n" for i in range(MAX_NODES + 10)).encode(),
    "over-the-size-limit": b"# padding\n" * (MAX_BYTES // 10 + 1) + GOOD.encode(),
    "binary": bytes(range(256)) * 64,
    "png-header": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + b"\x00" * 64,
    "utf-16": GOOD.encode("utf-16"),
    "latin-1": ("title: Mâche l'âme\n" + GOOD).encode("latin-1"),
    "lone-surrogate-escape": (GOOD + 'title: "\\ud800"\n').encode(),
    "multi-document": (GOOD + "---\n" + GOOD).encode(),
    "merge-key": b"base: &b {owner: a}\nobjects: {x: {<<: *b, kind: c}}\n",
    "empty": b"",
    "only-a-comment": b"# nothing here\n",
    "undefined-alias": b"a: *nowhere\n",
    "int-of-5000-digits": (GOOD + "expect: {x.d: " + "9" * 5000 + "}\n").encode(),
}


def write(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_bytes(data)
    return path


def run_in_process_everywhere(path: Path) -> list[harness.Outcome]:
    outcomes = []
    for command in harness.file_commands():
        outcome = harness.invoke(harness.argv_for(command, str(path)))
        harness.judge(outcome, str(path))
        assert outcome.seconds < TIME_BOUND_S, f"{outcome.argv}: {outcome.seconds:.1f} s"
        outcomes.append(outcome)
    return outcomes


# The peak of the child's own memory. Linux keeps ru_maxrss across exec, so a child of a
# big test process would report the parent's size: VmHWM (this address space's high-water
# mark) is read first, ru_maxrss where /proc is missing.
_MEASURE = """
import resource, sys
from arbiter.solver.cli.main import main
def peak_kb():
    try:
        with open("/proc/self/status") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
try:
    main(sys.argv[1:])
finally:
    print(f"PEAK-KB {peak_kb()}", file=sys.stderr)
"""


def measured_run(path: Path) -> tuple[subprocess.CompletedProcess[str], float, float]:
    """``arbiter run PATH`` in a fresh process: (result, seconds, peak memory in MB)."""
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", _MEASURE, "run", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    seconds = time.perf_counter() - start
    peak_line = [ln for ln in done.stderr.splitlines() if ln.startswith("PEAK-KB ")]
    assert peak_line, done.stderr
    return done, seconds, int(peak_line[-1].split()[1]) / 1024


@pytest.mark.rule("ROBUST-LIMITS")
@pytest.mark.parametrize("name", sorted(HOSTILE_TEXTS))
def test_hostile_file_is_refused_in_bounded_time_and_memory(tmp_path: Path, name: str) -> None:
    """Refused (exit 2) with one located line by every command; a fresh process stays under
    the memory and time bounds."""
    path = write(tmp_path, name, HOSTILE_TEXTS[name])
    for outcome in run_in_process_everywhere(path):
        if outcome.argv[0] == "run":
            assert outcome.code == 2, outcome.stdout[-300:] + outcome.stderr
    done, seconds, peak_mb = measured_run(path)
    assert done.returncode == 2, done.stderr
    assert seconds < TIME_BOUND_S, f"{name}: {seconds:.1f} s"
    assert peak_mb < MEMORY_BOUND_MB, f"{name}: peak {peak_mb:.0f} MB"


def test_a_long_line_under_the_limit_is_read_in_bounded_time_and_memory(tmp_path: Path) -> None:
    """Not every big file is hostile: a 5 MB title is read, and the run stays in bounds."""
    path = write(tmp_path, "long", ("title: " + "x" * (MAX_BYTES - 200) + "\n" + GOOD).encode())
    done, seconds, peak_mb = measured_run(path)
    assert done.returncode == 0, done.stderr
    assert seconds < TIME_BOUND_S
    assert peak_mb < MEMORY_BOUND_MB


def test_memory_measure_can_see_a_big_allocation(tmp_path: Path) -> None:
    """The measure itself works: the same probe in a process that allocates 300 MB sees it."""
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "x = bytearray(300 * 2**20); x[::4096] = b'1' * len(x[::4096])\n" + _MEASURE,
            "--version",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    peak = int(next(ln for ln in done.stderr.splitlines() if ln.startswith("PEAK-KB")).split()[1])
    assert peak / 1024 > MEMORY_BOUND_MB


def test_a_directory_is_refused(tmp_path: Path) -> None:
    for outcome in run_in_process_everywhere(tmp_path):
        assert outcome.code == 2
        assert "directory" in outcome.stderr


def test_a_missing_file_is_refused(tmp_path: Path) -> None:
    for outcome in run_in_process_everywhere(tmp_path / "absent.yaml"):
        assert outcome.code == 2
        assert "no such file" in outcome.stderr or "does not exist" in outcome.stderr


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes need a POSIX system")
def test_a_pipe_is_refused_without_waiting(tmp_path: Path) -> None:
    """Opening a FIFO with no writer would block forever: it is refused before opening."""
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    for outcome in run_in_process_everywhere(fifo):
        assert outcome.code == 2
        assert "pipe" in outcome.stderr


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads every file")
def test_an_unreadable_file_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "secret", GOOD.encode())
    path.chmod(0)
    for outcome in run_in_process_everywhere(path):
        assert outcome.code == 2
        assert "cannot read" in outcome.stderr


def test_yaml_tags_never_construct_objects(tmp_path: Path) -> None:
    """A tag that would call os.mkdir in an unsafe loader is inert data here."""
    victim = tmp_path / "created-by-yaml"
    text = (
        GOOD
        + f"title: !!python/object/apply:os.mkdir [{victim}]\n"
        + f"description: !!python/object/apply:os.mkdir\n  args: [{victim}]\n"
    )
    path = write(tmp_path, "tags", text.encode())
    outcomes = run_in_process_everywhere(path)
    assert not victim.exists()
    assert any(o.code == 2 for o in outcomes)


# -- card-set includes (active once a command reads card sets with ``include:``) ---------------


def cardset_command() -> str:
    if "check" not in harness.file_commands():
        pytest.skip("`arbiter check` (card sets with include:) is not on this branch yet")
    return "check"


def cardset(tmp_path: Path, name: str, include: list[str]) -> Path:
    folder = tmp_path / "set"
    folder.mkdir(exist_ok=True)
    path = folder / name
    path.write_text(f"ruleset: eredan\ninclude: {include}\ncards: {{}}\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "include",
    ["../outside.yaml", "{outside}", "link.yaml", "sub/../../outside.yaml", "self.yaml", "."],
    ids=["parent", "absolute", "symlink-out", "dotdot-in-sub", "itself", "the-folder"],
)
def test_includes_never_reach_outside_the_set_folder(tmp_path: Path, include: str) -> None:
    command = cardset_command()
    outside = tmp_path / "outside.yaml"
    outside.write_text("ruleset: eredan\ncards: {}\n", encoding="utf-8")
    (tmp_path / "set").mkdir()
    (tmp_path / "set" / "sub").mkdir()
    (tmp_path / "set" / "link.yaml").symlink_to(outside)
    path = cardset(tmp_path, "self.yaml", [include.format(outside=outside)])
    outcome = harness.invoke(harness.argv_for(command, str(path)))
    harness.judge(outcome, str(path))
    assert outcome.code == 2, outcome.stdout + outcome.stderr
    assert "include" in outcome.stderr


def test_an_include_cycle_is_refused(tmp_path: Path) -> None:
    command = cardset_command()
    cardset(tmp_path, "a.yaml", ["b.yaml"])
    path = cardset(tmp_path, "b.yaml", ["a.yaml"])
    outcome = harness.invoke(harness.argv_for(command, str(path)))
    harness.judge(outcome, str(path))
    assert outcome.code == 2
    assert outcome.seconds < TIME_BOUND_S


def test_an_include_of_the_same_folder_is_accepted(tmp_path: Path) -> None:
    """The control of the tests above: a sibling file is a legal include."""
    command = cardset_command()
    cardset(tmp_path, "base.yaml", [])
    path = cardset(tmp_path, "main.yaml", ["base.yaml"])
    outcome = harness.invoke(harness.argv_for(command, str(path)))
    harness.judge(outcome, str(path))
    assert outcome.code in (0, 1), outcome.stderr
