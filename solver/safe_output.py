"""Writing files safely: reports (``--html``, ``-o``, ``--png``) and witness scenarios.

Every file arbiter writes goes through here:
- atomically: a new temporary file beside the target (created with ``O_EXCL`` and
  ``O_NOFOLLOW``), then ``os.replace``; a reader or a concurrent run sees the old file or
  the new one, never a torn one;
- never through a link: ``os.replace`` replaces a link planted at the target instead of
  writing where it points; the folders arbiter creates inside an output folder are opened
  with ``O_NOFOLLOW`` relative to their parent's descriptor, so a sub-folder redirected by
  a link is refused;
- never over an input (the same file, by device and inode, so a hard link counts too);
- never over a file in a witness folder that arbiter did not write (it starts with
  ``WITNESS_HEADER``); a report that replaces an existing file says so on stderr
  (``say_replaced`` in
  solver/cli/escaping.py).

A path that cannot be written (missing folder, a folder below a file, a wrong image
extension) is an ``OutputError``: one line, exit 2.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
from collections.abc import Iterable
from dataclasses import dataclass

from arbiter.model.errors import ArbiterError

WITNESS_HEADER = "# A witness written by `arbiter check`"
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
_SAFE_NAME = re.compile(r"[^A-Za-z0-9_.-]+")


class OutputError(ArbiterError):
    """An output file that cannot or must not be written: one line, exit 2."""


def safe_name(text: str, fallback: str = "output") -> str:
    """A file or folder name made of ``[A-Za-z0-9_.-]`` that is never ``.``, ``..`` or
    hidden (a card-set file named ``...yaml`` must not name the parent folder)."""
    name = _SAFE_NAME.sub("_", text).lstrip(".")[:120]
    return name or fallback


def _same_file(a: os.stat_result, b: os.stat_result) -> bool:
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def check_target(path: str, inputs: Iterable[str] = (), suffixes: tuple[str, ...] = ()) -> None:
    """Refuse, before any work, a report path that cannot be written: its folder is missing
    or is not a folder, it is a folder, it has the wrong extension, or it is an input."""
    folder = os.path.dirname(path) or "."
    if suffixes and not path.lower().endswith(suffixes):
        ending = " or ".join(suffixes)
        raise OutputError(f"cannot write {path}: expected a file name ending in {ending}")
    try:
        st = os.stat(folder)
    except FileNotFoundError:
        raise OutputError(f"cannot write {path}: no such folder {folder}") from None
    except NotADirectoryError:
        raise OutputError(f"cannot write {path}: {folder} is below a file") from None
    except OSError as exc:
        raise OutputError(f"cannot write {path}: {exc.strerror}") from None
    if not stat.S_ISDIR(st.st_mode):
        raise OutputError(f"cannot write {path}: {folder} is not a folder")
    try:
        target = os.stat(path)
    except OSError:
        return
    if stat.S_ISDIR(target.st_mode):
        raise OutputError(f"cannot write {path}: it is a folder")
    for name in inputs:
        try:
            if _same_file(target, os.stat(name)):
                raise OutputError(f"will not write {path}: it is the input {name}")
        except OSError:
            continue


def _write_in(dir_fd: int, name: str, data: bytes) -> None:
    """Write ``data`` to ``name`` in the open folder ``dir_fd``: temporary file, rename."""
    import secrets  # here: loading it (random, hashlib ...) is a cost every command paid at start

    tmp = f".{name[:60]}.{secrets.token_hex(6)}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o644, dir_fd=dir_fd)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, name, src_dir_fd=dir_fd, dst_dir_fd=dir_fd)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp, dir_fd=dir_fd)
        raise


def write_report(path: str, data: bytes | str, inputs: Iterable[str] = ()) -> bool:
    """Write a report the user named (``--html``, ``-o``, ``--png``) atomically; return
    whether an existing file was replaced (the caller says so)."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    check_target(path, inputs)
    folder, name = os.path.split(path)
    try:
        dir_fd = os.open(folder or ".", os.O_RDONLY | _DIRECTORY)
    except OSError as exc:
        raise OutputError(f"cannot write {path}: {exc.strerror}") from None
    try:
        try:
            os.stat(name, dir_fd=dir_fd, follow_symlinks=False)
            existed = True
        except FileNotFoundError:
            existed = False
        _write_in(dir_fd, name, raw)
    except OSError as exc:
        raise OutputError(f"cannot write {path}: {exc.strerror}") from None
    finally:
        os.close(dir_fd)
    return existed


@dataclass
class WitnessFolder:
    """A folder of witness files opened once; sub-folders are created and opened relative
    to it without following links."""

    path: str
    fd: int

    @classmethod
    def open(cls, path: str) -> WitnessFolder:
        """Open (and create) the folder the user chose, or the default one."""
        try:
            os.makedirs(path, exist_ok=True)
            fd = os.open(path, os.O_RDONLY | _DIRECTORY)
        except OSError as exc:
            raise OutputError(f"cannot write witnesses into {path}: {exc.strerror}") from None
        return cls(path, fd)

    def sub(self, name: str) -> WitnessFolder:
        """The sub-folder ``name`` (created if missing); a link there is refused."""
        where = os.path.join(self.path, name)
        try:
            os.mkdir(name, 0o755, dir_fd=self.fd)
        except FileExistsError:
            pass
        except OSError as exc:
            raise OutputError(f"cannot write witnesses into {where}: {exc.strerror}") from None
        try:
            fd = os.open(name, os.O_RDONLY | _DIRECTORY | _NOFOLLOW, dir_fd=self.fd)
        except OSError:
            raise OutputError(
                f"will not write witnesses into {where}: it is a link or not a folder"
            ) from None
        return WitnessFolder(where, fd)

    def write(self, name: str, text: str) -> str:
        """Write a witness atomically; refuse to replace anything arbiter did not write."""
        where = os.path.join(self.path, name)
        try:
            st = os.stat(name, dir_fd=self.fd, follow_symlinks=False)
        except FileNotFoundError:
            st = None
        if st is not None and not self._ours(name, st):
            raise OutputError(f"will not replace {where}: arbiter did not write it")
        if st is not None and self._holds(name, text):
            return where  # unchanged: its time stamp stays (build tools see no change)
        try:
            _write_in(self.fd, name, text.encode("utf-8"))
        except OSError as exc:
            raise OutputError(f"cannot write {where}: {exc.strerror}") from None
        return where

    def _holds(self, name: str, text: str) -> bool:
        """Whether the witness ``name`` (already known to be ours) holds exactly ``text``."""
        try:
            fd = os.open(name, os.O_RDONLY | _NOFOLLOW, dir_fd=self.fd)
        except OSError:
            return False
        with os.fdopen(fd, "rb") as fh:
            return fh.read() == text.encode("utf-8")

    def _ours(self, name: str, st: os.stat_result) -> bool:
        if not stat.S_ISREG(st.st_mode):
            return False
        try:
            fd = os.open(name, os.O_RDONLY | _NOFOLLOW, dir_fd=self.fd)
        except OSError:
            return False
        with os.fdopen(fd, "rb") as fh:
            return fh.read(len(WITNESS_HEADER)).decode("utf-8", "replace") == WITNESS_HEADER

    def close(self) -> None:
        os.close(self.fd)
