"""Witness scenarios: minimal scenario files that ``arbiter run`` executes to show a
diagnostic. They are built as plain data from the cards and dumped as YAML."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence

import yaml

from arbiter.model.cardset import Card, Role
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
from arbiter.solver.check.base import Diagnostic, Witness

PLAYERS = ["you", "opponent"]
_DUMPER: type = getattr(yaml, "CSafeDumper", yaml.SafeDumper)  # libyaml's emitter is fast


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
    raise ValueError(f"no witness form for {type(step).__name__}")


def scenario(
    name: str,
    *,
    title: str,
    description: str,
    ruleset: str,
    objects: Mapping[str, Mapping[str, JSON]],
    steps: Sequence[Mapping[str, JSON]],
    expect: Mapping[str, JSON],
    policies: Mapping[str, JSON] | None = None,
) -> Witness:
    doc: dict[str, JSON] = {"title": title, "description": description, "ruleset": ruleset}
    if policies:
        doc["policies"] = dict(policies)
    doc["players"] = list(PLAYERS)
    doc["objects"] = {k: dict(v) for k, v in objects.items()}
    doc["steps"] = [dict(s) for s in steps]
    doc["expect"] = dict(expect)
    text = yaml.dump(
        doc,
        Dumper=_DUMPER,
        sort_keys=False,
        allow_unicode=True,
        width=88,
        default_flow_style=None,
    )
    return Witness(
        name, "# A witness written by `arbiter check`: run it with `arbiter run`.\n" + text
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
    for cid, card in cards.items():
        doc = card_object(card)
        doc.pop("owner", None)
        docs[cid] = doc
    doc_all: dict[str, JSON] = {
        "title": title,
        "description": description,
        "ruleset": ruleset,
        "players": list(PLAYERS),
        "cards": docs,
        "expect_verdict": dict(expect_verdict),
    }
    text = yaml.dump(
        doc_all,
        Dumper=_DUMPER,
        sort_keys=False,
        allow_unicode=True,
        width=88,
        default_flow_style=None,
    )
    return Witness(
        name, "# A witness written by `arbiter check`: run it with `arbiter loops`.\n" + text
    )


def _stem(d: Diagnostic) -> str:
    from arbiter.solver.safe_output import safe_name

    return safe_name("--".join([d.code, *d.cards]), "witness")


def _canonical(text: str) -> bytes:
    """The witness as data, keys sorted: the order the card set declared things in (which
    the witness keeps, as written) does not change its name."""
    import json

    from arbiter.model.format.document import load  # libyaml's composer: fast

    root = load("witness.yaml", text).root
    return json.dumps(root, sort_keys=True, ensure_ascii=False).encode("utf-8")


def _digest(witness: Witness) -> str:
    """A hash of what the witness holds: its files are named by it, so runs that write
    into one folder at once never collide, and a report's names always lead to the
    content it describes (the same content gives the same name: output is reproducible)."""
    import hashlib

    h = hashlib.sha256(_canonical(witness.text))
    for suffix, text in witness.variants:
        h.update(b"\0" + suffix.encode("utf-8") + b"\0" + _canonical(text))
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

