"""Every Altered object names its zone (A-ZONE-1/2, docs/format.md): Altered has no zone
``play`` an object could be put in by default, so an object without ``zone:`` is bad input
(``Ruleset.objects_need_zone``), refused on one located line with exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter.model.errors import InputError
from arbiter.model.ruleset import RULESETS
from tests.helpers import cli, scenario

NO_ZONE = """ruleset: {ruleset}
players: [ana, bo]
objects:
  scout: {{owner: ana, kind: character, zone: expedition:hero}}
  lantern: {{owner: ana, kind: permanent}}
"""


@pytest.mark.rule("A-ZONE-1", "A-ZONE-2")
def test_an_altered_object_without_a_zone_is_refused_with_the_zones_it_may_name() -> None:
    with pytest.raises(InputError) as exc:
        scenario(NO_ZONE.format(ruleset="altered"))
    err = exc.value
    assert err.path == "objects.lantern"
    assert err.location is not None and (err.location.line, err.location.column) == (5, 12)
    message = str(err)
    assert "expected a zone (Altered objects" in message
    for zone in ("expedition:hero", "expedition:companion", "landmark", "reserve"):
        assert zone in message  # what to write instead
    assert "give one of:" in message and ", play," not in message


@pytest.mark.rule("A-ZONE-1")
def test_only_rulesets_whose_objects_need_a_zone_refuse_a_missing_one() -> None:
    assert RULESETS["altered"].objects_need_zone
    for name, ruleset in RULESETS.items():
        if ruleset.objects_need_zone:
            continue
        state = scenario(NO_ZONE.format(ruleset=name)).start
        assert state.obj("lantern").zone == "play"  # the foundation's default


@pytest.mark.rule("A-ZONE-1")
def test_the_cli_refuses_an_altered_object_without_a_zone_on_one_line_with_exit_2(
    tmp_path: Path,
) -> None:
    bad = tmp_path / "no_zone.yaml"
    bad.write_text(NO_ZONE.format(ruleset="altered"), encoding="utf-8")
    done = cli("run", str(bad))
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr
    assert lines[0].startswith(f"{bad}:5:12: objects.lantern: expected a zone (Altered objects")
