"""Witness files are named by a digest of what they hold (Decision CHECK-WIT). The digest
is read from the data the witness was dumped from where that data reads back as itself;
these tests pin that this fast path gives the bytes parsing the text gives, and that the
remembered scalar tags leave the YAML text unchanged."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from arbiter.model.format.cardset import load_cardset
from arbiter.model.ruleset import RULESETS
from arbiter.model.state import JSON
from arbiter.solver.check import witness as w
from arbiter.solver.check import witness_yaml as wy
from arbiter.solver.check.base import Witness
from arbiter.solver.check.diagnostics import Backend, run_check
from tests.helpers import ROOT

EXAMPLES = sorted((ROOT / "examples" / "cardsets").glob("*.yaml"))


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_check", ROOT / "benchmarks" / "check.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _slow(witness: Witness) -> list[bytes]:
    return [wy.text_canonical(t) for t in (witness.text, *(t for _, t in witness.variants))]


def _witnesses(path: Path) -> list[Witness]:
    result = run_check(load_cardset(str(path)), Backend())
    return [d.witness for d in result.diagnostics if d.witness is not None]


@pytest.mark.rule("CHECK-WIT")
@pytest.mark.parametrize("seed", [1, 3, 5])
def test_digests_from_the_data_equal_digests_from_the_text_on_generated_sets(
    tmp_path: Path, seed: int
) -> None:
    path = tmp_path / "generated.yaml"
    path.write_text(_generator().generate(160, seed), encoding="utf-8")
    found = _witnesses(path)
    fast = [x for x in found if x.canonical]
    assert len(found) >= 20 and len(fast) == len(found)  # every witness took the fast path
    assert any(x.variants for x in fast)  # D-PREV-3's two readings
    for x in fast:
        assert list(x.canonical) == _slow(x)


@pytest.mark.rule("CHECK-WIT")
@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_digests_from_the_data_equal_digests_from_the_text_on_the_examples(path: Path) -> None:
    for x in _witnesses(path):
        if x.canonical:
            assert list(x.canonical) == _slow(x)


_TEXT = st.text(max_size=30)
_SCALAR = st.none() | st.booleans() | st.integers(-(10**12), 10**12) | _TEXT
_DATA = st.recursive(
    _SCALAR,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_TEXT, inner, max_size=4),
    max_leaves=20,
)


@pytest.mark.rule("CHECK-WIT")
@given(st.dictionaries(_TEXT, _DATA, min_size=1, max_size=5))
def test_data_that_is_said_to_read_back_reads_back_as_itself(doc: dict[str, JSON]) -> None:
    text = wy.dump(doc)
    fast = wy.data_canonical(doc)
    if fast is not None:
        assert fast == wy.text_canonical(text)


def _pyyaml(doc: object) -> str:
    text: str = yaml.dump(
        doc,
        Dumper=getattr(yaml, "CSafeDumper", yaml.SafeDumper),
        sort_keys=False,
        allow_unicode=True,
        width=88,
        default_flow_style=None,
    )
    return text


# any data the safe dumper takes: floats too, and keys that are not text
_ANY = st.recursive(
    _SCALAR | st.floats(allow_nan=False),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(_TEXT | st.integers(-5, 5) | st.booleans(), inner, max_size=4)
    ),
    max_leaves=20,
)


@pytest.mark.rule("CHECK-WIT")
@given(st.dictionaries(_TEXT, _ANY, min_size=1, max_size=5), st.integers(0, 3))
def test_the_fast_dumper_writes_the_text_pyyaml_writes(doc: dict[str, object], share: int) -> None:
    if share and doc:  # one mapping or list met twice: an anchor and an alias
        first = next(iter(doc.values()))
        if isinstance(first, dict | list):
            doc["again"] = first
    assert wy.dump(doc) == _pyyaml(doc)
    assert wy.dump(doc) == _pyyaml(doc)  # a second time: from the remembered tags


@pytest.mark.rule("CHECK-WIT")
def test_data_that_might_not_read_back_goes_the_slow_way() -> None:
    assert wy.data_canonical({"a": 1.5}) is None  # floats are parsed
    assert wy.data_canonical({"a": "\x1b[31m"}) is None  # refused text: parsing reports it
    assert wy.data_canonical({"a\tb": 1}) is None  # a tab in a key
    assert wy.data_canonical({"<<": 1}) is None  # a merge key
    nested: JSON = 1
    for _ in range(40):
        nested = [nested]
    assert wy.data_canonical({"a": nested}) is None  # deep nesting
    shared: JSON = {"x": 1}
    assert wy.data_canonical({"a": shared, "b": shared}) is None  # an alias
    assert wy.data_canonical({"a": ["b", 2, None, True, {"c": "d\ne"}]}) is not None


@pytest.mark.rule("CHECK-WIT")
def test_a_witness_without_a_canonical_form_is_named_from_its_text() -> None:
    made = w.scenario(
        "x", title="t", description="d", ruleset=RULESETS["eredan"], objects={}, steps=[], expect={}
    )
    bare = Witness(made.name, made.text)
    assert made.canonical and not bare.canonical
    assert w._digest(made) == w._digest(bare)
    other = w.scenario(
        "y", title="u", description="d", ruleset=RULESETS["eredan"], objects={}, steps=[], expect={}
    )
    both = w.with_variant(made, "v", other)
    assert len(both.canonical) == 2
    assert w._digest(both) == w._digest(Witness(made.name, made.text, (("v", other.text),)))
    assert w._digest(both) != w._digest(made)
