"""Benchmark: eight replacements of two players competing for one event and its
descendants; every distinct outcome enumerated by CP-SAT and by the exhaustive twin.

Prints a table (numbers go to docs/benchmarks.md, never to asserts). Run:
    .venv/bin/python benchmarks/replacement.py [--smoke]   (``--smoke``: the duel and one seed)
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arbiter.model.damage.action_step import GameActionStep  # noqa: E402
from arbiter.model.damage.actions import GameAction, ProposedEvent  # noqa: E402
from arbiter.model.damage.replacement import (  # noqa: E402
    ANY_OBJECT,
    Among,
    Pattern,
    Replacement,
    Template,
    among,
)
from arbiter.model.effects.algebra import Side  # noqa: E402
from arbiter.model.ruleset import RULESETS  # noqa: E402
from arbiter.model.state import GameObject, GameState  # noqa: E402
from arbiter.solver.choices.outcomes import exhaustive_leaves, order_dependent  # noqa: E402
from arbiter.solver.choices.replacement import build_model, build_universe, expand_cpsat, solve_all
from arbiter.solver.engine.options import RunOptions  # noqa: E402

WOUND = frozenset({"wounded"})
LIVES = frozenset({"gains-lives"})
MINE = among(side=Side.YOURS, kinds=frozenset({"creature"}))
ENEMY = among(side=Side.ENEMY, kinds=frozenset({"creature"}))


def one(oid: str) -> Among:
    return among(frozenset({oid}))


def duel() -> tuple[GameState, GameActionStep]:
    """The headline instance: a spell wounds ana's hero for 3; four replacements of each
    player redirect, reduce, turn into lives or back into wounds."""
    owners = {
        "hero": "ana",
        "a_guard": "ana",
        "a_mage": "ana",
        "a_totem": "ana",
        "b_knight": "bo",
        "b_golem": "bo",
        "b_witch": "bo",
        "spell": "bo",
    }
    rs = [
        # ana (the active player)
        ("a_shield", "hero", Pattern(WOUND, one("hero")), (Template(target="a_guard"),), True),
        (
            "a_armor",
            "a_guard",
            Pattern(WOUND, one("a_guard"), amount_min=2),
            (Template(add=-1),),
            False,
        ),
        (
            "a_mirror",
            "a_mage",
            Pattern(WOUND, MINE),
            (Template(target="choose", choose=ENEMY, source="self"),),
            True,
        ),
        ("a_totem", "a_totem", Pattern(WOUND, MINE), (Template(kind="gains-lives"),), True),
        # bo
        ("b_curse", "b_witch", Pattern(LIVES, ENEMY), (Template(kind="wounded"),), False),
        ("b_bodyguard", "b_knight", Pattern(WOUND, MINE), (Template(target="b_golem"),), True),
        (
            "b_stone_skin",
            "b_golem",
            Pattern(WOUND, one("b_golem"), source=one("a_mage")),
            (),
            False,
        ),
        (
            "b_reflect",
            "b_witch",
            Pattern(WOUND, MINE),
            (Template(target="choose", choose=ENEMY, add=1, source="self"),),
            True,
        ),
    ]
    abilities: dict[str, list[Replacement]] = {}
    for t, (rid, src, pattern, instead, may) in enumerate(rs):
        r = Replacement(rid, src, t, pattern=pattern, instead=instead, optional=may)
        abilities.setdefault(src, []).append(r)
    kinds = {"spell": "spell"}
    objects = {
        oid: GameObject(
            oid, who, kinds.get(oid, "creature"), abilities=tuple(abilities.get(oid, ()))
        )
        for oid, who in owners.items()
    }
    state = GameState(RULESETS["berserk"], ("ana", "bo"), objects)
    action = GameAction("bolt", "spell", (ProposedEvent("wounded", "hero", 3, "spell"),))
    return state, GameActionStep(action=action)


def random_duel(seed: int) -> tuple[GameState, GameActionStep]:
    """Eight random replacements (4 per player) over six creatures, one wound of 2."""
    rng = random.Random(seed)
    oids = [f"c{i}" for i in range(6)]
    owners = {oid: ("ana" if i < 3 else "bo") for i, oid in enumerate(oids)}
    abilities: dict[str, list[Replacement]] = {}
    for i in range(8):
        src = oids[(i % 2) * 3 + rng.randrange(3)]
        affected = rng.choice([MINE, ENEMY, one(rng.choice(oids)), ANY_OBJECT])
        instead = rng.choice(
            [
                (),
                (Template(target="self"),),
                (Template(add=rng.choice([-1, 1])),),
                (Template(target="choose", choose=ENEMY, source="self"),),
                (Template(target=rng.choice(oids)),),
            ]
        )
        r = Replacement(
            f"r{i}",
            src,
            i,
            pattern=Pattern(WOUND, affected),
            instead=instead,
            optional=rng.random() < 0.5,
        )
        abilities.setdefault(src, []).append(r)
    objects = {
        oid: GameObject(oid, who, "creature", abilities=tuple(abilities.get(oid, ())))
        for oid, who in owners.items()
    }
    state = GameState(RULESETS["berserk"], ("ana", "bo"), objects)
    action = GameAction("hit", "effect", (ProposedEvent("wounded", "c0", 2, "effect"),))
    return state, GameActionStep(action=action)


def median_time(fn: object, repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()  # type: ignore[operator]
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


EXHAUSTIVE_LIMIT = 1000  # applications; beyond, the exhaustive twin takes minutes


def measure(name: str, state: GameState, step: GameActionStep) -> None:
    run = step.begin(state)
    u = build_universe(run)
    options = RunOptions(time_limit=10.0)
    leaves, status = expand_cpsat(step, 0, run, options)
    solutions = len(solve_all(build_model(u), options.time_limit).solutions)
    t_cp = median_time(lambda: expand_cpsat(step, 0, run, options))
    if len(u.apps) <= EXHAUSTIVE_LIMIT:
        twin = exhaustive_leaves(step, 0, run)
        agree = set(leaves) == set(twin) and order_dependent(leaves) == order_dependent(twin)
        t_ex = f"{median_time(lambda: exhaustive_leaves(step, 0, run), 1) * 1000:.0f}"
        same = "yes" if agree else "NO"
    else:
        t_ex, same = "skipped", "-"
    print(
        f"| {name} | {len(u.events)} | {len(u.apps)} | {solutions} | {len(leaves)} | "
        f"{len(order_dependent(leaves))} | {status.value} | {t_cp * 1000:.0f} | {t_ex} | {same} |"
    )


def main() -> None:
    smoke = _options().smoke
    build_model(build_universe(duel()[1].begin(duel()[0])))  # import ortools before timing
    print(
        "| instance | lineage events | applications | CP-SAT solutions | distinct outcomes |"
        " order-dependent | status | CP-SAT ms (median of 3) | exhaustive ms | agree |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    measure("duel: 8 replacements, 1 wound", *duel())
    for seed in range(1 if smoke else 4):
        measure(f"random 8 replacements, seed {seed}", *random_duel(seed))


from _options import smoke_options  # noqa: E402


def _options(argv: list[str] | None = None) -> argparse.Namespace:
    return smoke_options(__doc__, argv)


if __name__ == "__main__":
    main()
