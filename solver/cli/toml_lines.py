"""Where a key of a TOML file is written: ``file:line:col`` for configuration mistakes.

``tomllib`` reads values without their positions, so the lines are scanned: table
headers (``[a.b]``, ``[[a.b]]``) and ``key = value`` lines, with dotted and quoted keys.
A key written another way (inside an inline table, say) falls back to the nearest
enclosing key found, and at worst to the first line.
"""

from __future__ import annotations

import re

from arbiter.model.errors import Location

_HEADER = re.compile(r"^\s*\[\[?\s*(?P<name>[^\]]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"^(?P<indent>\s*)(?P<key>[A-Za-z0-9_\-\"'. ]+?)\s*=\s*(?P<value>.*)$")


def split_key(text: str) -> tuple[str, ...]:
    """``a."b.c" . d`` as ``("a", "b.c", "d")``."""
    parts = re.findall(r'"([^"]*)"|\'([^\']*)\'|([A-Za-z0-9_\-]+)', text)
    return tuple(next(p for p in groups if p) for groups in parts)


def locate(path: str, keys: tuple[str, ...], *, value: bool = True) -> Location:
    """The line and column of the key ``keys`` (from the file's root) in ``path``: of its
    value when ``value``, else of the key; the deepest enclosing key found otherwise."""
    try:
        with open(path, encoding="utf-8") as fh:
            lines = fh.read().splitlines()
    except (OSError, UnicodeDecodeError):
        return Location(path, 1, 1)
    best: tuple[int, int, int] = (0, 1, 1)  # (keys matched, line, column)
    table: tuple[str, ...] = ()
    for number, line in enumerate(lines, 1):
        header = _HEADER.match(line)
        if header:
            table = split_key(header["name"])
            found, column = table, line.index("[") + 1
        else:
            pair = _KEY.match(line)
            if pair is None:
                continue
            found = (*table, *split_key(pair["key"]))
            column = pair.start("value") + 1 if value else pair.start("key") + 1
        depth = _common(found, keys)
        if depth == len(found) and depth > best[0]:
            best = (depth, number, column)
            if depth == len(keys):
                break
    return Location(path, best[1], best[2])


def _common(a: tuple[str, ...], b: tuple[str, ...]) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n
