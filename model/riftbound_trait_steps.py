"""Scenario steps of Riftbound trait, copy and rules-text effects (docs/format.md,
"Riftbound: traits, copies and rules text"): ``change_traits``, ``become_copy``,
``grant_text``, ``lose_text`` (model/riftbound_traits.py)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from arbiter.model import riftbound_traits as tr
from arbiter.model.ability_zones import on_board
from arbiter.model.errors import IllegalAction
from arbiter.model.state import JSON, Ability, Event, GameState
from arbiter.model.steps import Step


def _on_board(state: GameState, oid: str) -> bool:
    return on_board(state, state.obj(oid).zone)


@dataclass(frozen=True, kw_only=True)
class ChangeTraits(Step):
    """``change_traits: {target, name, kind, controller, tags: {set | add | remove},
    cost, might, this_turn}``: a trait-altering effect (472.1.a)."""

    target: str
    traits: tr.Traits
    this_turn: bool = False

    def target_ids(self) -> tuple[str, ...]:
        return (self.target,)

    def resolve(self, state: GameState) -> GameState:
        state, t = state.tick()
        obj = state.obj(self.target)
        effect = tr.TraitEffect(
            f"traits{t}", obj.id, t, traits=self.traits, this_turn=self.this_turn
        )
        new = tr.add(obj, effect)
        fields: tuple[tuple[str, JSON], ...] = (
            ("target", self.target),
            ("name", new.card),
            ("type", new.kind),
            ("controller", new.controlled_by),
            ("tags", sorted(_tags(new.base.get(tr.TAGS)))),
            ("this_turn", self.this_turn),
        )
        return state.with_object(new).with_event(
            Event("traits", fields, ("Riftbound 472.1", "Riftbound 472.1.a"))
        )


def _tags(value: object) -> frozenset[str]:
    return value if isinstance(value, frozenset) else frozenset()


@dataclass(frozen=True, kw_only=True)
class BecomeCopy(Step):
    """``become_copy: {target, of, only: [traits], this_turn}``: the target becomes a copy
    of ``of`` (472.1.b): its copyable traits, or those ``only`` names."""

    target: str
    of: str
    only: tuple[str, ...] = ()
    this_turn: bool = False

    def target_ids(self) -> tuple[str, ...]:
        return (self.target, self.of)

    def resolve(self, state: GameState) -> GameState:
        state, t = state.tick()
        obj, original = state.obj(self.target), state.obj(self.of)
        traits = tr.copy_traits(original, self.only, obj.id)
        effect = tr.TraitEffect(
            f"copy{t}", obj.id, t, traits=traits, copy_of=self.of, this_turn=self.this_turn
        )
        new = tr.add(obj, effect)
        rules = ["Riftbound 472.1.b", "Riftbound 472.1.b.1", "Riftbound 472.1.b.3"]
        if self.only:
            rules.append("Riftbound 472.1.b.2")
        fields: tuple[tuple[str, JSON], ...] = (
            ("target", self.target),
            ("of", self.of),
            ("name", new.card),
            ("traits", list(self.only or tr.COPYABLE)),
        )
        return state.with_object(new).with_event(Event("copy", fields, tuple(rules)))


@dataclass(frozen=True, kw_only=True)
class GrantText(Step):
    """``grant_text: {target, might_passives, keyword_passives}``: rules text given to
    an object (472.2); it stays active while the object is attached (135.4.b)."""

    target: str
    abilities: tuple[Ability, ...] = field(default_factory=tuple)

    def target_ids(self) -> tuple[str, ...]:
        return (self.target,)

    def resolve(self, state: GameState) -> GameState:
        if not _on_board(state, self.target):
            raise IllegalAction("Riftbound 472.2", f"{self.target} is not on the Board")
        state, t = state.tick()
        obj = state.obj(self.target)
        given = tuple(
            replace(a, id=f"granted{t}.{a.id}", source=obj.id, timestamp=t) for a in self.abilities
        )
        new = tr.grant_text(obj, given, f"granted{t}")
        fields: tuple[tuple[str, JSON], ...] = (
            ("target", self.target),
            ("abilities", [a.id for a in given]),
        )
        return state.with_object(new).with_event(Event("grant_text", fields, ("Riftbound 472.2",)))


@dataclass(frozen=True, kw_only=True)
class LoseText(Step):
    """``lose_text: {target, this_turn}``: the object loses its rules text (472.2): its
    continuous effects stop existing (473.1.a)."""

    target: str
    this_turn: bool = False

    def target_ids(self) -> tuple[str, ...]:
        return (self.target,)

    def resolve(self, state: GameState) -> GameState:
        state, t = state.tick()
        obj = state.obj(self.target)
        lost = [a.id for a in tr.text_of(obj)]
        new = tr.remove_text(obj, f"text_lost{t}", self.this_turn)
        fields: tuple[tuple[str, JSON], ...] = (
            ("target", self.target),
            ("lost", lost),
            ("this_turn", self.this_turn),
        )
        return state.with_object(new).with_event(
            Event("lose_text", fields, ("Riftbound 472.2", "Riftbound 473.1.a"))
        )
