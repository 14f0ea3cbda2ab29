"""The form of a Dask scheduler address, ``[scheme://]host[:port]`` (IPv6 in brackets): a
module of its own so that the command-line options can check an address without loading
the checker (``arbiter run`` starts without it)."""

from __future__ import annotations

import re

DASK_FORM = re.compile(
    r"^(?:(?P<scheme>[a-z][a-z0-9+.-]*)://)?"
    r"(?P<host>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+)(?::(?P<port>[0-9]{1,5}))?/?$"
)
