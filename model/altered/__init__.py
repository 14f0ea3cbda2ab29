"""Altered play: zones, spells, keywords and the day."""
