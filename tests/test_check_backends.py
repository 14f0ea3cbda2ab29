"""Serial and Dask examination give the same JSON; ``--jobs`` was removed (slower than
one process on two cores, docs/benchmarks.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbiter.model.format.cardset import load_cardset
from arbiter.solver.check.diagnostics import Backend, run_check
from arbiter.solver.cli import check_output
from tests.helpers import ROOT, cli

FLAWED = str(ROOT / "examples" / "cardsets" / "flawed.yaml")


def _json(backend: Backend, witness_dir: Path) -> str:
    result = run_check(load_cardset(FLAWED), backend)
    return json.dumps(check_output.as_json([check_output.with_witnesses(result, str(witness_dir))]))


def test_chunks_of_one_unit_give_the_serial_json(tmp_path: Path) -> None:
    serial = _json(Backend(), tmp_path)
    assert _json(Backend(chunk=1), tmp_path) == serial
    codes = ("ruling-E-IMM-1b", "dependency-cycle", "loop-mandatory", "loop-capped")
    for code in (*codes, "replacement-competition"):
        assert f'"{code}"' in serial
    assert '"ruling-D-PREV-3"' in serial


def test_the_removed_jobs_option_is_a_usage_error() -> None:
    done = cli("check", FLAWED, "--jobs", "2")
    assert done.returncode == 2 and "--jobs" in done.stderr and "Traceback" not in done.stderr


def test_a_dask_cluster_gives_the_serial_json(tmp_path: Path) -> None:
    distributed = pytest.importorskip("dask.distributed")
    serial = _json(Backend(), tmp_path)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        assert _json(Backend(dask=cluster.scheduler_address, chunk=1), tmp_path) == serial


def test_progress_reports_every_unit_and_ends_at_the_total(tmp_path: Path) -> None:
    seen: list[tuple[int, int]] = []
    result = run_check(load_cardset(FLAWED), Backend(chunk=1), lambda d, t: seen.append((d, t)))
    total = len(result.plan.units)
    assert total >= 1 and seen[-1] == (total, total)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_a_progress_bar_never_spoils_the_json_on_stdout(tmp_path: Path) -> None:
    done = cli("check", FLAWED, "--json", "--progress", "--witness-dir", str(tmp_path))
    assert done.returncode == 1
    assert json.loads(done.stdout)["summary"]["error"] == 5


def test_the_cli_dask_option_gives_the_serial_json(tmp_path: Path) -> None:
    distributed = pytest.importorskip("dask.distributed")
    w = ("--witness-dir", str(tmp_path))
    serial = cli("check", FLAWED, "--json", *w)
    with distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=False,
        protocol="tcp",
        host="127.0.0.1",
        dashboard_address=None,
    ) as cluster:
        on_dask = cli("check", FLAWED, "--json", "--dask", cluster.scheduler_address, *w)
    assert on_dask.returncode == serial.returncode == 1, on_dask.stderr
    assert on_dask.stdout == serial.stdout
