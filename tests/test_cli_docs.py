"""docs/cli.md is generated from the click definitions (``make docs-cli``): it is up to
date, documents every command and option, and every example parses."""

from __future__ import annotations

import shlex

import click

from arbiter.solver.cli.docgen import EXAMPLES, render
from arbiter.solver.cli.main import cli
from tests.helpers import ROOT


def test_docs_cli_is_up_to_date() -> None:
    text = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    assert text == render(cli), "docs/cli.md is out of date: run `make docs-cli`"


def test_every_command_and_option_is_documented_with_an_example() -> None:
    text = render(cli)
    ctx = click.Context(cli, info_name="arbiter")
    for name in cli.list_commands(ctx):
        command = cli.get_command(ctx, name)
        assert command is not None
        assert f"## `arbiter {name}`" in text
        assert EXAMPLES.get(name), f"no example of arbiter {name}"
        for param in command.params:
            for opt in param.opts if isinstance(param, click.Option) else []:
                assert f"`{opt}`" in text, (name, opt)


def test_every_example_parses() -> None:
    for name, lines in EXAMPLES.items():
        for line in lines:
            argv = shlex.split(line)
            assert argv[:2] == ["arbiter", name], line
            command = cli.get_command(click.Context(cli), name)
            assert command is not None, name
            command.make_context(name, argv[2:], resilient_parsing=False)
