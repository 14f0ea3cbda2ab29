"""arbiter: a rules checker for trading card games, built on constraint solving.

``arbiter.model`` is what the game IS (values, objects, effects, rulesets, file formats);
``arbiter.solver`` is what can be DECIDED (ordering, search, optimisation, loops, checks,
the command line). ``arbiter.solver.api`` is the public Python face; ``arbiter.examples``
holds the worked examples (``arbiter demo``).
"""

__version__ = "0.1.0"
