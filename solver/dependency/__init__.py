"""The order of passive abilities, dependency cycles and incremental re-evaluation (NetworkX)."""
