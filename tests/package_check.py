"""The package as a user gets it: build the sdist and the wheel (the wheel from the sdist),
install the wheel into a fresh virtual environment outside the checkout (its
dependencies from the wheel's metadata; pip's cache makes that fast), and run
``arbiter --version``, ``arbiter demo`` and ``arbiter run`` on an example copied to a
temporary folder. ``make test`` runs it (``python -m tests.package_check``).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "seeds" / "eredan_naya.yaml"
MUST_HOLD = (
    "arbiter/__init__.py",
    "arbiter/py.typed",
    "arbiter/model/format/__init__.py",
    "arbiter/model/format/areas.py",
    "arbiter/solver/cli/main.py",
    "arbiter/examples/seeds/eredan_naya.yaml",
    "arbiter/examples/cardsets/flawed.yaml",
)


def _run(argv: list[str], cwd: Path, what: str) -> str:
    started = time.perf_counter()
    done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=600)
    took = time.perf_counter() - started
    if done.returncode != 0:
        tail = f"{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
        sys.exit(f"FAILED: {what} (exit {done.returncode})\n{tail}")
    print(f"ok  {what}  ({took:.1f} s)")
    return done.stdout


def check_wheel(wheel: Path) -> None:
    """Real files (never links), every package (arbiter.model.format too), the examples, the
    licence and the metadata."""
    with zipfile.ZipFile(wheel) as zf:
        infos = zf.infolist()
        names = {i.filename for i in infos}
        links = [i.filename for i in infos if (i.external_attr >> 16) & 0o170000 == 0o120000]
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = zf.read(meta_name).decode("utf-8")
    missing = [n for n in MUST_HOLD if n not in names]
    bare = sorted({n.split("/")[0] for n in names} - {"arbiter", meta_name.split("/")[0]})
    problems = [f"links: {links}"] * bool(links) + [f"missing: {missing}"] * bool(missing)
    problems += [f"top-level names besides arbiter: {bare}"] * bool(bare)
    for line in ("Name: arbiter-tcg", "License-Expression: MIT", "License-File: LICENSE"):
        if line not in meta:
            problems.append(f"metadata lacks {line!r}")
    if not any(n.endswith(".dist-info/licenses/LICENSE") for n in names):
        problems.append("no LICENSE in the wheel")
    if problems:
        sys.exit("FAILED: the wheel\n  " + "\n  ".join(problems))
    yaml_count = sum(1 for n in names if n.startswith("arbiter/examples/") and n.endswith(".yaml"))
    print(f"ok  the wheel holds {len(names)} files, no links, {yaml_count} examples")


def main() -> None:
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="arbiter-package-") as tmp_name:
        tmp = Path(tmp_name)
        dist, work = tmp / "dist", tmp / "work"
        work.mkdir()
        _run(
            [sys.executable, "-m", "build", "--outdir", str(dist), str(ROOT)],
            tmp,
            "build the sdist, then the wheel from it",
        )
        wheel = next(dist.glob("*.whl"))
        sdist = next(dist.glob("*.tar.gz"))
        print(f"    {wheel.name}, {sdist.name}")
        check_wheel(wheel)
        venv = tmp / "venv"
        _run(
            [sys.executable, "-m", "venv", "--without-pip", str(venv)],
            tmp,
            "a fresh virtual environment",
        )
        bin_ = venv / "bin"
        _run(  # this environment's pip installs into the fresh one (and reuses pip's cache)
            [sys.executable, "-m", "pip", "--python", str(bin_ / "python"), "install",
             "--quiet", "--no-compile", str(wheel)],
            tmp,
            "pip install the wheel (dependencies from its metadata)",
        )
        where = _run(
            [str(bin_ / "python"), "-c", "import arbiter; print(arbiter.__file__)"],
            work,
            "import arbiter",
        ).strip()
        if not where.startswith(str(venv)):
            sys.exit(f"FAILED: arbiter was imported from {where}, not from the fresh environment")
        version = _run([str(bin_ / "arbiter"), "--version"], work, "arbiter --version").strip()
        print(f"    {version}")
        demo = _run([str(bin_ / "arbiter"), "demo"], work, "arbiter demo")
        print(f"    {demo.strip().splitlines()[-1].strip('─ ')}")
        shutil.copy(EXAMPLE, work / EXAMPLE.name)
        run = [str(bin_ / "arbiter"), "run", EXAMPLE.name, "--json"]
        _run(run, work, f"arbiter run {EXAMPLE.name}")
    print(f"the package works outside the checkout ({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
