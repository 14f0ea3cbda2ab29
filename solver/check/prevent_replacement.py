"""The ruling on Decision D-PREV-REPL (R-2 against Riftbound 437.7): a card whose
replacement moves damage to itself ("if a unit you control would be dealt damage, I am
dealt it instead") meets a card with prevention that replacement can protect.

By default (the seed, R-2) the prevention comes first and the redirect moves what is left;
under ``prevention_as_replacement: replacement`` the prevention is one replacement of the
damage, ordered with the redirect by the chooser (372): the redirect first takes all the
damage and leaves the prevention whole. The witness deals one more than the prevention
with a spell and runs both readings (the second with the redirect ordered first).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator

from arbiter.model.cardset import Card, game_state
from arbiter.model.damage import prevention as prev
from arbiter.model.damage import replacement as rp
from arbiter.model.damage.actions import ProposedEvent
from arbiter.model.ruleset import PreventionReading
from arbiter.model.state import JSON
from arbiter.solver.check import witness as w
from arbiter.solver.check.base import CardIndex, Diagnostic, Severity, Witness
from arbiter.solver.check.rulebooks import CODE

RULES = ("D-PREV-REPL", "R-2", "Riftbound 437.7", "Riftbound 372")


def _redirects(card: Card, kind: str) -> list[rp.Replacement]:
    """The card's replacements that move a damage event, whole, to the card itself."""
    out = []
    for r in card.template.abilities:
        if not isinstance(r, rp.Replacement) or kind not in r.pattern.kinds:
            continue
        p = r.pattern
        if p.source is not None or p.source_except is not None or len(r.instead) != 1:
            continue
        t = r.instead[0]
        if t.target == "self" and t.amount is None and t.add == 0 and t.kind in (None, kind):
            out.append(r)
    return out


def _kind(index: CardIndex) -> str:
    return index.cardset.ruleset.damage_event.value


def _affected_kinds(index: CardIndex, r: rp.Replacement) -> frozenset[str]:
    ids = rp.ids_of(r.pattern.affected, "self")
    if ids is not None:
        return index.kinds  # named objects: any kind (the ruling checks the names)
    return rp.filters(r.pattern.affected).kinds or index.kinds


def redirect_keys(index: CardIndex, card: Card) -> frozenset[Hashable]:
    if prev.shields(card.template):
        return frozenset()  # its own prevention would take part too: not this simple case
    return frozenset(
        ("prevent-redirect", k)
        for r in _redirects(card, _kind(index))
        for k in _affected_kinds(index, r)
    )


def _shields(card: Card) -> list[prev.Shield]:
    """The card's prevention when every shield is a finite one that stops a spell."""
    found = prev.shields(card.template)
    if not found or any(s.all_damage or not s.covers(frozenset({"spell"})) for s in found):
        return []
    return list(found)


def shielded_keys(index: CardIndex, card: Card) -> frozenset[Hashable]:
    return frozenset({("prevent-redirect", card.kind)}) if _shields(card) else frozenset()


def redirect_against_prevention(index: CardIndex, combo: tuple[str, ...]) -> Iterator[Diagnostic]:
    """a redirect of damage and a prevention of the same damage (D-PREV-REPL vs 437.7)"""
    guard, shielded = index.card(combo[0]), index.card(combo[1])
    shields = _shields(shielded)
    if guard.id == shielded.id or not shields or prev.shields(guard.template):
        return
    value = sum(s.remaining for s in shields)
    if value <= 0:
        return
    kind = _kind(index)
    for side in ("you", "opponent"):
        state = game_state(index.cardset, {guard.id: "you", shielded.id: side})
        for r in _redirects(guard, kind):
            proposed = (ProposedEvent(kind, shielded.id, n, "", 0) for n in (1, value + 1))
            if all(rp.matches(r, e, state) for e in proposed):
                yield _diagnostic(index, guard, shielded, side, r, value)
                return


def _written_id(card: Card, r: rp.Replacement) -> str:
    """The replacement's id as the card writes it (a card set prefixes it with the card's
    id; the witness's object carries the card's keys as written)."""
    written = card.area_keys.get("replacements")
    ids = (
        [str(x.get("id")) for x in written if isinstance(x, dict)]
        if isinstance(written, list)
        else []
    )
    short = r.id.removeprefix(f"{card.id}_")
    return short if short in ids else r.id


def _damage(card: Card) -> JSON:
    return card.template.counters.get("damage")


def _diagnostic(
    index: CardIndex, guard: Card, shielded: Card, side: str, r: rp.Replacement, value: int
) -> Diagnostic:
    spell = "check_spell"
    while spell in index.cardset.cards:
        spell += "_"
    objects = {
        guard.id: w.card_object(guard),
        shielded.id: w.card_object(shielded, side),
        spell: {"owner": "opponent" if side == "you" else "you", "kind": "spell"},
    }
    hit = {"id": "hit", "each": value + 1, "source": {"spell": spell}, "targets": [shielded.id]}
    before = int(_damage(guard) or 0)
    choice = {"hit": [{"apply": _written_id(guard, r), "event": shielded.id}]}

    def run(reading: PreventionReading, taken: int, fixed: bool) -> Witness:
        return w.scenario(
            f"{CODE}.prevent.{reading.value}",
            title=f"{spell} deals {value + 1} to {shielded.id}, {guard.id} takes it "
            f"(prevention_as_replacement {reading.value})",
            description=f"Decision D-PREV-REPL / Riftbound 437.7, prevention_as_replacement: "
            f"{reading.value}: {guard.id} is dealt {taken}.",
            ruleset=index.cardset.ruleset,
            policies={"prevention_as_replacement": reading.value},
            objects=objects,
            steps=[{"damage": hit}],
            choices=choice if fixed else None,
            expect={f"{guard.id}.counters.damage": before + taken},
        )

    main = run(PreventionReading.PIPELINE, 1, r.optional)
    other = run(PreventionReading.REPLACEMENT, value + 1, True)
    return Diagnostic(
        CODE,
        Severity.RULING,
        tuple(sorted({guard.id, shielded.id})),
        (f"{guard.id}.replacements.{r.id}", f"{shielded.id}.prevention"),
        RULES,
        f"{guard.id} takes the damage {shielded.id} would be dealt, and {shielded.id} "
        f"prevents {value}. With prevention first (the seed, R-2, the default) "
        f"{value + 1} damage is prevented down to 1 and {guard.id} takes 1; with prevention "
        "as a replacement (Riftbound 437.7) the owner of the damaged object orders the two "
        f"(372): {guard.id} first takes {value + 1} and the prevention is left whole. A "
        "judge confirms which reading the set plays by (the witness runs both).",
        w.with_variant(main, PreventionReading.REPLACEMENT.value, other),
        tuple(x for x in (guard.where, shielded.where) if x is not None),
    )
