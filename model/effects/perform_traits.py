"""The card language's trait-altering and copy effects, performed through the Riftbound
trait effects (Riftbound 472.1.a, 472.1.b; model/riftbound_traits.py, Decisions RB-TRAITS
and RB-COPY). Kept apart from :mod:`model.effects.perform` to keep each module small."""

from __future__ import annotations

from arbiter.model.effects import algebra as a
from arbiter.model.effects import evaluate as ev
from arbiter.model.errors import IllegalAction
from arbiter.model.state import BaseValue, GameState


def _objects(state: GameState, ids: tuple[str, ...]) -> list[str]:
    return [i for i in ids if i in state.objects]


def become_copy(
    state: GameState,
    e: a.Effect,
    act: a.BecomeCopy,
    ctx: ev.Context,
    slot: str,
    targets: tuple[str, ...],
) -> GameState | None:
    """Riftbound 472.1.b: each target becomes a copy of the object ``of`` selects (the
    step ``become_copy`` does the same, Decision RB-COPY)."""
    from arbiter.model.riftbound_trait_steps import BecomeCopy

    lasts = e.duration.lasts
    if lasts not in (a.Lasts.INSTANT, a.Lasts.END_OF_TURN):
        raise IllegalAction("Riftbound 472.1.b", f"a copy lasting {lasts.value} is not modelled")
    originals = ev.select(state, ctx, act.of, slot + ".of")
    if len(originals) != 1 or originals[0] not in state.objects:
        return None  # not done: no one object to copy
    for t in _objects(state, targets):
        step = BecomeCopy(
            target=t, of=originals[0], only=act.only, this_turn=lasts is a.Lasts.END_OF_TURN
        )
        state = step.resolve(state)
    return state


def change_traits(
    state: GameState, e: a.Effect, act: a.ChangeTraits, ctx: ev.Context, targets: tuple[str, ...]
) -> GameState:
    """Riftbound 472.1.a: the step ``change_traits`` on each target (Decision RB-TRAITS)."""
    from arbiter.model import riftbound_traits as tr
    from arbiter.model.riftbound_trait_steps import ChangeTraits

    lasts = e.duration.lasts
    if lasts not in (a.Lasts.INSTANT, a.Lasts.END_OF_TURN):
        raise IllegalAction("Riftbound 472.1.a", f"traits lasting {lasts.value} are not modelled")
    taker = None
    if act.controller is not None:
        players = ev.select(state, ctx, act.controller, "controller")
        taker = players[0][len(ev.PLAYER) :] if players else None
    base: dict[str, BaseValue] = {}
    if act.tags is not None:
        base[tr.TAGS] = act.tags
    if act.cost is not None:
        base[tr.COST] = act.cost
    traits = tr.Traits(
        card=act.name,
        kind=act.kind,
        controller=taker,
        base=base,
        tags_add=act.tags_add,
        tags_remove=act.tags_remove,
    )
    for t in _objects(state, targets):
        step = ChangeTraits(target=t, traits=traits, this_turn=lasts is a.Lasts.END_OF_TURN)
        state = step.resolve(state)
    return state
