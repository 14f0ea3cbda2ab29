"""File formats: YAML loaded safely with positions, validated into typed data."""
