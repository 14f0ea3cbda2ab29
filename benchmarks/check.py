"""Benchmark of ``arbiter check``: a generated card set checked end to end (parse, check,
JSON, witnesses) serially and on a 2-worker Dask LocalCluster; and the
number of pairs and triples examined against all of them.

    python benchmarks/check.py [--cards 500] [--repeat 3] [--backends serial,dask]
    python benchmarks/check.py --scaling 500,1000,2000,10000   # serial, growth per size
    python benchmarks/check.py --smoke

``--smoke``: 30 cards, one run per backend (a few seconds; tests/test_benchmarks_smoke.py).

Numbers go to docs/benchmarks.md; they are never asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from arbiter.model.format.cardset import load_cardset  # noqa: E402
from arbiter.solver.check.diagnostics import Backend, CheckResult, run_check  # noqa: E402
from arbiter.solver.cli import check_output  # noqa: E402

STATS = ("defense", "spirit")
PASSIVES = (  # Altered's dependency examples, on Eredan characters
    "{applies_to: {subtype: Elemental}, effect: {gain: Gigantic}}",
    "{applies_to: {kind: character}, effect: {add_subtypes: [Elemental]}}",
    "{applies_to: {subtype: Spirit}, effect: {add_subtypes: [Elemental]}}",
    "{applies_to: {kind: character, other: true}, effect: {lose_all_abilities: true}}",
)


def generate(n: int, seed: int = 7) -> str:
    """A plausible Eredan-like set: 60% characters, 10% regions, 30% spells; some
    characters have a passive (dependency), a prevention or a damage bonus, some spells
    deal damage (D-PREV-3), and a few pairs of cards trigger each other (loops)."""
    rng = random.Random(seed)
    lines = ["ruleset: eredan", "cards:"]
    for i in range(n):
        roll = rng.random()
        if roll < 0.6:
            a, b = rng.randint(0, 6), rng.randint(0, 8)
            card = (
                f"  char{i}: {{kind: character, base: {{attack: [{a}, {b}], "
                f"defense: {rng.randint(1, 7)}, spirit: {rng.randint(1, 7)}}}"
            )
            if rng.random() < 0.1:
                card += f", protections: [{{stat: {rng.choice(STATS)}, cannot: decrease}}]"
            if rng.random() < 0.15:
                card += f", features: {{Armor: {rng.randint(1, 3)}}}"
            extra = rng.random()
            if extra < 0.06:
                passive = PASSIVES[0 if rng.random() < 0.3 else rng.randrange(len(PASSIVES))]
                card += f", passives: [{passive}]"
            elif extra < 0.1:
                card += f", prevention: {rng.randint(1, 5)}"
            elif extra < 0.12:
                card += f", damage_bonus: {{amount: {rng.randint(1, 2)}, to: [spell]}}"
            lines.append(card + "}")
        elif roll < 0.7:
            lines.append(f"  region{i}: {{kind: region, base: {{subtypes: [Forest]}}}}")
        elif roll < 0.73:
            lines.append(
                f"  bolt{i}: {{kind: spell, roles: {{t: character}}, effect: [{{damage: "
                f"{{each: {rng.randint(1, 5)}, targets: [t], source: {{spell: self}}}}}}]}}"
            )
        elif roll < 0.74:  # two cards that feed each other: a loop (optional with a may)
            may = ", may: true" if rng.random() < 0.5 else ""
            for me, other in ((f"imp{i}", f"totem{i}"), (f"totem{i}", f"imp{i}")):
                lines.append(
                    f"  {me}: {{kind: equipment, triggers: [{{id: feed, when: {{counter: heat, "
                    f"of: {other}, change: up}}{may}, do: [{{counter: {{target: self, "
                    "name: heat, add: 1}}]}]}"
                )
        else:
            stat = rng.choice(STATS)
            effect = rng.choice(
                [
                    f"modify: {{target: t, stat: {stat}, op: add, value: {rng.randint(-3, 3)}}}",
                    f"modify: {{target: t, stat: {stat}, op: set, value: {rng.randint(0, 5)}}}",
                    f"modify: {{target: t, stat: {stat}, op: divide, value: 2}}",
                    f"modify: {{target: t, stat: {stat}, op: divide, value: 2, rounding: up}}",
                    f"modify: {{target: t, stat: {stat}, op: multiply, value: 2}}",
                    f"protect: {{target: t, stat: {stat}, cannot: decrease}}",
                    f"gain: {{target: t, feature: Armor, number: {rng.randint(1, 3)}}}",
                ]
            )
            lines.append(
                f"  spell{i}: {{kind: spell, roles: {{t: character}}, effect: [{{{effect}}}]}}"
            )
    return "\n".join(lines) + "\n"


def end_to_end(path: str, backend: Backend, witness_root: str) -> tuple[float, str, CheckResult]:
    """Parse, check, write the witnesses (into a fresh folder: overwriting old files costs
    disk time unrelated to the check) and build the JSON; the JSON is returned with the
    folder's name replaced, to compare backends."""
    witness_dir = tempfile.mkdtemp(dir=witness_root)
    start = time.perf_counter()
    result = run_check(load_cardset(path), backend)
    doc = check_output.as_json([check_output.with_witnesses(result, witness_dir)])
    seconds = time.perf_counter() - start
    return seconds, json.dumps(doc, sort_keys=True).replace(witness_dir, "<witnesses>"), result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cards", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--backends", default="serial,dask")
    parser.add_argument("--scaling", default="", help="card counts: serial time per size")
    parser.add_argument("--smoke", action="store_true", help="tiny sizes, numbers meaningless")
    args = parser.parse_args()
    if args.smoke:
        args.cards, args.repeat = 30, 1
    if args.scaling:
        return scaling([int(n) for n in args.scaling.split(",")], args.repeat)
    chosen = set(args.backends.split(","))
    folder = tempfile.mkdtemp(prefix="arbiter-bench-")
    path = os.path.join(folder, "generated.yaml")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(generate(args.cards))
    witnesses = os.path.join(folder, "witnesses")
    os.makedirs(witnesses)

    rows: list[tuple[str, float, float]] = []
    outputs: dict[str, str] = {}
    result: CheckResult | None = None

    def measure(label: str, backend: Backend) -> None:
        nonlocal result
        times = []
        for _ in range(args.repeat):
            seconds, doc, result = end_to_end(path, backend, witnesses)
            times.append(seconds)
        outputs[label] = doc
        rows.append((label, statistics.median(times), min(times)))

    measure("serial (1 process)", Backend())
    startup = 0.0
    if "dask" in chosen:
        from dask.distributed import LocalCluster

        started = time.perf_counter()
        with LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster:
            startup = time.perf_counter() - started
            measure("--dask (2-worker LocalCluster)", Backend(dask=cluster.scheduler_address))
    assert result is not None
    stats = result.stats_json()
    same = len(set(outputs.values())) == 1
    print(f"generated set: {args.cards} cards; {len(result.diagnostics)} diagnostics")
    print(f"{'backend':34} {'median s':>9} {'min s':>8}")
    for label, med, best in rows:
        print(f"{label:34} {med:9.2f} {best:8.2f}  serial/this {rows[0][1] / med:5.2f}x")
    print(f"LocalCluster start-up (not included above): {startup:.2f} s")
    print(f"identical JSON across backends: {same}")
    print(
        f"pairs examined {stats['pairs_examined']} of {stats['all_pairs']}; "
        f"triples examined {stats['triples_examined']} of {stats['all_triples']}; "
        f"tuples (role-ordered) {stats['tuples_examined']}"
    )
    return 0 if same else 1


def reference_work() -> float:
    """Seconds of a fixed pure-Python workload that no change to arbiter touches (dicts,
    lists, strings, integers): the unit of the ratios, measured in the same run, since the
    shared machine's speed varies several-fold with its load."""
    start = time.perf_counter()
    table: dict[str, list[int]] = {}
    for i in range(300_000):
        table.setdefault(f"k{i % 5000}", []).append(i * i % 97)
    sum(len(v) for v in sorted(table.values(), key=len))
    return time.perf_counter() - start


def scaling(sizes: list[int], repeat: int) -> int:
    """Serial end-to-end time per size (wall and CPU), against a fixed reference workload
    measured in the same run (before each size), and the growth exponent between
    consecutive sizes (from CPU time, which the load distorts least)."""
    import math

    folder = tempfile.mkdtemp(prefix="arbiter-bench-")
    witnesses = os.path.join(folder, "witnesses")
    os.makedirs(witnesses)
    warm = os.path.join(folder, "warm.yaml")
    with open(warm, "w", encoding="utf-8") as fh:
        fh.write(generate(60))
    end_to_end(warm, Backend(), witnesses)  # loads OR-Tools and NetworkX: not in any row
    units = [reference_work() for _ in range(3)]
    print(f"reference workload: {statistics.median(units):.3f} s; load {os.getloadavg()[0]:.1f}")
    print(
        "| cards | diagnostics | triples examined | median s (wall) | CPU s | / reference "
        "| growth exponent (CPU) | load |"
    )
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    last: tuple[int, float] | None = None
    for n in sizes:
        path = os.path.join(folder, f"g{n}.yaml")
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(generate(n))
        unit = statistics.median(reference_work() for _ in range(3))
        times, cpus = [], []
        for _ in range(repeat):
            cpu = time.process_time()
            seconds, _, result = end_to_end(path, Backend(), witnesses)
            cpus.append(time.process_time() - cpu)
            times.append(seconds)
        med, cpu_med = statistics.median(times), statistics.median(cpus)
        growth = (
            "-" if last is None else f"{math.log(cpu_med / last[1]) / math.log(n / last[0]):.2f}"
        )
        print(
            f"| {n} | {len(result.diagnostics)} | {result.plan.triples} | {med:.2f} | "
            f"{cpu_med:.2f} | {med / unit:.1f} | {growth} | {os.getloadavg()[0]:.1f} |"
        )
        last = (n, cpu_med)
    return 0


if __name__ == "__main__":
    sys.exit(main())
