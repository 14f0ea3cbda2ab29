"""Random small sets of replacement effects and game actions, for property tests."""

from __future__ import annotations

from hypothesis import strategies as st

from arbiter.model.damage.action_step import GameActionStep
from arbiter.model.damage.actions import GameAction, ProposedEvent
from arbiter.model.damage.replacement import ANY_OBJECT, Pattern, Replacement, Template, among
from arbiter.model.effects.algebra import Side
from arbiter.model.ruleset import RULESETS
from arbiter.model.state import GameObject, GameState


def make_state(owners: dict[str, str], abilities: dict[str, tuple[Replacement, ...]]) -> GameState:
    objects = {
        oid: GameObject(oid, owner, "creature", abilities=abilities.get(oid, ()))
        for oid, owner in owners.items()
    }
    return GameState(RULESETS["berserk"], ("ana", "bo"), objects)


OIDS = ("o0", "o1", "o2")


@st.composite
def replacement_sets(draw: st.DrawFn) -> tuple[GameState, GameActionStep]:
    owners = {oid: draw(st.sampled_from(("ana", "bo"))) for oid in OIDS}
    n = draw(st.integers(1, 4))
    abilities: dict[str, tuple[Replacement, ...]] = {}
    for i in range(n):
        src = draw(st.sampled_from(OIDS))
        kind = draw(st.sampled_from(("wounded", "gains-lives")))
        affected = draw(
            st.sampled_from(
                (
                    ANY_OBJECT,
                    among(side=Side.YOURS),
                    among(side=Side.ENEMY),
                    among(frozenset({draw(st.sampled_from(OIDS))})),
                )
            )
        )
        instead: tuple[Template, ...] = draw(
            st.sampled_from(
                (
                    (),
                    (Template(target="self"),),
                    (Template(add=1),),
                    (Template(kind="wounded", target="choose", choose=among(side=Side.ENEMY)),),
                    (
                        Template(
                            kind="gains-lives", target=draw(st.sampled_from(OIDS)), source="self"
                        ),
                    ),
                    (Template(target="self", amount=1), Template(kind="gains-lives")),
                )
            )
        )
        source = draw(st.sampled_from((None, among(frozenset({"effect"})))))
        r = Replacement(
            f"r{i}",
            src,
            i,
            pattern=Pattern(frozenset({kind}), affected, source=source),
            instead=instead,
            optional=draw(st.booleans()),
        )
        abilities[src] = (*abilities.get(src, ()), r)
    events = tuple(
        ProposedEvent(
            draw(st.sampled_from(("wounded", "gains-lives"))),
            draw(st.sampled_from(OIDS)),
            draw(st.integers(1, 3)),
            "effect",
            k,
        )
        for k in range(draw(st.integers(1, 3)))
    )
    return make_state(owners, abilities), GameActionStep(action=GameAction("a", "effect", events))
