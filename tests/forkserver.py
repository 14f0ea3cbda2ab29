"""``arbiter`` in a fresh process, without paying the interpreter's start-up each time.

``tests.helpers.cli`` runs the command line as a user would: in a process of its own,
with its own working folder, environment, standard streams and exit code. Starting a
Python interpreter and importing click, PyYAML, OR-Tools and NetworkX costs 0.3–0.8 s of
CPU per call, and the tests make hundreds of calls. Here one server per test process
imports those libraries once, computes nothing, and forks one child per call: the child
starts from a clean state (no answer computed, nothing cached, no test's monkeypatching)
and is gone after its one command, as a fresh interpreter would be.

Where there is no ``fork`` (or ``ARBITER_TEST_NO_FORK`` is set), each call starts a new
interpreter instead; both give the same answers.
"""

from __future__ import annotations

import atexit
import json
import os
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT_S = 120.0


def _child(request: dict[str, Any]) -> int:
    """In the forked child: one command, as ``python -c "...main()" ARGS`` would run it."""
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    for fd, path, mode in ((0, os.devnull, os.O_RDONLY), (1, request["out"], os.O_WRONLY)):
        os.dup2(os.open(path, mode), fd)
    os.dup2(os.open(request["err"], os.O_WRONLY), 2)
    sys.argv = ["-c", *request["args"]]
    code = 0
    try:
        from arbiter.solver.cli.main import main

        main()
    except SystemExit as exc:  # what the interpreter does with the exit status
        if exc.code is None:
            code = 0
        elif isinstance(exc.code, int):
            code = exc.code
        else:
            print(exc.code, file=sys.stderr)
            code = 1
    except BaseException:  # noqa: BLE001 - printed like an uncaught exception, exit 1
        import traceback

        traceback.print_exc()
        code = 1
    return code


def serve() -> None:
    """Read one JSON request per line on standard input; answer each with its exit code
    (one JSON line), after running it in a child forked from this interpreter."""
    import click  # noqa: F401 - the libraries the commands load, loaded once
    import networkx  # noqa: F401
    import rich.console  # noqa: F401
    import yaml  # noqa: F401
    from ortools.sat.python import cp_model  # noqa: F401

    import arbiter.solver.cli.main  # noqa: F401

    for line in sys.stdin:
        request = json.loads(line)
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            code = 1
            try:
                code = _child(request)
            finally:
                try:
                    sys.stdout.flush()
                    sys.stderr.flush()
                finally:
                    os._exit(code & 0xFF if code >= 0 else 1)
        code = _wait(pid, float(request["timeout"]))
        sys.stdout.write(json.dumps({"code": code}) + "\n")
        sys.stdout.flush()


def _wait(pid: int, timeout: float) -> int:
    """The child's exit code (-9 when it ran past ``timeout`` and was killed)."""
    import signal
    import time

    deadline = time.monotonic() + timeout
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status)
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            return -9
        time.sleep(0.002)


class _Server:
    """The client side: one server process, started on first use, one call at a time."""

    def __init__(self) -> None:
        self.proc: subprocess.Popen[str] | None = None
        self.lock = threading.Lock()

    def _started(self) -> subprocess.Popen[str]:
        if self.proc is None or self.proc.poll() is not None:
            self.proc = subprocess.Popen(
                [sys.executable, "-c", "from tests.forkserver import serve; serve()"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                cwd=ROOT,
                env=dict(os.environ, PYTHONPATH=str(ROOT)),
            )
            atexit.register(self.stop)
        return self.proc

    def stop(self) -> None:
        """End the server (it ends at the end of its input) and wait for it."""
        if self.proc is not None and self.proc.stdin is not None:
            self.proc.stdin.close()
            self.proc.wait(timeout=TIMEOUT_S)

    def call(self, args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
        with self.lock, tempfile.TemporaryDirectory(prefix="arbiter-cli-") as tmp:
            out, err = Path(tmp) / "stdout", Path(tmp) / "stderr"
            out.touch()
            err.touch()
            request = {
                "args": args,
                "cwd": str(cwd),
                "env": dict(os.environ),
                "out": str(out),
                "err": str(err),
                "timeout": TIMEOUT_S,
            }
            proc = self._started()
            stdin, stdout = proc.stdin, proc.stdout
            assert stdin is not None and stdout is not None
            stdin.write(json.dumps(request) + "\n")
            stdin.flush()
            answer = stdout.readline()
            if not answer:
                raise RuntimeError(f"the arbiter fork server stopped (exit {proc.wait()})")
            code = int(json.loads(answer)["code"])
            if code == -9:
                raise subprocess.TimeoutExpired(args, TIMEOUT_S)
            return subprocess.CompletedProcess(
                [sys.executable, "-c", "...", *args],
                code,
                _read(out),
                _read(err),
            )


def _read(path: Path) -> str:
    # as subprocess.run(text=True) decodes: the locale's encoding, universal newlines
    fh: IO[str]
    with open(path, encoding=None, newline=None) as fh:
        return fh.read()


_SERVER = _Server()


def run_cli(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """``arbiter ARGS`` in a fresh process (forked from the server, or a new interpreter)."""
    if not hasattr(os, "fork") or os.environ.get("ARBITER_TEST_NO_FORK"):
        return subprocess.run(
            [sys.executable, "-c", "from arbiter.solver.cli.main import main; main()", *args],
            capture_output=True,
            text=True,
            cwd=cwd,
            timeout=TIMEOUT_S,
        )
    return _SERVER.call(args, cwd)
