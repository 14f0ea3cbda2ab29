"""A witness's YAML text and its canonical form (JSON, keys sorted: what its file name is a
digest of), computed fast and without changing either.

- ``render``: PyYAML's safe dumper (libyaml's emitter where present) with the nodes of plain
  data built directly, as its representer builds them, and the implicit tag of each scalar
  remembered (a pure function of the scalar's text: no path resolvers are registered; the
  emitter asks for it twice per scalar). In the same pass it notes whether the data reads
  back as itself (text keys, text without refused characters, integers, booleans, null,
  lists, mappings, no anchors): then the canonical form is read from the data; otherwise
  ``text_canonical`` parses the text, as before. ``tests/test_witness_digest.py`` checks
  the text against PyYAML's own dumper and both canonical forms against each other.
"""

from __future__ import annotations

import functools
import io
import json

import yaml

from arbiter.model.format.document import MAX_DEPTH, MAX_NODES, load
from arbiter.model.format.unsafe_text import UNSAFE_IN_NAME, UNSAFE_IN_TEXT
from arbiter.model.state import JSON

_BASE: type = getattr(yaml, "CSafeDumper", yaml.SafeDumper)  # libyaml's emitter is fast
_RESOLVER = yaml.resolver.Resolver()
_STR, _INT, _BOOL, _NULL, _SEQ, _MAP = (
    f"tag:yaml.org,2002:{t}" for t in ("str", "int", "bool", "null", "seq", "map")
)


@functools.lru_cache(maxsize=16384)
def _scalar_tag(value: str, implicit: tuple[bool, bool]) -> str:
    tag: str = _RESOLVER.resolve(yaml.ScalarNode, value, implicit)  # type: ignore[no-untyped-call]
    return tag


class _Dumper(_BASE):  # type: ignore[misc]
    """The safe dumper, with the nodes of plain data (text, integers, booleans, null, lists
    and mappings of exactly those types) built directly, as ``SafeRepresenter`` builds them
    (the same tags, styles and anchors), and the implicit tags of scalars remembered.

    While it builds them it notes whether the data reads back as itself (``plain``): text
    without refused characters, text keys, no anchor, no other type, bounded size."""

    plain = True
    _depth = 0
    _count = 0

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

    def represent_data(self, data: object) -> yaml.Node:
        self._count += 1
        kind = type(data)
        if kind is str:
            if UNSAFE_IN_TEXT.search(data):  # type: ignore[call-overload]
                self.plain = False
            return yaml.ScalarNode(_STR, data, style=self.default_style)
        if kind is int:
            return yaml.ScalarNode(_INT, str(data), style=self.default_style)
        if kind is bool:
            return yaml.ScalarNode(_BOOL, "true" if data else "false", style=self.default_style)
        if data is None:
            return yaml.ScalarNode(_NULL, "null", style=self.default_style)
        if (kind is dict and not self.sort_keys) or kind is list:
            return self._collection(data)  # type: ignore[arg-type]
        self.plain = False
        node: yaml.Node = super().represent_data(data)
        return node

    def _collection(self, data: dict[object, object] | list[object]) -> yaml.Node:
        key = id(data)
        if key in self.represented_objects:
            self.plain = False  # an alias: its expansion is counted otherwise when read
            node: yaml.Node = self.represented_objects[key]
            return node
        self.object_keeper.append(data)
        value: list[object] = []
        built: yaml.CollectionNode = (
            yaml.MappingNode(_MAP, value, flow_style=None)
            if isinstance(data, dict)
            else yaml.SequenceNode(_SEQ, value, flow_style=None)
        )
        self.represented_objects[key] = built
        self._depth += 1
        if self._depth > MAX_DEPTH // 2 or self._count > MAX_NODES // 2:
            self.plain = False
        best = True
        if isinstance(data, dict):
            for k, v in data.items():
                if type(k) is not str or k == "<<" or UNSAFE_IN_NAME.search(k):
                    self.plain = False
                nk, nv = self.represent_data(k), self.represent_data(v)
                best = best and _bare(nk) and _bare(nv)
                value.append((nk, nv))
        else:
            for item in data:
                ni = self.represent_data(item)
                best = best and _bare(ni)
                value.append(ni)
        self._depth -= 1
        built.flow_style = self.default_flow_style if self.default_flow_style is not None else best
        return built


def _bare(node: yaml.Node) -> bool:
    return isinstance(node, yaml.ScalarNode) and not node.style


def render(doc: JSON) -> tuple[str, bytes | None]:
    """The YAML text of a witness (the layout every witness file has), and its canonical
    form where the data reads back as itself (else None: ``text_canonical`` parses it)."""
    stream = io.StringIO()
    dumper = _Dumper(stream, default_flow_style=None, width=88, allow_unicode=True, sort_keys=False)
    try:  # as yaml.dump does
        dumper.open()
        dumper.represent(doc)
        dumper.close()
    finally:
        dumper.dispose()
    if not dumper.plain:
        return stream.getvalue(), None
    return stream.getvalue(), json.dumps(doc, sort_keys=True, ensure_ascii=False).encode("utf-8")


def dump(doc: JSON) -> str:
    return render(doc)[0]


def data_canonical(doc: JSON) -> bytes | None:
    """The canonical form of ``dump(doc)`` without parsing it, or None where the data might
    not read back as itself."""
    return render(doc)[1]


def text_canonical(text: str) -> bytes:
    """The witness as data, keys sorted: the order the card set declared things in (which
    the witness keeps, as written) does not change its name."""
    root = load("witness.yaml", text).root  # libyaml's composer
    return json.dumps(root, sort_keys=True, ensure_ascii=False).encode("utf-8")
