"""What can be DECIDED: ordering, search, optimisation, loops, checks, and the CLI.

``solver`` imports ``model``; never the other way round. Heavy libraries
(ortools, networkx, matplotlib) are imported lazily, inside the functions that
need them, so commands that need no solver start fast.
"""
