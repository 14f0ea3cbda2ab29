"""Dependency between passive abilities (A-DEP-1..3, A-ORDER-1) and `arbiter graph`."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from arbiter.model import passive_trial as pt
from arbiter.model import passives as pv
from arbiter.model.effects import algebra as fx
from arbiter.model.format.scenario import parse_file
from arbiter.model.state import GameObject, GameState
from arbiter.model.values import characteristics as ch
from arbiter.model.values.reading import NumberReading
from arbiter.solver.dependency import order as dep
from arbiter.solver.dependency.view import graph_json
from arbiter.solver.engine.runner import run
from tests.helpers import ROOT, cli, cli_json, scenario
from tests.passive_strategies import brute_order, comparable, states

SEEDS = ROOT / "examples" / "seeds"
CHAIN = ROOT / "examples" / "altered_dependency_beats_timestamps.yaml"


def graph_of(path: Path) -> dict[str, object]:
    return graph_json(run(parse_file(str(path))).state)


def edges_of(data: dict[str, object]) -> set[tuple[str, str, str]]:
    edges = data["edges"]
    assert isinstance(edges, list)
    return {(e["from"], e["to"], e["reason"]) for e in edges}


# -- the three clauses of direct dependency, on the rules' own examples ---------------------


@pytest.mark.rule("A-DEP-1", "A-ORDER-1", "A-DEP-4", "Altered 2.3.2")
def test_removing_an_ability_is_dependency_on_existence() -> None:
    data = graph_of(SEEDS / "altered_dependency_existence.yaml")
    assert edges_of(data) == {("a.1", "b.1", "A-DEP-1a")}
    assert data["order"] == ["b.1"]  # a.1 ceased to exist before it could apply
    nodes = {n["id"]: n for n in data["nodes"]}  # type: ignore[attr-defined]
    assert nodes["a.1"]["ceased"] is True


@pytest.mark.rule("A-DEP-1", "A-ORDER-1")
def test_changing_what_an_ability_applies_to_is_dependency() -> None:
    data = graph_of(SEEDS / "altered_dependency_applies_to.yaml")
    assert edges_of(data) == {("a.1", "b.1", "A-DEP-1b")}
    assert data["order"] == ["b.1", "a.1"]


@pytest.mark.rule("A-DEP-1", "A-ORDER-1")
def test_changing_what_an_ability_does_is_dependency() -> None:
    data = graph_of(SEEDS / "altered_dependency_what_it_does.yaml")
    assert edges_of(data) == {("a.1", "b.1", "A-DEP-1c")}
    assert data["order"] == ["b.1", "a.1"]
    out = cli_json("run", str(SEEDS / "altered_dependency_what_it_does.yaml"))
    assert out["objects"]["a"]["region"] == "region"
    assert out["objects"]["a"]["features"] == {"Gigantic": True}


@pytest.mark.rule("A-DEP-3")
def test_dependency_is_decided_on_the_state_not_declared() -> None:
    # The same two abilities as the 2.3.2.e example, but every character is already
    # an Elemental: applying B changes nothing A looks at, so there is no dependency.
    sc = scenario(
        """
        ruleset: altered
        players: [ana, bo]
        objects:
          a: {owner: ana, kind: character, zone: expedition:hero, base: {subtypes: [Elemental]},
              passives: [{applies_to: {subtype: Elemental}, effect: {gain: Gigantic}}]}
          b: {owner: bo, kind: character, zone: expedition:hero, base: {subtypes: [Elemental]},
              passives: [{applies_to: {kind: character}, effect: {add_subtypes: [Elemental]}}]}
        """
    )
    result = dep.order_passives(sc.start)
    assert result.edges == ()
    assert result.order == ("a.1", "b.1")  # plain timestamp order


# -- transitive closure and the order --------------------------------------------------------


@pytest.mark.rule("A-DEP-2", "A-ORDER-1")
def test_dependency_is_transitive_and_re_evaluated_after_each_application() -> None:
    data = graph_of(CHAIN)
    assert edges_of(data) == {("a.1", "b.1", "A-DEP-1b"), ("b.1", "c.1", "A-DEP-1b")}
    assert ["a.1", "c.1"] in data["closure"]  # type: ignore[operator]
    assert data["order"] == ["c.1", "b.1", "a.1"]
    result = dep.ordering(run(parse_file(str(CHAIN))).state)
    first = result.choices[0]
    assert dict(first.waiting)["a.1"] == ("b.1", "c.1")  # a.1 waits for c.1 via b.1


@pytest.mark.rule("A-ORDER-1")
def test_a_dependency_that_disappears_after_an_application_stops_blocking() -> None:
    # a (t1) "Elementals are Gigantic"; x (t2) and b (t3) both "Spirits are Elementals";
    # c is a Spirit. At first a depends on x and on b; once x is applied, b changes nothing
    # that a looks at any more, so a (t1) goes before b (t3).
    sc = scenario(
        """
        ruleset: altered
        players: [ana, bo]
        objects:
          a: {owner: ana, kind: character, zone: expedition:hero, timestamp: 1,
              passives: [{applies_to: {subtype: Elemental}, effect: {gain: Gigantic}}]}
          x: {owner: ana, kind: character, zone: expedition:hero, timestamp: 2,
              passives: [{applies_to: {subtype: Spirit}, effect: {add_subtypes: [Elemental]}}]}
          b: {owner: bo, kind: character, zone: expedition:hero, timestamp: 3,
              passives: [{applies_to: {subtype: Spirit}, effect: {add_subtypes: [Elemental]}}]}
          c: {owner: bo, kind: character, zone: expedition:hero,
              timestamp: 4, base: {subtypes: [Spirit]}}
        """
    )
    result = dep.order_passives(sc.start)
    assert {(e.dependent, e.on) for e in result.edges} == {("a.1", "x.1"), ("a.1", "b.1")}
    assert result.order == ("x.1", "a.1", "b.1")
    assert result.order == tuple(brute_order(sc.start)[0])


@pytest.mark.rule("A-PASS-2")
def test_region_condition_is_read_through_the_regions_subtypes() -> None:
    # "if I am in a Forest": the prefilter must see that a region type change matters.
    forest = fx.Condition(fx.Test.REGION, name="Forest")
    a = pv.passive("a.1", "a", fx.Give(fx.Grant.KEYWORD, "Gigantic"), fx.SELF, None, forest)
    regions = fx.Selector(fx.Pick.ALL, kinds=frozenset({"region"}))
    b = pv.passive(
        "b.1",
        "b",
        fx.ModifyStat(pv.REGION_TYPE, fx.StatOp.SET, members=frozenset({"Forest"})),
        regions,
    )
    assert pv.overlaps(pv.writes(b), pv.reads(a))
    assert not pv.overlaps(pv.writes(a), pv.reads(b))


@pytest.mark.rule("A-ORDER-1", "Altered 2.3.3")
def test_a_cycle_falls_back_to_timestamps_and_is_reported() -> None:
    data = graph_of(SEEDS / "altered_dependency_cycle.yaml")
    assert edges_of(data) == {("a.1", "b.1", "A-DEP-1a"), ("b.1", "a.1", "A-DEP-1a")}
    assert data["order"] == ["a.1"]
    assert data["cycles"] == [["a.1", "b.1"]]
    done = cli("graph", str(SEEDS / "altered_dependency_cycle.yaml"))
    assert done.returncode == 0, done.stderr
    assert "a.1 → b.1 → a.1" in done.stdout


@pytest.mark.rule("A-ORDER-1", "A-DEP-2")
def test_a_three_cycle_is_free_only_through_the_closure() -> None:
    # A "Elementals are Spirits", B "Animals are Elementals", C "Spirits are Animals":
    # A -> B -> C -> A directly; no pair depends on each other directly, yet all are free.
    sc = scenario(
        """
        ruleset: altered
        players: [ana, bo]
        objects:
          a: {owner: ana, kind: character, zone: expedition:hero,
              timestamp: 1, base: {subtypes: [Spirit]},
              passives: [{applies_to: {subtype: Elemental}, effect: {add_subtypes: [Spirit]}}]}
          b: {owner: ana, kind: character, zone: expedition:hero,
              timestamp: 2, base: {subtypes: [Animal]},
              passives: [{applies_to: {subtype: Animal}, effect: {add_subtypes: [Elemental]}}]}
          c: {owner: bo, kind: character, zone: expedition:hero,
              timestamp: 3, base: {subtypes: [Elemental]},
              passives: [{applies_to: {subtype: Spirit}, effect: {add_subtypes: [Animal]}}]}
        """
    )
    result = dep.order_passives(sc.start)
    first = {(e.dependent, e.on) for e in result.edges if e.round == 0}
    assert first == {("a.1", "b.1"), ("b.1", "c.1"), ("c.1", "a.1")}
    assert result.order[0] == "a.1"
    assert result.cycles and set(result.cycles[0]) == {"a.1", "b.1", "c.1"}
    assert result.order == tuple(brute_order(sc.start)[0])


# -- properties ------------------------------------------------------------------------------


@pytest.mark.rule("A-DEP-1", "A-DEP-3")
@given(states())
def test_trial_application_equals_brute_force_recomputation(state: GameState) -> None:
    """For every pair of passives, the fast trial (only the objects B changes) finds the
    same dependency, with the same clauses, as recomputing everything from the rules' words;
    and the prefilter by channels never drops a pair that depends."""
    board = pt.Board(state)
    ps = pv.active_passives(state.objects)
    for b in ps:
        changes = pt.apply_passive(b, board).changes
        for a in ps:
            if a.id == b.id:
                continue
            fast = pt.trial(a, b, board, changes)
            brute = pt.brute_dependence(a, b, state)
            assert (fast.reasons if fast else ()) == brute, (a.id, b.id)
            if brute:
                assert pv.overlaps(pv.writes(b), pv.reads(a))
    ordered = dep.order_passives(state)
    seen = {(e.dependent, e.on) for e in ordered.edges if e.round == 0}
    expected = {
        (a.id, b.id) for a in ps for b in ps if a.id != b.id and pt.brute_dependence(a, b, state)
    }
    assert seen == expected


@pytest.mark.rule("A-ORDER-1", "A-DEP-2", "A-DEP-4")
@settings(max_examples=40)
@given(states())
def test_order_equals_the_rules_applied_by_brute_force(state: GameState) -> None:
    """Recomputing every dependency from scratch before each application gives the same
    order and the same characteristics as the incremental ordering."""
    order, final, _ = brute_order(state)
    result = dep.order_passives(state)
    assert list(result.order) == order
    assert comparable(result.state) == comparable(final)


@pytest.mark.rule("A-ORDER-1")
@settings(max_examples=40)
@given(states())
def test_order_respects_every_dependency_outside_a_cycle(state: GameState) -> None:
    """When a passive is applied, nothing it depends on is still unapplied unless that
    one depends on it too (a cycle); and every dependency met is between unapplied ones."""
    order, _, closures = brute_order(state)
    result = dep.order_passives(state)
    assert list(result.order) == order
    applied: set[str] = set()
    for chosen, clo in zip(order, closures, strict=True):
        for a, b in clo:
            if a == chosen and b != chosen and b not in applied:
                assert (b, a) in clo, f"{chosen} applied before {b}, which it depends on"
        applied.add(chosen)


@pytest.mark.rule("A-PASS-3", "A-ORDER-1")
@settings(max_examples=40)
@given(states(), st.integers(0, 2**16))
def test_result_does_not_depend_on_the_order_of_the_file(state: GameState, seed: int) -> None:
    """Listing the objects and their abilities in another order changes nothing."""
    rng = random.Random(seed)
    ids = list(state.objects)
    rng.shuffle(ids)
    objects = {}
    for oid in ids:
        obj = state.objects[oid]
        abilities = list(obj.abilities)
        rng.shuffle(abilities)
        objects[oid] = replace(obj, abilities=tuple(abilities))
    shuffled = replace(state, objects=objects)
    a, b = dep.order_passives(state), dep.order_passives(shuffled)
    assert a.order == b.order
    assert comparable(a.state) == comparable(b.state)


# -- changes to numbers follow the same order (A-ORDER-1 for numbers) ----------------------

NUMBERS = ROOT / "examples" / "altered_dependency_orders_numbers.yaml"


def _numbers_replayed(result: dep.Ordering, state: GameState) -> dict[tuple[str, str], int]:
    """Each passive's change of a number replayed on plain integers, in the graph's order,
    on the objects it applied to; shown values (E-FLOOR-1)."""
    values: dict[tuple[str, str], int] = {}
    for pid in result.order:
        e = result.passives[pid].effect
        act = e.action
        if not isinstance(act, fx.ModifyStat) or act.stat in (pv.SUBTYPES, pv.REGION_TYPE):
            continue
        for oid in result.applied_to[pid]:
            base = state.objects[oid].base.get(act.stat)
            if not isinstance(base, int):
                continue
            amount = pv.amounts(e)[0]
            assert isinstance(amount, int)
            now = values.get((oid, act.stat), base)
            values[oid, act.stat] = now + amount if act.op is fx.StatOp.ADD else amount
    return {key: max(0, v) for key, v in values.items()}


@pytest.mark.rule("A-ORDER-1", "A-PASS-2", "A-PASS-3")
def test_a_number_changed_by_passives_follows_the_dependency_order() -> None:
    """x (t1) "other Beasts have forest 2" waits for z (t3) "all characters are Beasts";
    y (t2) "all characters have forest 4" applies first, so x's 2 comes last."""
    result = dep.order_passives(parse_file(str(NUMBERS)).start)
    assert result.order == ("y.1", "z.1", "x.1")
    forest = {oid: view_json(o, result.state) for oid, o in result.state.objects.items()}
    assert (forest["x"], forest["y"], forest["z"]) == (4, 2, 2)


def view_json(obj: GameObject, state: GameState) -> object:
    from arbiter.model.view import object_json

    return object_json(obj, state)["characteristics"]["forest"]["shown"]


@pytest.mark.rule("A-ORDER-1")
def test_explain_says_where_timestamps_alone_get_a_number_wrong() -> None:
    done = cli("run", "--explain", str(NUMBERS))
    assert done.returncode == 0, done.stdout
    assert "timestamps alone give the same result here" not in done.stdout
    assert "y.forest: dependency 2, timestamps 4" in done.stdout
    assert "z.forest: dependency 2, timestamps 4" in done.stdout


@pytest.mark.rule("A-ORDER-1", "A-PASS-2")
@settings(max_examples=150)
@given(states(max_passives=5, numbers=True))
@example(parse_file(str(NUMBERS)).start)
def test_final_numbers_equal_a_replay_in_the_graphs_order(state: GameState) -> None:
    """Whatever the passives and their timestamps, each number after passives is what
    replaying their changes one at a time in the order A-ORDER-1 chose gives."""
    result = dep.order_passives(state)
    replayed = _numbers_replayed(result, state)
    shown = {}
    for oid, stat in replayed:
        r = ch.read(result.state.objects[oid], stat)
        assert isinstance(r, NumberReading)
        shown[oid, stat] = r.components[0].shown
    assert shown == replayed


# -- `arbiter graph` ------------------------------------------------------------------------


@pytest.mark.rule("A-DEP-1")
def test_graph_json_has_the_contract_keys() -> None:
    done = cli("graph", str(SEEDS / "altered_dependency_applies_to.yaml"), "--format", "json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert {"nodes", "edges", "order", "cycles"} <= set(data)
    assert data["nodes"][0].keys() >= {"id", "card", "timestamp"}
    assert data["edges"] == [
        {
            "from": "a.1",
            "to": "b.1",
            "reason": "A-DEP-1b",
            "reasons": ["A-DEP-1b"],
            "round": 0,
            "in_cycle": False,
            "why": ["applying b.1 changes what a.1 applies to (+a, b, c)"],
        }
    ]


def test_graph_png_is_a_real_image(tmp_path: Path) -> None:
    out = tmp_path / "cycle.png"
    done = cli(
        "graph", str(SEEDS / "altered_dependency_cycle.yaml"), "--format", "png", "-o", str(out)
    )
    assert done.returncode == 0, done.stderr
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(data) > 5000
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert width >= 200 and height >= 200


def test_graph_svg_and_dot(tmp_path: Path) -> None:
    out = tmp_path / "g.svg"
    path = str(SEEDS / "altered_dependency_what_it_does.yaml")
    assert cli("graph", path, "--format", "svg", "-o", str(out)).returncode == 0
    assert "<svg" in out.read_text(encoding="utf-8")
    dot = cli("graph", path, "--format", "dot")
    assert dot.returncode == 0
    assert '"a.1" -> "b.1" [label="A-DEP-1c"];' in dot.stdout


def test_graph_png_without_output_is_a_usage_error(tmp_path: Path) -> None:
    done = cli("graph", str(SEEDS / "altered_dependency_cycle.yaml"), "--format", "png")
    assert done.returncode == 2
    assert "-o" in done.stderr
    where = str(tmp_path / "missing" / "g.png")
    done = cli(
        "graph", str(SEEDS / "altered_dependency_cycle.yaml"), "--format", "png", "-o", where
    )
    assert done.returncode == 2
    assert "cannot write" in done.stderr and "Traceback" not in done.stderr


def test_graph_of_a_scenario_without_passives_is_empty() -> None:
    done = cli("graph", str(SEEDS / "eredan_naya.yaml"), "--format", "json")
    assert done.returncode == 0
    data = json.loads(done.stdout)
    assert (data["nodes"], data["edges"], data["order"], data["cycles"]) == ([], [], [], [])


@pytest.mark.rule("A-ORDER-1")
def test_run_explain_shows_both_readings() -> None:
    done = cli("run", "--explain", str(CHAIN))
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "dependency order: c.1 → b.1 → a.1" in out
    assert "timestamp order alone: a.1 → b.1 → c.1" in out
    assert "a.Gigantic: dependency True, timestamps absent" in out
    assert "b.1 (t2) waits: it depends on c.1" in out
