"""File format of the states of a Riftbound turn (docs/format.md, "Riftbound: states of
the turn"): steps ``showdown_pass: {by}`` and ``begin_showdown: {battlefield}``, read only
under the policy ``turn_states: tracked`` (Decision RB-STATES)."""

from __future__ import annotations

from arbiter.model.format.context import ParseContext, StepParser
from arbiter.model.format.document import Node
from arbiter.model.riftbound_states import BeginShowdown, ShowdownPass
from arbiter.model.ruleset import TurnStates
from arbiter.model.steps import Step


def _tracked(node: Node, ctx: ParseContext) -> None:
    if ctx.state.ruleset.turn_states is not TurnStates.TRACKED:
        node.fail(
            "a step of the states of the turn: it needs 'policies: {turn_states: tracked}'",
            got=False,
        )


def _showdown_pass(node: Node, ctx: ParseContext) -> Step:
    """``showdown_pass: {by}``: the player with Focus passes (Riftbound 347.3)."""
    _tracked(node, ctx)
    m = node.mapping({"by"}, required=("by",))
    return ShowdownPass(by=ctx.player(m["by"]))


def _begin_showdown(node: Node, ctx: ParseContext) -> Step:
    """``begin_showdown: {battlefield}``: the turn player chooses where a staged showdown
    or combat begins (Riftbound 323.11, 323.13)."""
    _tracked(node, ctx)
    m = node.mapping({"battlefield"}, required=("battlefield",))
    return BeginShowdown(battlefield=ctx.object_id(m["battlefield"]))


STEPS: dict[str, StepParser] = {
    "showdown_pass": _showdown_pass,
    "begin_showdown": _begin_showdown,
}
