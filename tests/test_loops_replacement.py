"""Replacement chains in ``arbiter loops`` (LOOP-5): the static replacement graph, the
confirmation by the real replacement pipeline, and R-4 as the reason a chain ends (the
same chain with the once-per-action guard switched off does not end within the budget)."""

from __future__ import annotations

import json
import textwrap

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbiter.model.damage import replacement as rp
from arbiter.model.damage.actions import GameAction, ProposedEvent
from arbiter.model.format.loop_input import LoopInput, load_for_loops
from arbiter.model.state import GameState
from arbiter.solver.loops import graph as loop_graph
from arbiter.solver.loops import replacement as loop_replacement
from arbiter.solver.loops.report import analyse, check_expectations
from tests.helpers import ROOT, cli

EXAMPLE = ROOT / "examples" / "loops" / "replacement_chain_r4.yaml"

GUARDIANS = """
ruleset: berserk
players: [ana, bo]
cards:
  guardian_a:
    kind: creature
    replacements:
      - id: shield_b
        when: {event: wounded, object: guardian_b}
        instead: {event: wounded, object: self, amount: same}
  guardian_b:
    kind: creature
    replacements:
      - id: shield_a
        when: {event: wounded, object: guardian_a}
        instead: {event: wounded, object: self, amount: same}
"""

FURNACE = """
ruleset: berserk
players: [ana, bo]
cards:
  furnace:
    kind: creature
    replacements:
      - id: stoke
        text: If a creature would be wounded, instead wound it for 1 more.
        when: {event: wounded, object: {kind: creature}}
        instead: {event: wounded, object: same, amount: same, add: 1}
"""


def load(text: str) -> LoopInput:
    return load_for_loops("test.yaml", textwrap.dedent(text))


def only_chain(state: GameState) -> loop_graph.Candidate:
    found = loop_graph.candidates(loop_replacement.replacement_graph(state))
    assert len(found) == 1
    return found[0]


@pytest.mark.rule("R-4", "LOOP-2", "LOOP-5")
def test_the_example_chain_terminates_by_r4_with_the_lineage_as_witness() -> None:
    data = load_for_loops(str(EXAMPLE))
    report = analyse(data, 1000)
    assert all(ok for *_, ok in check_expectations(report, data))
    v = report.verdict
    assert v.verdict == "terminates" and v.complete
    assert "R-4: a replacement applies at most once per game action" in v.reason
    assert "the chain stopped after 2 replacements" in v.reason.replace("(s)", "s")
    assert "R-4" in v.rules and "LOOP-5" in v.rules
    assert [s["lineage"] for s in v.steps] == [
        ["guardian_a_shield_b"],
        ["guardian_a_shield_b", "guardian_b_shield_a"],
    ]


@pytest.mark.rule("R-4", "LOOP-2", "LOOP-5")
def test_without_r4_the_same_chain_would_not_end_within_the_budget() -> None:
    for text, expected in ((GUARDIANS, "loop"), (FURNACE, "undetermined")):
        state = load(text).scenario.start
        c = only_chain(state)
        sub = loop_replacement.chain_state(state, c)
        with_r4 = loop_replacement.decide_chain(sub, c, 50)
        without = loop_replacement.decide_chain(sub, c, 50, once_per_action=False)
        assert with_r4.verdict == "terminates" and "R-4" in with_r4.reason
        assert with_r4.explored == len(c.abilities)  # each replacement applied exactly once
        assert without.verdict == expected, without.reason
        assert "without R-4" in without.reason
        if expected == "undetermined":  # the wound grows by 1 each time: it never repeats
            assert without.explored == 50
            assert without.steps[-1]["text"].endswith("wounded 51")


@pytest.mark.rule("LOOP-5")
def test_the_static_pass_links_a_replacement_to_those_its_event_can_match() -> None:
    g = loop_replacement.replacement_graph(load(GUARDIANS).scenario.start)
    assert set(g.edges) == {
        ("guardian_a.guardian_a_shield_b", "guardian_b.guardian_b_shield_a"),
        ("guardian_b.guardian_b_shield_a", "guardian_a.guardian_a_shield_b"),
    }
    furnace = loop_replacement.replacement_graph(load(FURNACE).scenario.start)
    assert set(furnace.edges) == {("furnace.furnace_stoke", "furnace.furnace_stoke")}
    # a replacement whose event nobody waits for is no candidate
    other_kind = FURNACE.replace("instead: {event: wounded", "instead: {event: gains-lives")
    state = load(other_kind).scenario.start
    assert not loop_graph.candidates(loop_replacement.replacement_graph(state))
    report = analyse(load(other_kind), 100)
    assert report.verdict.verdict == "terminates" and "LOOP-4" in report.verdict.rules


@pytest.mark.rule("R-4", "LOOP-5")
def test_a_scenario_chain_is_confirmed_on_its_own_game_action() -> None:
    text = """
    ruleset: berserk
    players: [ana, bo]
    objects:
      a:
        owner: ana
        kind: creature
        counters: {damage: 0}
        replacements:
          - {id: to_a, when: {event: wounded, object: b}, instead: {object: self}}
      b:
        owner: bo
        kind: creature
        counters: {damage: 0}
        replacements:
          - {id: to_b, when: {event: wounded, object: a}, instead: {object: self}}
      dragon: {owner: bo, kind: creature}
    steps:
      - game-action:
          id: breath
          source: dragon
          events: [{event: wounded, object: a, amount: 3}]
    """
    report = analyse(load(text), 100)
    v = report.verdict
    assert v.verdict == "terminates" and "R-4" in v.reason
    assert [s["event"] for s in v.steps] == ["breath.0", "breath.0/to_b"]
    assert "carried out: a is wounded 3" in v.reason
    assert any(cv is not None and "R-4" in cv.reason for _, _, cv in report.candidates)


@pytest.mark.rule("R-4", "LOOP-5")
def test_the_command_prints_the_r4_verdict_as_json() -> None:
    result = cli("loops", str(EXAMPLE), "--json")
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["verdict"] == "terminates"
    assert out["reason"].count("R-4") >= 1
    assert [s["move"] for s in out["witness"]] == ["replace", "replace"]


# -- random small chains ------------------------------------------------------------------

chains = st.lists(
    st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(0, 2)), min_size=1, max_size=5
)


def random_chain(spec: list[tuple[int, int, int]]) -> GameState:
    """Up to 5 replacements on 4 creatures: replacement i on creature ``src`` waits for
    wounds on creature ``watch`` and wounds creature ``to`` instead (for the same + i % 2)."""
    lines = ["ruleset: berserk", "players: [ana, bo]", "objects:"]
    per: dict[int, list[str]] = {k: [] for k in range(4)}
    for i, (watch, to, src) in enumerate(spec):
        per[src].append(
            f"      - {{id: r{i}, when: {{event: wounded, object: c{watch}}}, "
            f"instead: {{object: c{to}, add: {i % 2}}}}}"
        )
    for k in range(4):
        lines += [f"  c{k}:", "    owner: ana", "    kind: creature"]
        if per[k]:
            lines += ["    replacements:", *per[k]]
    return load("\n".join(lines) + "\n").scenario.start


@pytest.mark.rule("R-4", "LOOP-5")
@given(chains, st.integers(0, 3))
def test_with_r4_every_chain_ends_as_the_pipeline_says(
    spec: list[tuple[int, int, int]], first: int
) -> None:
    """With R-4 every chain ends after at most one application per replacement, exactly
    as ``apply_replacements`` carries it out, and each step of its lineage follows an
    edge of the static graph (the static pass over-approximates the dynamic one)."""
    state = random_chain(spec)
    action = GameAction("hit", "effect", (ProposedEvent("wounded", f"c{first}", 1, "effect"),))
    v = loop_replacement.confirm(state, action, 100)
    assert v.verdict == "terminates"
    assert v.explored <= len(spec)
    done = rp.apply_replacements(action, state)
    assert v.explored == sum(1 for a in done.log if a.made is not None)
    g = loop_replacement.replacement_graph(state)
    nodes = {n.split(".")[1]: n for n in g.nodes}
    lineage = [str(s["ability"]) for s in v.steps]
    for a, b in zip(lineage, lineage[1:], strict=False):
        assert g.has_edge(nodes[a], nodes[b])
    without = loop_replacement.confirm(state, action, 100, once_per_action=False)
    if v.explored and without.verdict != "terminates":
        # only a chain through a cycle of the static graph can outlast R-4
        cyclic = {n for c in loop_graph.candidates(g) for n in c.abilities}
        assert any(nodes[str(s["ability"])] in cyclic for s in without.steps)
