"""Ruleset policies given from outside a file (docs/cli.md, "Configuration").

A file's ``policies:`` fix the choices the rules leave open for that file. A project may
also give them once for all its files of a ruleset (``[tool.arbiter.policies.<ruleset>]``,
the defaults) and a user for one invocation (``arbiter --policy ruleset.key=value``, the
overrides). The precedence, highest first: the command line, the file, the
configuration, the ruleset's own default.

The layers are a context variable, set for the length of one invocation by the command
line (``solver/cli/config.py``) and empty otherwise: parsing outside the command line
(the API, the tests) sees the file and the ruleset only. Nothing is set on import.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping
from contextvars import ContextVar
from dataclasses import dataclass, field
from types import MappingProxyType

from arbiter.model.ruleset import Ruleset

Policies = Mapping[str, object]  # policy field -> its value (an enum member or an int)


def _empty() -> Mapping[str, Policies]:
    return MappingProxyType({})


@dataclass(frozen=True)
class PolicyLayers:
    """Per ruleset name, the policies below the file's (defaults) and above (overrides)."""

    defaults: Mapping[str, Policies] = field(default_factory=_empty)
    overrides: Mapping[str, Policies] = field(default_factory=_empty)


_LAYERS: ContextVar[PolicyLayers | None] = ContextVar("arbiter_policy_layers", default=None)


def layered(name: str, ruleset: Ruleset, from_file: Policies) -> Ruleset:
    """The ruleset ``name`` with its policies: the configuration's, then the file's, then
    the command line's (each replaces the one before)."""
    layers = _LAYERS.get() or PolicyLayers()
    changes = {
        **layers.defaults.get(name, {}),
        **from_file,
        **layers.overrides.get(name, {}),
    }
    return ruleset.with_policies(**changes) if changes else ruleset


@contextlib.contextmanager
def policy_layers(layers: PolicyLayers) -> Iterator[None]:
    """Parse files with these layers for the length of the block."""
    token = _LAYERS.set(layers)
    try:
        yield
    finally:
        _LAYERS.reset(token)
