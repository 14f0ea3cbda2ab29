"""How every command prints: JSON without measurements, and the exit code it ends with."""

from __future__ import annotations

from typing import Any

import click


class Exit(Exception):
    """Raised by commands to end with an exit code after printing."""

    def __init__(self, code: int) -> None:
        self.code = code


TIMING_KEYS = frozenset({"wall_time"})


def without_timings(data: Any) -> Any:
    """The answer without its measurements: the same input gives the same bytes."""
    if isinstance(data, dict):
        return {k: without_timings(v) for k, v in data.items() if k not in TIMING_KEYS}
    if isinstance(data, list):
        return [without_timings(v) for v in data]
    return data


def emit_json(data: Any) -> None:
    """Print JSON. Wall times are measurements, not answers: they are printed only with
    ``arbiter --timings`` so that ``--json`` is byte-identical from run to run."""
    ctx = click.get_current_context(silent=True)
    root = ctx.find_root() if ctx is not None else None
    timings = bool(root is not None and isinstance(root.obj, dict) and root.obj.get("timings"))
    shown = data if timings else without_timings(data)
    from arbiter.solver.cli.escaping import json_text

    click.echo(json_text(shown, indent=2, sort_keys=False))
