"""The arbiter command and every output format (text, JSON, SARIF, HTML, pictures)."""
