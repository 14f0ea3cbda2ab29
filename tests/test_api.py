"""The public Python API (arbiter.solver.api) gives what the commands give, and loads lazily."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.model.errors import InputError
from arbiter.solver import api
from tests.helpers import ROOT, cli, cli_json

if TYPE_CHECKING:
    from matplotlib.figure import Figure

OPEN = ROOT / "examples" / "damage" / "volibear_open.yaml"
CARDSETS = ROOT / "examples" / "cardsets"
LOOPS = sorted((ROOT / "examples" / "loops").glob("*.yaml"))


def test_importing_the_api_loads_no_solver_library() -> None:
    code = (
        "import sys, arbiter.solver.api; "
        "print(sorted(m for m in ('ortools', 'networkx', 'matplotlib') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


# -- damage ---------------------------------------------------------------------------------


@pytest.mark.rule("D-DIST-1", "D-LETHAL-1")
@pytest.mark.parametrize("objective", ["kills", "damage", "value"])
@pytest.mark.parametrize("for_player", [None, "bo"])
def test_damage_gives_the_allocation_arbiter_damage_prints(
    objective: str, for_player: str | None
) -> None:
    args = ["damage", str(OPEN), "--objective", objective]
    if for_player:
        args += ["--for", for_player]
    out = cli_json(*args)
    result = api.damage(OPEN, objective=objective, for_player=for_player)
    assert result.status == out["status"] == "OPTIMAL"
    assert result.allocation.objective == out["objective"]
    assert result.allocation.bound == out["bound"]
    assert {k: v for k, v in result.split.items() if v} == out["allocation"]
    assert result.rows() == out["targets"]
    assert result.instruction == out["instruction"] and result.for_player == out["for"]
    assert sum(result.split.values()) == result.problem.pool == 6


def _nonzero(split: Mapping[str, int]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted((k, v) for k, v in split.items() if v))


@pytest.mark.rule("D-DIST-1", "D-LETHAL-1", "DMG-CANON")
@pytest.mark.parametrize("objective", ["kills", "damage", "value"])
@pytest.mark.parametrize("for_player", [None, "bo"])
def test_damage_and_its_brute_force_twin_agree(objective: str, for_player: str | None) -> None:
    fast = api.damage(OPEN, objective=objective, for_player=for_player, all_optimal=True)
    slow = api.damage_brute_force(OPEN, objective=objective, for_player=for_player)
    assert fast.split == slow.split
    assert fast.allocation.objective == slow.allocation.objective
    assert {_nonzero(o) for o in fast.optima} == {_nonzero(o) for o in slow.optima}
    assert slow.allocation.wall_time > 0


def test_the_defender_destroys_nothing_that_the_attacker_destroys() -> None:
    attacker = api.damage(OPEN, objective="kills")
    defender = api.damage(OPEN, objective="kills", for_player="bo")
    assert attacker.allocation.objective == 2 and attacker.problem.maximise is True
    assert defender.allocation.objective == 0 and defender.problem.maximise is False


def test_damage_accepts_a_problem_and_the_problem_follows_the_pool() -> None:
    text = OPEN.read_text().replace("split: 5", "split: 9")
    problem = api.damage_problem(api.scenario_from_text(text), objective="kills")
    assert problem.pool == 10  # 9 and Annie's +1
    assert api.damage(problem).allocation.objective == 3  # z 1, y 3, x 3 (w needs 4)


def test_a_problem_takes_a_new_objective_but_not_a_new_side() -> None:
    problem = api.damage_problem(OPEN, objective="kills")
    assert api.damage(problem, objective="damage").allocation.objective == 6
    assert api.damage(problem, objective="damage").objective == "damage"
    with pytest.raises(InputError, match="for_player"):
        api.damage(problem, for_player="bo")


def _open_text(split: int, units: list[tuple[int, int]]) -> str:
    lines = [
        "ruleset: riftbound",
        "players: [ana, bo]",
        "objects:",
        "  volibear: {owner: ana, kind: unit, base: {health: 5}}",
    ]
    lines += [
        f"  u{i}: {{owner: bo, kind: unit, base: {{health: {h}}}, prevention: {p}}}"
        for i, (h, p) in enumerate(units)
    ]
    lines += [
        "steps:",
        f"  - damage: {{split: {split}, source: {{ability: furious, card: volibear}}, "
        "targets: open}",
    ]
    return "\n".join(lines) + "\n"


@pytest.mark.rule("D-DIST-1", "D-LETHAL-1", "DMG-CANON")
@settings(max_examples=25, deadline=None)
@given(
    st.integers(1, 8),
    st.lists(st.tuples(st.integers(1, 5), st.integers(0, 2)), min_size=1, max_size=4),
    st.sampled_from(["kills", "damage", "value"]),
    st.sampled_from([None, "bo"]),
)
def test_from_a_scenario_cp_sat_and_brute_force_give_the_same_split(
    split: int, units: list[tuple[int, int]], objective: str, for_player: str | None
) -> None:
    """Whatever the open split of a scenario, both solvers reach the same optimum and,
    with the canonical tie-break, the very same allocation, which uses the whole pool."""
    scenario = api.scenario_from_text(_open_text(split, units))
    fast = api.damage(scenario, objective=objective, for_player=for_player)
    slow = api.damage_brute_force(scenario, objective=objective, for_player=for_player)
    assert fast.status == slow.status == "OPTIMAL"
    assert fast.split == slow.split
    assert fast.allocation.objective == slow.allocation.objective
    assert sum(fast.split.values()) == fast.problem.pool == split


def test_damage_refuses_a_fixed_split_and_an_unknown_objective() -> None:
    fixed = ROOT / "examples" / "seeds" / "riftbound_volibear.yaml"
    with pytest.raises(InputError, match="fixes its allocation"):
        api.damage(fixed)
    with pytest.raises(InputError, match="objective"):
        api.damage(OPEN, objective="glory")
    with pytest.raises(InputError, match="players"):
        api.damage(OPEN, for_player="nobody")


# -- check ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["flawed.yaml", "eredan.yaml"])
def test_check_reports_what_arbiter_check_reports(name: str, tmp_path: Path) -> None:
    out = cli_json("check", str(CARDSETS / name), "--witness-dir", str(tmp_path))
    result = api.check(CARDSETS / name)
    rows = api.diagnostics_table(result)
    assert [(r["code"], r["cards"], r["message"]) for r in rows] == [
        (d["code"], d["cards"], d["message"]) for d in out["diagnostics"]
    ]
    assert result.plan.pairs <= result.all_pairs


def test_check_finds_the_seeded_problems_of_the_flawed_set() -> None:
    codes = {r["code"] for r in api.diagnostics_table(api.check(CARDSETS / "flawed.yaml"))}
    assert {"unknown-characteristic", "useless-named-gain", "ruling-E-DIV"} <= codes


# -- loops ----------------------------------------------------------------------------------


@pytest.mark.rule("LOOP-2")
@pytest.mark.parametrize("path", LOOPS, ids=lambda p: p.name)
def test_loops_gives_the_verdict_of_arbiter_loops(path: Path) -> None:
    out = cli_json("loops", str(path))
    report = api.loops(path)
    assert report.verdict.verdict == out["verdict"]
    assert report.verdict.mandatory == out["mandatory"]
    assert [s["text"] for s in report.verdict.steps] == [s["text"] for s in out["witness"]]


def test_a_small_budget_leaves_a_loop_search_undetermined() -> None:
    report = api.loops(ROOT / "examples" / "loops" / "three_card_loop.yaml", budget=1)
    assert report.verdict.verdict == "undetermined"
    assert "budget of 1" in report.verdict.reason
    assert report.budget == 1


def _texts(fig: Figure) -> list[str]:
    return [t.get_text() for ax in fig.axes for t in (*ax.texts, ax.title)]


def _png(fig: Figure) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    return buf.getvalue()


@pytest.mark.rule("LOOP-2")
@pytest.mark.parametrize("name", ["three_card_loop.yaml", "optional_quick_action_loop.yaml"])
def test_draw_loop_draws_the_witness_cycle_of_arbiter_loops_png(name: str) -> None:
    report = api.loops(ROOT / "examples" / "loops" / name)
    fig = api.draw_loop(report)
    ring = [f"{m.object}.{m.ability}" for m in report.verdict.cycle]
    assert ring and set(ring) <= set(_texts(fig))
    assert f"loop: {name}" in _texts(fig)
    assert _png(fig).startswith(b"\x89PNG")


def test_draw_loop_on_given_axes_returns_their_figure() -> None:
    from matplotlib.figure import Figure

    fig = Figure()
    left, right = fig.subplots(1, 2)
    reports = [api.loops(p) for p in LOOPS if p.name.startswith(("three", "mandatory"))]
    assert api.draw_loop(reports[0], ax=left) is fig
    assert api.draw_loop(reports[1], ax=right, title="right") is fig
    assert right.get_title() == "right" and left.get_title().startswith("loop: ")


# -- timelines ------------------------------------------------------------------------------


@pytest.mark.rule("A-GOLD-9")
def test_timeline_follows_the_quick_action_cap_day_by_day() -> None:
    path = ROOT / "examples" / "seeds" / "altered_quick_action_cap.yaml"
    rows = api.timeline(path, ["counters.life.bo", "counters.activations.lantern.spark"])
    scenario = api.load_scenario(path)
    assert [r["step"] for r in rows] == list(range(len(scenario.steps) + 1))
    assert rows[0]["counters.life.bo"] == 200
    assert rows[0]["counters.activations.lantern.spark"] is None  # nothing there yet
    refused = [r for r in rows if r["refused"]]
    assert [r["refused"] for r in refused] == ["A-GOLD-9"]
    assert refused[0]["counters.activations.lantern.spark"] == 100
    final = api.run_json(path)["counters"]
    assert rows[-1]["counters.life.bo"] == final["life"]["bo"] == 99
    peak = max(int(r["counters.activations.lantern.spark"] or 0) for r in rows)
    assert peak == 100


@settings(max_examples=20, deadline=None)
@given(st.lists(st.integers(1, 5), min_size=1, max_size=6))
def test_each_timeline_row_is_the_run_of_the_steps_before_it(amounts: list[int]) -> None:
    """Whatever damage is dealt, step by step, row i reads what running the first i steps
    leaves, and the damage taken grows by each step's amount."""
    steps = "".join(f"  - activate: {{object: lantern, action: a{n}}}\n" for n in amounts)
    actions = "".join(
        f"      - id: a{n}\n        text: Deal {n}.\n"
        f"        do: [{{damage: {{target: opponent, amount: {n}}}}}]\n"
        for n in sorted(set(amounts))
    )
    text = (
        "ruleset: altered\nplayers: [ana, bo]\ncounters: {life.bo: 100}\n"
        "objects:\n  lantern:\n    owner: ana\n    kind: permanent\n    zone: landmark\n"
        "    quick_actions:\n"
        f"{actions}steps:\n{steps}"
    )
    rows = api.timeline(api.scenario_from_text(text), ["counters.life.bo"])
    lives = [r["counters.life.bo"] for r in rows]
    assert lives == [100 - sum(amounts[:i]) for i in range(len(amounts) + 1)]


# -- dependency graphs ----------------------------------------------------------------------

DEPENDENCY = [
    *sorted((ROOT / "examples" / "seeds").glob("altered_dependency_*.yaml")),
    ROOT / "examples" / "altered_dependency_beats_timestamps.yaml",
]


@pytest.mark.rule("A-DEP-1", "A-DEP-2", "A-ORDER-1")
@pytest.mark.parametrize("path", DEPENDENCY, ids=lambda p: p.name)
def test_dependency_graph_gives_what_arbiter_graph_prints(path: Path) -> None:
    done = cli("graph", str(path), "--format", "json")
    assert done.returncode == 0, done.stderr
    graph = api.dependency_graph(path)
    assert dict(graph.data) == json.loads(done.stdout)
    assert sorted(graph.order) == sorted(
        n for n in graph.timestamp_order if n not in _ceased(graph)
    )


def _ceased(graph: api.DependencyGraph) -> set[str]:
    return {str(n["id"]) for n in graph.data["nodes"] if n["ceased"]}  # type: ignore[index,union-attr]


@pytest.mark.rule("A-ORDER-1", "A-DEP-1")
def test_dependency_beats_timestamps_and_the_graph_says_where() -> None:
    graph = api.dependency_graph(DEPENDENCY[-1])
    assert graph.timestamp_order == ["a.1", "b.1", "c.1"]
    assert graph.order == ["c.1", "b.1", "a.1"]
    assert [(e["from"], e["to"]) for e in graph.edges] == [("a.1", "b.1"), ("b.1", "c.1")]
    diffs = {
        (d["object"], d["name"]): (d["dependency"], d["timestamps"]) for d in graph.differences()
    }
    assert diffs[("a", "Gigantic")] == (True, None)
    assert diffs[("c", "Gigantic")] == (True, None)
    assert diffs[("a", "subtypes")] == (["Elemental", "Spirit"], ["Spirit"])


@pytest.mark.rule("A-ORDER-1", "A-PASS-2")
def test_the_graph_reports_numbers_that_timestamps_alone_get_wrong() -> None:
    """x (t1) "other Beasts have forest 2" waits for z (t3); y (t2) sets 4 first."""
    graph = api.dependency_graph(ROOT / "examples" / "altered_dependency_orders_numbers.yaml")
    assert graph.order == ["y.1", "z.1", "x.1"]
    diffs = {
        (d["object"], d["name"]): (d["dependency"], d["timestamps"]) for d in graph.differences()
    }
    assert diffs == {("y", "forest"): (2, 4), ("z", "forest"): (2, 4)}


@pytest.mark.rule("A-ORDER-1")
def test_a_cycle_is_reported_and_drawn_in_red() -> None:
    graph = api.dependency_graph(ROOT / "examples" / "seeds" / "altered_dependency_cycle.yaml")
    assert graph.cycles == [["a.1", "b.1"]]
    assert graph.differences() == []  # a cycle falls back to timestamp order
    fig = api.draw_dependency_graph(graph)
    title = fig.axes[0].title
    assert "cycle (timestamp order): a.1 → b.1 → a.1" in title.get_text()
    assert title.get_color() == "tab:red"
    assert _png(fig).startswith(b"\x89PNG")


def test_draw_dependency_graph_labels_every_passive_and_edge() -> None:
    from matplotlib.figure import Figure

    graph = api.dependency_graph(DEPENDENCY[-1])
    fig = Figure()
    ax = fig.add_subplot()
    assert api.draw_dependency_graph(graph, ax=ax, title="by dependency") is fig
    texts = "\n".join(_texts(fig))
    for node in graph.timestamp_order:
        assert node in texts
    assert texts.count("1b") == len(graph.edges)
    assert ax.get_title().startswith("by dependency\norder: c.1 → b.1 → a.1")


# -- choices --------------------------------------------------------------------------------

RAZGAL = ROOT / "examples" / "seeds" / "berserk_razgal_druid.yaml"


@pytest.mark.rule("R-4", "R-5")
def test_outcomes_gives_what_arbiter_run_outcomes_prints() -> None:
    out = cli_json("run", str(RAZGAL), "--outcomes")
    found = api.outcomes(RAZGAL)
    assert [o.as_json() for o in found.outcomes] == out["outcomes"]
    summary = found.summary()
    assert {k: v for k, v in summary.items() if k != "wall_time"} == {
        k: v for k, v in out["outcome_search"].items() if k != "wall_time"
    }
    assert summary["count"] == 4 and summary["status"] == "OPTIMAL"


@pytest.mark.rule("R-4", "R-5")
def test_outcomes_and_their_exhaustive_twin_agree() -> None:
    fast = api.outcomes(RAZGAL)
    slow = api.outcomes(RAZGAL, method="exhaustive")
    assert fast.fingerprints() == slow.fingerprints()
    assert len(fast.outcomes) == 4


def test_best_outcome_for_each_side_of_the_druid() -> None:
    wound = api.best_outcome(RAZGAL, {"enemy.damage": 1})
    lives = api.best_outcome(RAZGAL, {"r1.lives": 1, "r2.lives": 1, "r3.lives": 1})
    assert (wound.value, lives.value) == (2, 6)
    assert [d.as_json().get("decline") for d in lives.choices] == ["druid_gift"]


def test_outcomes_refuses_an_unknown_method() -> None:
    with pytest.raises(InputError, match="method"):
        api.outcomes(RAZGAL, method="guess")
