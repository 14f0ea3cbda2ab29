"""Speed of the optimal split: the dynamic programme (solver/damage/dp.py), CP-SAT
(solver/damage/split.py) and its brute-force twin.

Prints a table: instance size (and target-count limit), the programme's median
(canonical answer), CP-SAT's medians (proof only; full, the canonical tie-break
included), the brute force where it is practical, and whether the programme gave
CP-SAT's canonical split. ``--cpsat-params`` compares CP-SAT parameters on the
large case. Numbers go to docs/benchmarks.md; nothing here is asserted.
Run: .venv/bin/python benchmarks/damage.py [--smoke] [--no-cpsat] [--cpsat-params]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arbiter.solver.damage.dp import solve_dp  # noqa: E402
from arbiter.solver.damage.problem import (  # noqa: E402
    Method,
    SplitProblem,
    Target,
    brute_force,
)
from arbiter.solver.damage.split import solve  # noqa: E402

# (targets, pool, target-count limit, repeats, brute force?)
SIZES = [
    (4, 8, None, 15, True),
    (6, 12, None, 15, True),
    (8, 16, None, 5, True),
    (10, 30, None, 15, False),
    (10, 30, 3, 15, False),
    (50, 200, None, 7, False),
    (200, 2000, None, 3, False),
    (200, 2000, 5, 3, False),
]
SMOKE = [(4, 8, None, 1, True), (10, 30, 3, 1, False)]
OBJECTIVES = ("kills", "damage", "value")


def instance(rng: random.Random, n: int, pool: int, objective: str) -> SplitProblem:
    """Random open splits: health up to twice the fair share, shields 0-3, values 1-10."""
    share = max(1, 2 * pool // n)
    targets = tuple(
        Target(
            f"t{i:03d}",
            rng.randint(1, share + 1),
            shield=rng.randint(0, 3),
            weight=rng.randint(1, 10),
            immune=rng.random() < 0.05,
        )
        for i in range(n)
    )
    return SplitProblem(pool, targets, None, objective)


def timed(fn: object, *args: object) -> tuple[float, object]:
    start = time.perf_counter()
    out = fn(*args)  # type: ignore[operator]
    return time.perf_counter() - start, out


HEADER = (
    "| targets | pool | limit | objective | DP median (ms) | DP max (ms) | CP-SAT proof median "
    "(ms) | CP-SAT full median (ms) | CP-SAT canonical | DP = CP-SAT | brute force median (ms) "
    "| CP-SAT full / DP |"
)


def _ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:.2f}" if values else "-"


def table(sizes: list[tuple[int, int, int | None, int, bool]], cpsat: bool) -> None:
    rng = random.Random(2024)
    solve(instance(rng, 3, 5, "kills"), method=Method.CP_SAT)  # warm up: imports ortools
    solve_dp(instance(rng, 3, 5, "kills"))  # and numpy
    print(HEADER)
    print("| ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | --- | --- | ---: | ---: |")
    for n, pool, limit, repeats, brute in sizes:
        for objective in OBJECTIVES:
            fast, proof, full, bf_times = [], [], [], []
            canonical = same = 0
            for _ in range(repeats):
                problem = replace(instance(rng, n, pool, objective), max_targets=limit)
                t, mine = timed(solve_dp, problem)
                fast.append(t)
                if cpsat:
                    cp_proof = lambda p: solve(p, canonical=False, method=Method.CP_SAT)  # noqa: E731
                    t, _ = timed(cp_proof, problem)
                    proof.append(t)
                    t, result = timed(lambda p: solve(p, method=Method.CP_SAT), problem)
                    full.append(t)
                    canonical += result.canonical  # type: ignore[attr-defined]
                    same += dict(result.split) == dict(mine.split)  # type: ignore[attr-defined]
                if brute:
                    tb, twin = timed(brute_force, problem)
                    bf_times.append(tb)
                    assert dict(twin.split) == dict(mine.split)  # type: ignore[attr-defined]
            ratio = f"{statistics.median(full) / statistics.median(fast):.0f}x" if full else "-"
            cp_text = f"{canonical}/{repeats}" if cpsat else "-"
            same_text = f"{same}/{repeats}" if cpsat else "-"
            print(
                f"| {n} | {pool} | {limit or '-'} | {objective} | {_ms(fast)} | "
                f"{max(fast) * 1000:.2f} | {_ms(proof)} | {_ms(full)} | {cp_text} | "
                f"{same_text} | {_ms(bf_times)} | {ratio} |"
            )


def cpsat_params(repeats: int, n: int = 200, pool: int = 2000) -> None:
    """CP-SAT at ``n`` targets / ``pool``: default parameters against ``split.TUNED``
    (the parameters of the optimisation steps; the canonical search keeps its own)."""
    from arbiter.solver.damage import split

    rng = random.Random(7)
    problems = [instance(rng, n, pool, o) for o in OBJECTIVES for _ in range(repeats)]
    print("| CP-SAT parameters | proof median (ms) | full median (ms) | optima identical |")
    print("| --- | ---: | ---: | --- |")
    tuned = dict(split.TUNED)
    for name, params in (("default", {}), ("tuned", tuned)):
        split.TUNED = params
        try:
            proof, full, same = [], [], 0
            for p in problems:
                t, a = timed(lambda q: solve(q, canonical=False, method=Method.CP_SAT), p)
                proof.append(t)
                t, b = timed(lambda q: solve(q, method=Method.CP_SAT), p)
                full.append(t)
                same += a.stages == solve_dp(p).stages == b.stages  # type: ignore[attr-defined]
        finally:
            split.TUNED = tuned
        print(f"| {name} | {_ms(proof)} | {_ms(full)} | {same}/{len(problems)} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--smoke", action="store_true", help="tiny sizes, one repeat (tests)")
    parser.add_argument("--no-cpsat", action="store_true", help="time the programme only")
    parser.add_argument("--cpsat-params", action="store_true", help="compare CP-SAT parameters")
    args = parser.parse_args()
    if args.cpsat_params:
        cpsat_params(1, 20, 100) if args.smoke else cpsat_params(3)
        return
    table(SMOKE if args.smoke else SIZES, not args.no_cpsat)


if __name__ == "__main__":
    main()
