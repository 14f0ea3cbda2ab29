"""``arbiter run`` on a stats-only scenario starts without what it does not use: the
checker (its option types check a Dask address with a pattern of their own), the
random-name machinery of safe output (loaded when a file is written), the solver
libraries and Hypothesis, the step resolvers and the outcome search, the effects algebra
and the abilities, passives and prevention built on it (loaded when an object has
abilities), the Altered zones and keywords (loaded for an Altered state), Riftbound's
board (loaded when an object moves), Might (loaded for an object with Might) and, with
``--json``, rich. See docs/benchmarks.md, issue 19; a module list, never a time: the times
are measured by benchmarks/cli_start.py."""

from __future__ import annotations

import pytest

from tests.helpers import loaded_by

PROBE = """
import sys
from arbiter.solver.cli.main import Exit, cli
try:
    cli.main(args=["run", sys.argv[1], "--json"], standalone_mode=False)
except Exit as exc:
    assert exc.code == 0, exc.code
unused = ("arbiter.solver.check.diagnostics", "arbiter.solver.check.catalogue", "secrets")
print("LOADED=" + ",".join(m for m in unused if m in sys.modules))
"""


def test_a_stats_only_run_loads_neither_the_checker_nor_random_names() -> None:
    assert loaded_by(PROBE) == ""


# What a stats-only run (eredan_naya.yaml: modify and expect, no abilities) never imports.
HEAVY = (
    "ortools",
    "networkx",
    "matplotlib",
    "hypothesis",
    "numpy",
    "rich",
    "dask",
    "arbiter.solver.cpsat",
    "arbiter.solver.choices.outcomes",
    "arbiter.solver.choices.replacement",
    "arbiter.solver.damage.resolve",
    "arbiter.solver.damage.combat_resolve",
    "arbiter.solver.dependency",
    "arbiter.model.choicepoints",
    "arbiter.model.damage.steps",
    "arbiter.model.damage.combat_state",
    "arbiter.model.damage.prevention",
    "arbiter.model.effects.algebra",
    "arbiter.model.abilities",
    "arbiter.model.passives",
    "arbiter.model.passive_order",
    "arbiter.model.altered.keywords",
    "arbiter.model.altered.zones",
    "arbiter.model.riftbound_keywords",
    "arbiter.model.might",
    "arbiter.model.might_layers",
)

HEAVY_PROBE = f"""
import sys
from arbiter.solver.cli.main import Exit, cli
try:
    cli.main(args=["run", sys.argv[1], "--json"], standalone_mode=False)
except Exit as exc:
    assert exc.code == 0, exc.code
heavy = {HEAVY!r}
print("LOADED=" + ",".join(m for m in heavy if m in sys.modules))
"""


def test_a_stats_only_run_imports_none_of_the_heavy_modules() -> None:
    assert loaded_by(HEAVY_PROBE) == ""


def test_its_table_for_people_imports_rich_and_nothing_else_of_them() -> None:
    probe = HEAVY_PROBE.replace(', "--json"]', "]")
    assert probe != HEAVY_PROBE
    assert loaded_by(probe) == "rich"


@pytest.mark.parametrize(
    ("example", "needed"),
    [
        (
            "examples/seeds/altered_dependency_cycle.yaml",
            "arbiter.model.effects.algebra,arbiter.model.passives,"
            "arbiter.model.passive_order,arbiter.model.altered.keywords",
        ),
        (
            "examples/seeds/riftbound_prevent_all.yaml",
            "arbiter.model.damage.steps,"
            "arbiter.model.damage.prevention,arbiter.model.effects.algebra,"
            "arbiter.model.abilities",
        ),
    ],
)
def test_a_run_that_needs_them_imports_them(example: str, needed: str) -> None:
    # the probe can fail: scenarios with passives, shields, triggers and damage load these
    loaded = set(loaded_by(HEAVY_PROBE, example).split(","))
    assert set(needed.split(",")) <= loaded
    assert not loaded & {"ortools", "networkx", "matplotlib", "hypothesis", "rich"}


def test_the_view_asks_for_might_by_the_name_might_reads() -> None:
    from arbiter.model import might, view

    assert view.MIGHT == might.MIGHT
