"""``arbiter upgrade``: a format 1 card-set file rewritten as format 2, in its own text.

Only the keys that change are rewritten (``roles`` + ``effect`` become ``do:``,
``triggers`` and ``quick_actions`` take the card language); every other line, and the
comments inside a rewritten block (moved above it), stay as they were. A card is
rewritten only when lowering its format 2 form gives back exactly its format 1 data
(role names aside), so the engine reads the same card; otherwise it keeps its format 1
keys, which format 2 still accepts, and the card is listed in :attr:`Upgrade.kept`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import yaml

from arbiter.model.effects import algebra as a
from arbiter.model.effects import emit
from arbiter.model.effects.lower import lower_do, lower_trigger
from arbiter.model.effects.upgrade import NotExpressible, do_ability, trigger
from arbiter.model.format.document import load


@dataclass(frozen=True, slots=True)
class Upgrade:
    text: str
    changed: tuple[str, ...]  # card ids rewritten
    kept: tuple[str, ...]  # "card.key": kept in format 1 (the card language cannot say it yet)
    already: bool = False  # the file was format 2 already


def flow(value: object) -> str:
    if isinstance(value, str):
        plain = str(yaml.safe_dump(value, allow_unicode=True, width=10_000))
        if plain.endswith("\n...\n") and "'" not in plain and '"' not in plain:
            return plain[: -len("\n...\n")]
        return json.dumps(value, ensure_ascii=False)
    return str(
        yaml.safe_dump(
            value, default_flow_style=True, width=10_000, sort_keys=False, allow_unicode=True
        )
    ).strip()


def _renamed(roles: dict[str, object], steps: list[object]) -> object:
    """Steps and roles with role names replaced by their order of first use."""
    order: dict[str, str] = {}

    def walk(v: object) -> object:
        if isinstance(v, str) and v in roles:
            return order.setdefault(v, f"r{len(order)}")
        if isinstance(v, list):
            return [walk(x) for x in v]
        if isinstance(v, dict):
            return {k: walk(x) for k, x in v.items()}
        return v

    new_steps = walk(steps)
    return new_steps, {order.get(k, k): v for k, v in roles.items()}


def _do(card: dict[str, object], kind: str) -> a.CardAbility:
    ab = do_ability(card)
    if ab is None:
        raise NotExpressible("no effect")
    roles, steps = lower_do(ab, kind)
    given = card.get("roles") or {}
    assert isinstance(given, dict)
    if _renamed(roles, steps) != _renamed(dict(given), list(card["effect"])):  # type: ignore[call-overload]
        raise NotExpressible("a card whose format 2 form reads differently")
    return ab


def _triggers(raw: object, kind: a.Kind) -> list[a.CardAbility]:
    if not isinstance(raw, list):
        raise NotExpressible("a list")
    out = []
    for i, t in enumerate(raw):
        ab = trigger(t, i, kind)
        back = lower_trigger(ab)
        want = dict(t)
        want.setdefault("id", ab.ident)
        if kind is a.Kind.QUICK:
            want.setdefault("cost", [])
        if isinstance(want.get("do"), dict):
            want["do"] = [want["do"]]
        if back != want:
            raise NotExpressible("a trigger whose format 2 form reads differently")
        out.append(ab)
    return out


def _block(lines: list[str], start: int) -> int:
    """The index after the block of the key on line ``start``."""
    indent = len(lines[start]) - len(lines[start].lstrip())
    end = start + 1
    while end < len(lines):
        line = lines[end]
        stripped = line.strip()
        if stripped and not stripped.startswith("#") and len(line) - len(line.lstrip()) <= indent:
            break
        end += 1
    while end > start + 1 and not lines[end - 1].strip():
        end -= 1
    return end


def _emit_key(key: str, value: object, indent: str) -> list[str]:
    if isinstance(value, list) and len(value) > 1 or key in ("triggers", "quick_actions"):
        items = value if isinstance(value, list) else [value]
        out = [f"{indent}{key}:"]
        for item in items:
            if isinstance(item, dict) and key in ("triggers", "quick_actions"):
                first = True
                for k, v in item.items():
                    lead = "- " if first else "  "
                    out.append(f"{indent}  {lead}{k}: {flow(v)}")
                    first = False
            else:
                out.append(f"{indent}  - {flow(item)}")
        return out
    return [f"{indent}{key}: {flow(value)}"]


def upgrade_text(name: str, text: str) -> Upgrade:
    """The format 2 text of a format 1 card-set file."""
    doc = load(name, text)
    root = doc.root
    if not isinstance(root, dict) or root.get("format") == 2 or "objects" in root:
        return Upgrade(text, (), (), already=True)
    lines = text.splitlines()
    edits: list[tuple[int, int, list[str]]] = []  # (start, end, new lines)
    changed: list[str] = []
    kept: list[str] = []
    cards = root.get("cards") if isinstance(root.get("cards"), dict) else {}
    assert isinstance(cards, dict)
    for cid, card in cards.items():
        if not isinstance(card, dict):
            continue
        plan: list[tuple[list[str], str, object]] = []  # (old keys, new key, value)
        if "effect" in card:
            try:
                ab = _do(card, str(card.get("kind", "")))
                keys = [k for k in ("roles", "effect") if k in card]
                plan.append((keys, "do", emit.effects(ab.effects)))
            except (NotExpressible, KeyError, TypeError, ValueError):
                kept.append(f"{cid}.effect")
        for key, kind in (("triggers", a.Kind.TRIGGER), ("quick_actions", a.Kind.QUICK)):
            if key in card:
                try:
                    abs_ = _triggers(card[key], kind)
                    plan.append(([key], key, [emit.ability(x, i) for i, x in enumerate(abs_)]))
                except (NotExpressible, KeyError, TypeError, ValueError):
                    kept.append(f"{cid}.{key}")
        if not plan:
            continue
        changed.append(str(cid))
        for old, new, value in plan:
            spans = []
            for k in old:
                line, _ = doc.key_marks[("cards", cid, k)]
                spans.append((line - 1, _block(lines, line - 1)))
            indent = lines[spans[0][0]][
                : len(lines[spans[0][0]]) - len(lines[spans[0][0]].lstrip())
            ]
            comments = [
                ln for s, e in spans for ln in lines[s + 1 : e] if ln.strip().startswith("#")
            ]
            comments = [indent + c.strip() for c in comments]
            first = min(s for s, _ in spans)
            edits.append((first, first, [*comments, *_emit_key(new, value, indent)]))
            for s, e in spans:
                edits.append((s, e, []))
    for start, end, added in sorted(edits, key=lambda x: (x[0], x[1]), reverse=True):
        lines[start:end] = added
    for n, text_line in enumerate(lines):
        if text_line.startswith("ruleset:"):
            lines.insert(n + 1, "format: 2")
            break
    out = "\n".join(lines) + ("\n" if text.endswith("\n") else "")
    return Upgrade(out, tuple(changed), tuple(kept))


def v1_note(files: tuple[str, ...] | list[str]) -> str | None:
    """The one line every command prints (on stderr) when it read format 1 files."""
    if not files:
        return None
    names = " ".join(sorted(set(files)))
    return (
        f"note: format 1 read by upgrading it in memory ({names}); "
        f"`arbiter upgrade {names}` rewrites it as format 2"
    )
