"""The ``arbiter`` command.

Each subcommand lives in its own module (``COMMANDS``, a literal table from the command's
name to a function importing its module), imported only when that command is invoked (or
its own help asked for; ``arbiter --help`` lists the commands from ``SUMMARIES``);
each imports its heavy libraries inside the command function, so ``arbiter run`` on a
stats-only scenario loads neither the other commands nor ortools or networkx.
Exit codes: 0 ok, 1 an expectation, check or illegal action failed, 2 bad
input or usage, 3 an internal error (a bug: please report it).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from gettext import gettext
from typing import NoReturn

import click

from arbiter import __version__
from arbiter.model.errors import ArbiterError, IllegalAction, InputError, InternalError
from arbiter.solver.cli.output import Exit
from arbiter.solver.safe_output import OutputError


def _run() -> click.Command:
    from arbiter.solver.cli import run

    return run.command


def _schema() -> click.Command:
    from arbiter.solver.cli import schema

    return schema.command


def _check() -> click.Command:
    from arbiter.solver.cli import check

    return check.command


def _damage() -> click.Command:
    from arbiter.solver.cli import damage

    return damage.command


def _graph() -> click.Command:
    from arbiter.solver.cli import graph

    return graph.command


def _loops() -> click.Command:
    from arbiter.solver.cli import loops

    return loops.command


def _demo() -> click.Command:
    from arbiter.solver.cli import demo

    return demo.command


def _combat() -> click.Command:
    from arbiter.solver.cli import combat

    return combat.command


def _init() -> click.Command:
    from arbiter.solver.cli import init

    return init.command


def _describe() -> click.Command:
    from arbiter.solver.cli import describe

    return describe.command


def _upgrade() -> click.Command:
    from arbiter.solver.cli import upgrade

    return upgrade.command


def _import() -> click.Command:
    from arbiter.solver.cli import importer

    return importer.command


# command name -> the function that imports its module and returns its ``command``
COMMANDS: dict[str, Callable[[], click.Command]] = {
    "run": _run,
    "schema": _schema,
    "check": _check,
    "damage": _damage,
    "graph": _graph,
    "loops": _loops,
    "demo": _demo,
    "import": _import,
    "combat": _combat,
    "init": _init,
    "describe": _describe,
    "upgrade": _upgrade,
}


# command name -> the first paragraph of its help (its docstring), which ``arbiter --help``
# shortens to list it without importing it; tests/test_command_summaries.py pins each
# against the command's own help.
SUMMARIES: dict[str, str] = {
    "run": "Resolve scenario FILES (files, folders, globs) and check their expect: blocks.",
    "schema": "Print the JSON Schema (draft-07, for editors) of scenario files, or of another "
    "kind.",
    "check": "Check card-set FILES for problems players and judges would meet.",
    "damage": "The optimal split of the damage instruction in FILE, proven by CP-SAT.",
    "graph": "Draw the dependency graph of the passive abilities of scenario FILE (A-DEP, "
    "A-ORDER-1).",
    "loops": "Detect loops in a card set or a scenario FILE: loop, terminates or undetermined.",
    "demo": "Check the example card sets, then run every worked example of the rules sources.",
    "import": "Import a card pool FILE (the publisher's JSON) of GAME into card-set files.",
    "combat": "Combat damage assignments of the first combat step in FILE (Riftbound 460.2.c).",
    "init": "Scaffold a card set and a scenario in FOLDER, with schemas for editors.",
    "describe": "Render the cards of a card-set FILE (or one CARD) as plain English.",
    "upgrade": "Rewrite format 1 card-set FILES as format 2 in place.",
}


class LazyGroup(click.Group):
    """The group of ``COMMANDS``: a command's module is imported when the command is
    invoked (or its own help asked for), never before; ``arbiter --help`` lists the
    commands from ``SUMMARIES``."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The commands section of ``arbiter --help``, as click writes it, from
        ``SUMMARIES``."""
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows = [(n, self._summary(n, limit)) for n in names]
        with formatter.section(gettext("Commands")):
            formatter.write_dl(rows)

    @staticmethod
    def _summary(name: str, limit: int) -> str:
        if name not in SUMMARIES:  # a command not yet listed there: its module tells
            return COMMANDS[name]().get_short_help_str(limit)
        return click.Command(name, help=SUMMARIES[name]).get_short_help_str(limit)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        load = COMMANDS.get(cmd_name)
        if load is None:
            return None
        command = load()
        if command.name != cmd_name:
            raise InternalError(f"the command {cmd_name!r} is named {command.name!r}")
        return command


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--debug", is_flag=True, help="Show tracebacks of internal errors.")
@click.option("--timings", is_flag=True, help="Include solver wall times in --json output.")
@click.option(
    "--config",
    "config_path",
    type=click.Path(dir_okay=False, exists=True, path_type=str),
    default=None,
    help="Read option defaults from this arbiter.toml or pyproject.toml.",
)
@click.option("--no-config", is_flag=True, help="Read no configuration file.")
@click.option(
    "--policy",
    "policies",
    multiple=True,
    metavar="RULESET.KEY=VALUE",
    help="Set a ruleset policy for every file read (wins over the file's policies:).",
)
@click.version_option(__version__, prog_name="arbiter")
@click.option(
    "--max-memory",
    type=click.IntRange(64, 1 << 20),
    default=None,
    metavar="MB",
    help="Stop searches when the process reaches this resident size "
    "(default 1024, at most half the machine's memory).",
)
@click.pass_context
def cli(
    ctx: click.Context,
    debug: bool,
    timings: bool,
    config_path: str | None,
    no_config: bool,
    policies: tuple[str, ...],
    max_memory: int | None,
) -> None:
    """arbiter: a rules checker for trading card games, built on constraint solving."""
    from arbiter.solver import limits
    from arbiter.solver.cli.config import apply

    limits.reset()  # every invocation starts clean (in-process callers too)
    limits.set_max_memory(max_memory)
    ctx.ensure_object(dict)
    ctx.obj["debug"] = debug
    ctx.obj["timings"] = timings
    apply(ctx, config_path, no_config, policies)


def one_line(message: str) -> str:
    """The message on one line: line breaks and other control characters escaped
    (a key or a file name may hold them)."""
    return "".join(
        c if c.isprintable() or c == " " else c.encode("unicode_escape").decode("ascii")
        for c in message
    )


def _fail(message: str, code: int) -> NoReturn:
    click.echo(one_line(message), err=True)
    sys.exit(code)


def main(argv: list[str] | None = None) -> None:
    """Entry point: every failure becomes one line and an exit code, never a traceback."""
    debug = "--debug" in (argv if argv is not None else sys.argv[1:])
    try:
        _main(argv, debug)
    finally:
        from arbiter.solver import limits

        limits.reset()


def _main(argv: list[str] | None, debug: bool) -> None:
    try:
        cli.main(args=argv, standalone_mode=False, prog_name="arbiter")
    except Exit as exc:
        sys.exit(exc.code)
    except click.exceptions.Abort:
        _fail("aborted", 2)
    except click.ClickException as exc:
        _fail(f"arbiter: {exc.format_message()}", 2)
    except InputError as exc:
        _fail(exc.one_line(), 2)
    except OutputError as exc:
        _fail(f"arbiter: {exc}", 2)
    except IllegalAction as exc:
        _fail(f"illegal action: {exc}", 1)
    except RecursionError:
        _fail("input nested too deeply to process", 2)
    except MemoryError:
        _fail("out of memory: give a smaller budget, or a lower arbiter --max-memory", 2)
    except (InternalError, ArbiterError) as exc:
        if debug:
            raise
        _fail(f"internal error (please report): {exc}", 3)
    except KeyboardInterrupt:
        _fail("interrupted", 2)
    except BrokenPipeError:
        sys.exit(0)
    except UnicodeEncodeError as exc:  # e.g. PYTHONIOENCODING=ascii and a name with an accent
        _fail(
            f"cannot print the answer in this terminal's encoding ({exc.encoding}); "
            "set PYTHONIOENCODING=utf-8",
            2,
        )
    except Exception as exc:  # noqa: BLE001 - the last line of defence: never a traceback
        if debug:
            raise
        _fail(f"internal error (please report): {type(exc).__name__}: {exc}", 3)
    sys.exit(0)


if __name__ == "__main__":  # pragma: no cover
    main()
