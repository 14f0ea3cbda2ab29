"""Card-set YAML of an imported pool: one file per set (split into include-only parts
when large), a pool file including every set, and the report.

Each card keeps its provenance under ``source`` (set, number, lang, printed text, and
the lines not modelled); its modelled lines are written in the card language (format 2:
``do:``, ``triggers:``, ``quick_actions:``, each ability with the printed line as its
``text``), written by ``model.effects.emit``; static lines as ``passives:`` in the area
syntax (``to_passives``).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from arbiter.model.effects import algebra as a
from arbiter.model.effects import emit
from arbiter.model.format.importers import to_passives, to_statics
from arbiter.model.format.importers.coverage import ImportedCard
from arbiter.model.format.importers.sources import Game, Section

PART_SIZE = 200  # cards per file; a larger set is split into include-only parts


def _base(card: ImportedCard) -> dict[str, Any]:
    raw = card.raw
    base: dict[str, Any] = dict(sorted(raw.stats.items()))
    if raw.tags:
        base["tags" if raw.game is Game.RIFTBOUND else "subtypes"] = list(raw.tags)
    if raw.factions:
        base["domains" if raw.game is Game.RIFTBOUND else "factions"] = list(raw.factions)
    if len(raw.types) > 1 or raw.game is Game.ALTERED:
        base["types"] = list(raw.types)
    return base


def printed_text(card: ImportedCard) -> str:
    sections = [card.raw.text.get(s, "") for s in (Section.MAIN, Section.ECHO)]
    return "\n".join(s.strip() for s in sections if s and s.strip())


def card_data(card: ImportedCard, lang: str) -> dict[str, Any]:
    raw = card.raw
    out: dict[str, Any] = {"name": raw.name, "kind": raw.kind}
    base = _base(card)
    if base:
        out["base"] = base
    if card.keywords:
        out["keywords"] = dict(card.keywords)
    text = printed_text(card)
    if text:
        out["text"] = text
    out.update(language(card))
    out["source"] = {
        "set": raw.set_code,
        "number": raw.number,
        "lang": lang,
        "text": text,
        "not_modelled": card.not_modelled,
    }
    return out


_LISTS = {
    a.Kind.TRIGGER: "triggers",
    a.Kind.QUICK: "quick_actions",
    a.Kind.ADDITIONAL_COST: "additional_costs",
    a.Kind.AS_ENTERS: "as_enters",
    a.Kind.PERMISSION: "permissions",
    a.Kind.STATIC: "statics",
}


def language(card: ImportedCard) -> dict[str, Any]:
    """The card's modelled lines in the card language: ``do`` (a spell's text, done once),
    ``triggers``, ``quick_actions`` and ``additional_costs``, each ability with its printed
    line as ``text``."""
    from arbiter.model.effects.syntax import DEFAULT_ID

    out: dict[str, Any] = {}
    done: list[a.Effect] = []
    for r in card.lines:
        if not r.modelled:
            continue
        for ab in r.abilities:
            if ab.kind is a.Kind.ON_PLAY:
                done.extend(ab.effects)
                continue
            if to_statics.is_bonus(ab):  # the damage area (D-BONUS-1)
                out.setdefault("damage_bonus", []).extend(to_statics.bonus_data(ab))
                continue
            if ab.kind is a.Kind.PASSIVE:  # the area syntax (to_passives)
                passive = {"text": r.line.printed, **to_passives.data(ab)}
                out.setdefault("passives", []).append(passive)
                continue
            items = out.setdefault(_LISTS[ab.kind], [])
            ident = f"{DEFAULT_ID[ab.kind]}{len(items) + 1}"
            items.append(emit.ability(replace(ab, ident=ident, text=r.line.printed), len(items)))
    if done:
        return {"do": emit.effects(tuple(done)), **out}
    return out


def _dump(data: dict[str, Any]) -> str:
    import yaml

    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)


def write_sets(cards: Sequence[ImportedCard], game: Game, out_dir: str, lang: str) -> list[str]:
    """Write the card-set files; returns the names of the files that are checked alone
    (one per set, and the pool)."""
    os.makedirs(out_dir, exist_ok=True)
    by_set: dict[str, list[ImportedCard]] = {}
    for card in cards:
        by_set.setdefault(card.raw.set_code, []).append(card)
    top_files: list[str] = []
    for code, in_set in sorted(by_set.items()):
        name = f"{code.lower()}.yaml"
        head = {"ruleset": game.value, "format": 2, "title": f"{in_set[0].raw.set_name} ({code})"}
        if len(in_set) <= PART_SIZE:
            body = {c.raw.id: card_data(c, lang) for c in in_set}
            _write(out_dir, name, {**head, "cards": body})
        else:
            parts = []
            for i in range(0, len(in_set), PART_SIZE):
                part = f"{code.lower()}-part{i // PART_SIZE + 1}.yaml"
                body = {c.raw.id: card_data(c, lang) for c in in_set[i : i + PART_SIZE]}
                _write(out_dir, part, {**head, "include_only": name, "cards": body})
                parts.append(part)
            _write(out_dir, name, {**head, "include": parts})
        top_files.append(name)
    if len(top_files) > 1:
        title = f"{game.value} pool"
        pool = {"ruleset": game.value, "format": 2, "title": title, "include": top_files}
        _write(out_dir, "pool.yaml", pool)
        top_files.append("pool.yaml")
    return top_files


def _write(out_dir: str, name: str, data: dict[str, Any]) -> None:
    with open(os.path.join(out_dir, name), "w", encoding="utf-8") as fh:
        fh.write(_dump(data))
