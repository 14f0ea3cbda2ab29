"""What the game IS: values, objects, effects, rulesets and file formats.

Plain typed data and pure functions. This package never imports ``solver``,
``networkx`` or ``ortools`` (DESIGN.md, "the one direction of imports").
"""
