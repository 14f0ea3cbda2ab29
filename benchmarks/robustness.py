"""How long arbiter takes to refuse hostile files, and to run fuzzed documents.

Prints a table (median of 3 runs, in-process through
``arbiter.solver.cli.main.main``); the numbers go to docs/benchmarks.md, never to test
assertions. ``--smoke``: two hostile files and a small legal file, once
(tests/test_benchmarks_smoke.py).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests import harness  # noqa: E402
from tests.test_hostile import HOSTILE_TEXTS  # noqa: E402

CASES = ["billion-laughs", "too-many-values", "many-keys", "deep-flow-lists", "binary"]


from _options import smoke_options  # noqa: E402


def _options(argv: list[str] | None = None) -> argparse.Namespace:
    return smoke_options(__doc__, argv)


SMOKE = _options(None if __name__ == "__main__" else []).smoke


def good(objects: int = 256, pairs: int = 500) -> str:
    """The largest legal file (256 objects, 1000 steps), or a smaller one."""
    return (
        "ruleset: eredan\nplayers: [a]\nobjects:\n"
        + "".join(
            f"  o{i}: {{owner: a, kind: c, base: {{d: {i}, v: [1, 2]}}}}\n" for i in range(objects)
        )
        + "steps:\n"
        + "  - modify: {target: o1, stat: d, op: add, value: 1}\n  - expect: {o0.d: 0}\n" * pairs
    )


def median_seconds(argv: list[str], repeat: int = 1 if SMOKE else 3) -> tuple[float, int]:
    times, code = [], 0
    for _ in range(repeat):
        start = time.perf_counter()
        code = harness.invoke(argv).code
        times.append(time.perf_counter() - start)
    return statistics.median(times), code


def main() -> None:
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in CASES[:2] if SMOKE else CASES:
            path = Path(tmp) / f"{name}.yaml"
            path.write_bytes(HOSTILE_TEXTS[name])
            seconds, code = median_seconds(["run", str(path)])
            rows.append((name, f"{len(HOSTILE_TEXTS[name]):,}", code, seconds))
        path = Path(tmp) / "largest-legal.yaml"
        text = good(8, 10) if SMOKE else good()
        path.write_text(text, encoding="utf-8")
        seconds, code = median_seconds(["run", str(path), "--json"])
        label = "8 objects, 20 steps (smoke)" if SMOKE else "256 objects, 1000 steps (500 expect)"
        rows.append((label, f"{len(text):,}", code, seconds))
    print(f"{'file':40} {'bytes':>11} {'exit':>4} {'seconds':>8}")
    for name, size, code, seconds in rows:
        print(f"{name:40} {size:>11} {code:>4} {seconds:8.3f}")


if __name__ == "__main__":
    main()
