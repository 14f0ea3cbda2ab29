"""Discovery of the modules that plug into a registry (area parsers, commands, resolvers,
diagnostics): every module of a package whose name starts with a prefix, imported in
sorted order so that registration never depends on the file system."""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType


def import_prefixed(package: str, prefixes: str | tuple[str, ...]) -> list[ModuleType]:
    """Import ``package.<name>`` for every module whose name starts with ``prefixes``."""
    root = importlib.import_module(package)
    names = sorted(info.name for info in pkgutil.iter_modules(root.__path__))
    return [
        importlib.import_module(f"{package}.{name}") for name in names if name.startswith(prefixes)
    ]
