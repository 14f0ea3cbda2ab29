"""The command line of a benchmark script that takes ``--smoke`` only: ``--help`` prints the
script's own text, an unknown option is a usage error (exit 2). Imported by the scripts
(their folder is on ``sys.path`` when run); not a benchmark itself."""

from __future__ import annotations

import argparse


def smoke_options(doc: str | None, argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=doc, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--smoke", action="store_true", help="tiny sizes, one run (tests)")
    return parser.parse_args(argv)
