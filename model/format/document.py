"""YAML loaded safely, with the line and column of every node kept.

Documents are composed with PyYAML's safe loader (no object construction, no
code), then turned into plain Python values while recording where each one
stood. Aliases are expanded under a node budget (alias bombs are refused),
duplicate keys and merge keys are refused, nesting depth is bounded.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import NoReturn

import yaml

from arbiter.model.errors import InputError, Location
from arbiter.model.format.unsafe_text import first_unsafe, shown
from arbiter.model.wording import did_you_mean

MAX_BYTES = 5_000_000
MAX_NODES = 200_000
MAX_DEPTH = 64
INT_LIMIT = 10**9

PathPart = str | int
Path = tuple[PathPart, ...]

try:  # the C loader is much faster; both only compose nodes here
    _Loader: type = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - libyaml missing
    _Loader = yaml.SafeLoader

_constructor = yaml.constructor.SafeConstructor()


def path_text(path: Path) -> str:
    """``objects.naya.base.defense``, ``steps[2]``; a key that is empty or holds dots,
    brackets, spaces or quotes is quoted (``cards["a.b"]``) so that the path stays readable."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        elif not part or any(c in part for c in ".[]\"' ") or not part.isprintable():
            out += f"[{json.dumps(part, ensure_ascii=False)}]"
        else:
            out += ("." if out else "") + part
    return out


@dataclass
class Document:
    """A loaded file: its plain value and where each path stands in the text."""

    name: str
    root: object
    marks: dict[Path, tuple[int, int]] = field(default_factory=dict)
    key_marks: dict[Path, tuple[int, int]] = field(default_factory=dict)

    @property
    def folder(self) -> str:
        return os.path.dirname(os.path.abspath(self.name))

    def location(self, path: Path, *, key: bool = False) -> Location:
        table = self.key_marks if key and path in self.key_marks else self.marks
        probe = path
        while probe not in table and probe:
            probe = probe[:-1]
        line, col = table.get(probe, (1, 1))
        return Location(self.name, line, col)

    def node(self) -> Node:
        return Node(self, (), self.root)


def read_text(filename: str) -> str:
    """The file's text, or an InputError saying why it cannot be read."""
    where = Location(filename, 1, 1)
    if not os.path.exists(filename):
        raise InputError("no such file", location=where)
    if os.path.isdir(filename):
        raise InputError("expected a YAML file, got a directory", location=where)
    if not os.path.isfile(filename):  # a pipe or a device could block or never end
        raise InputError("expected a regular file, got a device or a pipe", location=where)
    size = os.path.getsize(filename)
    if size > MAX_BYTES:
        raise InputError(f"file is {size} bytes; the limit is {MAX_BYTES}", location=where)
    try:
        with open(filename, "rb") as fh:
            data = fh.read(MAX_BYTES + 1)
    except OSError as exc:
        raise InputError(f"cannot read the file: {exc.strerror}", location=where) from None
    if len(data) > MAX_BYTES:  # it grew since it was measured
        raise InputError(f"file is over the limit of {MAX_BYTES} bytes", location=where)
    if b"\x00" in data:
        raise InputError("expected a YAML text file, got binary data", location=where)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(
            f"expected UTF-8 text: {exc.reason} at byte {exc.start}", location=where
        ) from None


def load(filename: str, text: str | None = None) -> Document:
    """Load one YAML document with positions; raise InputError on any problem."""
    if text is None:
        text = read_text(filename)
    try:
        _prescan(filename, text)
        node = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = (
            Location(filename, mark.line + 1, mark.column + 1) if mark else Location(filename, 1, 1)
        )
        raise InputError(f"invalid YAML: {exc.problem or exc.context}", location=where) from None
    except yaml.YAMLError as exc:
        raise InputError(f"invalid YAML: {exc}", location=Location(filename, 1, 1)) from None
    except RecursionError:
        raise InputError(
            "invalid YAML: nested too deeply", location=Location(filename, 1, 1)
        ) from None
    if node is None:
        raise InputError(
            "expected a YAML mapping, got an empty document", location=Location(filename, 1, 1)
        )
    doc = Document(filename, None)
    counter = [0]
    doc.root = _convert(doc, node, (), counter, 0)
    return doc


def _prescan(filename: str, text: str) -> None:
    """Count values and nesting from the event stream before any node is built.

    Composing builds every node of the text at once (hundreds of bytes each), so a
    file under the size limit could still take gigabytes; events are streamed.
    Aliases are counted once here; their expansion is bounded in ``_convert``.
    """
    loader = _Loader(text)
    count = depth = 0
    try:
        while loader.check_event():
            event = loader.get_event()
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
                continue
            if not isinstance(event, yaml.NodeEvent):
                continue
            count += 1
            mark = event.start_mark
            where = Location(filename, mark.line + 1, mark.column + 1) if mark else None
            if count > MAX_NODES:
                raise InputError(f"document has more than {MAX_NODES} values", location=where)
            if depth > MAX_DEPTH + 1:
                raise InputError(f"nested deeper than {MAX_DEPTH} levels", location=where)
    finally:
        loader.dispose()


def _mark(node: yaml.Node) -> tuple[int, int]:
    return (node.start_mark.line + 1, node.start_mark.column + 1)


# The tags of plain data; any other tag (``!!python/object``, ``!custom``) is refused rather
# than silently read as plain data: no tag ever constructs an object.
_PLAIN_TAGS = {
    f"tag:yaml.org,2002:{t}"
    for t in ("str", "int", "float", "bool", "null", "map", "seq", "timestamp", "binary")
}


def _check_tag(doc: Document, node: yaml.Node, path: Path) -> None:
    if node.tag not in _PLAIN_TAGS:
        tag = node.tag.replace("tag:yaml.org,2002:", "!!")
        raise InputError(
            f"unsupported YAML tag '{tag}' (only plain data is read)",
            location=Location(doc.name, *_mark(node)),
            path=path_text(path),
        )


def _check_text(doc: Document, node: yaml.Node, path: Path, text: str, *, name: bool) -> None:
    """Refuse characters a terminal or a viewer would execute (model/format/unsafe_text.py):
    in a key nothing but printable text, in a value also tabs and line breaks."""
    bad = first_unsafe(text, name=name)
    if bad is not None:
        what = "a key" if name else "text"
        raise InputError(
            f"expected {what} without control characters, got {shown(bad)}",
            location=Location(doc.name, *_mark(node)),
            path=path_text(path),
        )


def _convert(doc: Document, node: yaml.Node, path: Path, counter: list[int], depth: int) -> object:
    counter[0] += 1
    if counter[0] > MAX_NODES:
        raise InputError(
            f"document expands to more than {MAX_NODES} nodes (an alias bomb?)",
            location=Location(doc.name, *_mark(node)),
            path=path_text(path),
        )
    if depth > MAX_DEPTH:
        raise InputError(
            f"nested deeper than {MAX_DEPTH} levels",
            location=Location(doc.name, *_mark(node)),
            path=path_text(path),
        )
    doc.marks.setdefault(path, _mark(node))
    _check_tag(doc, node, path)
    if isinstance(node, yaml.MappingNode):
        out: dict[str, object] = {}
        for key_node, value_node in node.value:
            where = Location(doc.name, *_mark(key_node))
            if (
                not isinstance(key_node, yaml.ScalarNode)
                or key_node.tag == "tag:yaml.org,2002:merge"
            ):
                raise InputError(
                    "expected a plain key (merge keys and complex keys are not supported)",
                    location=where,
                    path=path_text(path),
                )
            _check_tag(doc, key_node, path)
            key = str(key_node.value)
            _check_text(doc, key_node, (*path, key), key, name=True)
            if key in out:
                raise InputError(f"duplicate key '{key}'", location=where, path=path_text(path))
            doc.key_marks.setdefault((*path, key), _mark(key_node))
            out[key] = _convert(doc, value_node, (*path, key), counter, depth + 1)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [
            _convert(doc, item, (*path, i), counter, depth + 1) for i, item in enumerate(node.value)
        ]
    try:
        value = _constructor.construct_object(node, deep=True)
    except Exception as exc:  # noqa: BLE001 - PyYAML's constructors raise KeyError (`!!bool
        # maybe`), TypeError and AttributeError (`!!timestamp x`) as well as ValueError
        why: object = exc.problem if isinstance(exc, yaml.MarkedYAMLError) and exc.problem else exc
        if not isinstance(exc, yaml.YAMLError | ValueError):
            tag = node.tag.replace("tag:yaml.org,2002:", "!!")
            why = f"{describe(node.value)} is not a {tag} value"
        raise InputError(
            f"unreadable value: {why}",
            location=Location(doc.name, *_mark(node)),
            path=path_text(path),
        ) from None
    if isinstance(value, str):
        _check_text(doc, node, path, value, name=False)
    if isinstance(value, bytes | bytearray) or not isinstance(
        value, str | int | float | bool | type(None)
    ):
        return str(node.value)  # dates, timestamps, binary: kept as written text
    if isinstance(value, float) and not math.isfinite(value):
        # NaN and infinities have no JSON form and no rules meaning: refused wherever they stand
        raise InputError(
            f"expected a finite number, got {node.value!r}",
            location=Location(doc.name, *_mark(node)),
            path=path_text(path),
        )
    return value


def describe(value: object) -> str:
    """How a value is named in an error message."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return repr(shown)
    if isinstance(value, float):
        return "NaN" if math.isnan(value) else f"the number {value}"
    if isinstance(value, int):
        return str(value) if abs(value) < 10**12 else f"an integer of {len(str(abs(value)))} digits"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


@dataclass(frozen=True)
class Node:
    """A value inside a document, with its path, for validation with located errors."""

    doc: Document
    path: Path
    value: object

    @property
    def where(self) -> Location:
        return self.doc.location(self.path)

    @property
    def dotted(self) -> str:
        return path_text(self.path)

    def fail(
        self, expected: str, *, key: bool = False, got: bool = True, hint: str = ""
    ) -> NoReturn:
        """``hint``: ends the message (a "did you mean" from ``model.wording``)."""
        message = f"expected {expected}, got {describe(self.value)}" if got else expected
        message += hint
        raise InputError(message, location=self.doc.location(self.path, key=key), path=self.dotted)

    def child(self, part: PathPart, value: object) -> Node:
        return Node(self.doc, (*self.path, part), value)

    # -- containers ---------------------------------------------------------
    def mapping(
        self,
        allowed: Iterable[str] | None = None,
        required: Iterable[str] = (),
        what: str = "a mapping",
    ) -> dict[str, Node]:
        if not isinstance(self.value, dict):
            self.fail(what)
        items = {k: self.child(k, v) for k, v in self.value.items()}
        if allowed is not None:
            allowed_set = set(allowed)
            for k, n in items.items():
                if k not in allowed_set:
                    options = ", ".join(sorted(allowed_set))
                    hint = did_you_mean(k, allowed_set)
                    n.fail(
                        f"unknown key '{k}'{hint}; expected one of: {options}", key=True, got=False
                    )
        for k in required:
            if k not in items:
                self._missing(k)
        return items

    def _missing(self, key: str) -> NoReturn:
        raise InputError(f"missing required key '{key}'", location=self.where, path=self.dotted)

    def seq(self, what: str = "a list") -> list[Node]:
        if not isinstance(self.value, list):
            self.fail(what)
        return [self.child(i, v) for i, v in enumerate(self.value)]

    def entries(self) -> Iterator[tuple[str, Node]]:
        yield from self.mapping().items()

    # -- scalars ------------------------------------------------------------
    def integer(self, lo: int = -INT_LIMIT, hi: int = INT_LIMIT) -> int:
        v = self.value
        if isinstance(v, bool) or not isinstance(v, int):
            self.fail("an integer")
        if not lo <= v <= hi:
            self.fail(f"an integer from {lo} to {hi}")
        return v

    def text(self, what: str = "a string") -> str:
        if not isinstance(self.value, str) or not self.value:
            self.fail(what)
        return self.value

    def ident(self, what: str = "an identifier") -> str:
        v = self.value
        if isinstance(v, int) and not isinstance(v, bool):
            v = str(v)  # `42: {...}` names an object 42; still at most 100 characters
        if not isinstance(v, str) or not v or len(v) > 100 or any(c in v for c in ". \t\n\r"):
            self.fail(f"{what} (a name without dots or spaces, at most 100 characters)")
        return v

    def boolean(self) -> bool:
        if not isinstance(self.value, bool):
            self.fail("true or false")
        return self.value

    def choice(self, options: Iterable[str]) -> str:
        opts = list(options)
        if not isinstance(self.value, str) or self.value not in opts:
            self.fail("one of " + ", ".join(opts), hint=did_you_mean(self.value, opts))
        return self.value

    def number_or_vector(self) -> int | tuple[int, ...]:
        """An integer, or a non-empty list of integers (a vector characteristic)."""
        if isinstance(self.value, list):
            items = self.seq()
            if not items or len(items) > 16:
                self.fail("a list of 1 to 16 integers")
            return tuple(n.integer() for n in items)
        return self.integer()

    def string_set(self) -> frozenset[str]:
        if isinstance(self.value, str):
            return frozenset({self.text()})
        return frozenset(n.text() for n in self.seq("a name or a list of names"))
