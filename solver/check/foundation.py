"""The diagnostic kinds of ``arbiter check`` that rest on the foundation: unknown
references, absent characteristics (A-CHAR-2), named-feature gains that never
change anything (B-NAMED-1); and, in solver/check/rulings.py, rulings on
Decisions E-IMM-1b and E-DIV.

Each kind is one function, listed in solver/check/catalogue.py; each diagnostic
carries a witness scenario.
"""

from __future__ import annotations

from collections.abc import Iterator

from arbiter.model.cardset import Card, FeatureWrite, StatWrite, candidates, performed_role
from arbiter.model.effects.algebra import ModifyStat, MoveTo, ZoneMove
from arbiter.model.effects.perform import Perform
from arbiter.model.errors import Location
from arbiter.model.state import JSON
from arbiter.model.steps import Modify, Move, Step
from arbiter.solver.check import witness as w
from arbiter.solver.check.base import CardIndex, Diagnostic, Severity
from arbiter.solver.check.reach import Reach

NUMBER_WRITES = ("add", "set", "multiply", "divide", "copy", "swap", "swap-bonus")


def _label(card: Card, write: StatWrite | FeatureWrite) -> str:
    return f"{card.id}.effect[{write.step}]"


def _locs(*where: Location | None) -> tuple[Location, ...]:
    return tuple(x for x in where if x is not None)


def _bold(cid: str) -> str:
    return cid


def _role_ids(
    index: CardIndex, card: Card, step_roles: list[str]
) -> tuple[dict[str, str], dict[str, dict[str, JSON]]]:
    """Object ids and scenario objects for the roles a step uses: the card itself for
    ``self``, the first card that fits each other role, or a bare object."""
    ids: dict[str, str] = {}
    objects: dict[str, dict[str, JSON]] = {}
    for role_name in step_roles:
        if role_name in ids:
            continue
        role = card.role(role_name)
        named = index.cardset.cards.get(role.card) if role.card else None
        first = named or index.first_of(index.role_kinds(card, role_name))
        if role.is_self:
            oid, doc = card.id, w.card_object(card)
        elif first is not None and first.id not in objects:
            oid, doc = first.id, w.card_object(first, "opponent" if role.side == "enemy" else "you")
        else:
            oid, doc = f"{role_name}_object", w.bare_object(role)
        ids[role_name] = oid
        objects[oid] = doc
    return ids, objects


def _gains(index: CardIndex) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """Characteristics and features some effect of the set gives, with the kinds it can give
    them to (A-CHAR-2: an absent characteristic can be gained)."""
    stats: dict[str, set[str]] = {}
    feats: dict[str, set[str]] = {}
    for cid, fp in index.prints.items():
        card = index.card(cid)
        for sw in fp.stat_writes:
            if sw.op == "gain":
                stats.setdefault(sw.stat, set()).update(index.role_kinds(card, sw.role))
        for fw in fp.feature_writes:
            if fw.op == "gain":
                feats.setdefault(fw.feature, set()).update(index.role_kinds(card, fw.role))
    return stats, feats


# -- unknown references ------------------------------------------------------------------


def unknown_references(index: CardIndex) -> Iterator[Diagnostic]:
    cards = index.cardset.cards
    zones = index.cardset.zones
    gained_stats, gained_feats = _gains(index)
    ruleset = index.cardset.ruleset
    known_stats = (
        set(index.stat_holders) | set(gained_stats) | index.cardset.ruleset.characteristics
    )
    for card in cards.values():
        for ref in card.refs:
            roles = {"self", *(r.name for r in card.roles)}
            if ref.kind == "card" and ref.name not in cards and ref.name not in roles:
                yield Diagnostic(
                    "unknown-card",
                    Severity.ERROR,
                    (card.id,),
                    (card.id,),
                    ("CHECK-REF",),
                    f"{_bold(card.id)} names the card '{ref.name}', which is not a card of this "
                    "set: the ability's source can never be in play, so nothing that depends on "
                    "that source leaving play (P-6, B-NAMED-3) can ever happen.",
                    w.scenario(
                        "unknown-card",
                        title=f"'{ref.name}' is not a card of the set",
                        description=f"{card.id} names '{ref.name}'; no object of a game built "
                        "from the set can be it.",
                        ruleset=ruleset,
                        objects={card.id: w.card_object(card)},
                        steps=[],
                        expect={f"{card.id}.kind": card.kind}
                        if "." in ref.name or "[" in ref.name
                        else {f"objects.{ref.name}": None, f"{card.id}.kind": card.kind},
                    ),
                    _locs(ref.where),
                )
            if ref.kind == "zone" and ref.name not in zones:
                yield from _unknown_zone(index, card, ref.name, ref.where)
        fp = index.prints[card.id]
        for sw in fp.stat_writes:
            if sw.stat != "*" and sw.stat not in known_stats:
                yield _unknown_stat(index, card, sw)
        for p_i, prot in enumerate(card.template.protections):
            for stat in sorted(prot.stats - {"*"}):
                if stat not in known_stats:
                    yield Diagnostic(
                        "unknown-characteristic",
                        Severity.ERROR,
                        (card.id,),
                        (f"{card.id}.protections[{p_i}]",),
                        ("CHECK-REF", "A-CHAR-2"),
                        f"{_bold(card.id)} protects '{stat}', a characteristic no card of the "
                        "set has or gains: the protection can never matter.",
                        w.scenario(
                            "unknown-characteristic",
                            title=f"no card has '{stat}'",
                            description=f"{card.id} protects {stat}; nothing has it.",
                            ruleset=ruleset,
                            objects={card.id: w.card_object(card)},
                            steps=[],
                            expect={f"{card.id}.{stat}": None},
                        ),
                        _locs(card.where),
                    )
        for fw in fp.feature_writes:
            if (
                fw.op != "gain"
                and fw.feature not in index.feature_holders
                and fw.feature not in gained_feats
            ):
                yield _unknown_feature(index, card, fw)


def _unknown_zone(
    index: CardIndex, card: Card, zone: str, where: Location | None
) -> Iterator[Diagnostic]:
    moves = [(i, s, r) for i, s, r in _moves(card) if r is not None and _zone_of(s) == zone]
    step_i, step, role = moves[0] if moves else (0, None, None)
    known = ", ".join(sorted(index.cardset.zones))
    witness = None
    if step is not None and role is not None:
        ids, objects = _role_ids(index, card, [*w.step_roles(step), role])
        target = ids[role]
        witness = w.scenario(
            "unknown-zone",
            title=f"'{zone}' is not a zone of {index.cardset.ruleset.name}",
            description=f"{card.id} moves an object to '{zone}'; the zones are {known}.",
            ruleset=index.cardset.ruleset,
            objects=objects,
            steps=[w.step_doc(step, ids)],
            expect={f"{target}.zone": zone},
        )
    yield Diagnostic(
        "unknown-zone",
        Severity.ERROR,
        (card.id,),
        (f"{card.id}.effect[{step_i}]",),
        ("CHECK-REF", "A-ZONE-1", "A-ZONE-2"),
        f"{_bold(card.id)} names the zone '{zone}', which the {index.cardset.ruleset.name} "
        f"ruleset does not have (its zones: {known}); an object sent there is lost to every rule.",
        witness,
        _locs(where),
    )


def _moves(card: Card) -> Iterator[tuple[int, Step, str | None]]:
    """The steps of the card's effect that move an object to a zone, with the role moved."""
    for i, s in enumerate(card.effect):
        if isinstance(s, Move):
            yield i, s, s.target
        elif isinstance(s, Perform):
            for j, e in enumerate(s.effects):
                if isinstance(e.action, MoveTo) and e.action.move is ZoneMove.TO_ZONE:
                    yield i, s, performed_role(card, s, e.selector, str(j))


def _zone_of(step: Step) -> str | None:
    if isinstance(step, Move):
        return step.zone
    if isinstance(step, Perform):
        zones = [e.action.zone for e in step.effects if isinstance(e.action, MoveTo)]
        return zones[0] if zones else None
    return None


def _may_be_undone(step: Step) -> bool:
    """A ``perform`` step with a condition or a cost: it may not be done (CHECK-ALGEBRA)."""
    return isinstance(step, Perform) and any(e.condition or e.costs for e in step.effects)


def _first_event_applies(step: Step) -> bool:
    """The step's first event is the modification a witness looks at."""
    if isinstance(step, Modify):
        return step.other is None
    if isinstance(step, Perform) and len(step.effects) == 1 and not _may_be_undone(step):
        e = step.effects[0]
        return isinstance(e.action, ModifyStat) and e.action.other is None
    return False


def _write_witness(
    index: CardIndex, card: Card, sw: StatWrite, expect_of: str
) -> tuple[str, dict[str, dict[str, JSON]], list[dict[str, JSON]], dict[str, JSON]]:
    step = card.effect[sw.step]
    ids, objects = _role_ids(index, card, [*w.step_roles(step), sw.role])
    subject = ids[sw.role]
    expect: dict[str, JSON] = {f"{subject}.{sw.stat}": None}
    if _first_event_applies(step):
        expect["events.0.applied"] = False
    return subject, objects, [w.step_doc(step, ids)], expect


def _unknown_stat(index: CardIndex, card: Card, sw: StatWrite) -> Diagnostic:
    _, objects, steps, expect = _write_witness(index, card, sw, "unknown")
    if sw.op == "protect":
        expect = {k: v for k, v in expect.items() if not k.startswith("events")}
    return Diagnostic(
        "unknown-characteristic",
        Severity.ERROR,
        (card.id,),
        (_label(card, sw),),
        ("CHECK-REF", "A-CHAR-2"),
        f"{_bold(card.id)} {sw.op}s '{sw.stat}', a characteristic no card of the set has and no "
        "effect gives: an absent characteristic cannot be modified (A-CHAR-2), so this part of "
        "the effect never does anything (a misspelt name?).",
        w.scenario(
            "unknown-characteristic",
            title=f"no card has '{sw.stat}'",
            description=f"{card.id}'s effect acts on {sw.stat}, which no card has.",
            ruleset=index.cardset.ruleset,
            objects=objects,
            steps=steps,
            expect=expect,
        ),
        _locs(sw.where),
    )


def _unknown_feature(index: CardIndex, card: Card, fw: FeatureWrite) -> Diagnostic:
    step = card.effect[fw.step]
    ids, objects = _role_ids(index, card, [*w.step_roles(step), fw.role])
    subject = ids[fw.role]
    return Diagnostic(
        "unknown-feature",
        Severity.ERROR,
        (card.id,),
        (_label(card, fw),),
        ("CHECK-REF", "B-NAMED-2"),
        f"{_bold(card.id)} {'gives +Y to' if fw.op == 'boost' else 'removes'} the named feature "
        f"'{fw.feature}', which no card of the set has or gains: '+Y to a feature' works only on "
        "a card that has it (B-NAMED-2), so it never does anything (a misspelt name?).",
        w.scenario(
            "unknown-feature",
            title=f"no card has the feature '{fw.feature}'",
            description=f"{card.id}'s effect acts on {fw.feature}, which no card has.",
            ruleset=index.cardset.ruleset,
            objects=objects,
            steps=[w.step_doc(step, ids)],
            expect={f"objects.{subject}.features.{fw.feature}": None}
            | ({} if _may_be_undone(step) else {"events.0.applied": False}),
        ),
        _locs(fw.where),
    )


# -- A-CHAR-2: a characteristic no card the ability can reach has --------------------------


def absent_characteristic(index: CardIndex) -> Iterator[Diagnostic]:
    gained_stats, _ = _gains(index)
    reach = Reach(index)
    for card in index.cardset.cards.values():
        for sw in index.prints[card.id].stat_writes:
            if sw.op not in NUMBER_WRITES or isinstance(sw.value, frozenset):
                continue
            if sw.stat not in index.stat_holders and sw.stat not in gained_stats:
                continue  # reported as unknown-characteristic
            kinds = index.role_kinds(card, sw.role)
            if reach.has_stat(card, sw.role, sw.stat):
                continue
            selected = card.role(sw.role).selector is not None
            if selected and not candidates(index.cardset, card, sw.role):
                continue  # no card of the set is such an object (tokens?): nothing to say
            if kinds & gained_stats.get(sw.stat, set()):
                continue
            _, objects, steps, expect = _write_witness(index, card, sw, "absent")
            for holder in sorted(index.stat_holders.get(sw.stat, ()))[:1]:
                # a card that has it, so the scenario shows A-CHAR-2, not a misspelt name
                objects.setdefault(holder, w.card_object(index.cardset.cards[holder]))
            whose = "itself" if sw.role == "self" else "its " + sw.role
            holders = ", ".join(sorted(index.stat_holders.get(sw.stat, ()))[:3]) or "an effect"
            yield Diagnostic(
                "absent-characteristic",
                Severity.WARNING,
                (card.id,),
                (_label(card, sw),),
                ("A-CHAR-2",),
                f"{_bold(card.id)} {sw.op}s '{sw.stat}' of {whose} "
                f"({', '.join(sorted(kinds))}), but no such card of the set has '{sw.stat}' "
                f"(only {holders} do): an absent characteristic cannot be modified, so this part "
                "of the effect never does anything.",
                w.scenario(
                    "absent-characteristic",
                    title=f"no {', '.join(sorted(kinds))} has {sw.stat}",
                    description=f"{card.id} modifies {sw.stat}; the object lacks it (A-CHAR-2).",
                    ruleset=index.cardset.ruleset,
                    objects=objects,
                    steps=steps,
                    expect=expect,
                ),
                _locs(sw.where),
            )


def _covers(card: Card, fw: FeatureWrite) -> bool:
    """B-NAMED-1: the card already has the feature, with at least the gained number."""
    have = card.template.features.get(fw.feature)
    if have is None:
        return False
    if fw.number is None or have.number is None:
        return fw.number is None
    return have.number >= fw.number


# -- B-NAMED-1: gaining a named feature that never changes anything -----------------------


def useless_named_gain(index: CardIndex) -> Iterator[Diagnostic]:
    lowered = {
        fw.feature
        for fp in index.prints.values()
        for fw in fp.feature_writes
        if fw.op == "lose" or (fw.op == "boost" and (fw.number is None or fw.number < 0))
    }
    reach = Reach(index)
    for card in index.cardset.cards.values():
        for fw in index.prints[card.id].feature_writes:
            if fw.op != "gain" or fw.feature in lowered or fw.computed:
                continue
            if _may_be_undone(card.effect[fw.step]):
                continue  # its witness would show the condition, not the gain
            subject = reach.first_if_all(card, fw, _covers)
            if subject is None:
                continue
            step = card.effect[fw.step]
            ids, objects = _role_ids(index, card, w.step_roles(step))
            ids[fw.role] = subject.id
            objects = {k: v for k, v in objects.items() if k in ids.values()}
            objects[subject.id] = w.card_object(subject)
            held = subject.template.features[fw.feature]
            shown: JSON = True if held.number is None else held.number
            label = fw.feature if fw.number is None else f"{fw.feature} {fw.number}"
            yield Diagnostic(
                "useless-named-gain",
                Severity.WARNING,
                tuple(sorted({card.id, subject.id})),
                (_label(card, fw),),
                ("B-NAMED-1",),
                f"{_bold(card.id)} gives {label}, but every card it can give it to already has "
                f"{fw.feature}{'' if fw.number is None else ' with at least ' + str(fw.number)} "
                f"(e.g. {_bold(subject.id)}), and no card of the set lowers or removes it: a card "
                "never has the same named feature twice, so the gain never changes anything.",
                w.scenario(
                    "useless-named-gain",
                    title=f"{label} gained by a card that has {fw.feature} already",
                    description=f"{card.id}'s effect gives {label} to {subject.id}.",
                    ruleset=index.cardset.ruleset,
                    objects=objects,
                    steps=[w.step_doc(step, ids)],
                    expect={
                        f"objects.{subject.id}.features.{fw.feature}": shown
                        if held.number is None
                        else {"shown": max(0, held.number), "raw": held.number},
                        "events.0.applied": False,
                    },
                ),
                _locs(fw.where, subject.where),
            )
