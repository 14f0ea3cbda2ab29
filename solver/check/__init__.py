"""Diagnostics for a card set, their witnesses, and the process / Dask pools."""
