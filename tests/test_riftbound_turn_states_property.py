"""Invariants of the states of a Riftbound turn under ``turn_states: tracked`` (Decision
RB-STATES), over random sequences of moves, plays, passes and combats: whatever is refused,
the state every step leaves is one the rules allow (Riftbound 308-313, 323.2, 323.8-323.10)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbiter.model import riftbound_score as rs
from arbiter.model.errors import IllegalAction
from arbiter.model.state import GameState
from arbiter.model.turn_state import Designation
from arbiter.solver.engine.options import RunOptions
from arbiter.solver.engine.step import after_step, resolve_parts
from tests.helpers import scenario

HEAD = """ruleset: riftbound
policies: {turn_states: tracked}
players: [ana, bo]
objects:
  ridge: {owner: ana, kind: battlefield, zone: battlefield, controller: bo}
  bay: {owner: bo, kind: battlefield, zone: battlefield}
  cove: {owner: bo, kind: battlefield, zone: battlefield, controller: bo}
  scout: {owner: ana, kind: unit, base: {might: 4}, zone: base}
  runner: {owner: ana, kind: unit, base: {might: 1}, zone: base, features: [Ganking]}
  foe: {owner: bo, kind: unit, base: {might: 2}, zone: battlefield, at: ridge}
  haste: {owner: ana, kind: spell, zone: hand, features: [Action]}
  quick: {owner: bo, kind: spell, zone: hand, features: [Action]}
  guard: {owner: bo, kind: unit, base: {might: 3}, zone: hand, features: [Action]}
steps:
"""
STEPS = [
    *(
        f"standard_move: {{units: [{u}], to: {to}}}"
        for u in ("scout", "runner")
        for to in ("ridge", "bay", "cove", "base")
    ),
    *("showdown_pass: {by: ana}", "showdown_pass: {by: bo}") * 3,
    "play_card: {card: haste}",
    "play_card: {card: quick, by: bo}",
    "play_card: {card: guard, by: bo, to: cove}",
    "play_card: {card: haste, steps: [{move: {target: scout, zone: base}}]}",
    "combat: {attackers: [scout], defenders: [foe], resolution: true, "
    "assign: {attackers: {foe: 4}, defenders: {scout: 2}}}",
    "combat: {assign: {attackers: {foe: 4}, defenders: {scout: 2}}, resolution: true}",
    "chain_play: {card: haste}",
    "chain_play: {card: quick, by: bo}",
    "pass_priority: {by: ana}",
    "pass_priority: {by: bo}",
    "resolve_chain: {}",
    "end_turn: {}",
]


def check(state: GameState) -> None:
    turn = state.turn
    assert turn is not None
    assert turn.chain == 0  # no Chain exists between two steps
    show = turn.showdown
    if show is None:
        assert turn.name() == "neutral-open" and dict(turn.designations) == {}
    else:
        assert turn.name() == "showdown-open"
        assert show.focus in state.players
        assert show.battlefield not in turn.showdowns
        here = {u.id: u.controlled_by for u in rs.units_at(state, show.battlefield)}
        sides = {show.attacker: Designation.ATTACKER, show.defender: Designation.DEFENDER}
        for unit, side in turn.designations.items():
            assert unit in here and sides[here[unit]] is side
        if not show.combat:
            assert dict(turn.designations) == {}
        if show.damage_due:  # a Combat Damage Step between two sides can follow (460.1)
            assert set(turn.designations.values()) == set(Designation)
    for bf in (*turn.showdowns, *turn.combats):
        players = {u.controlled_by for u in rs.units_at(state, bf)}
        assert turn.contested[bf] in players
        if bf in turn.combats:
            assert len(players) >= 2


@pytest.mark.rule(
    "Riftbound 308",
    "Riftbound 310",
    "Riftbound 313",
    "Riftbound 323.2",
    "Riftbound 323.8.a",
    "Riftbound 323.9.a",
    "RB-STATES",
)
@given(st.lists(st.sampled_from(STEPS), min_size=1, max_size=10))
def test_every_step_leaves_a_state_the_rules_allow(steps: list[str]) -> None:
    """Each step is tried in turn; a refused one leaves the state as it was."""
    found = scenario(HEAD + "".join(f"  - {s}\n" for s in steps))
    options = RunOptions()
    state = found.start
    for step in found.steps:
        try:
            before, after = resolve_parts(step, state, options)
        except IllegalAction as exc:
            assert exc.rule.startswith("Riftbound "), exc.rule
            continue
        state = after_step(before, after, options)
        check(state)
