"""Cold start of `arbiter run` on a stats-only scenario, against `python -c pass`.

Prints a table of medians over repeated fresh processes, and each median as a ratio
to `python -c pass` measured in the same run (the machine is shared: the ratio is the
number to compare across runs). Usage:
    python benchmarks/cli_start.py [RUNS | --smoke]

``--smoke``: one run of each command (tests/test_benchmarks_smoke.py).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "seeds" / "eredan_naya.yaml"


def wall(cmd: list[str], runs: int) -> list[float]:
    subprocess.run(cmd, capture_output=True, check=False, cwd=ROOT)  # warm the file cache
    out = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, capture_output=True, check=False, cwd=ROOT)
        out.append(time.perf_counter() - start)
    return out


def main() -> None:
    args = [a for a in sys.argv[1:] if a != "--smoke"]
    runs = 1 if "--smoke" in sys.argv else int(args[0]) if args else 15
    py = sys.executable
    rows = [
        ("python -c pass", [py, "-c", "pass"]),
        ("arbiter --help", [py, "-m", "arbiter.solver.cli.main", "--help"]),
        (
            "arbiter run eredan_naya.yaml",
            [py, "-m", "arbiter.solver.cli.main", "run", str(EXAMPLE)],
        ),
        (
            "arbiter run eredan_naya.yaml --json",
            [py, "-m", "arbiter.solver.cli.main", "run", str(EXAMPLE), "--json"],
        ),
        (
            "python -c 'import ortools.sat.python.cp_model'",
            [py, "-c", "import ortools.sat.python.cp_model"],
        ),
    ]
    base = None
    print(
        f"{'command':48} {'median s':>9} {'min s':>7} {'max s':>7} {'over python':>12} "
        f"{'x python':>9}"
    )
    for label, cmd in rows:
        times = wall(cmd, runs)
        med = statistics.median(times)
        base = med if base is None else base
        print(
            f"{label:48} {med:9.3f} {min(times):7.3f} {max(times):7.3f} {med - base:12.3f} "
            f"{med / base:9.1f}"
        )


if __name__ == "__main__":
    main()
