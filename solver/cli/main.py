"""The ``arbiter`` command.

Each subcommand lives in its own module and is imported only when invoked, so
``arbiter run`` on a stats-only scenario never pays for ortools or networkx.
Exit codes: 0 ok, 1 an expectation, check or illegal action failed, 2 bad
input or usage, 3 an internal error (a bug: please report it).
"""

from __future__ import annotations

import json
import sys
from typing import Any, NoReturn

import click

from arbiter.model.errors import ArbiterError, IllegalAction, InputError, InternalError
from arbiter.solver.cli.options import TIME_LIMIT, TimeLimit  # noqa: F401  (TimeLimit re-exported)


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
    click.echo(json.dumps(shown, indent=2, sort_keys=False, ensure_ascii=False))


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--debug", is_flag=True, help="Show tracebacks of internal errors.")
@click.option("--timings", is_flag=True, help="Include solver wall times in --json output.")
@click.version_option("0.1.0", prog_name="arbiter")
@click.pass_context
def cli(ctx: click.Context, debug: bool, timings: bool) -> None:
    """arbiter: a rules checker for trading card games, built on constraint solving."""
    ctx.ensure_object(dict)
    ctx.obj["debug"] = debug
    ctx.obj["timings"] = timings


@cli.command()
@click.argument("file", type=click.Path(dir_okay=True, path_type=str))
@click.option("--json", "as_json", is_flag=True, help="Print the JSON output contract.")
@click.option("--explain", is_flag=True, help="Show, per value, the rule ids that produced it.")
@click.option(
    "--time-limit",
    type=TIME_LIMIT,
    default=10.0,
    show_default=True,
    help="Seconds a solver may take for one decision.",
)
@click.option(
    "--outcomes",
    is_flag=True,
    help="Also search every legal choice sequence and list the distinct outcomes.",
)
def run(file: str, as_json: bool, explain: bool, time_limit: float, outcomes: bool) -> None:
    """Resolve a scenario FILE and check its expect: block."""
    from arbiter.model.format.scenario import parse_file
    from arbiter.solver.cli import report
    from arbiter.solver.engine import runner as engine

    scenario = parse_file(file)
    options = engine.RunOptions(time_limit=time_limit, outcomes=outcomes)
    result = engine.run(scenario, options)
    if as_json:
        emit_json(result.as_json())
    else:
        report.print_run(result, explain=explain)
        if outcomes:
            from arbiter.solver.cli.report import print_outcomes

            print_outcomes(result.extra)
    raise Exit(0 if result.ok else 1)


@cli.command()
@click.option("--cardset", is_flag=True, help="The schema of card-set files (arbiter check).")
def schema(cardset: bool) -> None:
    """Print the JSON Schema of scenario and card-set files."""
    from arbiter.model.format.scenario import load_areas
    from arbiter.model.format.schema import build_schema

    load_areas()  # areas add their step kinds and keys to the schemas
    if cardset:
        from arbiter.model.format.cardset_schema import build_cardset_schema
        from arbiter.model.format.scenario import OBJECT_KEY_PARSERS

        emit_json(build_cardset_schema(sorted(OBJECT_KEY_PARSERS)))
        return
    emit_json(build_schema())


COMMANDS = (
    "arbiter.solver.cli.check",
    "arbiter.solver.cli.describe",
    "arbiter.solver.cli.damage",
    "arbiter.solver.cli.graph",
    "arbiter.solver.cli.importer",
    "arbiter.solver.cli.loops",
    "arbiter.solver.cli.upgrade",
)


def _load_commands() -> None:
    """Each module of ``COMMANDS`` defines ``command``, a click command added to the group.

    Command modules import heavy libraries inside the command function only.
    """
    import importlib

    for name in COMMANDS:
        cli.add_command(importlib.import_module(name).command)


_load_commands()


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
        cli.main(args=argv, standalone_mode=False, prog_name="arbiter")
    except Exit as exc:
        sys.exit(exc.code)
    except click.exceptions.Abort:
        _fail("aborted", 2)
    except click.ClickException as exc:
        _fail(f"arbiter: {exc.format_message()}", 2)
    except InputError as exc:
        _fail(exc.one_line(), 2)
    except IllegalAction as exc:
        _fail(f"illegal action: {exc}", 1)
    except RecursionError:
        _fail("input nested too deeply to process", 2)
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
