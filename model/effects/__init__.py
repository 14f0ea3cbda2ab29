"""The one card language (docs/format.md, "The card language"): the algebra
(:mod:`.algebra`), its YAML form (:mod:`.syntax`, keys and JSON Schema in :mod:`.keys`),
English (:mod:`.describe`), v1 upgrade (:mod:`.upgrade`) and evaluation on a game
(:mod:`.evaluate`)."""
