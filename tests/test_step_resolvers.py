"""The literal table of step resolvers (solver/engine/step.py) names real step classes by
module and name, each with its own resolver; a step of any other class, or of a subclass,
resolves itself; and a run without such a step imports neither the step's module nor its
solver (issue 19)."""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module

from arbiter.model.damage import combat_state, steps
from arbiter.model.steps import Step
from arbiter.solver.damage import combat_resolve, resolve
from arbiter.solver.engine.step import RESOLVERS, resolver_of
from tests.helpers import loaded_by

# What the table stood for when it was keyed by the classes themselves.
BY_CLASS = {
    steps.DealDamage: resolve.resolve_deal,
    steps.ResolveDamage: resolve.resolve_later,
    combat_state.Combat: combat_resolve.resolve_combat,
}


def test_each_entry_names_a_step_class_and_its_resolver() -> None:
    found = {}
    for (module, name), load in RESOLVERS.items():
        step_class = getattr(import_module(module), name)
        assert issubclass(step_class, Step), (module, name)
        assert (step_class.__module__, step_class.__qualname__) == (module, name)
        found[step_class] = load()
    assert found == BY_CLASS
    for step_class, resolver in BY_CLASS.items():
        assert resolver_of(step_class) is resolver


def test_other_steps_and_subclasses_resolve_themselves() -> None:
    @dataclass(frozen=True, kw_only=True)
    class Louder(steps.DealDamage):
        pass

    assert resolver_of(Louder) is None
    assert resolver_of(Step) is None


PROBE = """
import sys
from arbiter.solver.cli.main import Exit, cli
try:
    cli.main(args=["run", sys.argv[1], "--json"], standalone_mode=False)
except Exit as exc:
    assert exc.code == 0, exc.code
lazy = (
    "arbiter.model.damage.steps", "arbiter.model.damage.combat_state",
    "arbiter.solver.damage.resolve", "arbiter.solver.damage.combat_resolve",
    "arbiter.solver.choices.outcomes",
)
print("LOADED=" + ",".join(m for m in lazy if m in sys.modules))
"""


def test_a_run_without_such_steps_imports_neither_their_steps_nor_their_solvers() -> None:
    assert loaded_by(PROBE) == ""
