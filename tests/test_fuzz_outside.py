"""An outside-in fuzzer: what tests/test_fuzz.py does not aim at.

Real examples with hostile ids (control characters, rich markup, path and URI characters),
YAML standard tags over wrong values, huge loop budgets, every output option (``--html``,
``-o``, ``--png``, ``--witness-dir``) with odd names, bad paths and the input itself,
small time limits, a low ``--max-memory``, and card sets checked concurrently into one
witness folder. Every run must end with exit 0, 1 or 2 (never a traceback), an exit-2
message on one line, no character a terminal would execute in any output, within its
time limit (plus a margin), within memory, and with no file written outside the folder
the run chose (the inputs unchanged).

``make test`` runs a few dozen documents; ``make fuzz`` (``ARBITER_FUZZ=long``) runs for
``ARBITER_FUZZ_SECONDS`` (default 540) and prints the counts docs/guarantees.md reports.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from arbiter.solver import limits
from tests import harness
from tests.helpers import ROOT
from tests.outside import (
    BRANCHING_LOOP,
    CONTROL_TEXTS,
    MARKUP_IDS,
    arbiter,
    first_id,
    raw_unsafe,
    replicated_cardset,
)

LONG = os.environ.get("ARBITER_FUZZ") == "long"
LONG_SECONDS = float(os.environ.get("ARBITER_FUZZ_SECONDS", "540"))
BRIEF_DOCUMENTS = 16
HANG_MARGIN_S = 10.0  # a run may exceed its time limit by this much (analysis, drawing)
MEMORY_BLOWUP_MB = 1500  # resident size of the fuzzing process after a run

SOURCES = sorted(
    str(p.relative_to(ROOT))
    for folder in ("cardsets", "loops", "damage", "replacement", "seeds")
    for p in (ROOT / "examples" / folder).glob("*.yaml")
)
NATURAL = {"cardsets": "check", "loops": "loops", "damage": "damage"}
COMMANDS = ("run", "check", "damage", "loops", "graph")
OUT_NAMES = ("r", "weird name #1?", "ünï", "a%20b", ".hidden", "x[b]", "-dash")
TAGGED = ("!!bool maybe", "!!float abc", "!!timestamp x", "!!int 0x", "!!timestamp 2020-13-45")
HOSTILE_IDS = MARKUP_IDS + tuple(f"id{c}" for c in CONTROL_TEXTS)

STATS: Counter[str] = Counter()
PROBLEMS: list[str] = []


@dataclass(frozen=True)
class Document:
    path: Path
    source: str
    text: str


def _rename(value: object, old: str, new: str) -> object:
    if isinstance(value, dict):
        return {_rename(k, old, new): _rename(v, old, new) for k, v in value.items()}
    if isinstance(value, list):
        return [_rename(v, old, new) for v in value]
    if isinstance(value, str) and (value == old or value.startswith(old + ".")):
        return new + value[len(old) :]
    return value


def make_document(rng: random.Random, folder: Path, n: int) -> Document:
    """One document: an example with some of: a hostile id, a tagged value, a huge loop
    budget, a hostile title, or many copies of its cards."""
    source = rng.choice(SOURCES)
    doc = yaml.safe_load((ROOT / source).read_text(encoding="utf-8"))
    if rng.random() < 0.6:
        doc = _rename(doc, first_id(doc), rng.choice(HOSTILE_IDS))
    if rng.random() < 0.15:
        doc["title"] = "t" + rng.choice(CONTROL_TEXTS)
    if "loops/" in source and rng.random() < 0.3:
        doc["loop_search"] = {"budget": rng.choice([1, 10**8])}
    text = yaml.safe_dump(doc, allow_unicode=True, sort_keys=False)
    if rng.random() < 0.1:
        text += f"title2: {rng.choice(TAGGED)}\n"
    if "cardsets/" in source and rng.random() < 0.1:
        text = replicated_cardset(source, rng.choice([40, 60]))
    if rng.random() < 0.05:
        text = BRANCHING_LOOP
    # a file name that is itself hostile now and then (markup, spaces, a terminal title)
    stem = rng.choice(["doc", "doc [b]", "doc #1", "doc\x1b]0;t\x07", "d\u202eoc"])
    path = folder / f"{n:05d}-{stem}.yaml"
    path.write_text(text, encoding="utf-8")
    return Document(path, source, text)


def argv_for(rng: random.Random, command: str, doc: Document, out: Path) -> list[str]:
    """A command line with random options; every output goes into ``out`` (or is a bad
    path the command must refuse, or the input itself, which must never be written)."""
    argv: list[str] = []
    if rng.random() < 0.15:
        argv += ["--max-memory", str(rng.choice([64, 256]))]
    argv += [command, str(doc.path)]

    def out_path(ext: str) -> str:
        roll = rng.random()
        if roll < 0.05:
            return str(doc.path)  # the input: refused
        if roll < 0.1:
            return str(out / "missing" / f"x{ext}")  # a missing folder: refused
        if roll < 0.15:
            return str(out / f"wrong{rng.choice(['.txt', '.yaml', ''])}")
        return str(out / f"{rng.choice(OUT_NAMES)}{ext}")

    time_limit = str(rng.choice([0.3, 1, 2]))
    if command == "run":
        argv += rng.choice([["--json"], [], ["--explain"]])
        argv += ["--outcomes"] if rng.random() < 0.5 else []
        argv += ["--time-limit", time_limit]
    elif command == "check":
        argv += rng.choice([["--json"], [], ["--format", "sarif"]])
        argv += ["--witness-dir", str(out / "w"), "--time-limit", time_limit]
        argv += ["--html", out_path(".html")] if rng.random() < 0.4 else []
    elif command == "damage":
        argv += rng.choice([["--json"], []])
        argv += ["--all-optimal"] if rng.random() < 0.5 else []
        argv += ["--workers", str(rng.choice([1, 4, 64]))] if rng.random() < 0.3 else []
        argv += ["--time-limit", time_limit]
    elif command == "loops":
        argv += rng.choice([["--json"], []])
        argv += ["--png", out_path(".png")] if rng.random() < 0.3 else []
        argv += ["--budget", str(rng.choice([10, 10**8]))] if rng.random() < 0.2 else []
        argv += ["--time-limit", time_limit]
    else:
        fmt = rng.choice(["text", "json", "dot", "png", "svg"])
        argv += ["--format", fmt]
        if fmt in ("png", "svg") or rng.random() < 0.3:
            argv += ["-o", out_path(f".{fmt}" if fmt in ("png", "svg") else ".txt")]
    return argv


def _listing(folder: Path, skip: Path | None = None) -> dict[str, tuple[int, int]]:
    out = {}
    for p in folder.rglob("*"):
        if skip is not None and (p == skip or skip in p.parents):
            continue
        try:
            st = p.lstat()
        except OSError:
            continue
        out[str(p)] = (st.st_size, st.st_mtime_ns)
    return out


def _repo_listing() -> dict[str, tuple[int, int]]:
    """The working folder of in-process runs (the repository) and its examples."""
    out = {str(p): (p.lstat().st_size, p.lstat().st_mtime_ns) for p in ROOT.iterdir()}
    out.update(_listing(ROOT / "examples"))
    return out


def judge(argv: list[str], outcome: harness.Outcome, time_limit: float) -> None:
    """Count what must never happen (and remember the argv, to reproduce)."""
    where = " ".join(argv)
    STATS["runs"] += 1
    if (
        outcome.escaped is not None
        or outcome.code not in (0, 1, 2)
        or "Traceback" in (outcome.stdout + outcome.stderr)
    ):
        STATS["tracebacks"] += 1
        PROBLEMS.append(f"traceback/exit {outcome.code}: {where}: {outcome.stderr[-300:]}")
    if outcome.code == 2 and outcome.stderr.rstrip("\n").count("\n"):
        STATS["multi-line errors"] += 1
        PROBLEMS.append(f"exit-2 on several lines: {where}: {outcome.stderr!r}")
    if raw_unsafe(outcome.stdout) or raw_unsafe(outcome.stderr):
        STATS["unescaped outputs"] += 1
        PROBLEMS.append(f"unescaped: {where}: {raw_unsafe(outcome.stdout + outcome.stderr)}")
    if outcome.seconds > time_limit + HANG_MARGIN_S:
        STATS["hangs"] += 1
        PROBLEMS.append(f"hang {outcome.seconds:.1f} s: {where}")
    if "out of memory" in outcome.stderr or limits.rss_bytes() > MEMORY_BLOWUP_MB << 20:
        STATS["memory blow-ups"] += 1
        PROBLEMS.append(f"memory: {where}: {limits.rss_bytes() >> 20} MB")


def fuzz_document(rng: random.Random, work: Path, n: int) -> None:
    docs = work / "docs"
    out = work / f"out-{n}"
    docs.mkdir(exist_ok=True)
    out.mkdir()
    doc = make_document(rng, docs, n)
    STATS["documents"] += 1
    folder = doc.source.split("/")[1]
    chosen = {NATURAL.get(folder, "run"), *rng.sample(COMMANDS, 2)}
    for command in sorted(chosen):
        argv = argv_for(rng, command, doc, out)
        before_docs, before_repo = _listing(docs), _repo_listing()
        outcome = harness.invoke(argv)
        tl = float(argv[argv.index("--time-limit") + 1]) if "--time-limit" in argv else 10.0
        judge(argv, outcome, tl)
        if _listing(docs) != before_docs or _repo_listing() != before_repo:
            STATS["writes outside the chosen folder"] += 1
            PROBLEMS.append(f"wrote outside {out}: {' '.join(argv)}")
    shutil.rmtree(out, ignore_errors=True)


def concurrent_round(rng: random.Random, work: Path, n: int) -> None:
    """Card sets of one stem checked at once into one witness folder, as processes: every
    report's witness files hold what that set's check alone writes."""
    base = yaml.safe_load((ROOT / "examples/cardsets/flawed.yaml").read_text(encoding="utf-8"))
    sets = []
    for k in range(2):
        folder = work / f"c{n}-{k}"
        folder.mkdir()
        text = yaml.safe_dump(base, sort_keys=False)
        if k:
            text = text.replace("defense: 3", f"defense: {rng.randint(4, 9)}")
        (folder / "set.yaml").write_text(text, encoding="utf-8")
        sets.append(folder / "set.yaml")
    shared = work / f"shared-{n}"

    def check(cardset: Path, witnesses: Path) -> dict[str, str]:
        done = arbiter("check", str(cardset), "--json", "--witness-dir", str(witnesses), cwd=work)
        STATS["runs"] += 1
        if done.returncode not in (0, 1) or "Traceback" in done.stderr:
            STATS["tracebacks"] += 1
            PROBLEMS.append(f"concurrent check: {done.stderr[-300:]}")
            return {}
        report = json.loads(done.stdout)
        return {
            d["code"] + " " + " ".join(d["cards"]): Path(d["witness"]).read_text(encoding="utf-8")
            for d in report["diagnostics"]
            if d["witness"]
        }

    alone = {s: check(s, work / f"alone-{n}-{s.parent.name}") for s in sets}
    jobs = [sets[i % 2] for i in range(4)]
    with ThreadPoolExecutor(max_workers=4) as pool:
        got = list(pool.map(lambda s: (s, check(s, shared)), jobs))
    STATS["concurrent rounds"] += 1
    for cardset, contents in got:
        if contents != alone[cardset]:
            STATS["torn or mixed witnesses"] += 1
            PROBLEMS.append(f"concurrent round {n}: {cardset} reads another run's witness")


@pytest.fixture(scope="module")
def report() -> Iterator[None]:
    yield
    counts = ", ".join(
        f"{STATS[k]} {k}"
        for k in (
            "documents",
            "runs",
            "tracebacks",
            "hangs",
            "memory blow-ups",
            "writes outside the chosen folder",
            "unescaped outputs",
            "multi-line errors",
            "concurrent rounds",
            "torn or mixed witnesses",
        )
    )
    print(f"\noutside fuzz: {counts}")


def test_the_outside_fuzzer_finds_nothing(tmp_path: Path, report: None) -> None:
    rng = random.Random(int(os.environ.get("ARBITER_FUZZ_SEED", "20261201")))
    start = time.monotonic()
    n = 0
    while (time.monotonic() - start < LONG_SECONDS) if LONG else n < BRIEF_DOCUMENTS:
        fuzz_document(rng, tmp_path, n)
        if n % (40 if LONG else BRIEF_DOCUMENTS) == 0:
            concurrent_round(rng, tmp_path, n)
        n += 1
    assert not PROBLEMS, "\n".join(PROBLEMS[:20])
