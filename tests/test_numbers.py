"""Numbers: every place a file gives an integer refuses what is not one, or is out of range.

For every example and every command that accepts it (exit 0 or 1), each integer of the file
is replaced in turn by a value out of ±10^9, a float, NaN, infinity and a boolean: the
command must refuse it with exit 2 and name that value's path. Values inside ``expect``
blocks (and ``expect_verdict``) are excluded (there any value may be expected) and so are
booleans where a flag is allowed (``FLAG_OR_NUMBER``). Arithmetic that would leave ±10^15
is refused where it happens.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from arbiter.model.format.document import path_text
from arbiter.solver.cli.main import one_line
from tests import harness
from tests.helpers import scenario
from tests.strategies import EXAMPLES, dump, get, load_example, paths_of, yaml_examples

BAD_NUMBERS: list[tuple[str, Any]] = [
    ("above 10^9", 10**9 + 1),
    ("below -10^9", -(10**9) - 1),
    ("2^63", 2**63),
    ("a float", 2.5),
    ("a whole float", 3.0),
    ("NaN", float("nan")),
    ("infinity", float("inf")),
    ("a boolean", True),
]


# Mappings whose values are a flag (true) or a number: `features: {Armor: 1, Steadfast: true}`
# and card keywords (`Tough: 2`, `Defender: true`). Add a key here when an area adds one.
FLAG_OR_NUMBER = {"features", "keywords"}


def integer_paths(data: Any) -> list[tuple[str | int, ...]]:
    return [
        p
        for p in paths_of(data)
        if isinstance(get(data, p), int)
        and not isinstance(get(data, p), bool)
        and "expect" not in p
        and "expect_verdict" not in p  # an expected verdict, like an expect block
        and not any(isinstance(part, str) and part.startswith("title") for part in p)
    ]


def accepting_commands(path: Path) -> list[str]:
    return [
        c
        for c in harness.file_commands()
        if harness.invoke(harness.argv_for(c, str(path))).code in (0, 1)
    ]


@pytest.mark.parametrize("example", yaml_examples(), ids=lambda p: str(p.relative_to(EXAMPLES)))
def test_every_integer_of_every_example_is_checked(tmp_path: Path, example: Path) -> None:
    data = load_example(example)
    commands = accepting_commands(example)
    spots = integer_paths(data)
    if not commands or not spots:
        pytest.skip(f"no command accepts {example.name} or it has no integer")
    for sibling in example.parent.iterdir():  # a card set's includes stay beside it
        if sibling.is_file():
            (tmp_path / sibling.name).write_bytes(sibling.read_bytes())
    target = tmp_path / f"_numbers_{example.name}"
    for spot in spots:
        for label, bad in BAD_NUMBERS:
            if isinstance(bad, bool) and FLAG_OR_NUMBER & set(map(str, spot)):
                continue  # `Armor: true` is a flag feature, legal where a number is
            changed = load_example(example)
            get(changed, spot[:-1])[spot[-1]] = bad
            text = dump(changed)
            target.write_text(text, encoding="utf-8")
            for command in commands:
                outcome = harness.invoke(harness.argv_for(command, str(target)))
                harness.judge(outcome, str(target), text)
                where = f"{command} {example.name}: {path_text(spot)} = {label}"
                assert outcome.code == 2, f"{where}: accepted (exit {outcome.code})"
                assert one_line(path_text(spot)) in outcome.stderr, f"{where}: {outcome.stderr}"


def test_the_loader_refuses_non_finite_numbers_anywhere() -> None:
    """NaN and infinities have no JSON form: refused even where any value is allowed."""
    from arbiter.model.errors import InputError

    for bad in (".nan", ".inf", "-.inf", ".NaN"):
        with pytest.raises(
            InputError, match=r"test.yaml:5:\d+: expect\[\"x.d\"\]: expected a finite"
        ):
            scenario(
                f"""
                ruleset: eredan
                players: [a]
                objects: {{x: {{owner: a, kind: character, base: {{d: 1}}}}}}
                expect: {{x.d: {bad}}}
                """
            )


def test_integers_with_thousands_of_digits_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "digits.yaml"
    path.write_text(
        "ruleset: eredan\nplayers: [a]\nobjects: {x: {owner: a, kind: c}}\n"
        f"expect: {{x.d: {'9' * 5000}}}\n",
        encoding="utf-8",
    )
    outcome = harness.invoke(["run", str(path)])
    harness.judge(outcome, str(path))
    assert outcome.code == 2
    assert 'expect["x.d"]' in outcome.stderr


@pytest.mark.rule("ROBUST-RANGE")
@pytest.mark.parametrize(
    ("base", "factor", "steps", "refused"),
    [
        (10**9, 10**6, 1, False),  # 10^15: the edge of the range, still computed
        (10**9, 10**6 + 1, 1, True),
        (1000, 1000, 5, True),  # 10^18 after five multiplications
        (-(10**9), 10**9, 1, True),
        (10**9, -1, 40, False),  # flips sign forty times, stays small
    ],
)
def test_multiplication_that_leaves_the_range_is_refused_at_its_step(
    tmp_path: Path, base: int, factor: int, steps: int, refused: bool
) -> None:
    """Decision ROBUST-RANGE (docs/guarantees.md): a computed value beyond ±10^15 is refused
    with the step's line, so nothing that reaches a solver or the JSON can overflow."""
    path = tmp_path / "multiply.yaml"
    lines = [
        "ruleset: eredan",
        "players: [a]",
        f"objects: {{x: {{owner: a, kind: c, base: {{d: {base}}}}}}}",
        "steps:",
        *[f"  - modify: {{target: x, stat: d, op: multiply, value: {factor}}}"] * steps,
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    outcome = harness.invoke(["run", str(path), "--json"])
    harness.judge(outcome, str(path))
    if refused:
        assert outcome.code == 2
        assert "beyond ±10^15" in outcome.stderr
        assert f"{path}:" in outcome.stderr and ": steps[" in outcome.stderr
    else:
        assert outcome.code == 0, outcome.stderr


@pytest.mark.rule("ROBUST-LIMITS")
def test_the_ceilings_on_objects_and_steps(tmp_path: Path) -> None:
    """At most 256 objects and 1000 steps: beyond, refused at the list with its path."""
    from arbiter.model.format.context import MAX_OBJECTS, MAX_STEPS

    objects = "".join(f"  o{i}: {{owner: a, kind: c}}\n" for i in range(MAX_OBJECTS + 1))
    path = tmp_path / "many.yaml"
    path.write_text(f"ruleset: eredan\nplayers: [a]\nobjects:\n{objects}", encoding="utf-8")
    outcome = harness.invoke(["run", str(path)])
    harness.judge(outcome, str(path))
    assert outcome.code == 2 and f"objects: at most {MAX_OBJECTS}" in outcome.stderr
    steps = "  - move: {target: o0, zone: hand}\n" * (MAX_STEPS + 1)
    path.write_text(
        "ruleset: eredan\nplayers: [a]\nobjects: {o0: {owner: a, kind: c}}\nsteps:\n" + steps,
        encoding="utf-8",
    )
    outcome = harness.invoke(["run", str(path)])
    assert outcome.code == 2 and f"steps: at most {MAX_STEPS}" in outcome.stderr
    path.write_text(
        "ruleset: eredan\nplayers: [a]\nobjects: {o0: {owner: a, kind: c}}\nsteps:\n"
        + "  - move: {target: o0, zone: hand}\n" * MAX_STEPS,
        encoding="utf-8",
    )
    assert harness.invoke(["run", str(path)]).code == 0
