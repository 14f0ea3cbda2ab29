"""Resolving the steps of a scenario and checking its expectations."""
