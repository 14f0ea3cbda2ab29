"""Witness scenarios: minimal scenario files that ``arbiter run`` executes to show a
diagnostic. They are built as plain data from the cards and dumped as YAML."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence

from arbiter.model.cardset import Card, Role
from arbiter.model.effects import emit
from arbiter.model.effects.algebra import Const, DealDamage, Kind
from arbiter.model.effects.perform import Perform
from arbiter.model.ruleset import Ruleset, chosen_policies
from arbiter.model.state import JSON, BaseValue, GameObject, Protection
from arbiter.model.steps import (
    BoostFeature,
    GainFeature,
    GainStat,
    LoseFeature,
    Modify,
    Move,
    Protect,
    Step,
)
from arbiter.solver.check import witness_yaml as wy
from arbiter.solver.check.base import Diagnostic, Witness

PLAYERS = ["you", "opponent"]


def _value(v: BaseValue | tuple[int | None, ...] | None) -> JSON:
    if isinstance(v, frozenset):
        return sorted(v)
    if isinstance(v, tuple):
        return list(v)
    return v


def protection_doc(p: Protection) -> dict[str, JSON]:
    out: dict[str, JSON] = {"stat": sorted(p.stats)}
    if p.guard is not None:
        out["cannot"] = p.guard.value
    else:
        out["limit"] = p.limit
    out["source"] = p.source
    return out


def object_doc(obj: GameObject, owner: str = "you") -> dict[str, JSON]:
    """The scenario object a card makes (its base, features and protections)."""
    out: dict[str, JSON] = {"owner": owner, "kind": obj.kind}
    if obj.base:
        out["base"] = {k: _value(v) for k, v in obj.base.items()}
    if obj.features:
        out["features"] = {
            n: (True if f.number is None else f.number) for n, f in obj.features.items()
        }
    if obj.protections:
        out["protections"] = [protection_doc(p) for p in obj.protections]
    return out


def card_object(card: Card, owner: str = "you") -> dict[str, JSON]:
    """The card as a scenario object, with the keys other areas parse (passives,
    triggers, prevention ...) copied as written."""
    out = object_doc(card.template, owner)
    out.update(card.area_keys)
    return out


def bare_object(role: Role) -> dict[str, JSON]:
    """An object of the role's kind with no characteristics (no card of the set fits)."""
    kind = sorted(role.kinds)[0] if role.kinds else "object"
    return {"owner": "opponent" if role.side == "enemy" else "you", "kind": kind}


def step_doc(step: Step, ids: Mapping[str, str]) -> dict[str, JSON]:
    """A foundation step of a card's effect, its roles replaced by object ids."""

    def oid(role: str) -> str:
        return ids.get(role, role)

    if isinstance(step, Modify):
        body: dict[str, JSON] = {"target": oid(step.target), "stat": step.stat, "op": step.word}
        if step.other is not None:
            body["from" if step.word == "copy" else "with"] = oid(step.other)
        else:
            body["value"] = _value(step.value)
        if step.component is not None:
            body["component"] = step.component
        if step.rounding is not None:
            body["rounding"] = step.rounding
        body["source"] = step.source
        return {"modify": body}
    if isinstance(step, Protect):
        return {"protect": {"target": oid(step.target), **protection_doc(step.protection)}}
    if isinstance(step, GainFeature):
        gain: dict[str, JSON] = {"target": oid(step.target), "feature": step.feature}
        if step.number is not None:
            gain["number"] = step.number
        return {"gain": gain}
    if isinstance(step, BoostFeature):
        return {
            "boost": {
                "target": oid(step.target),
                "feature": step.feature,
                "amount": step.amount,
                "source": step.source,
                "constant": step.constant,
            }
        }
    if isinstance(step, LoseFeature):
        return {"lose": {"target": oid(step.target), "feature": step.feature}}
    if isinstance(step, GainStat):
        return {
            "gain": {"target": oid(step.target), "stat": step.stat, "value": _value(step.value)}
        }
    if isinstance(step, Move):
        return {"move": {"target": oid(step.target), "zone": step.zone}}
    if isinstance(step, Perform):
        return perform_doc(step, ids)
    raise ValueError(f"no witness form for {type(step).__name__}")


def step_roles(step: Step) -> list[str]:
    """The roles a witness of the step needs objects for (a ``perform`` step: the card
    playing it too)."""
    return ["self", *step.target_ids()] if isinstance(step, Perform) else list(step.target_ids())


def perform_doc(step: Perform, ids: Mapping[str, str]) -> dict[str, JSON]:
    """A ``perform`` step of a card's effect, its roles replaced by object ids: each chosen
    role is the one object the diagnostic is about (the smallest subset of "any number of"
    that shows it); a split gives all its damage to the first (D-DIST-1)."""
    chosen = {k: [ids.get(r, r) for r in v] for k, v in step.chosen.items()}
    body: dict[str, JSON] = {"by": ids.get(step.by, step.by), "do": emit.effects(step.effects)}
    if chosen:
        body["choose"] = dict(chosen)
    split: dict[str, JSON] = {}
    for i, e in enumerate(step.effects):
        if isinstance(e.action, DealDamage) and e.action.split and isinstance(e.amount, Const):
            picked = chosen.get(e.selector.name or "", chosen.get(str(i), []))
            if picked and isinstance(e.amount.value, int):
                split[picked[0]] = e.amount.value
    if split:
        body["split"] = split
    return {"perform": body}


def scenario(
    name: str,
    *,
    title: str,
    description: str,
    ruleset: Ruleset,
    objects: Mapping[str, Mapping[str, JSON]],
    steps: Sequence[Mapping[str, JSON]],
    expect: Mapping[str, JSON],
    policies: Mapping[str, JSON] | None = None,
    choices: Mapping[str, JSON] | None = None,
) -> Witness:
    """A witness played by ``ruleset`` as the card set has it: the policies the set (or the
    configuration, or the command line) chose are written under ``policies:``, then
    ``policies`` (the other reading a ruling compares) over them (Decision CHECK-WIT);
    ``choices``: the decisions it fixes (a step id -> its ``choices:`` entries)."""
    doc: dict[str, JSON] = {"title": title, "description": description, "ruleset": ruleset.name}
    chosen: dict[str, JSON] = {**chosen_policies(ruleset), **(policies or {})}
    if chosen:
        doc["policies"] = chosen
    doc["players"] = list(PLAYERS)
    doc["objects"] = {k: dict(v) for k, v in objects.items()}
    doc["steps"] = [dict(s) for s in steps]
    if choices:
        doc["choices"] = dict(choices)
    doc["expect"] = dict(expect)
    return _witness(
        name, "# A witness written by `arbiter check`: run it with `arbiter run`.\n", doc
    )


def loops_file(
    name: str,
    *,
    title: str,
    description: str,
    ruleset: str,
    cards: Mapping[str, Card],
    expect_verdict: Mapping[str, JSON],
) -> Witness:
    """A card set in the input format of ``arbiter loops`` (its minimal state, LOOP-4),
    with the verdict it must give under ``expect_verdict:``."""
    docs: dict[str, JSON] = {}
    v2 = any(card.written for card in cards.values())  # run as written: format 2
    for cid, card in cards.items():
        doc = card_object(card)
        doc.pop("owner", None)
        if v2:
            doc.update(_abilities_v2(card))
        docs[cid] = doc
    doc_all: dict[str, JSON] = {
        "title": title,
        "description": description,
        "ruleset": ruleset,
        **({"format": 2} if v2 else {}),
        "players": list(PLAYERS),
        "cards": docs,
        "expect_verdict": dict(expect_verdict),
    }
    return _witness(
        name, "# A witness written by `arbiter check`: run it with `arbiter loops`.\n", doc_all
    )


def _abilities_v2(card: Card) -> dict[str, JSON]:
    """The card's triggers and quick actions in the card language (format 2), for a card
    set where some run as they are written (Decision CHECK-ALGEBRA)."""
    out: dict[str, JSON] = {}
    for key, kind in (("triggers", Kind.TRIGGER), ("quick_actions", Kind.QUICK)):
        items = [ab for ab in card.abilities if ab.kind is kind]
        if items:
            out[key] = [emit.ability(ab, i) for i, ab in enumerate(items)]
    return out


def _stem(d: Diagnostic) -> str:
    from arbiter.solver.safe_output import safe_name

    return safe_name("--".join([d.code, *d.cards]), "witness")


def _witness(name: str, header: str, doc: dict[str, JSON]) -> Witness:
    """The witness of ``doc``: its text (a comment line, then the YAML) and, where the data
    reads back as itself, its canonical form (the text need not be parsed to name it)."""
    text, canonical = wy.render(doc)
    return Witness(name, header + text, canonical=() if canonical is None else (canonical,))


def with_variant(main: Witness, suffix: str, other: Witness) -> Witness:
    """``main`` with ``other``'s text as its variant ``suffix`` (the other reading of a
    Decision), keeping what both already know of their canonical forms."""
    plain = not main.variants and not other.variants
    known = main.canonical + other.canonical if plain else ()
    return Witness(
        main.name, main.text, ((suffix, other.text),), canonical=known if len(known) == 2 else ()
    )


def _canonicals(witness: Witness) -> list[bytes]:
    """The canonical forms of the witness's text and of each variant (computed from the data
    when known, else by parsing the text)."""
    texts = [witness.text, *(text for _, text in witness.variants)]
    if len(witness.canonical) == len(texts):
        return list(witness.canonical)
    return [wy.text_canonical(t) for t in texts]


def _digest(witness: Witness) -> str:
    """A hash of what the witness holds: its files are named by it, so runs that write
    into one folder at once never collide, and a report's names always lead to the
    content it describes (the same content gives the same name: output is reproducible)."""
    import hashlib

    main, *others = _canonicals(witness)
    h = hashlib.sha256(main)
    for (suffix, _), canonical in zip(witness.variants, others, strict=True):
        h.update(b"\0" + suffix.encode("utf-8") + b"\0" + canonical)
    return h.hexdigest()[:12]


def write_witnesses(diagnostics: Sequence[Diagnostic], folder: str) -> list[str | None]:
    """Write each diagnostic's witness into ``folder`` (created inside its parent without
    following links, solver/safe_output.py); the paths, in the same order."""
    from arbiter.solver.safe_output import WitnessFolder, safe_name

    paths: list[str | None] = []
    root: WitnessFolder | None = None
    sub: WitnessFolder | None = None
    try:
        for d in diagnostics:
            if d.witness is None:
                paths.append(None)
                continue
            if sub is None:
                parent, name = os.path.split(os.path.normpath(folder))
                root = WitnessFolder.open(parent or ".")
                sub = root.sub(safe_name(name, "witnesses"))
            name = f"{_stem(d)}.{_digest(d.witness)}"
            paths.append(sub.write(name + ".yaml", d.witness.text))
            for suffix, text in d.witness.variants:
                sub.write(f"{name}.{safe_name(suffix, 'variant')}.yaml", text)
    finally:
        for opened in (sub, root):
            if opened is not None:
                opened.close()
    return paths
