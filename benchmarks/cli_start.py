"""Cold start of `arbiter run` on a stats-only scenario, against `python -c pass`.

Each command runs in fresh processes, the commands taking turns (one run of each, then the
next round), so a change of the machine's load touches every row alike. For each row: the
median wall time and the median CPU time (user + system of the process, which a shared
machine distorts least), and both as ratios to `python -c pass` in the same run: the ratio
is the number to compare across runs. Two bytecode settings are measured:

- ``cached``: the bytecode of every module is written once (to a temporary folder, through
  ``PYTHONPYCACHEPREFIX``) and read afterwards, as in an installed package;
- ``compiled``: no bytecode is written (``PYTHONDONTWRITEBYTECODE``, as on a machine that
  sets it): arbiter's modules are compiled from source on every start (unless a
  ``__pycache__`` was written in the checkout earlier); the standard library's and the
  installed libraries' bytecode is read as usual.

Usage:
    python benchmarks/cli_start.py [RUNS] [--against CHECKOUT] [--smoke]

``--against CHECKOUT``: also run `arbiter run` (and `--json`) from this checkout and from another
checkout of arbiter (its tree, e.g. from `git archive`; run with this environment's
libraries), in the same rounds: a before/after in one run.
``--smoke``: one run of each command (tests/test_benchmarks_smoke.py).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "seeds" / "eredan_naya.yaml"

Row = tuple[str, list[str], dict[str, str]]

# `arbiter` from the checkout named first on the command line, not the installed one (an
# editable install's finder comes before sys.path: it is taken out).
FROM_CHECKOUT = """
import runpy, sys
sys.meta_path[:] = [f for f in sys.meta_path if "__editable__" not in str(f)]
sys.path.insert(0, sys.argv.pop(1))
runpy.run_module("arbiter.solver.cli.main", run_name="__main__", alter_sys=True)
"""


def measure(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds (user + system) of one fresh process running ``cmd``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, capture_output=True, check=False, cwd=ROOT, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def environments(cache: Path) -> dict[str, dict[str, str]]:
    base = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    cached = base | {"PYTHONPYCACHEPREFIX": str(cache)}
    compiled = base | {"PYTHONDONTWRITEBYTECODE": "1"}
    return {"cached": cached, "compiled": compiled}


def rows(env: dict[str, str], against: Path | None) -> list[Row]:
    py = sys.executable
    run = ["-m", "arbiter.solver.cli.main", "run", str(EXAMPLE)]
    out: list[Row] = [
        ("python -c pass", [py, "-c", "pass"], env),
        ("arbiter --help", [py, "-m", "arbiter.solver.cli.main", "--help"], env),
        ("arbiter run eredan_naya.yaml", [py, *run], env),
        ("arbiter run eredan_naya.yaml --json", [py, *run, "--json"], env),
    ]
    if against is not None:
        for checkout in (ROOT, against):
            for extra in ([], ["--json"]):
                cmd = [py, "-c", FROM_CHECKOUT, str(checkout), *run[2:], *extra]
                out.append((f"  {' '.join(['run', *extra])}, from {checkout.name}", cmd, env))
    out.append(
        (
            "python -c 'import ortools.sat.python.cp_model'",
            [py, "-c", "import ortools.sat.python.cp_model"],
            env,
        )
    )
    return out


def table(mode: str, measured: list[Row], runs: int) -> None:
    times: dict[str, list[tuple[float, float]]] = {label: [] for label, _, _ in measured}
    for _, cmd, env in measured:
        measure(cmd, env)  # warm the file cache (and, when cached, write the bytecode)
    for _ in range(runs):
        for label, cmd, env in measured:
            times[label].append(measure(cmd, env))
    print(f"bytecode {mode}, {runs} rounds, load average {os.getloadavg()[0]:.1f} at the end")
    print(
        f"{'command':48} {'wall s':>7} {'min':>6} {'max':>6} {'x py':>6} "
        f"{'CPU s':>6} {'min':>6} {'max':>6} {'x py':>6}"
    )
    base_wall = base_cpu = 0.0
    for label, got in times.items():
        walls = [w for w, _ in got]
        cpus = [c for _, c in got]
        wall, cpu = statistics.median(walls), statistics.median(cpus)
        if not base_wall:
            base_wall, base_cpu = wall, max(cpu, 1e-3)
        print(
            f"{label:48} {wall:7.3f} {min(walls):6.3f} {max(walls):6.3f} {wall / base_wall:6.1f} "
            f"{cpu:6.3f} {min(cpus):6.3f} {max(cpus):6.3f} {cpu / base_cpu:6.1f}"
        )
    print()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("runs", nargs="?", type=int, default=15, help="rounds (default 15)")
    parser.add_argument("--against", type=Path, help="another checkout of arbiter to compare")
    parser.add_argument("--smoke", action="store_true", help="one round (tests)")
    args = parser.parse_args()
    smoke = args.smoke
    against = args.against.resolve() if args.against else None
    runs = 1 if smoke else args.runs
    print(f"load average {os.getloadavg()[0]:.1f} at the start")
    with tempfile.TemporaryDirectory() as cache:
        for mode, env in environments(Path(cache)).items():
            table(mode, rows(env, against), runs)


if __name__ == "__main__":
    main()
