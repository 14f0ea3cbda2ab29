"""The public Python API: what notebooks, scripts and other tools call.

Everything here is stable; the modules behind it may change. Heavy libraries
load only when a function that needs them is called.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from arbiter.model.format.document import load as _load_document
from arbiter.model.format.scenario import parse_document, parse_file
from arbiter.model.scenario import Scenario
from arbiter.model.state import JSON
from arbiter.solver.engine.options import RunOptions
from arbiter.solver.engine.runner import RunResult
from arbiter.solver.engine.runner import run as _run

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from arbiter.solver.check.diagnostics import CheckResult
    from arbiter.solver.choices.leaves import Best
    from arbiter.solver.choices.outcomes import OutcomeSet
    from arbiter.solver.damage.problem import Allocation, SplitProblem
    from arbiter.solver.loops.report import LoopReport


def load_scenario(path: str | Path) -> Scenario:
    """Parse a scenario file (raises ``arbiter.model.errors.InputError`` on bad input)."""
    return parse_file(str(path))


def scenario_from_text(text: str, name: str = "<text>") -> Scenario:
    """Parse a scenario from a YAML string."""
    return parse_document(_load_document(name, text))


def run(scenario: Scenario | str | Path, *, time_limit: float = 10.0) -> RunResult:
    """Resolve a scenario's steps and check its expectations."""
    if not isinstance(scenario, Scenario):
        scenario = load_scenario(scenario)
    return _run(scenario, RunOptions(time_limit=time_limit))


def run_json(scenario: Scenario | str | Path) -> dict[str, JSON]:
    """``arbiter run --json`` as a dictionary."""
    return run(scenario).as_json()


def history(scenario: Scenario | str | Path, object_id: str, stat: str) -> list[dict[str, JSON]]:
    """The reading of ``object_id.stat`` after each step: one JSON reading per step.

    Useful for plots of raw vs shown vs reference through a sequence of modifications.
    """
    if not isinstance(scenario, Scenario):
        scenario = load_scenario(scenario)
    from dataclasses import replace

    from arbiter.model.view import characteristic_json

    rows: list[dict[str, JSON]] = []
    for i in range(len(scenario.steps) + 1):
        partial = replace(scenario, steps=scenario.steps[:i], expect=())
        state = _run(partial).state
        reading = characteristic_json(state.obj(object_id), stat)
        rows.append({"step": i, **(reading or {})})
    return rows


# -- damage splits (arbiter damage) -------------------------------------------------------


@dataclass(frozen=True)
class DamageResult:
    """The answer to a damage split: the problem solved and its allocation.

    ``allocation`` holds the status, the split, what it destroys, the objective, the
    proven bound and the wall time; ``optima`` every optimal split when asked for
    (``optima_complete`` is False when ``limit`` cut the list short).
    """

    problem: SplitProblem
    allocation: Allocation
    objective: str
    for_player: str | None
    instruction: str | None
    optima: tuple[Mapping[str, int], ...] = ()
    optima_complete: bool = True

    @property
    def status(self) -> str:
        """OPTIMAL, FEASIBLE, INFEASIBLE or UNKNOWN (UNKNOWN is never INFEASIBLE)."""
        return self.allocation.status.value

    @property
    def split(self) -> dict[str, int]:
        """The damage each target is given (0 for the targets left out)."""
        return {t.id: self.allocation.split.get(t.id, 0) for t in self.problem.targets}

    def rows(self) -> list[dict[str, Any]]:
        """One row per target: damage given, prevented, dealt, destroyed, needs (as in the CLI)."""
        from arbiter.solver.damage.open import rows

        return rows(self.problem, self.allocation) if self.allocation.split else []


def _open_split(
    scenario: Scenario | str | Path, objective: str | None, for_player: str | None
) -> tuple[SplitProblem, str, str, str]:
    from arbiter.model.errors import InputError
    from arbiter.solver.damage.open import find_step, is_open, open_split, state_before
    from arbiter.solver.damage.problem import OBJECTIVES

    if objective is not None and objective not in OBJECTIVES:
        raise InputError(f"objective: expected one of {', '.join(OBJECTIVES)}, not {objective!r}")
    if not isinstance(scenario, Scenario):
        scenario = load_scenario(scenario)
    index, step = find_step(scenario.steps, scenario.source)
    if for_player is not None and for_player not in scenario.start.players:
        raise InputError(
            f"for_player: expected one of the players {', '.join(scenario.start.players)}"
        )
    if not is_open(step):
        raise InputError(
            f"step {index} fixes its allocation: nothing to optimise (run() checks a fixed split)"
        )
    split = open_split(state_before(scenario, index), index, step, objective, for_player)
    return split.problem, split.objective, split.for_player, split.instruction


def _problem(
    given: Scenario | str | Path | SplitProblem, objective: str | None, for_player: str | None
) -> tuple[SplitProblem, str, str | None, str | None]:
    """A problem as given (``objective`` replaces its own), or the open split of a scenario."""
    from dataclasses import replace

    from arbiter.model.errors import InputError
    from arbiter.solver.damage.problem import OBJECTIVES, SplitProblem

    if not isinstance(given, SplitProblem):
        return _open_split(given, objective, for_player)
    if for_player is not None:
        raise InputError("for_player: a problem already says who it is for (maximise)")
    if objective is not None and objective not in OBJECTIVES:
        raise InputError(f"objective: expected one of {', '.join(OBJECTIVES)}, not {objective!r}")
    problem = given if objective is None else replace(given, objective=objective)
    return problem, problem.objective, None, None


def damage_problem(
    scenario: Scenario | str | Path, *, objective: str | None = None, for_player: str | None = None
) -> SplitProblem:
    """The first open damage split of a scenario, as a problem (``arbiter damage``'s input).

    ``objective``: "kills", "damage" or "value" (default: the step's, else kills);
    ``for_player``: whose view (an opponent of the damage's controller minimises).
    """
    return _open_split(scenario, objective, for_player)[0]


def damage(
    scenario: Scenario | str | Path | SplitProblem,
    *,
    objective: str | None = None,
    for_player: str | None = None,
    all_optimal: bool = False,
    limit: int = 100,
    time_limit: float = 10.0,
    workers: int = 1,
) -> DamageResult:
    """The optimal allocation of the first open split: exact, by the dynamic programme where
    the split separates (Decision DMG-DP), else proven by CP-SAT.

    Pass a scenario (or its path) or a problem from ``damage_problem`` (then
    ``objective`` replaces the problem's, and ``for_player`` is refused). With
    ``all_optimal``, every optimal allocation is listed (at most ``limit``).
    Raises ``InputError`` when the scenario has no open split.
    """
    from arbiter.solver.damage.split import all_optimal as enumerate_optima
    from arbiter.solver.damage.split import solve
    from arbiter.solver.status import Status

    problem, name, who, instr = _problem(scenario, objective, for_player)
    result = solve(problem, time_limit=time_limit, workers=workers)
    optima: tuple[Mapping[str, int], ...] = ()
    complete = True
    if all_optimal and result.objective is not None and result.status is Status.OPTIMAL:
        optima, complete = enumerate_optima(
            problem, result.objective, limit=limit, time_limit=time_limit, workers=workers
        )
    return DamageResult(problem, result, name, who, instr, optima, complete)


def damage_brute_force(
    scenario: Scenario | str | Path | SplitProblem,
    *,
    objective: str | None = None,
    for_player: str | None = None,
) -> DamageResult:
    """The brute-force twin of ``damage``: every legal split enumerated and scored.

    Exponential in the number of targets: for comparisons on small splits only. Its
    ``allocation.wall_time`` is measured around the enumeration.
    """
    import time
    from dataclasses import replace

    from arbiter.solver.damage.problem import brute_force

    problem, name, who, instr = _problem(scenario, objective, for_player)
    start = time.perf_counter()
    result = brute_force(problem)
    result = replace(result, wall_time=time.perf_counter() - start)
    return DamageResult(
        problem, result, name, who, instr, tuple(result.optima), result.optima_complete
    )


# -- card sets (arbiter check) and loops (arbiter loops) -----------------------------------


def check(cardset: str | Path) -> CheckResult:
    """``arbiter check``: every diagnostic of one card-set file, sorted canonically.

    The result has ``.diagnostics`` (code, severity, cards, rules, message, witness),
    ``.stats_json()`` (cards, pairs and triples examined vs all of them) and
    ``.seconds``. (A ``jobs`` option, examining tuples in several processes, was removed:
    it was slower than one process, docs/benchmarks.md.)
    """
    from arbiter.model.format.cardset import load_cardset
    from arbiter.solver.check.diagnostics import Backend, run_check

    return run_check(load_cardset(str(cardset)), Backend())


def diagnostics_table(result: CheckResult) -> list[dict[str, JSON]]:
    """The diagnostics of a check as JSON rows (``arbiter check --json``, without witness files)."""
    return [d.as_json(None) for d in result.diagnostics]


def loops(path: str | Path, *, budget: int | None = None, one_day: bool = False) -> LoopReport:
    """``arbiter loops``: loop, terminates or undetermined for a scenario or a card set.

    ``budget``: the states the search may explore per candidate (default: the file's
    ``budget:``, else 20000); ``one_day`` counts quick actions against A-GOLD-9.
    The report has ``.verdict`` (``.verdict``, ``.reason``, ``.mandatory``, the witness
    ``.prefix`` and ``.cycle``, ``.steps``) and ``.candidates``; ``.as_json()`` is the CLI's JSON.
    """
    from arbiter.model.format.loop_input import load_for_loops
    from arbiter.solver.loops.report import analyse
    from arbiter.solver.loops.search import DEFAULT_BUDGET

    data = load_for_loops(str(path))
    chosen = budget or data.options.budget or DEFAULT_BUDGET
    return analyse(data, chosen, one_day or data.options.one_day)


def draw_loop(report: LoopReport, *, ax: Axes | None = None, title: str | None = None) -> Figure:
    """The picture of ``arbiter loops --png``: the witness cycle as a ring of arrows.

    Declined moves are marked ✗; without a witness, the first candidate of the static
    pass is drawn. Draws on ``ax`` when given (its figure is returned), else on a new
    figure (built without pyplot: a notebook shows it, ``.savefig`` writes it).
    """
    from arbiter.solver.loops.graph import draw_on, figure
    from arbiter.solver.loops.report import witness_ring

    name = f"{report.verdict.verdict.value}: {Path(report.source).name}" if title is None else title
    if ax is None:
        return figure(witness_ring(report), name)
    draw_on(ax, witness_ring(report), name)
    return _figure_of(ax)


def _figure_of(ax: Axes) -> Figure:
    from matplotlib.figure import Figure

    fig = ax.get_figure()
    assert isinstance(fig, Figure)
    return fig


def timeline(scenario: Scenario | str | Path, paths: Sequence[str]) -> list[dict[str, JSON]]:
    """The value of each ``path`` of the run's view after each step (for plots).

    Paths are those of ``expect:`` (``counters.life.bo``, ``c.Gigantic``...). One row per
    step, the start first (``step`` 0): ``{"step", "refused", path: value...}`` where
    ``refused`` is the rule id when that step was refused as illegal, else None; a path
    with nothing there reads None. Each row replays the steps before it: for short runs.
    """
    from dataclasses import replace

    from arbiter.model.view import resolve_path, state_json

    if not isinstance(scenario, Scenario):
        scenario = load_scenario(scenario)
    rows: list[dict[str, JSON]] = []
    for i in range(len(scenario.steps) + 1):
        state = _run(replace(scenario, steps=scenario.steps[:i], expect=())).state
        view = state_json(state)
        last = state.events[-1] if state.events else None
        refused = (
            last.rules[0]
            if i and last is not None and last.kind == "refused" and ("step", i - 1) in last.fields
            else None
        )
        row: dict[str, JSON] = {"step": i, "refused": refused}
        for path in paths:
            value = resolve_path(view, path)[1]
            row[path] = value if isinstance(value, (dict, list, str, int, float)) else None
        rows.append(row)
    return rows


# -- dependency between passive abilities (arbiter graph) ------------------------------------


@dataclass(frozen=True)
class DependencyGraph:
    """The dependency graph of the passives in play after a scenario's steps.

    ``data`` is ``arbiter graph --format json`` (nodes, edges, order, cycles, closure);
    ``by_dependency`` and ``by_timestamp`` map each object to its JSON view once every
    passive applied in the rules' order (A-ORDER-1) and in timestamp order alone.
    """

    source: str
    data: Mapping[str, JSON]
    by_dependency: Mapping[str, Mapping[str, JSON]]
    by_timestamp: Mapping[str, Mapping[str, JSON]]

    @property
    def order(self) -> list[str]:
        """The passives in the order they applied (A-ORDER-1)."""
        return [str(p) for p in _as_list(self.data["order"])]

    @property
    def timestamp_order(self) -> list[str]:
        """The passives in timestamp order alone (what ignoring dependency would do)."""
        return [str(_as_dict(n)["id"]) for n in _as_list(self.data["nodes"])]

    @property
    def edges(self) -> list[dict[str, JSON]]:
        """Direct dependencies: ``from`` depends on ``to``, with the A-DEP-1 ``reasons``."""
        return [_as_dict(e) for e in _as_list(self.data["edges"])]

    @property
    def cycles(self) -> list[list[str]]:
        return [[str(p) for p in _as_list(c)] for c in _as_list(self.data["cycles"])]

    def differences(self) -> list[dict[str, JSON]]:
        """Where the two orders disagree: ``{"object", "name", "dependency", "timestamps"}``
        for each characteristic (its shown value) or feature that differs."""
        out: list[dict[str, JSON]] = []
        for oid in sorted(self.by_dependency):
            a, b = self.by_dependency[oid], self.by_timestamp[oid]
            for key in ("characteristics", "features"):
                da, db = _as_dict(a[key]), _as_dict(b[key])
                for name in sorted(set(da) | set(db)):
                    va, vb = _shown(da.get(name)), _shown(db.get(name))
                    if va != vb:
                        out.append(
                            {"object": oid, "name": name, "dependency": va, "timestamps": vb}
                        )
        return out


def _as_list(value: JSON) -> list[JSON]:
    assert isinstance(value, list)
    return value


def _as_dict(value: JSON) -> dict[str, JSON]:
    assert isinstance(value, dict)
    return value


def _shown(value: JSON) -> JSON:
    return value["shown"] if isinstance(value, dict) and "shown" in value else value


def dependency_graph(scenario: Scenario | str | Path) -> DependencyGraph:
    """``arbiter graph``: the dependency graph of the passives after the scenario's steps,
    with the objects as each order leaves them (A-DEP-1..3, A-ORDER-1)."""
    from arbiter.model.view import object_json
    from arbiter.solver.dependency.order import ordering, timestamp_order
    from arbiter.solver.dependency.view import graph_json

    if not isinstance(scenario, Scenario):
        scenario = load_scenario(scenario)
    state = _run(scenario).state
    result = ordering(state)
    by_time = timestamp_order(state)
    return DependencyGraph(
        scenario.source,
        graph_json(state, result),
        {
            o: object_json(result.state.objects[o], result.state, state)
            for o in result.state.objects
        },
        {o: object_json(by_time.objects[o], by_time) for o in by_time.objects},
    )


def draw_dependency_graph(
    graph: DependencyGraph, *, ax: Axes | None = None, title: str | None = None
) -> Figure:
    """The picture of ``arbiter graph --format png``: passives on a circle in timestamp
    order, an arrow from each to what it depends on (labelled with the A-DEP-1 clause),
    cycles in red. Draws on ``ax`` when given (its figure is returned), else on a new
    figure (built without pyplot: a notebook shows it, ``.savefig`` writes it)."""
    from arbiter.solver.dependency.draw import draw_on, figure

    data = dict(graph.data)
    if ax is None:
        return figure(data, title)
    draw_on(ax, data, title)
    return _figure_of(ax)


# -- choices: every outcome (arbiter run --outcomes) -----------------------------------------


def outcomes(
    scenario: Scenario | str | Path,
    *,
    method: str = "cp-sat",
    time_limit: float = 10.0,
    workers: int = 1,
) -> OutcomeSet:
    """``arbiter run --outcomes``: every distinct outcome over every legal choice sequence.

    Where the rules leave a decision (R-5: which replacement applies, a "may"), every
    legal sequence is followed; outcomes whose objects are equal are merged. The set has
    ``.status`` (OPTIMAL when every sequence was searched), ``.outcomes`` (each with
    ``.objects``, one witness sequence ``.choices`` of decisions, ``.order_dependent``),
    ``.summary()`` and ``.wall_time``. ``method``: "cp-sat" or its twin "exhaustive".
    """
    from arbiter.solver.choices.outcomes import enumerate_outcomes

    if not isinstance(scenario, Scenario):
        scenario = load_scenario(scenario)
    options = RunOptions(time_limit=time_limit, workers=workers, outcomes=True)
    return enumerate_outcomes(scenario, options, method)


def best_outcome(
    scenario: Scenario | str | Path,
    objective: Mapping[str, int],
    *,
    method: str = "cp-sat",
    time_limit: float = 10.0,
    workers: int = 1,
) -> Best:
    """The outcome with the greatest weighted sum of counters, e.g. ``{"enemy.damage": 1,
    "r1.lives": -1}``: ``.value``, ``.bound``, the witness ``.choices``, ``.objects``."""
    from arbiter.solver.choices.outcomes import best_outcome as best

    if not isinstance(scenario, Scenario):
        scenario = load_scenario(scenario)
    options = RunOptions(time_limit=time_limit, workers=workers, outcomes=True)
    return best(scenario, objective, options, method)
