"""Default ruleset policies of a project, and ``arbiter --policy`` (docs/cli.md).

A configuration file may give, per ruleset, the policies a file may set under
``policies:`` (``model/ruleset.py`` ``POLICY_ENUMS`` and ``POLICY_INTS``)::

    [tool.arbiter.policies.riftbound]      # or [policies.riftbound] in arbiter.toml
    prevention_timing = "before-split"

They apply to every scenario and card set of that ruleset that does not set them itself.
Precedence, highest first: ``arbiter --policy riftbound.prevention_timing=...``, the
file's ``policies:``, the configuration, the ruleset's own default
(``model/format/policy_layers.py``). A bad name or value is one located line, exit 2.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import Enum
from typing import Any

import click

from arbiter.model.errors import InputError
from arbiter.model.format.document import describe
from arbiter.model.format.policy_layers import PolicyLayers
from arbiter.model.ruleset import POLICY_ENUMS, POLICY_INTS, RULESETS
from arbiter.model.wording import did_you_mean
from arbiter.solver.cli.toml_lines import locate

TABLE = "policies"  # the key of the configuration that is not a command
MAX_INT = 10**6


def policy_names() -> list[str]:
    return sorted([*POLICY_ENUMS, *POLICY_INTS])


def value_of(key: str, raw: object) -> object:
    """The policy ``key``'s value read from ``raw``; ValueError with what was expected."""
    if key in POLICY_INTS:
        if isinstance(raw, bool) or not isinstance(raw, int) or not 0 <= raw <= MAX_INT:
            raise ValueError(f"expected an integer from 0 to {MAX_INT}, got {describe(raw)}")
        return raw
    enum: type[Enum] = POLICY_ENUMS[key]
    options = [m.value for m in enum]
    if raw not in options:
        hint = did_you_mean(raw, options) if isinstance(raw, str) else ""
        raise ValueError(f"expected one of {', '.join(options)}, got {describe(raw)}{hint}")
    return enum(raw)


def defaults(table: Any, path: str, root: tuple[str, ...]) -> dict[str, dict[str, object]]:
    """The ``policies`` table of a configuration file, per ruleset; ``root`` is where the
    table sits in the file (``("tool", "arbiter", "policies")`` in pyproject.toml)."""

    def fail(message: str, keys: tuple[str, ...], *, value: bool = False) -> InputError:
        return InputError(
            message,
            location=locate(path, (*root, *keys), value=value),
            path=".".join((*root, *keys)),
        )

    if not isinstance(table, dict):
        raise fail("expected a table of rulesets", (), value=True)
    out: dict[str, dict[str, object]] = {}
    for game, options in table.items():
        if game not in RULESETS:
            hint = did_you_mean(game, sorted(RULESETS))
            raise fail(f"expected a ruleset: one of {', '.join(sorted(RULESETS))}{hint}", (game,))
        if not isinstance(options, dict):
            raise fail("expected a table of policies", (game,), value=True)
        chosen: dict[str, object] = {}
        for name, raw in options.items():
            key = name.replace("-", "_")
            if key not in POLICY_ENUMS and key not in POLICY_INTS:
                hint = did_you_mean(key, policy_names())
                raise fail(f"expected a policy of {game}{hint}", (game, name))
            try:
                chosen[key] = value_of(key, raw)
            except ValueError as exc:
                raise fail(str(exc), (game, name), value=True) from None
        out[game] = chosen
    return out


def overrides(given: Iterable[str]) -> dict[str, dict[str, object]]:
    """``--policy RULESET.KEY=VALUE`` options (a usage error, exit 2, when malformed)."""
    out: dict[str, dict[str, object]] = {}
    for item in given:
        target, sep, text = item.partition("=")
        game, dot, name = target.strip().partition(".")
        if not sep or not dot:
            raise click.UsageError(f"--policy {item}: expected RULESET.KEY=VALUE")
        key = name.replace("-", "_")
        if game not in RULESETS:
            hint = did_you_mean(game, sorted(RULESETS))
            raise click.UsageError(f"--policy {item}: expected a ruleset name{hint}")
        if key not in POLICY_ENUMS and key not in POLICY_INTS:
            hint = did_you_mean(key, policy_names())
            raise click.UsageError(f"--policy {item}: expected a policy name{hint}")
        raw: object = text.strip()
        if key in POLICY_INTS and str(raw).isdigit():
            raw = int(str(raw))
        try:
            out.setdefault(game, {})[key] = value_of(key, raw)
        except ValueError as exc:
            raise click.UsageError(f"--policy {item}: {exc}") from None
    return out


def layers(
    configured: Mapping[str, Mapping[str, object]], given: Iterable[str]
) -> PolicyLayers | None:
    """The layers of one invocation, or None when neither source gives any policy."""
    above = overrides(given)
    if not configured and not above:
        return None
    return PolicyLayers(dict(configured), above)
