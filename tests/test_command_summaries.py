"""``arbiter --help`` lists the commands from the literal ``SUMMARIES`` of
solver/cli/main.py without importing them (issue 19: a command's module loads only when
the command is invoked); the list is the one click writes from the commands themselves."""

from __future__ import annotations

import click
import pytest

from arbiter.solver.cli.main import COMMANDS, SUMMARIES, cli
from tests.helpers import loaded_by


def test_every_command_has_a_summary() -> None:
    assert list(SUMMARIES) == list(COMMANDS)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_each_summary_shortens_as_the_commands_own_help(name: str) -> None:
    command = COMMANDS[name]()
    assert not command.hidden and not command.deprecated and command.short_help is None
    listed = click.Command(name, help=SUMMARIES[name])
    for limit in range(0, 160):
        assert listed.get_short_help_str(limit) == command.get_short_help_str(limit), limit


@pytest.mark.parametrize("width", [40, 60, 80, 100, 120, 200])
def test_the_commands_section_is_the_one_click_writes(width: int) -> None:
    ctx = click.Context(cli)
    ours = click.HelpFormatter(width=width)
    cli.format_commands(ctx, ours)
    clicks = click.HelpFormatter(width=width)
    click.Group.format_commands(cli, ctx, clicks)
    assert ours.getvalue() == clicks.getvalue()
    assert "Commands:" in ours.getvalue()


PROBE = """
import sys
from arbiter.solver.cli.main import COMMANDS, cli
try:
    cli.main(args=["--help"], standalone_mode=False)
except SystemExit:
    pass
modules = ("run", "check", "combat", "damage", "demo", "graph", "importer", "loops", "schema",
           "init", "describe", "upgrade")
print("LOADED=" + ",".join(m for m in modules if "arbiter.solver.cli." + m in sys.modules))
"""


def test_the_list_imports_no_command_module() -> None:
    assert loaded_by(PROBE) == ""


def test_a_command_without_a_summary_is_still_listed(monkeypatch: pytest.MonkeyPatch) -> None:
    from arbiter.solver.cli import main

    monkeypatch.delitem(main.SUMMARIES, "run")
    formatter = click.HelpFormatter(width=80)
    cli.format_commands(click.Context(cli), formatter)
    assert "run       Resolve scenario FILES" in formatter.getvalue()
