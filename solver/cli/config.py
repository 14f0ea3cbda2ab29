"""Configuration: ``[tool.arbiter]`` in pyproject.toml, or an ``arbiter.toml``.

The nearest of ``arbiter.toml`` (whole file) and ``pyproject.toml`` (its
``[tool.arbiter]`` table) found from the working folder upwards is read; ``arbiter
--config FILE`` names one, ``arbiter --no-config`` reads none. Each sub-table is named
after a command and gives the defaults of its options (the long option name, with ``-``
or ``_``); the command line still wins::

    [tool.arbiter.check]
    paths = ["cards/*.yaml"]     # the files checked when none is given
    select = ["unknown", "loop-"]
    fail-on = "warning"
    format = "sarif"

    [tool.arbiter.run]
    time-limit = 5

    [tool.arbiter.policies.riftbound]   # default ruleset policies (config_policies.py)
    prevention_timing = "before-split"

Paths in the file (``paths``, ``witness-dir``, ``baseline``, ``output``) are relative
to the file's folder. An unknown command or option is bad input: one located line
(``file:line:col``, ``toml_lines.py``), exit 2.
"""

from __future__ import annotations

import glob
import os
import re
import tomllib
from typing import Any

import click

from arbiter.model.errors import InputError, Location
from arbiter.model.wording import did_you_mean
from arbiter.solver.cli import config_policies
from arbiter.solver.cli.toml_lines import locate

NAMES = ("arbiter.toml", "pyproject.toml")
PATH_OPTIONS = frozenset({"witness_dir", "baseline", "output_path", "html_path"})


def _option_names(command: click.Command) -> dict[str, str]:
    """The keys a command's table may hold: each option's long names without ``--`` (the
    flag ``--json`` excepted: use ``format``), and ``paths`` for its file arguments."""
    names: dict[str, str] = {}
    for p in command.params:
        if p.name is None or p.name == "as_json":
            continue
        if isinstance(p, click.Argument):
            names["paths"] = p.name
            continue
        for opt in [*p.opts, *p.secondary_opts]:
            if opt.startswith("--"):
                names[opt[2:]] = p.name
    return names


def find(start: str) -> str | None:
    """The configuration file that applies in ``start``: the nearest arbiter.toml, or
    pyproject.toml with a ``[tool.arbiter]`` table."""
    folder = os.path.abspath(start)
    while True:
        for name in NAMES:
            path = os.path.join(folder, name)
            if os.path.isfile(path) and (name == "arbiter.toml" or _has_table(path)):
                return path
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent


def _has_table(path: str) -> bool:
    try:
        with open(path, "rb") as fh:
            return "arbiter" in tomllib.load(fh).get("tool", {})
    except (OSError, tomllib.TOMLDecodeError):
        return False


def read(path: str) -> dict[str, Any]:
    try:
        with open(path, "rb") as fh:
            data = tomllib.load(fh)
    except OSError as exc:
        raise InputError(
            f"expected a readable file ({exc.strerror})", location=Location(path, 1, 1)
        ) from None
    except tomllib.TOMLDecodeError as exc:
        at = re.search(r"at line (\d+), column (\d+)", str(exc))
        where = Location(path, int(at[1]), int(at[2])) if at else Location(path, 1, 1)
        raise InputError(f"expected TOML ({exc})", location=where) from None
    table = data.get("tool", {}).get("arbiter", {}) if path.endswith("pyproject.toml") else data
    if not isinstance(table, dict):
        raise InputError("expected a table", location=Location(path, 1, 1), path="tool.arbiter")
    return table


def _root(path: str) -> tuple[str, ...]:
    """Where the configuration's table sits in its file."""
    return ("tool", "arbiter") if path.endswith("pyproject.toml") else ()


def default_map(group: click.Group, path: str) -> dict[str, dict[str, Any]]:
    """click's ``default_map`` of the file: per command, its options' defaults."""
    table = read(path)
    where = "tool.arbiter" if path.endswith("pyproject.toml") else ""
    folder = os.path.dirname(os.path.abspath(path))
    out: dict[str, dict[str, Any]] = {}
    ctx = click.Context(group)  # the group loads a command's module only when asked for it
    for name, options in table.items():
        if name == config_policies.TABLE:
            continue  # not a command: the default ruleset policies (``policy_defaults``)
        key = f"{where}.{name}" if where else name
        command = group.get_command(ctx, name)
        if command is None:
            hint = did_you_mean(name, sorted(group.list_commands(ctx)))
            raise InputError(
                f"expected a command name{hint}",
                location=locate(path, (*_root(path), name), value=False),
                path=key,
            )
        if not isinstance(options, dict):
            raise InputError(
                "expected a table of options",
                location=locate(path, (*_root(path), name)),
                path=key,
            )
        params = {p.name: p for p in command.params if p.name}
        names = _option_names(command)
        defaults: dict[str, Any] = {}
        for option, value in options.items():
            pname = names.get(option.replace("_", "-"))
            if pname is None:
                hint = did_you_mean(option, sorted(names))
                raise InputError(
                    f"expected an option of arbiter {name}{hint}",
                    location=locate(path, (*_root(path), name, option), value=False),
                    path=f"{key}.{option}",
                )
            if isinstance(params[pname], click.Argument):
                value = _paths(value, folder, path, f"{key}.{option}")
            elif pname in PATH_OPTIONS and isinstance(value, str):
                value = os.path.relpath(os.path.join(folder, value))
            param = params[pname]
            if (param.multiple or param.nargs == -1) and isinstance(value, str):
                value = [value]
            defaults[pname] = value
        out[name] = defaults
    return out


def _paths(value: Any, folder: str, path: str, key: str) -> list[str]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise InputError(
            "expected a list of paths or globs",
            location=locate(path, (*_root(path), *key.split(".")[-2:])),
            path=key,
        )
    found: list[str] = []
    for pattern in value:
        full = os.path.join(folder, pattern)
        matched = sorted(glob.glob(full, recursive=True)) if glob.has_magic(full) else [full]
        found.extend(os.path.relpath(m) for m in matched)
    return found


def policy_defaults(path: str) -> dict[str, dict[str, object]]:
    """The file's default ruleset policies (``[tool.arbiter.policies.<ruleset>]``)."""
    table = read(path)
    if config_policies.TABLE not in table:
        return {}
    where = (*_root(path), config_policies.TABLE)
    return config_policies.defaults(table[config_policies.TABLE], path, where)


def apply(
    ctx: click.Context, path: str | None, disabled: bool, policies: tuple[str, ...] = ()
) -> None:
    """Set the group's ``default_map`` from the configuration file that applies, and the
    ruleset policies of the invocation (the file's defaults, ``--policy`` overrides) for
    as long as the group's context lasts."""
    from arbiter.model.format.policy_layers import policy_layers

    found = None if disabled else path or find(os.getcwd())
    if found is not None and path is None:
        found = os.path.relpath(found)  # mistakes name it as ruff or mypy would: relative
    configured: dict[str, dict[str, object]] = {}
    if found is not None:
        group = ctx.command
        assert isinstance(group, click.Group)
        ctx.default_map = default_map(group, found)
        configured = policy_defaults(found)
    layers = config_policies.layers(configured, policies)
    if layers is not None:
        ctx.with_resource(policy_layers(layers))
