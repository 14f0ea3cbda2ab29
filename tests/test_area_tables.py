"""The literal key tables of model/format/areas.py equal the dict merge of the areas' own
tables, key for key, parser for parser, in the same order; every area module takes part;
and reading a scenario imports only the areas whose keys it uses (issue 19)."""

from __future__ import annotations

from importlib import import_module
from typing import Any

import pytest

from arbiter.model.format import areas
from tests.helpers import ROOT, loaded_by

TABLES: dict[str, areas.AreaTable[Any]] = {
    "STEPS": areas.STEP_PARSERS,
    "OBJECT_KEY_PARSERS": areas.OBJECT_KEY_PARSERS,
    "TOP_KEY_PARSERS": areas.TOP_KEY_PARSERS,
}


def _merged(attribute: str) -> dict[str, Any]:
    merged: dict[str, Any] = {}
    for name in areas.MERGE_ORDER[attribute]:
        merged.update(getattr(areas.AREAS[name](), attribute))
    return merged


def test_each_literal_table_is_the_merge_of_the_areas_tables_in_order() -> None:
    for attribute, table in TABLES.items():
        merged = _merged(attribute)
        assert list(table) == list(merged), attribute
        assert len(table) == len(merged)
        for key, parser in merged.items():
            assert key in table
            assert table[key] is parser, (attribute, key)
        assert "no-such-key" not in table


def test_every_area_module_with_a_table_is_in_the_merge_order() -> None:
    folder = ROOT / "model" / "format"
    for path in sorted(folder.glob("area_*.py")) + [folder / "foundation.py"]:
        module = import_module("arbiter.model.format." + path.stem)
        if any(isinstance(getattr(module, a, None), dict) for a in TABLES):
            assert areas.AREAS[path.stem]() is module, path.stem
        for attribute in TABLES:
            if isinstance(getattr(module, attribute, None), dict):
                assert path.stem in areas.MERGE_ORDER[attribute], (path.stem, attribute)


PROBE = """
import sys
from arbiter.model.format.scenario import load_scenario
load_scenario(sys.argv[1])
print("LOADED=" + ",".join(sorted(m for m in sys.modules if ".format.area_" in m)))
"""


def test_reading_a_scenario_imports_only_the_areas_its_keys_name() -> None:
    # eredan_naya.yaml uses only the foundation's keys and steps (modify, expect).
    assert loaded_by(PROBE) == ""


def test_a_parser_set_at_run_time_is_found_and_can_be_removed_again() -> None:
    table: areas.AreaTable[Any] = areas.AreaTable("STEPS", {"expect": "foundation"})

    def parser() -> None: ...

    table["extra"] = parser
    assert list(table) == ["expect", "extra"] and len(table) == 2 and table["extra"] is parser
    table["expect"] = parser  # wins over the listed one
    assert list(table) == ["expect", "extra"] and table["expect"] is parser
    del table["extra"], table["expect"]
    assert dict(table) == {"expect": _merged("STEPS")["expect"]}
    with pytest.raises(TypeError):
        del table["expect"]
