"""The Resolution Step of a Riftbound combat (Core Rules 1.3, 461), after its damage step.

A ``combat`` step with ``resolution: true`` goes on with a Combat Cleanup (461.1, a
Special Cleanup, 324.1): the units whose damage is lethal die while they still hold their
designations, so Assault counts for attackers and Shield for defenders (807.1.d.1,
814.1.d.1); a Deathknell is noted first (323.4); "would die" replacements apply as at any
Cleanup (369-373); the kills are attributed to the units that dealt the damage (428.5.c,
417.6.c.1). Then every unit is healed (461.1.a.1) and the attackers are recalled to their
base if a defender is still there (461.1.a.2); a normal Cleanup follows when the Special
one made one outstanding (324.2). Last, the combat result (461.3). Pure functions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from arbiter.model import death as dt
from arbiter.model.state import JSON, Event, GameObject, GameState

DAMAGE = "damage"
# the zones a combat's units are in: ``play`` (the battlefield attacked), or ``battlefield``
# with ``at:`` the battlefield object (a combat staged under ``turn_states: tracked``)
AT_BATTLEFIELD = ("play", "battlefield")


def _present(state: GameState, units: Sequence[str]) -> list[str]:
    return [u for u in units if state.obj(u).zone in AT_BATTLEFIELD]


def _lethal(obj: GameObject, might: int) -> bool:
    """323.5 with the Might the unit has in combat: non-zero damage at least its Might."""
    damage = obj.counters.get(DAMAGE, 0)
    return damage > 0 and damage >= might


def combat_cleanup(
    state: GameState,
    units: Sequence[str],
    mights: Mapping[str, int],
    killers: Mapping[str, tuple[str, ...]],
    choices: dt.CleanupChoices,
) -> GameState:
    """461.1: the Combat Cleanup's kills (323.4-323.5): the combat's units with the Might
    they have in combat, every other unit on the Board as at any Cleanup."""
    found = [state.obj(u) for u in _present(state, units) if _lethal(state.obj(u), mights[u])]
    found += [o for o in dt.dying(state) if o.id not in units]
    found.sort(key=lambda o: (o.timestamp, o.id))
    if not found:
        return state
    state, doomed = dt.replace_deaths(state, found, choices)
    for oid in doomed:
        if "Deathknell" in state.obj(oid).features:
            state = state.with_event(
                Event("deathknell", (("target", oid),), ("Riftbound 323.4", "Riftbound 808"))
            )
    for oid in doomed:
        state = dt.kill(
            state,
            oid,
            ("Riftbound 461.1", "Riftbound 323.5", "Riftbound 428.5.c"),
            by=killers.get(oid, ()),
        )
    return state


def heal_all(state: GameState) -> GameState:
    """461.1.a.1 (the Special Cleanup's 3c): every unit on the Board is healed."""
    healed = sorted(
        o.id
        for o in state.objects.values()
        if o.kind == "unit" and dt.on_board(o) and o.counters.get(DAMAGE, 0) > 0
    )
    for oid in healed:
        obj = state.obj(oid)
        state = state.with_object(
            replace(obj, counters={k: v for k, v in obj.counters.items() if k != DAMAGE})
        )
    return state.with_event(Event("heal", (("targets", list(healed)),), ("Riftbound 461.1.a.1",)))


def recall_attackers(
    state: GameState, attackers: Sequence[str], defenders: Sequence[str]
) -> GameState:
    """461.1.a.2 (3d): the attackers still there go to their base if a defender is too."""
    if not _present(state, defenders):
        return state
    for oid in _present(state, attackers):
        obj = state.obj(oid)
        state = state.with_object(replace(obj, zone=dt.BASE, region=None))
        fields: tuple[tuple[str, JSON], ...] = (
            ("target", oid),
            ("from", obj.zone),
            ("to", dt.BASE),
            ("recalled", True),
        )
        state = state.with_event(Event("move", fields, ("Riftbound 461.1.a.2",)))
    return state


def result(state: GameState, attackers: Sequence[str], defenders: Sequence[str]) -> Event:
    """461.3: a player wins when only their units remain at the battlefield, loses when
    only theirs do not; otherwise there is no result (461.3.d)."""
    attacker = state.obj(attackers[0]).controlled_by
    defender = state.obj(defenders[0]).controlled_by
    a_left, d_left = bool(_present(state, attackers)), bool(_present(state, defenders))
    won: str | None = None
    lost: str | None = None
    if a_left != d_left:
        won, lost = (attacker, defender) if a_left else (defender, attacker)
        rules: tuple[str, ...] = ("Riftbound 461.3.a", "Riftbound 461.3.b")
    else:
        rules = ("Riftbound 461.3.d",)
    fields: tuple[tuple[str, JSON], ...] = (
        ("attacker", attacker),
        ("defender", defender),
        ("won", won),
        ("lost", lost),
        ("remaining", sorted(_present(state, [*attackers, *defenders]))),
    )
    return Event("combat_result", fields, rules)


def resolve(
    state: GameState,
    attackers: Sequence[str],
    defenders: Sequence[str],
    mights: Mapping[str, int],
    killers: Mapping[str, tuple[str, ...]],
    choices: dt.CleanupChoices | None = None,
) -> GameState:
    """The Resolution Step (461): Combat Cleanup, heal, recall, a normal Cleanup, result.
    ``mights``: each unit's Might in combat (with its designation); ``killers``: for each
    unit dealt damage, the units that dealt it."""
    choices = choices or dt.CleanupChoices()
    state = combat_cleanup(state, [*attackers, *defenders], mights, killers, choices)
    state = heal_all(state)
    state = recall_attackers(state, attackers, defenders)
    state = dt.cleanup(state, choices)  # 324.2
    return state.with_event(result(state, attackers, defenders))
