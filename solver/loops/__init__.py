"""Loop verdicts and their witnesses (NetworkX and state fingerprints)."""
