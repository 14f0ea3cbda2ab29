"""Passive abilities ordered by dependency and applied (A-ORDER-1): how long, how many trials.

Generates a random board (fixed seed): objects with one or two of 200 subtypes,
50 regions, and passives of the kinds the format knows (mostly "all T get +1
power", "all T are U", "all T gain K", "if I am in a Forest, I am Gigantic", a
few "all regions are Forests" and "all T lose their abilities"). Measures:

- ordering and applying every passive from base (``order_passives``);
- re-evaluation after one event, when the event changes a characteristic no
  passive reads (the previous order is reused) and when it changes a subtype (CPU
  milliseconds per event, by the path taken: the local update, the trial log, the
  cone ordered again, or everything again);
- each kind of event (a character's subtypes, keyword, controller or zone; a region's
  terrain, also one that flips a condition; a source's controller when its passive
  selects by side; a source leaving play), ten of each on a dense board of 10,000
  objects: how many took each path, median and max CPU milliseconds;
- trial comparisons made, against n(n-1) for one naive graph and the sum of
  k(k-1) for the naive method that rebuilds the whole graph after each
  application.

Run: ``python benchmarks/dependency.py [--smoke] [--events]`` (``--smoke``: one board of
200 objects, once; ``--events``: the table of events alone). Numbers go to
docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arbiter.model import passives as pv  # noqa: E402
from arbiter.model.effects import algebra as fx  # noqa: E402
from arbiter.model.passive_cone import cone_update  # noqa: E402
from arbiter.model.passive_events import local_update  # noqa: E402
from arbiter.model.passive_replay import replay_update  # noqa: E402
from arbiter.model.ruleset import RULESETS  # noqa: E402
from arbiter.model.state import GameObject, GameState  # noqa: E402
from arbiter.model.values.features import Feature  # noqa: E402
from arbiter.solver.dependency import order as dep  # noqa: E402

ALL = fx.Pick.ALL
KEYWORDS = ("Gigantic", "Defender", "Eternal", "Seasoned", "Tough", "Scout")
TERRAINS = ("Forest", "Mountain", "Water")


# Cumulative shares of "all T get +1 power", "all T are U", "all T gain K", "if I am in a
# Forest, I am Gigantic", "all K get +1 power"; then 0.5 % "all regions are Forests", and
# 1 % "all T lose their abilities".
MIXES = {
    "dense": (0.40, 0.65, 0.80, 0.90, 0.985),
    "sparse": (0.70, 0.75, 0.90, 0.98, 0.985),
}


def board(
    n_objects: int, n_passives: int, mix: str = "dense", seed: int = 7, sided: float = 0.0
) -> GameState:
    """Objects have 2 of n_objects/5 subtypes: about 10 objects per subtype; a third have a
    keyword. In the dense mix a quarter of the passives add subtypes (selections grow as
    they apply) and 8.5 % select by keyword (hundreds of objects each); in the sparse mix
    one in twenty adds subtypes and none selects by keyword. ``sided``: the share of
    "all T get +1 power" that become "all your T get +1 power" (the events' board)."""
    modify, add, gain, forest, by_keyword = MIXES[mix]
    rng = random.Random(seed)
    types = [f"T{i}" for i in range(max(n_objects // 5, 10))]
    objects: dict[str, GameObject] = {}
    n_regions = 50
    for i in range(n_regions):
        rid = f"r{i}"
        objects[rid] = GameObject(
            rid, "ana", "region", base={"subtypes": frozenset({rng.choice(TERRAINS)})}
        )
    for i in range(n_objects - n_regions):
        oid = f"o{i}"
        feats = {k: Feature(k) for k in rng.sample(KEYWORDS, rng.choice([0, 0, 1]))}
        objects[oid] = GameObject(
            oid,
            rng.choice(["ana", "bo"]),
            "character",
            base={"power": rng.randint(0, 5), "subtypes": frozenset(rng.sample(types, 2))},
            features=feats,
            timestamp=rng.randint(1, 10 * n_passives),
            region=f"r{rng.randrange(n_regions)}",
        )
    sources = rng.sample([o for o in objects if o.startswith("o")], n_passives)
    for j, src in enumerate(sources):
        roll = rng.random()
        t, u = rng.choice(types), rng.choice(types)
        sel = fx.Selector(ALL, subtypes=frozenset({t}))
        cond = None
        amount: fx.Amount | None = None
        act: fx.Action
        if roll < modify:
            act, amount = fx.ModifyStat("power"), fx.Const(1)
            if roll < modify * sided:
                sel = fx.Selector(ALL, subtypes=frozenset({t}), side=fx.Side.YOURS)
        elif roll < add:
            act = fx.ModifyStat(pv.SUBTYPES, fx.StatOp.ADD, members=frozenset({u}))
        elif roll < gain:
            act = fx.Give(fx.Grant.KEYWORD, rng.choice(KEYWORDS))
        elif roll < forest:
            sel = fx.SELF
            cond = fx.Condition(fx.Test.REGION, name="Forest")
            act = fx.Give(fx.Grant.KEYWORD, "Gigantic")
        elif roll < by_keyword:
            sel = fx.Selector(ALL, has=frozenset({rng.choice(KEYWORDS)}))
            act, amount = fx.ModifyStat("power"), fx.Const(1)
        elif roll < 0.99:
            sel = fx.Selector(ALL, kinds=frozenset({"region"}))
            act = fx.ModifyStat(pv.REGION_TYPE, fx.StatOp.SET, members=frozenset({"Forest"}))
        else:
            act = fx.Take(fx.Grant.ABILITIES)
        p = pv.passive(f"{src}.{j}", src, act, sel, amount, cond)
        obj = objects[src]
        objects[src] = replace(obj, abilities=(*obj.abilities, p))
    return GameState(RULESETS["altered"], ("ana", "bo"), objects)


CPU: list[float] = []  # process time of the last ``timed`` call (median), for loaded machines
LAST: list[object] = []  # what the last ``timed`` call returned


def timed(fn: object, repeat: int) -> tuple[float, object]:
    times, cpu = [], []
    out = None
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        out = fn()  # type: ignore[operator]
        took, took_cpu = time.perf_counter() - start, time.process_time() - start_cpu
        times.append(took)  # both clocks read before anything else allocates
        cpu.append(took_cpu)
    CPU[:] = [statistics.median(cpu)]
    LAST[:] = [out]
    return statistics.median(times), out


def event(
    state: GameState, what: str, oid: str = "o1", types: frozenset[str] = frozenset({"T0", "T1"})
) -> GameState:
    obj = state.objects[oid]
    if what == "power":
        new = replace(obj, base={**obj.base, "power": 99})
    else:
        new = replace(obj, base={**obj.base, "subtypes": types})
    return replace(state, objects={**state.objects, oid: new})


KINDS = (
    "a character's subtypes",
    "a character's keyword",
    "a character's controller",
    "a character leaves play",
    "a region's terrain",
    "a region's terrain, flipping a condition",
    "a source's controller (its passive selects by side)",
    "a source leaves play",
)


def events_of(state: GameState, kind: str, count: int, seed: int = 13) -> list[GameState]:
    """``count`` single events of one kind on ``state``, drawn at random (fixed seed)."""
    rng = random.Random(seed)
    objects = state.objects
    ps = pv.active_passives(objects)
    sources = sorted({p.source for p in ps})
    plain = sorted(o for o, obj in objects.items() if obj.kind != "region" and not obj.abilities)
    regions = sorted(o for o, obj in objects.items() if obj.kind == "region")
    conditional = {objects[p.source].region for p in ps if p.condition is not None}
    sided = sorted({p.source for p in ps if p.selector.side is not fx.Side.ANY})
    out = []
    for _ in range(count):
        if kind == KINDS[0]:
            oid = rng.choice(plain)
            types = objects[rng.choice(plain)].base["subtypes"]
            change: dict[str, object] = {"base": {**objects[oid].base, "subtypes": types}}
        elif kind == KINDS[1]:
            oid = rng.choice(plain)
            name = rng.choice(KEYWORDS)
            feats = dict(objects[oid].features)
            if feats.pop(name, None) is None:
                feats[name] = Feature(name)
            change = {"features": feats}
        elif kind in (KINDS[2], KINDS[6]):
            oid = rng.choice(plain if kind == KINDS[2] else sided)
            change = {"controller": "bo" if objects[oid].controlled_by == "ana" else "ana"}
        elif kind in (KINDS[3], KINDS[7]):
            oid = rng.choice(plain if kind == KINDS[3] else sources)
            change = {"zone": "reserve"}
        else:
            pool = regions if kind == KINDS[4] else sorted(r for r in regions if r in conditional)
            oid = rng.choice(pool)
            now = objects[oid].base["subtypes"]
            assert isinstance(now, frozenset)
            if kind == KINDS[4]:
                terrain = frozenset({rng.choice([t for t in TERRAINS if t not in now])})
            else:
                terrain = frozenset({"Mountain" if "Forest" in now else "Forest"})
            change = {"base": {**objects[oid].base, "subtypes": terrain}}
        new = replace(objects[oid], **change)  # type: ignore[arg-type]
        out.append(replace(state, objects={**objects, oid: new}))
    return out


def path_of(previous: dep.Ordering, old: GameState, new: GameState, got: dep.Ordering) -> str:
    """How ``reorder`` answered: the previous derivation, the local update, the trial
    log, the cone ordered again, or everything again."""
    if not got.reused:
        return "full"
    changed = [o for o, obj in new.objects.items() if obj is not old.objects[o]]
    if local_update(previous, new, changed) is not None:
        return "local"
    regions = all(new.objects[o].kind == pv.REGION for o in changed)  # (``reorder``'s order)
    if regions and cone_update(previous, old, new, changed) is not None:
        return "cone"
    if replay_update(previous, old, new, changed) is not None:
        return "trial log" if got.order == previous.order else "trial log, new order"
    if cone_update(previous, old, new, changed) is not None:
        return "cone"
    return "previous"


def event_table(n_objects: int, n_passives: int, count: int) -> None:
    """Each kind of event, ``count`` of each, re-evaluated from the full ordering of a dense
    board where a quarter of "all T get +1 power" select your T only: CPU ms per event, by
    the path taken."""
    state = board(n_objects, n_passives, "dense", sided=0.25)
    result = dep.order_passives(state)
    print()
    print(
        f"Events on the dense board of {n_objects:,} objects and {n_passives:,} passives"
        ' (a quarter of "all T get +1 power" select your T): CPU ms per event'
        f" (load average {os.getloadavg()[0]:.1f})"
    )
    print()
    print("| event | events | by path | median (ms) | max (ms) | max path |")
    print("| --- | ---: | --- | ---: | ---: | --- |")
    for kind in KINDS:
        times: list[tuple[float, str]] = []
        for new in events_of(state, kind, count):
            timed(lambda r=result, s=state, e=new: dep.reorder(r, s, e), 1)
            got = LAST[0]
            assert isinstance(got, dep.Ordering)
            times.append((CPU[0] * 1000, path_of(result, state, new, got)))
        paths = [p for _, p in times]
        split = ", ".join(f"{paths.count(p)} {p}" for p in dict.fromkeys(sorted(paths)))
        ms = [t for t, _ in times]
        worst = max(times)
        print(
            f"| {kind} | {len(ms)} | {split} | {statistics.median(ms):.1f} |"
            f" {worst[0]:.1f} | {worst[1]} |"
        )


def sequence_table(sizes: tuple[tuple[int, int], ...], count: int, seeds: tuple[int, ...]) -> None:
    """Events of every kind one after another (``count`` per sequence, kinds drawn at
    random, fixed seeds) on dense boards of each size (objects, passives), each event
    re-evaluated from the previous re-evaluation as a game does: CPU ms per event, and how
    many recomputed everything. Each sequence twice: the trial log kept from the last full
    ordering (the changes since it add up), and with the full ordering of a recent state
    made in steps meanwhile (``passive_rebase``, the default): how many logs it put in
    place, and the CPU time of the whole sequence."""
    print()
    print(
        f"Sequences of {count} events on one dense board, each from the previous answer:"
        f" CPU ms per event (load average {os.getloadavg()[0]:.1f})"
    )
    print()
    half = count // 2
    print(
        "| objects | passives | seed | orderings in steps | events | everything again |"
        " logs replaced | median (ms) | max (ms) |"
        f" over 50 ms in the first {half} | over 50 ms | whole sequence (CPU s) |"
    )
    print("| ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for n_objects, n_passives in sizes:
        state = board(n_objects, n_passives, "dense", sided=0.25)
        for seed in seeds:
            for label, pace in (("no", dep.Pace(after=None)), ("yes", dep.Pace())):
                rng = random.Random(seed)
                now, result = state, dep.order_passives(state)
                times: list[float] = []
                full = replaced = 0
                for _ in range(count):
                    (new,) = events_of(now, rng.choice(KINDS), 1, seed=rng.randrange(10**6))
                    timed(lambda r=result, s=now, e=new, p=pace: dep.reorder(r, s, e, p), 1)
                    got = LAST[0]
                    assert isinstance(got, dep.Ordering)
                    times.append(CPU[0] * 1000)
                    full += not got.reused
                    replaced += got.reused and got.log is not result.log
                    now, result = new, got
                over = sum(t > 50 for t in times)
                early = sum(t > 50 for t in times[:half])
                print(
                    f"| {n_objects:,} | {n_passives:,} | {seed} | {label} | {count} | {full} |"
                    f" {replaced} | {statistics.median(times):.1f} | {max(times):.1f} |"
                    f" {early} | {over} | {sum(times) / 1000:.2f} |",
                    flush=True,
                )


SEQUENCE_SIZES = ((2_000, 200), (5_000, 500), (10_000, 1_000))


def _options(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line: ``--smoke`` only (``--help`` prints the module's text)."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--smoke", action="store_true", help="tiny sizes, one run (tests)")
    parser.add_argument("--events", action="store_true", help="only the table of events")
    return parser.parse_args(argv)


def main() -> None:
    options = _options()
    smoke = options.smoke
    if options.events:
        event_table(*((200, 20, 3) if smoke else (10_000, 1_000, 10)))
        sequence_table(*((((200, 20),), 6, (1,)) if smoke else (SEQUENCE_SIZES, 80, (5, 6, 7))))
        return
    print(
        "| mix | objects | passives | targets / passive | order + apply (s) | (CPU s) |"
        " event on power (ms) | event on a subtype (CPU) | trial comparisons |"
        " trial applications | n(n-1) | naive sum k(k-1) | edges | cycles |"
    )
    print("| --- |" + " ---: |" * 13)
    rows = (
        [("dense", 200, 20, 1)]
        if smoke
        else [
            ("sparse", 1_000, 100, 5),
            ("dense", 1_000, 100, 5),
            ("sparse", 10_000, 1_000, 3),
            ("dense", 10_000, 1_000, 1),
        ]
    )
    for mix, n_objects, n_passives, repeat in rows:
        state = board(n_objects, n_passives, mix)
        full, result = timed(lambda s=state: dep.order_passives(s), repeat)
        full_cpu = CPU[0]
        assert isinstance(result, dep.Ordering)
        power = event(state, "power")
        reuse, again = timed(lambda r=result, s=state, p=power: dep.reorder(r, s, p), 5)
        assert isinstance(again, dep.Ordering) and again.reused
        # one object's subtypes change: 20 objects drawn at random (fixed seed), each its
        # own event, taking the subtypes of another object drawn at random; local
        # re-evaluation where it applies, else everything again
        rng = random.Random(11)
        characters = sorted(o for o in state.objects if o.startswith("o"))
        picks = rng.sample(characters, 20)
        paths: dict[str, list[float]] = {"local": [], "trial log": [], "full": []}
        for oid in picks:
            types = state.objects[rng.choice(characters)].base["subtypes"]
            assert isinstance(types, frozenset)
            sub = event(state, "subtype", oid, types)
            timed(lambda r=result, s=state, e=sub: dep.reorder(r, s, e), 1)
            fresh = LAST[0]
            assert isinstance(fresh, dep.Ordering)
            if not fresh.reused:
                path = "full"
            elif local_update(result, sub, [oid]) is not None:
                path = "local"
            else:
                path = "trial log"
            paths[path].append(CPU[0] * 1000)
        redo = "; ".join(
            f"{len(ms)}/20 {path}, median {statistics.median(ms):.1f} ms, max {max(ms):.1f} ms"
            for path, ms in paths.items()
            if ms
        )
        n = len(result.passives)
        naive = sum(k * (k - 1) for k in range(1, n + 1))
        fan = sum(len(t) for t in result.applied_to.values()) / max(len(result.order), 1)
        print(
            f"| {mix} | {n_objects:,} | {n:,} | {fan:.0f} | {full:.2f} | {full_cpu:.2f} |"
            f" {reuse * 1000:.1f} |"
            f" {redo} | {result.trials:,} | {result.applications:,} | {n * (n - 1):,} |"
            f" {naive:,} | {len(result.edges):,} | {len(result.cycles)} |"
        )
    if smoke:
        event_table(200, 20, 3)
        sequence_table(((200, 20),), 5, (1,))
    else:
        event_table(10_000, 1_000, 10)
        sequence_table(SEQUENCE_SIZES, 40, (5, 6, 7))


if __name__ == "__main__":
    main()
