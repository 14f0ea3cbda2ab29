"""Every legal order of replacements and the distinct outcomes of a scenario's choices."""
