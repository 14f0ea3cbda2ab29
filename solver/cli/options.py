"""Shared click option types of the ``arbiter`` commands (imported by every cmd_*.py)."""

from __future__ import annotations

import math
import re
from typing import Any

import click

from arbiter.solver.check.dask_form import DASK_FORM


class TimeLimit(click.FloatRange):
    """Seconds a solver may take: a float range that also refuses NaN (which compares false
    with both bounds, so a plain FloatRange lets it through). Commands use ``TIME_LIMIT``."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if math.isnan(number):
            self.fail("NaN is not a number of seconds", param, ctx)
        return number


TIME_LIMIT = TimeLimit(0.01, 3600)


class DaskAddress(click.ParamType[str, str]):
    """A Dask scheduler address, ``[scheme://]host[:port]`` (IPv6 in brackets), checked
    before any work: a malformed one is a usage error at once, never a wait and a traceback."""

    name = "ADDRESS"
    _FORM = DASK_FORM

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        text = str(value)
        scheme, _, rest = text.partition("://")
        other = scheme not in ("tcp", "tls") and re.fullmatch(r"[a-z][a-z0-9+.-]*", scheme)
        if rest and other and not re.search(r"\s", rest):
            return text  # inproc://, ucx://, ws:// ... : the scheduler library checks them
        m = self._FORM.match(text)
        if m is None or (m["port"] is not None and not 0 < int(m["port"]) < 65536):
            self.fail(
                f"{text!r} is not a scheduler address (expected [tcp://]host:port)", param, ctx
            )
        return text
