"""Shared click option types of the ``arbiter`` commands (imported by every cmd_*.py)."""

from __future__ import annotations

import math
from typing import Any

import click


class TimeLimit(click.FloatRange):
    """Seconds a solver may take: a float range that also refuses NaN (which compares false
    with both bounds, so a plain FloatRange lets it through). Commands use ``TIME_LIMIT``."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if math.isnan(number):
            self.fail("NaN is not a number of seconds", param, ctx)
        return number


TIME_LIMIT = TimeLimit(0.01, 3600)
