"""Speed of the optimal split (solver/damage/split.py): CP-SAT vs its brute-force twin.

Prints a table: instance size, CP-SAT median (model build + solve, the
canonical tie-break included), brute-force median where it is practical, and
the ratio. Numbers go to docs/benchmarks.md; nothing here is asserted.
Run: .venv/bin/python benchmarks/damage.py [--smoke]  (``--smoke``: two small sizes, once)
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arbiter.solver.damage.problem import SplitProblem, Target, brute_force
from arbiter.solver.damage.split import solve  # noqa: E402
from arbiter.solver.status import Status  # noqa: E402

# (targets, pool, repeats, brute force?)
SIZES = [
    (4, 8, 15, True),
    (6, 12, 15, True),
    (8, 16, 5, True),
    (10, 30, 15, False),
    (50, 200, 7, False),
    (200, 2000, 3, False),
]
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
    "| targets | pool | objective | proof median (ms) | full median (ms) | full max (ms) "
    "| proven | canonical | brute force median (ms) | ratio (brute / full) |"
)


SMOKE_SIZES = [(4, 8, 1, True), (10, 30, 1, False)]


def main() -> None:
    rng = random.Random(2024)
    solve(instance(rng, 3, 5, "kills"))  # warm up: the first call imports ortools
    print(HEADER)
    print("| ---: | ---: | --- | ---: | ---: | ---: | --- | --- | ---: | ---: |")
    for n, pool, repeats, brute in SMOKE_SIZES if "--smoke" in sys.argv[1:] else SIZES:
        for objective in OBJECTIVES:
            proof, full, bf_times = [], [], []
            proven = canonical = 0
            for _ in range(repeats):
                problem = instance(rng, n, pool, objective)
                t, _ = timed(lambda p: solve(p, canonical=False), problem)
                proof.append(t)
                t, result = timed(solve, problem)
                full.append(t)
                proven += result.status is Status.OPTIMAL  # type: ignore[attr-defined]
                canonical += result.canonical  # type: ignore[attr-defined]
                if brute:
                    tb, twin = timed(brute_force, problem)
                    bf_times.append(tb)
                    assert twin.objective == result.objective  # type: ignore[attr-defined]
            cp = statistics.median(full) * 1000
            bf = statistics.median(bf_times) * 1000 if bf_times else None
            ratio = "-" if not bf else (f"{bf / cp:.0f}x" if bf >= 10 * cp else f"{bf / cp:.2f}x")
            bf_text = f"{bf:.1f}" if bf is not None else "-"
            print(
                f"| {n} | {pool} | {objective} | {statistics.median(proof) * 1000:.1f} | "
                f"{cp:.1f} | {max(full) * 1000:.1f} | {proven}/{repeats} | "
                f"{canonical}/{repeats} | {bf_text} | {ratio} |"
            )


if __name__ == "__main__":
    main()
