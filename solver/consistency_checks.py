"""The diagnostic kinds of ``arbiter check`` that rest on the foundation: unknown
references, absent characteristics (A-CHAR-2), named-feature gains that never
change anything (B-NAMED-1), and rulings on Decisions E-IMM-1b and E-DIV.

Each kind is one function registered with ``@set_check`` or ``@tuple_check``
(solver/consistency.py); each diagnostic carries a witness scenario.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator

from model.cardset import Card, FeatureWrite, StatWrite
from model.errors import Location
from model.ruleset import Rounding
from model.state import JSON, Guard
from model.steps import Modify
from solver import witness as w
from solver.consistency import (
    CardIndex,
    Diagnostic,
    Severity,
    set_check,
    tuple_check,
)

NUMBER_WRITES = ("add", "set", "multiply", "divide", "copy", "swap", "swap-bonus")


def _label(card: Card, write: StatWrite | FeatureWrite) -> str:
    return f"{card.id}.effect[{write.step}]"


def _locs(*where: Location | None) -> tuple[Location, ...]:
    return tuple(x for x in where if x is not None)


def _bold(cid: str) -> str:
    return cid


def _role_ids(index: CardIndex, card: Card, step_roles: list[str]) -> tuple[dict[str, str], dict[str, dict[str, JSON]]]:
    """Object ids and scenario objects for the roles a step uses: the card itself for
    ``self``, the first card that fits each other role, or a bare object."""
    ids: dict[str, str] = {}
    objects: dict[str, dict[str, JSON]] = {}
    for role_name in step_roles:
        if role_name in ids:
            continue
        role = card.role(role_name)
        fits = [c for c in index.cardset.cards.values() if c.kind in index.role_kinds(card, role_name)]
        if role.is_self:
            oid, doc = card.id, w.card_object(card)
        elif fits and fits[0].id not in objects:
            oid, doc = fits[0].id, w.card_object(fits[0], "opponent" if role.side == "enemy" else "you")
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


@set_check("references", "unknown-card", "unknown-zone", "unknown-characteristic", "unknown-feature")
def unknown_references(index: CardIndex) -> Iterator[Diagnostic]:
    cards = index.cardset.cards
    zones = index.cardset.zones
    gained_stats, gained_feats = _gains(index)
    ruleset = index.cardset.ruleset.name
    known_stats = set(index.stat_holders) | set(gained_stats)
    for card in cards.values():
        for ref in card.refs:
            if ref.kind == "card" and ref.name not in cards and ref.name != card.id:
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
                        expect={f"objects.{ref.name}": None, f"{card.id}.kind": card.kind},
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
                            description=f"{card.id} protects {stat}; it has no such characteristic.",
                            ruleset=ruleset,
                            objects={card.id: w.card_object(card)},
                            steps=[],
                            expect={f"{card.id}.{stat}": None},
                        ),
                        _locs(card.where),
                    )
        for fw in fp.feature_writes:
            if fw.op != "gain" and fw.feature not in index.feature_holders and fw.feature not in gained_feats:
                yield _unknown_feature(index, card, fw)


def _unknown_zone(index: CardIndex, card: Card, zone: str, where: Location | None) -> Iterator[Diagnostic]:
    moves = [(i, s) for i, s in enumerate(card.effect) if getattr(s, "zone", None) == zone]
    step_i, step = moves[0] if moves else (0, None)
    known = ", ".join(sorted(index.cardset.zones))
    witness = None
    if step is not None:
        ids, objects = _role_ids(index, card, list(step.target_ids()))
        target = ids[step.target_ids()[0]]
        witness = w.scenario(
            "unknown-zone",
            title=f"'{zone}' is not a zone of {index.cardset.ruleset.name}",
            description=f"{card.id} moves an object to '{zone}'; the zones are {known}.",
            ruleset=index.cardset.ruleset.name,
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


def _write_witness(
    index: CardIndex, card: Card, sw: StatWrite, expect_of: str
) -> tuple[str, dict[str, dict[str, JSON]], list[dict[str, JSON]], dict[str, JSON]]:
    step = card.effect[sw.step]
    ids, objects = _role_ids(index, card, list(step.target_ids()))
    subject = ids[sw.role]
    expect: dict[str, JSON] = {f"{subject}.{sw.stat}": None}
    if isinstance(step, Modify) and step.other is None:
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
            ruleset=index.cardset.ruleset.name,
            objects=objects,
            steps=steps,
            expect=expect,
        ),
        _locs(sw.where),
    )


def _unknown_feature(index: CardIndex, card: Card, fw: FeatureWrite) -> Diagnostic:
    step = card.effect[fw.step]
    ids, objects = _role_ids(index, card, list(step.target_ids()))
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
            ruleset=index.cardset.ruleset.name,
            objects=objects,
            steps=[w.step_doc(step, ids)],
            expect={f"objects.{subject}.features.{fw.feature}": None, "events.0.applied": False},
        ),
        _locs(fw.where),
    )


# -- A-CHAR-2: a characteristic no card the ability can reach has --------------------------


@set_check("absent-characteristic", "absent-characteristic")
def absent_characteristic(index: CardIndex) -> Iterator[Diagnostic]:
    gained_stats, _ = _gains(index)
    for card in index.cardset.cards.values():
        for sw in index.prints[card.id].stat_writes:
            if sw.op not in NUMBER_WRITES or isinstance(sw.value, frozenset):
                continue
            if sw.stat not in index.stat_holders and sw.stat not in gained_stats:
                continue  # reported as unknown-characteristic
            kinds = index.role_kinds(card, sw.role)
            reach = [c for c in index.cardset.cards.values() if c.kind in kinds] if not card.role(sw.role).is_self else [card]
            if any(sw.stat in c.template.base for c in reach):
                continue
            if kinds & gained_stats.get(sw.stat, set()):
                continue
            _, objects, steps, expect = _write_witness(index, card, sw, "absent")
            holders = ", ".join(index.stat_holders.get(sw.stat, ())[:3]) or "an effect"
            yield Diagnostic(
                "absent-characteristic",
                Severity.WARNING,
                (card.id,),
                (_label(card, sw),),
                ("A-CHAR-2",),
                f"{_bold(card.id)} {sw.op}s '{sw.stat}' of {'itself' if sw.role == 'self' else 'its ' + sw.role} "
                f"({', '.join(sorted(kinds))}), but no such card of the set has '{sw.stat}' "
                f"(only {holders} do): an absent characteristic cannot be modified, so this part "
                "of the effect never does anything.",
                w.scenario(
                    "absent-characteristic",
                    title=f"no {', '.join(sorted(kinds))} has {sw.stat}",
                    description=f"{card.id}'s effect modifies {sw.stat}; the object lacks it (A-CHAR-2).",
                    ruleset=index.cardset.ruleset.name,
                    objects=objects,
                    steps=steps,
                    expect=expect,
                ),
                _locs(sw.where),
            )


# -- B-NAMED-1: gaining a named feature that never changes anything -----------------------


@set_check("useless-named-gain", "useless-named-gain")
def useless_named_gain(index: CardIndex) -> Iterator[Diagnostic]:
    lowered = {
        fw.feature
        for fp in index.prints.values()
        for fw in fp.feature_writes
        if fw.op == "lose" or (fw.op == "boost" and (fw.number or 0) < 0)
    }
    for card in index.cardset.cards.values():
        for fw in index.prints[card.id].feature_writes:
            if fw.op != "gain" or fw.feature in lowered:
                continue
            role = card.role(fw.role)
            kinds = index.role_kinds(card, fw.role)
            reach = [card] if role.is_self else [c for c in index.cardset.cards.values() if c.kind in kinds]
            if not reach:
                continue

            def covered(c: Card) -> bool:
                have = c.template.features.get(fw.feature)
                if have is None:
                    return False
                if fw.number is None or have.number is None:
                    return fw.number is None
                return have.number >= fw.number

            if not all(covered(c) for c in reach):
                continue
            subject = reach[0]
            step = card.effect[fw.step]
            ids, objects = _role_ids(index, card, list(step.target_ids()))
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
                    ruleset=index.cardset.ruleset.name,
                    objects=objects,
                    steps=[w.step_doc(step, ids)],
                    expect={f"objects.{subject.id}.features.{fw.feature}": shown if held.number is None else {"shown": max(0, held.number), "raw": held.number}, "events.0.applied": False},
                ),
                _locs(fw.where, subject.where),
            )


# -- rulings: E-IMM-1b (divide vs "cannot be decreased") and E-DIV (rounding) ------------


def _decreasing(sw: StatWrite) -> bool:
    """A write that lowers a positive value other than by ``add -X``: divide by more than 1
    or multiply by less than 1 (E-IMM-1b)."""
    values = sw.value if isinstance(sw.value, tuple) else (sw.value,)
    nums = [v for v in values if isinstance(v, int)]
    if sw.op == "divide":
        return any(v > 1 for v in nums)
    if sw.op == "multiply":
        return any(v < 1 for v in nums)
    return False


def _divider_keys(index: CardIndex, card: Card) -> frozenset[Hashable]:
    return frozenset(
        (sw.stat, kind)
        for sw in index.prints[card.id].stat_writes
        if _decreasing(sw)
        for kind in index.role_kinds(card, sw.role)
    )


def _guards(card: Card, stat: str) -> bool:
    return Guard.CANNOT_DECREASE in card.template.guards_on(stat) and Guard.CANNOT_MODIFY not in card.template.guards_on(stat)


def _protector_keys(index: CardIndex, card: Card) -> frozenset[Hashable]:
    return frozenset((s, card.kind) for s in card.template.base if _guards(card, s))


def _granter_keys(index: CardIndex, card: Card) -> frozenset[Hashable]:
    return frozenset(
        (sw.stat, kind)
        for sw in index.prints[card.id].stat_writes
        if sw.op == "protect" and sw.guard is Guard.CANNOT_DECREASE
        for kind in index.role_kinds(card, sw.role)
    )


def _subject_keys(index: CardIndex, card: Card) -> frozenset[Hashable]:
    return frozenset((s, card.kind) for s, v in card.template.base.items() if not isinstance(v, frozenset))


def _divided(value: int, sw: StatWrite, rounding: Rounding) -> int:
    z = sw.value if isinstance(sw.value, int) else 2
    if sw.op == "multiply":
        return value * z
    if rounding is Rounding.UP:
        return -((-value) // z)
    if rounding is Rounding.NEAREST:
        q, r = divmod(abs(value), z)
        return (q + (2 * r >= z)) * (1 if value >= 0 else -1)
    return value // z


def _expected_after(subject: Card, sw: StatWrite, rounding: Rounding) -> JSON:
    base = subject.template.base[sw.stat]
    if isinstance(base, tuple):
        return [max(0, _divided(v, sw, rounding)) for v in base]
    assert isinstance(base, int)
    return max(0, _divided(base, sw, rounding))


def _rounding(index: CardIndex, step: Modify) -> Rounding:
    return Rounding(step.rounding) if step.rounding else index.cardset.ruleset.division_rounding


def _imm_diagnostic(index: CardIndex, divider: Card, subject: Card, granter: Card | None) -> Iterator[Diagnostic]:
    for sw in index.prints[divider.id].stat_writes:
        if not _decreasing(sw) or subject.kind not in index.role_kinds(divider, sw.role):
            continue
        if sw.role == "self" and divider.id != subject.id:
            continue
        step = divider.effect[sw.step]
        if not isinstance(step, Modify) or sw.stat not in subject.template.base:
            continue
        grant_steps: list[dict[str, JSON]] = []
        if granter is None:
            if not _guards(subject, sw.stat):
                continue
            why = f"{_bold(subject.id)}'s {sw.stat} cannot be decreased"
        else:
            grants = [
                x
                for x in index.prints[granter.id].stat_writes
                if x.op == "protect"
                and x.role != "self"
                and x.stat == sw.stat
                and x.guard is Guard.CANNOT_DECREASE
                and subject.kind in index.role_kinds(granter, x.role)
            ]
            if not grants:
                continue
            gstep = granter.effect[grants[0].step]
            grant_steps = [w.step_doc(gstep, {r: subject.id for r in gstep.target_ids()})]
            why = f"{_bold(granter.id)} makes the {sw.stat} of {_bold(subject.id)} impossible to decrease"
        ids, objects = _role_ids(index, divider, list(step.target_ids()))
        ids[sw.role] = subject.id
        objects = {k: v for k, v in objects.items() if k in ids.values()}
        objects[subject.id] = w.card_object(subject, "opponent")
        rounding = _rounding(index, step)
        after = _expected_after(subject, sw, rounding)
        cards = tuple(sorted({divider.id, subject.id} | ({granter.id} if granter else set())))
        n = len(grant_steps)
        yield Diagnostic(
            "ruling-E-IMM-1b",
            Severity.RULING,
            cards,
            (f"{divider.id}.effect[{sw.step}]",) + ((f"{granter.id}.effect",) if granter else (f"{subject.id}.protections",)),
            ("E-IMM-1b", "E-IMM-1", "E-OPS-1"),
            f"{why}, and {_bold(divider.id)} can {sw.op} it by {sw.value}. By Decision E-IMM-1b "
            "only 'add -X' is blocked, so the division applies and lowers the value; the source "
            "names only -X, so a judge should confirm this reading for these cards (or the card "
            "text should say).",
            w.scenario(
                "ruling-E-IMM-1b",
                title=f"{divider.id} {sw.op}s {sw.stat} that cannot be decreased",
                description="Decision E-IMM-1b: 'cannot be decreased' blocks only add -X; the "
                "division applies. A judge confirms this ruling for these cards.",
                ruleset=index.cardset.ruleset.name,
                objects=objects,
                steps=[*grant_steps, w.step_doc(step, ids)],
                expect={f"events.{n}.applied": True, f"{subject.id}.{sw.stat}": after},
            ),
            _locs(sw.where, subject.where if granter is None else granter.where),
        )


@tuple_check("ruling-E-IMM-1b/self", ["ruling-E-IMM-1b"], [_divider_keys, _protector_keys])
def divide_vs_own_protection(index: CardIndex, combo: tuple[str, ...]) -> Iterator[Diagnostic]:
    divider, subject = (index.card(c) for c in combo)
    yield from _imm_diagnostic(index, divider, subject, None)


@tuple_check(
    "ruling-E-IMM-1b/granted", ["ruling-E-IMM-1b"], [_divider_keys, _granter_keys, _subject_keys]
)
def divide_vs_granted_protection(index: CardIndex, combo: tuple[str, ...]) -> Iterator[Diagnostic]:
    divider, granter, subject = (index.card(c) for c in combo)
    yield from _imm_diagnostic(index, divider, subject, granter)


def _unrounded_keys(index: CardIndex, card: Card) -> frozenset[Hashable]:
    out: set[Hashable] = set()
    for sw in index.prints[card.id].stat_writes:
        step = card.effect[sw.step]
        if sw.op == "divide" and isinstance(step, Modify) and step.rounding is None:
            out.update((sw.stat, k) for k in index.role_kinds(card, sw.role))
    return frozenset(out)


def _uneven_keys(index: CardIndex, card: Card) -> frozenset[Hashable]:
    return _subject_keys(index, card)


@tuple_check("ruling-E-DIV", ["ruling-E-DIV"], [_unrounded_keys, _uneven_keys])
def division_rounding(index: CardIndex, combo: tuple[str, ...]) -> Iterator[Diagnostic]:
    divider, subject = (index.card(c) for c in combo)
    for sw in index.prints[divider.id].stat_writes:
        step = divider.effect[sw.step]
        if sw.op != "divide" or not isinstance(step, Modify) or step.rounding is not None:
            continue
        if subject.kind not in index.role_kinds(divider, sw.role) or sw.role == "self":
            continue
        base = subject.template.base.get(sw.stat)
        z = sw.value
        if not isinstance(z, int) or z <= 1 or base is None or isinstance(base, frozenset):
            continue
        values = base if isinstance(base, tuple) else (base,)
        if all(v % z == 0 for v in values):
            continue
        ids, objects = _role_ids(index, divider, list(step.target_ids()))
        ids[sw.role] = subject.id
        objects = {k: v for k, v in objects.items() if k in ids.values()}
        objects[subject.id] = w.card_object(subject, "opponent")
        rounding = index.cardset.ruleset.division_rounding
        down = _expected_after(subject, sw, rounding)
        other = _expected_after(subject, sw, Rounding.UP if rounding is not Rounding.UP else Rounding.DOWN)
        yield Diagnostic(
            "ruling-E-DIV",
            Severity.RULING,
            tuple(sorted({divider.id, subject.id})),
            (f"{divider.id}.effect[{sw.step}]",),
            ("E-DIV",),
            f"{_bold(divider.id)} divides {sw.stat} by {z} without saying how it rounds, and "
            f"{_bold(subject.id)} starts with {sw.stat} {_show(base)}: by Decision E-DIV the "
            f"result is {_show(down)} ({rounding.value}); rounded the other way it would be "
            f"{_show(other)}. The full Altered rules (1.1.6.b) ask every division to say how it "
            "rounds: add 'rounding:' to the card, or confirm the ruleset's default.",
            w.scenario(
                "ruling-E-DIV",
                title=f"{divider.id} divides an uneven {sw.stat}",
                description=f"Decision E-DIV: rounding {rounding.value}; the other way gives {_show(other)}.",
                ruleset=index.cardset.ruleset.name,
                objects=objects,
                steps=[w.step_doc(step, ids)],
                expect={f"{subject.id}.{sw.stat}": down, "events.0.applied": True},
            ),
            _locs(sw.where, subject.where),
        )


def _show(v: object) -> str:
    if isinstance(v, tuple | list):
        return "/".join(str(x) for x in v)
    return str(v)

