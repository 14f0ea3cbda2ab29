"""Legal and optimal damage allocations (CP-SAT, with an exact twin)."""
