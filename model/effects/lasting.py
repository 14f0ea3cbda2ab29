"""What an effect "until the end of …" changed, kept on the object to be undone then
(EFF-UNTIL), and the end of a turn, day or combat that undoes it. Its own module so that
the turn's end (``model.death``) reads it without the card language's performer."""

from __future__ import annotations

from dataclasses import dataclass, replace

from arbiter.model.state import Ability, Event, GameState


@dataclass(frozen=True, slots=True)
class Lasting(Ability):
    """What an effect "until the end of …" changed, to be undone then: modifications of
    characteristics (by timestamp) and features gained, on this object."""

    until: str = "turn"  # turn | day | combat
    stamps: tuple[int, ...] = ()
    features: tuple[str, ...] = ()


def end_of(state: GameState, until: str) -> GameState:
    """The end of the turn / day / combat: effects that lasted until then are undone."""
    for oid in sorted(state.objects):
        obj = state.objects[oid]
        done = [
            x
            for x in obj.abilities
            if isinstance(x, Lasting)
            and (x.until == until or until == "day" and x.until in ("turn", "combat", "afternoon"))
        ]
        if not done:
            continue
        stamps = {s for x in done for s in x.stamps}
        feats = {f for x in done for f in x.features}
        mods = {k: tuple(m for m in v if m.timestamp not in stamps) for k, v in obj.mods.items()}
        features = {k: f for k, f in obj.features.items() if k not in feats}
        rest = tuple(x for x in obj.abilities if x not in done)
        state = state.with_object(replace(obj, mods=mods, features=features, abilities=rest))
        state = state.with_event(
            Event("expired", (("object", oid), ("until", f"end of {until}")), ("EFF-UNTIL",))
        )
    return state
