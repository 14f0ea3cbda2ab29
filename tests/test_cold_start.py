"""``arbiter run`` on a stats-only scenario starts without what it does not use: the
checker (its option types check a Dask address with a pattern of their own) and the
random-name machinery of safe output (loaded when a file is written). See
docs/benchmarks.md, issue 19; tests/test_architecture.py pins the solver libraries."""

from __future__ import annotations

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


def test_the_dask_address_pattern_is_the_checkers() -> None:
    from arbiter.solver.check import dask_form, diagnostics
    from arbiter.solver.cli.options import DaskAddress

    assert DaskAddress._FORM is dask_form.DASK_FORM
    assert diagnostics.dask_endpoint("tcp://[::1]:8786") == ("tcp", "::1", 8786)
