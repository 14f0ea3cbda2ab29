"""Loop detection speed: a two-card loop hidden in a 200-card set, and states per second.

Prints two tables (medians of several runs); the numbers go to docs/benchmarks.md.
Run: ``.venv/bin/python benchmarks/loops.py [--smoke]`` (``--smoke``: the smallest
size of each table, once).
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TypeVar

import yaml
from _options import smoke_options  # noqa: E402

from arbiter.model.format.loop_input import load_for_loops
from arbiter.solver.loops import graph as loop_graph
from arbiter.solver.loops import search as loop_search
from arbiter.solver.loops.report import analyse


def _options(argv: list[str] | None = None) -> argparse.Namespace:
    return smoke_options(__doc__, argv)


SMOKE = _options(None if __name__ == "__main__" else []).smoke
RUNS = 1 if SMOKE else 5
SEARCH_BUDGET = 200 if SMOKE else 20_000


def card_set(n: int, seed: int = 7) -> dict[str, object]:
    """``n`` cards: chains of triggers and a few quick actions that never cycle (each card
    acts only on cards after it), plus one two-card loop (ember_imp / cinder_totem)."""
    rng = random.Random(seed)
    cards: dict[str, object] = {}
    noise = n - 2
    for i in range(noise):
        later = [f"c{j:03d}" for j in range(i + 1, noise)] or ["cinder_totem"]
        target = rng.choice(later) if later[0] != "cinder_totem" else "c000"
        kind = rng.random()
        card: dict[str, object] = {"kind": "character", "base": {"health": rng.randint(1, 5)}}
        if kind < 0.45:
            card["triggers"] = [
                {"when": {"damaged": "self"}, "do": [{"damage": {"target": target, "amount": 1}}]}
            ]
        elif kind < 0.9:
            card["triggers"] = [
                {
                    "when": {"counter": "heat", "of": "self", "change": "up"},
                    "may": rng.random() < 0.3,
                    "do": [{"counter": {"target": target, "name": "heat", "add": 1}}],
                }
            ]
        else:
            card["quick_actions"] = [
                {
                    "cost": [{"exhaust": "self"}],
                    "do": [{"counter": {"target": target, "name": "heat", "add": 1}}],
                }
            ]
        cards[f"c{i:03d}"] = card
    cards["ember_imp"] = {
        "kind": "character",
        "triggers": [
            {
                "when": {"counter": "life", "of": "opponent", "change": "down"},
                "do": [{"counter": {"target": "cinder_totem", "name": "heat", "add": 1}}],
            }
        ],
    }
    cards["cinder_totem"] = {
        "kind": "permanent",
        "triggers": [
            {
                "when": {"counter": "heat", "of": "self", "change": "up"},
                "do": [{"damage": {"target": "opponent", "amount": 1}}],
            }
        ],
    }
    return {"ruleset": "altered", "players": ["ana", "bo"], "cards": cards}


T = TypeVar("T")


def time_it(fn: Callable[[], T], runs: int = RUNS) -> tuple[float, T]:
    """The median wall time of ``runs`` calls, and the last result."""
    out: list[float] = []
    for _ in range(runs):
        t0 = time.perf_counter()
        result = fn()
        out.append(time.perf_counter() - t0)
    return statistics.median(out), result


def two_card_loop(n: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "set.yaml"
        path.write_text(yaml.safe_dump(card_set(n)), encoding="utf-8")
        t_parse, data = time_it(lambda: load_for_loops(str(path)))
        state = data.scenario.start
        t_graph, graph = time_it(lambda: loop_graph.ability_graph(state))
        t_cand, found = time_it(lambda: loop_graph.candidates(graph))
        t_all, report = time_it(lambda: analyse(data))
        v = report.verdict
        loop_found = [c for c in found if "cinder_totem" in c.objects]
        print(
            f"| {n} | {graph.number_of_nodes()} | {graph.number_of_edges()} | "
            f"{len(found)} | {t_parse * 1000:.1f} | {t_graph * 1000:.1f} | "
            f"{t_cand * 1000:.1f} | {t_all * 1000:.1f} | {v.verdict} "
            f"({'mandatory' if v.mandatory else 'optional'}) | "
            f"{' '.join(c.arrows() for c in loop_found)} |"
        )


def states_per_second() -> None:
    text = """
cards:
  hourglass:
    kind: artifact
    triggers:
      - when: {counter: sand, of: self, change: up}
        if: {counter: sand, of: self, at_most: 1000000}
        do: [{counter: {target: self, name: sand, add: 1}}]
  lantern:
    kind: permanent
    quick_actions:
      - cost: [{exhaust: self}]
        do: [{damage: {target: opponent, amount: 1}}]
  owl:
    kind: character
    triggers:
      - when: {damaged: opponent}
        may: true
        do: [{ready: lantern}]
"""
    data = load_for_loops("bench.yaml", text)
    full = data.scenario.start
    for name, objs, budget in (
        ("hourglass (1 object, chain)", ("hourglass",), SEARCH_BUDGET),
        ("lantern + owl, one day (A-GOLD-9)", ("lantern", "owl"), SEARCH_BUDGET),
    ):
        state = loop_graph.sub_state(full, objs)
        one_day = "one day" in name
        search = partial(loop_search.explore, state, budget, one_day=one_day)
        t, ex = time_it(search, min(RUNS, 3))
        n = ex.expanded
        print(f"| {name} | {n} | {t * 1000:.1f} | {n / t:,.0f} |")


def replacement_ring(n: int) -> str:
    """``n`` creatures, each taking the wounds of the next one instead: one chain of n."""
    lines = ["ruleset: berserk", "players: [ana, bo]", "cards:"]
    for i in range(n):
        lines += [
            f"  c{i}:",
            "    kind: creature",
            "    replacements:",
            f"      - {{id: r, when: {{event: wounded, object: c{(i + 1) % n}}}, "
            "instead: {object: self}}",
        ]
    return "\n".join(lines) + "\n"


def replacement_chains() -> None:
    from arbiter.solver.loops import replacement as loop_replacement

    for n in (10,) if SMOKE else (10, 100):
        data = load_for_loops("ring.yaml", replacement_ring(n))
        t, report = time_it(partial(analyse, data), min(RUNS, 3))
        state = data.scenario.start
        (cand,) = loop_graph.candidates(loop_replacement.replacement_graph(state))
        sub = loop_replacement.chain_state(state, cand)
        t_off, off = time_it(
            partial(loop_replacement.decide_chain, sub, cand, 10_000, once_per_action=False),
            min(RUNS, 3),
        )
        print(
            f"| {n} | {report.verdict.verdict} | {report.verdict.explored} | {t * 1000:.1f} | "
            f"{off.verdict} | {off.explored} | {t_off * 1000:.1f} |"
        )


def main() -> None:
    print("## Two-card loop in a card set (median of", RUNS, "runs, ms)\n")
    print(
        "| cards | abilities | edges | candidates | parse | graph | SCCs | "
        "whole `analyse` | verdict | loop found |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for n in (50,) if SMOKE else (50, 200, 1000):
        two_card_loop(n)
    print("\n## States explored per second (median of 3 runs)\n")
    print("| search | states | ms | states/s |")
    print("| --- | --- | --- | --- |")
    states_per_second()
    print("\n## Replacement chains: a ring of n creatures (median of 3 runs)\n")
    print(
        "| n | verdict (R-4) | replacements | whole `analyse` ms | "
        "without R-4 | replacements | ms |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- |")
    replacement_chains()


if __name__ == "__main__":
    main()
