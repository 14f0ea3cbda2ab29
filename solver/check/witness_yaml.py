"""A witness's YAML text and its canonical form (JSON, keys sorted: what its file name is a
digest of), computed fast and without changing either.

- ``dump``: PyYAML's safe dumper (libyaml's emitter where present), with the implicit tag of
  each scalar remembered: resolving it is a pure function of the scalar's text (no path
  resolvers are registered), asked two or three times per scalar by the emitter, and was
  the dumper's largest cost.
- ``data_canonical``: the canonical form read straight from the data that was dumped,
  where plain data reads back as itself (text keys, text without refused characters,
  integers, booleans, null, lists, mappings); otherwise None, and ``text_canonical``
  parses the text as before. ``tests/test_witness_digest.py`` checks that both agree.
"""

from __future__ import annotations

import functools
import json

import yaml

from arbiter.model.format.document import MAX_DEPTH, MAX_NODES, load
from arbiter.model.format.unsafe_text import UNSAFE_IN_NAME, UNSAFE_IN_TEXT
from arbiter.model.state import JSON

_BASE: type = getattr(yaml, "CSafeDumper", yaml.SafeDumper)  # libyaml's emitter is fast


_RESOLVER = yaml.resolver.Resolver()


@functools.lru_cache(maxsize=16384)
def _scalar_tag(value: str, implicit: tuple[bool, bool]) -> str:
    tag: str = _RESOLVER.resolve(yaml.ScalarNode, value, implicit)  # type: ignore[no-untyped-call]
    return tag


class _Dumper(_BASE):  # type: ignore[misc]
    """The safe dumper, remembering the implicit tags of scalars."""

    def resolve(self, kind: type, value: object, implicit: object) -> str:
        if (
            kind is yaml.ScalarNode
            and isinstance(value, str)
            and isinstance(implicit, tuple)
            and not self.yaml_path_resolvers
        ):
            return _scalar_tag(value, implicit)
        tag: str = super().resolve(kind, value, implicit)
        return tag


def dump(doc: JSON) -> str:
    """The YAML text of a witness (the layout every witness file has)."""
    text: str = yaml.dump(
        doc,
        Dumper=_Dumper,
        sort_keys=False,
        allow_unicode=True,
        width=88,
        default_flow_style=None,
    )
    return text


def _reads_back(value: object, depth: int, count: list[int]) -> bool:
    """Whether dumping ``value`` and loading the text gives ``value`` again, and loading
    succeeds (model/format/document.py refuses control characters, deep nesting and
    documents of too many values: those go the slow way, which reports them as before)."""
    count[0] += 1
    if depth > MAX_DEPTH // 2 or count[0] > MAX_NODES // 2:
        return False
    if value is None or isinstance(value, bool | int):
        return True
    if isinstance(value, str):
        return UNSAFE_IN_TEXT.search(value) is None
    if isinstance(value, list):
        return all(_reads_back(v, depth + 1, count) for v in value)
    if isinstance(value, dict):
        return all(
            isinstance(k, str) and k != "<<" and UNSAFE_IN_NAME.search(k) is None for k in value
        ) and all(_reads_back(v, depth + 1, count) for v in value.values())
    return False  # floats, tuples, sets ...: the text is parsed


def data_canonical(doc: JSON) -> bytes | None:
    """The canonical form of ``dump(doc)`` without parsing it, or None where the data might
    not read back as itself."""
    if not _reads_back(doc, 0, [0]):
        return None
    return json.dumps(doc, sort_keys=True, ensure_ascii=False).encode("utf-8")


def text_canonical(text: str) -> bytes:
    """The witness as data, keys sorted: the order the card set declared things in (which
    the witness keeps, as written) does not change its name."""
    root = load("witness.yaml", text).root  # libyaml's composer
    return json.dumps(root, sort_keys=True, ensure_ascii=False).encode("utf-8")
