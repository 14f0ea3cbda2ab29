"""Damage, prevention and replacement: events of damage and their modification."""
