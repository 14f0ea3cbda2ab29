"""Hypothesis strategies for robustness tests: documents with the right shape and wrong values.

Two families:
- ``scenario_documents()`` builds scenarios of the foundation's grammar (players, objects,
  the foundation's step kinds, expectations) where any value may be wrong: out of range,
  of another type, a dangling or self reference, unicode, NaN;
- ``mutated_examples()`` takes any file under ``examples/`` (so every command's files, and
  every area's keys, are covered as examples are added) and mutates it: keys deleted, types
  swapped, extreme numbers, unicode, duplicated lines (duplicate ids), cycles of copy/swap.
Every strategy yields ``(relative name, text)``; the text is what a user could have written.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"

PathPart = str | int


def example_files() -> list[Path]:
    """Every file under examples/, found when the tests run (new examples are covered)."""
    return sorted(p for p in EXAMPLES.rglob("*") if p.is_file() and not p.name.startswith("."))


def yaml_examples() -> list[Path]:
    return [p for p in example_files() if p.suffix in (".yaml", ".yml")]


def load_example(path: Path) -> Any:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def dump(data: Any) -> str:
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None)


# -- values ---------------------------------------------------------------------------------

EXTREME_INTS = [
    0,
    -1,
    1,
    10**9,
    -(10**9),
    10**9 + 1,
    -(10**9) - 1,
    2**31,
    2**53 + 1,
    2**63,
    -(2**63) - 1,
    10**100,
    -(10**4000),
]
EXTREME_FLOATS = [0.5, -0.0, 1e308, float("nan"), float("inf"), float("-inf"), 1e-300]
UNICODE = [
    "",
    " ",
    "naïve",
    "Mâche l'âme",
    "日本語",
    "emoji😀",
    "\u202eRTL",
    "zero\u200bwidth",
    "e\u0301",
    "tab\tin",
    "line\nbreak",
    "a.b",
    "*",
    "~",
    "null",
    "yes",
    "0x1F",
    "1e3",
    "-",
    "x" * 101,
    "x" * 5000,
    "<script>",
    "[/]",
    "[bold]x",
    "[link=file:///etc/passwd]y[/link]",
    "${HOME}",
    "../../etc/passwd",
    "/etc/passwd",
    "__import__('os')",
    "!!python/object:os.system",
]
# Keys of expect blocks (paths into the JSON output) that are odd in every way.
ODD_PATHS = [
    "events.²",
    "events.١",
    "players.--1",
    "players.-1",
    "players.99999999999999999999999",
    "events[0",
    "events]0[",
    "..",
    ".",
    "objects",
    "objects.x.characteristics.d.shown.0.1",
    "expect.checks",
    "events.-0",
    "naya.Armor.raw.raw",
]


def wrong_scalars() -> st.SearchStrategy[Any]:
    return st.one_of(
        st.sampled_from(EXTREME_INTS),
        st.integers(),
        st.sampled_from(EXTREME_FLOATS),
        st.floats(allow_nan=True, allow_infinity=True),
        st.booleans(),
        st.none(),
        st.sampled_from(UNICODE),
        st.text(max_size=12),
    )


def wrong_values() -> st.SearchStrategy[Any]:
    """Any value of any shape: what a hand-written file may hold where something else belongs."""
    return st.recursive(
        wrong_scalars(),
        lambda inner: st.one_of(
            st.lists(inner, max_size=4),
            st.dictionaries(st.text(max_size=6), inner, max_size=4),
        ),
        max_leaves=8,
    )


WRONG = wrong_values()  # built once: building a recursive strategy per draw is slow


def sometimes_wrong(valid: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Mostly ``valid``, sometimes anything (about one time in five)."""
    return st.one_of(valid, valid, valid, valid, WRONG)


# -- the foundation's grammar, with wrong values ---------------------------------------------

RULESETS = ["eredan", "berserk", "riftbound", "altered"]
STATS = ["defense", "attack", "spirit", "health", "power", "subtypes"]
FEATURES = ["Armor", "Steadfast", "Fury", "Tough"]
OPS = ["add", "set", "multiply", "divide", "copy", "swap", "swap-bonus", "remove"]


@dataclass(frozen=True)
class Ref:
    """A placeholder for the i-th declared object (``player``: the i-th player), resolved
    once the ids are drawn, so that the strategies are built once, at import."""

    i: int
    player: bool = False


@dataclass(frozen=True)
class PathRef:
    """A placeholder for the expectation path ``<i-th object>.<stat>``."""

    i: int
    stat: str


def _grammar(clean: bool) -> st.SearchStrategy[dict[str, Any]]:
    """The foundation's scenario grammar; ``clean``: every value valid (names stay odd),
    else each value is wrong about one time in five."""

    def maybe(valid: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
        return valid if clean else st.one_of(valid, valid, valid, valid, WRONG)

    some_id = maybe(st.builds(Ref, st.integers(0, 3)))
    some_player = maybe(st.builds(Ref, st.integers(0, 2), st.just(True)))
    number = st.one_of(st.integers(-5, 12), st.sampled_from(EXTREME_INTS[:7]))
    numeric = st.one_of(number, st.lists(number, min_size=1, max_size=3))
    value = maybe(
        st.one_of(numeric, st.lists(st.sampled_from(["elf", "mage"]), min_size=1, max_size=2))
    )
    stat = maybe(st.sampled_from(STATS))
    protection = maybe(
        st.one_of(
            st.fixed_dictionaries(
                {"stat": st.sampled_from(["*", "defense", "attack"])}, optional={"limit": number}
            ),
            st.fixed_dictionaries(
                {
                    "stat": st.sampled_from(["*", "defense"]),
                    "cannot": st.sampled_from(["decrease", "modify"]),
                }
            ),
        )
    )
    obj = st.fixed_dictionaries(
        {
            "owner": some_player,
            "kind": maybe(st.sampled_from(["character", "creature", "unit"])),
            "base": maybe(st.dictionaries(st.sampled_from(STATS), value)),
        },
        optional={
            "features": maybe(
                st.dictionaries(st.sampled_from(FEATURES), st.one_of(st.just(True), number))
            ),
            "protections": st.lists(protection, max_size=2),
            "timestamp": maybe(st.integers(0, 20)),
        },
    )
    expect_path = st.one_of(
        st.builds(PathRef, st.integers(0, 3), st.sampled_from(STATS)), st.sampled_from(ODD_PATHS)
    )
    step = st.one_of(
        st.builds(
            lambda t, s, o, v, w, src: {
                "modify": {"target": t, "stat": s, "op": o, "value": v, "source": src}
                if o not in ("copy", "swap", "swap-bonus")
                else {"target": t, "stat": s, "op": o, ("from" if o == "copy" else "with"): w}
            },
            some_id,
            stat,
            maybe(st.sampled_from(OPS)),
            value,
            some_id,  # copy / swap partners, the target itself included: cycles of references
            st.sampled_from(["mache", "voyage", "banner", "[/s]"]),
        ),
        st.builds(
            lambda t, f, n: {"gain": {"target": t, "feature": f, "number": n}},
            some_id,
            st.sampled_from(FEATURES),
            number,
        ),
        st.builds(
            lambda t, s, v: {"gain": {"target": t, "stat": s, "value": v}}, some_id, stat, value
        ),
        st.builds(
            lambda t, f, a, c: {
                "boost": {"target": t, "feature": f, "amount": a, "source": "banner", "constant": c}
            },
            some_id,
            st.sampled_from(FEATURES),
            number,
            maybe(st.booleans()),
        ),
        st.builds(
            lambda t, f: {"lose": {"target": t, "feature": f}}, some_id, st.sampled_from(FEATURES)
        ),
        st.builds(
            lambda t, s, x: {"protect": {"target": t, "stat": s, "limit": x}}, some_id, stat, number
        ),
        st.builds(lambda s: {"end": {"source": s}}, st.sampled_from(["banner", "mache", "b"])),
        st.builds(
            lambda t, z: {"move": {"target": t, "zone": z}},
            some_id,
            st.sampled_from(["hand", "play", "[/z]"]),
        ),
        st.builds(lambda p, v: {"expect": {p: v}}, expect_path, maybe(numeric)),
        *([] if clean else [WRONG]),
    )
    return st.fixed_dictionaries(
        {
            "ruleset": maybe(st.sampled_from(RULESETS)),
            "players": st.lists(
                maybe(st.sampled_from(["ana", "bo", "cy", "[/p]"])),
                min_size=1 if clean else 0,
                max_size=3,
                unique=clean,
            ),
            "objects": st.lists(
                st.tuples(st.sampled_from(["a", "b", "c", "naya", "x_1", "42", "[/b]", "é"]), obj),
                min_size=1,
                max_size=4,
                unique_by=lambda t: t[0],
            ),
            "steps": st.lists(step, max_size=8),
        },
        optional={
            "policies": maybe(
                st.fixed_dictionaries(
                    {},
                    optional={
                        "division_rounding": st.sampled_from(["down", "up", "nearest"]),
                        "quick_action_cap": number,
                    },
                )
            ),
            "expect": st.dictionaries(expect_path, numeric, max_size=3),
        },
    )


def _resolve(doc: dict[str, Any]) -> dict[str, Any]:
    """Put the drawn ids where the placeholders stand."""
    oids = [oid for oid, _ in doc["objects"]]
    players = [p for p in doc["players"] if isinstance(p, str)] or ["ana"]

    def put(value: Any) -> Any:
        if isinstance(value, Ref):
            return players[value.i % len(players)] if value.player else oids[value.i % len(oids)]
        if isinstance(value, PathRef):
            return f"{oids[value.i % len(oids)]}.{value.stat}"
        if isinstance(value, dict):
            return {put(k): put(v) for k, v in value.items()}
        if isinstance(value, list):
            return [put(v) for v in value]
        return value

    out = put({k: v for k, v in doc.items() if k != "objects"})
    out["objects"] = {oid: put(body) for oid, body in doc["objects"]}
    return dict(sorted(out.items(), key=lambda kv: kv[0] != "ruleset"))


GENERATED = st.one_of(_grammar(clean=True), _grammar(clean=False)).map(_resolve)


def scenario_documents() -> st.SearchStrategy[tuple[str, str]]:
    """A scenario of the foundation's grammar in which any value may be wrong: half of the
    documents are clean (every value valid, names still odd) so that they reach the engine
    and the reports; in the others each value is wrong about one time in five."""
    return GENERATED.map(lambda doc: ("generated.yaml", dump(doc)))


# -- mutations of the examples ----------------------------------------------------------------


def paths_of(data: Any, prefix: tuple[PathPart, ...] = ()) -> list[tuple[PathPart, ...]]:
    out = [prefix]
    if isinstance(data, dict):
        for k, v in data.items():
            out.extend(paths_of(v, (*prefix, k)))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out.extend(paths_of(v, (*prefix, i)))
    return out


def get(data: Any, path: tuple[PathPart, ...]) -> Any:
    for part in path:
        data = data[part]
    return data


def strings_of(data: Any) -> list[str]:
    """Every key and string of a document: the ids it names, to make references with."""
    return sorted({str(p) for path in paths_of(data) for p in path if isinstance(p, str)})


@st.composite
def mutate_data(draw: st.DrawFn, data: Any) -> Any:
    """One mutation of a loaded document, at a path chosen among all of its paths."""
    data = copy.deepcopy(data)
    path = draw(st.sampled_from(paths_of(data)))
    names = strings_of(data) or ["x"]
    kind = draw(
        st.sampled_from(["delete", "replace", "reference", "extreme", "unknown_key", "wrap"])
    )
    if not path:
        return draw(WRONG) if kind in ("replace", "delete") else data
    parent, last = get(data, path[:-1]), path[-1]
    if kind == "delete":
        del parent[last]
    elif kind == "replace":
        parent[last] = draw(WRONG)
    elif kind == "reference":  # another id of the document, where an id or a value stands
        parent[last] = draw(st.sampled_from(names))
    elif kind == "extreme":
        parent[last] = draw(st.sampled_from(EXTREME_INTS + EXTREME_FLOATS))
    elif kind == "unknown_key":
        target = parent[last]
        if isinstance(target, dict):
            target[draw(st.sampled_from([*UNICODE[:12], *ODD_PATHS, "includes"]))] = 1
        else:
            parent[last] = {"unexpected": target}
    else:
        parent[last] = draw(st.sampled_from([[parent[last]], {}, [], {"": parent[last]}]))
    return data


def add_reference_cycles(data: Any, draw: st.DrawFn) -> Any:
    """Steps that copy and swap among the document's objects in a cycle, and with themselves."""
    if not isinstance(data, dict) or not isinstance(data.get("objects"), dict):
        return data
    oids = [k for k in data["objects"] if isinstance(k, str)]
    if not oids:
        return data
    stats = sorted(
        {s for o in data["objects"].values() if isinstance(o, dict) for s in o.get("base") or {}}
        | {"defense"}
    )
    order = draw(st.permutations(oids))
    stat = draw(st.sampled_from(stats))
    ops = draw(st.lists(st.sampled_from(["copy", "swap", "swap-bonus"]), min_size=1, max_size=4))
    steps = list(data.get("steps") or []) if isinstance(data.get("steps"), list) else []
    for i, op in enumerate(ops):
        a, b = order[i % len(order)], order[(i + 1) % len(order)]
        if draw(st.booleans()):
            b = a  # with itself
        steps.insert(
            draw(st.integers(0, len(steps))),
            {
                "modify": {
                    "target": a,
                    "stat": stat,
                    "op": op,
                    ("from" if op == "copy" else "with"): b,
                }
            },
        )
    data["steps"] = steps
    return data


@st.composite
def mutate_text(draw: st.DrawFn, text: str) -> str:
    """A mutation of the text itself: lines duplicated (duplicate ids), removed, swapped,
    truncated, re-indented, characters inserted, anchors and aliases added."""
    lines = text.splitlines(keepends=True) or [""]
    i = draw(st.integers(0, len(lines) - 1))
    kind = draw(
        st.sampled_from(["duplicate", "delete", "swap", "truncate", "indent", "insert", "alias"])
    )
    if kind == "duplicate":
        lines.insert(i, lines[i])
    elif kind == "delete":
        del lines[i]
    elif kind == "swap":
        j = draw(st.integers(0, len(lines) - 1))
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == "truncate":
        return text[: draw(st.integers(0, len(text)))]
    elif kind == "indent":
        lines[i] = draw(st.sampled_from(["", " ", "  ", "\t", "    "])) + lines[i].lstrip(" ")
    elif kind == "insert":
        pos = draw(st.integers(0, len(lines[i])))
        junk = draw(
            st.one_of(
                st.sampled_from(
                    [
                        "{",
                        "]",
                        ":",
                        "- ",
                        "&a ",
                        "*a",
                        "!!binary ",
                        "#",
                        "'",
                        '"',
                        "\\",
                        "---\n",
                        "%YAML 1.1\n",
                        "\x00",
                        "\ufeff",
                    ]
                ),
                st.text(max_size=4),
            )
        )
        lines[i] = lines[i][:pos] + junk + lines[i][pos:]
    else:
        lines[i] = lines[i].replace(": ", ": &anchor ", 1)
        lines.insert(draw(st.integers(0, len(lines))), "dup: *anchor\n")
    return "".join(lines)


@st.composite
def mutated_examples(draw: st.DrawFn, *, text_level: bool = False) -> tuple[str, str]:
    """An example file with one to four mutations (data level, or text level)."""
    files = yaml_examples()
    path = draw(st.sampled_from(files))
    name = str(path.relative_to(EXAMPLES))
    text = path.read_text(encoding="utf-8")
    if text_level:
        for _ in range(draw(st.integers(1, 3))):
            text = draw(mutate_text(text))
        return name, text
    data = load_example(path)
    if draw(st.booleans()):
        data = add_reference_cycles(data, draw)
    for _ in range(draw(st.integers(1, 4))):
        data = draw(mutate_data(data))
    return name, dump(data)
