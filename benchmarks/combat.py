"""Speed and agreement of the combat assignment solvers (solver/damage/combat_*.py).

1. A fixed corpus of 500 random combats (seeded): the CP-SAT optimum, the exact
   algorithm's optimum and count, and (where small enough) the brute-force twin's
   optimum and count must agree; disagreements are printed and make the exit code 1.
2. Timings: a proven optimal assignment of both sides for N attackers vs N defenders
   (CP-SAT, one model for both sides, canonical tie-break included; and the exact
   algorithm), and every legal assignment counted for N vs N (exact count, CP-SAT
   enumeration). Numbers go to docs/benchmarks.md; nothing here is asserted.

Run: .venv/bin/python benchmarks/combat.py [--smoke]
(--smoke: 25 corpus instances and two repeats per size; the test suite runs it.)
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arbiter.model.damage import combat as cb  # noqa: E402
from arbiter.solver.cpsat import Status  # noqa: E402
from arbiter.solver.damage import combat_brute as bf  # noqa: E402
from arbiter.solver.damage import combat_cpsat as cp  # noqa: E402
from arbiter.solver.damage import combat_exact as ex  # noqa: E402

SEED = 460
CORPUS = 500


@dataclass(frozen=True)
class Unit:
    """A random unit: Might, Assault, Shield, demands, prevention, exemption, marked damage."""

    name: str
    might: int
    assault: int
    shield: int
    first: str | None
    last: str | None
    prevent: int
    exempt: str | None
    marked: int


def unit(rng: random.Random, name: str) -> Unit:
    might = rng.randint(1, 6)
    assault = rng.randint(1, 2) if rng.random() < 0.2 else 0
    shield = rng.randint(1, 2) if rng.random() < 0.2 else 0
    demand = rng.random()
    first = cb.TANK if demand < 0.2 or demand > 0.95 else None
    last = cb.BACKLINE if 0.2 <= demand < 0.35 or demand > 0.95 else None
    prevent = rng.randint(1, 3) if rng.random() < 0.2 else 0
    exempt = cb.CANNOT_BE_DEALT if rng.random() < 0.05 else None
    marked = rng.randint(0, 2) if rng.random() < 0.1 else 0
    return Unit(name, might, assault, shield, first, last, prevent, exempt, marked)


def combat(
    rng: random.Random, n_att: int, n_def: int, objective: cb.Objective
) -> tuple[cb.AssignmentProblem, cb.AssignmentProblem]:
    """Both sides' problems: each assigns its summed Might among the other's units."""
    att = [unit(rng, f"a{i}") for i in range(n_att)]
    dfn = [unit(rng, f"d{i}") for i in range(n_def)]

    def receivers(side: list[Unit], defending: bool) -> tuple[cb.Receiver, ...]:
        out = []
        for u in side:
            m = u.might + (u.shield if defending else u.assault)
            lethal = None if u.exempt else max(1, m - u.marked) + u.prevent  # 437.5.a
            out.append(cb.Receiver(u.name, lethal, u.first, u.last, u.prevent, u.exempt, m))
        return tuple(out)

    t_att = sum(u.might + u.assault for u in att)
    t_def = sum(u.might + u.shield for u in dfn)
    maximise = rng.random() < 0.8
    return (
        cb.AssignmentProblem(t_att, receivers(dfn, True), objective, maximise),
        cb.AssignmentProblem(t_def, receivers(att, False), objective, maximise),
    )


def corpus(count: int) -> int:
    """Cross-check ``count`` random combats; returns the number of disagreements."""
    rng = random.Random(SEED)
    bad = 0
    brute_checked = 0
    for i in range(count):
        n_att, n_def = rng.randint(1, 5), rng.randint(1, 5)
        problems = combat(rng, n_att, n_def, rng.choice(list(cb.Objective)))
        answers = cp.solve(problems, time_limit=30)
        for p, answer in zip(problems, answers, strict=True):
            exact = ex.best(p)
            ok = answer.status is Status.OPTIMAL and dict(answer.assignment) == exact
            if len(p.receivers) <= 4 and p.total <= 16:
                brute_checked += 1
                ok = ok and bf.best(p) == exact and len(bf.legal_set(p)) == ex.count(p)
            if not ok:
                bad += 1
                print(f"DISAGREE on corpus instance {i}: {p}", file=sys.stderr)
    print(
        f"corpus: {count} combats ({2 * count} assignments), CP-SAT = exact on all but {bad}; "
        f"{brute_checked} small ones also = brute force (optimum and count)"
    )
    return bad


CPU: list[float] = []  # the process CPU time of the last timed call (the machine is shared)


def timed(fn: object, *args: object, **kw: object) -> tuple[float, object]:
    """Wall time of one call; its process CPU time is kept in CPU (less sensitive to the
    load of other processes on a shared machine)."""
    cpu = time.process_time()
    start = time.perf_counter()
    out = fn(*args, **kw)  # type: ignore[operator]
    wall = time.perf_counter() - start
    CPU[:] = [time.process_time() - cpu]
    return wall, out


def optimum_table(sizes: list[int], repeats: int) -> None:
    print(
        "| units per side | objective | CP-SAT median (ms) | CP-SAT CPU median (ms) "
        "| CP-SAT max (ms) | proven | exact median (ms) | exact CPU median (ms) | agree |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    rng = random.Random(SEED + 1)
    for n in sizes:
        for objective in cb.Objective:
            cps, exs, cpu1, cpu2, proven, agree = [], [], [], [], 0, 0
            for _ in range(repeats):
                problems = combat(rng, n, n, objective)
                t, answers = timed(cp.solve, problems, time_limit=10)
                cps.append(t)
                cpu1.append(CPU[0])
                t2, exact = timed(lambda ps: [ex.best(p) for p in ps], problems)
                exs.append(t2)
                cpu2.append(CPU[0])
                proven += all(a.status is Status.OPTIMAL for a in answers)  # type: ignore[attr-defined]
                agree += [dict(a.assignment) for a in answers] == exact  # type: ignore[attr-defined]
            print(
                f"| {n} vs {n} | {objective.value} | {statistics.median(cps) * 1000:.1f} "
                f"| {statistics.median(cpu1) * 1000:.1f} | {max(cps) * 1000:.1f} "
                f"| {proven}/{repeats} | {statistics.median(exs) * 1000:.1f} "
                f"| {statistics.median(cpu2) * 1000:.1f} | {agree}/{repeats} |"
            )


def crowded(rng: random.Random, n: int) -> tuple[cb.AssignmentProblem, ...]:
    """A harder family for counting: n units of 1-3 Might, two of them exempt, one with
    both demands, and a total from the sum of the lethal thresholds to 12 above: the damage can be
    spread in many ways (exempt units take any amount, 460.2.c.9; the excess once all are
    lethal goes to any unit, Decision CMB-EXCESS)."""
    units = []
    for i in range(n):
        lethal = None if i < 2 else rng.randint(1, 3)
        first = cb.TANK if i in (2, 3) else None
        last = cb.BACKLINE if i in (3, 4) else None
        exempt = cb.CANNOT_BE_DEALT if lethal is None else None
        units.append(cb.Receiver(f"u{i}", lethal, first, last, 0, exempt, 1))
    top = sum(r.lethal or 0 for r in units)
    return (cb.AssignmentProblem(top + rng.randint(0, 12), tuple(units)),)


def count_table(sizes: list[int], repeats: int, hard: bool = False) -> None:
    print(
        "| units per side | median legal assignments | exact count median (ms) "
        "| CP-SAT enumeration median (ms) | CP-SAT enumeration CPU median (ms) "
        "| complete | agree |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- |")
    rng = random.Random(SEED + 2)
    for n in sizes:
        counts, exs, cps, cpus, complete, agree = [], [], [], [], 0, 0
        for _ in range(repeats):
            problems = crowded(rng, n) if hard else combat(rng, n, n, cb.Objective.KILLS)
            t, found = timed(lambda ps: [ex.count(p) for p in ps], problems)
            exs.append(t)
            counts.append(sum(found))  # type: ignore[arg-type]
            t2, enumerated = timed(
                lambda ps: [cp.enumerate_all(p, limit=1, time_limit=20) for p in ps], problems
            )
            cps.append(t2)
            cpus.append(CPU[0])
            complete += all(e[2] for e in enumerated)  # type: ignore[attr-defined]
            agree += [e[1] for e in enumerated] == found  # type: ignore[attr-defined]
        print(
            f"| {n} {'units, crowded' if hard else f'vs {n}'} | {statistics.median(counts):.0f} "
            f"| {statistics.median(exs) * 1000:.1f} | {statistics.median(cps) * 1000:.1f} "
            f"| {statistics.median(cpus) * 1000:.1f} | {complete}/{repeats} | {agree}/{repeats} |"
        )


from _options import smoke_options  # noqa: E402


def _options(argv: list[str] | None = None) -> argparse.Namespace:
    return smoke_options(__doc__, argv)


def main() -> int:
    smoke = _options().smoke
    from ortools.sat.python import cp_model  # noqa: F401 - loaded before any clock starts

    cp.solve([cb.AssignmentProblem(1, (cb.Receiver("x", 1),))])  # warm up
    print(f"load average at start: {os.getloadavg()[0]:.1f} (2 cores)")
    bad = corpus(25 if smoke else CORPUS)
    print()
    optimum_table([2, 4] if smoke else [3, 5, 8, 10], 2 if smoke else 21)
    print()
    count_table([2, 3] if smoke else [3, 4, 5, 6], 2 if smoke else 11)
    print()
    count_table([4] if smoke else [4, 6], 2 if smoke else 5, hard=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
