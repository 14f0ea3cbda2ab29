"""Values and characteristics: numbers, vectors, limits, immunities, named features."""
