"""The Python package: the wheel and the sdist hold every file the game loads, and an installed wheel plays.

``test_wheel_and_sdist_hold_every_asset`` runs in the default suite: it builds both from a copy of the
source with the build backend installed in the environment (a few seconds, no network) and compares
their file lists with game/'s data folders. ``make test-wheel`` (``-m package``, part of
``make test-package``) builds the wheel as pip does, installs it into a fresh virtual environment and runs
``noblemen --self-test`` and ``--version`` from an unrelated folder, as a player who installed it with
pip or pipx would.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import time
import venv
import zipfile
from pathlib import Path

import pytest

from game.version import version

ROOT = Path(__file__).resolve().parents[2]
DATA_FOLDERS = ("art", "fonts", "sounds", "themes", "licenses", "locale")
RUN_TIMEOUT = 600


def _data_files() -> set[str]:
    """Every data file of the game package, as paths inside the wheel (game/art/knight.svg, ...)."""
    return {p.relative_to(ROOT).as_posix() for folder in DATA_FOLDERS
            for p in (ROOT / "game" / folder).rglob("*") if p.is_file() and "__pycache__" not in p.parts}


def _source_copy(dest: Path) -> Path:
    """The files git knows of (tracked or new, not ignored), copied: the build leaves the checkout alone."""
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT, check=True,
                            capture_output=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        if (ROOT / name).is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, dest / name)
    return dest


def test_wheel_and_sdist_hold_every_asset(tmp_path):
    source = _source_copy(tmp_path / "source")
    out = tmp_path / "out"
    code = ("from setuptools import build_meta as backend\n"
            f"print('built', backend.build_wheel({str(out)!r}), backend.build_sdist({str(out)!r}))\n")
    proc = subprocess.run([sys.executable, "-c", code], cwd=source, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    wheel_name, sdist_name = [line for line in proc.stdout.splitlines() if line.startswith("built ")][-1].split()[1:]
    assert wheel_name == f"noblemen-{version()}-py3-none-any.whl"
    with zipfile.ZipFile(out / wheel_name) as wheel:
        in_wheel = set(wheel.namelist())
    with tarfile.open(out / sdist_name) as sdist:
        in_sdist = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
    wanted = _data_files()
    assert wanted and wanted - in_wheel == set(), "missing from the wheel"
    assert wanted - in_sdist == set(), "missing from the sdist"
    assert f"noblemen-{version()}.dist-info/licenses/LICENSE" in in_wheel
    assert {"LICENSE", "Makefile", "tests/package/test_wheel.py", "build_scripts/noblemen.spec"} <= in_sdist


@pytest.mark.package
def test_installed_wheel_plays_from_an_unrelated_folder(tmp_path):
    """``make test-wheel``: pip builds and installs the wheel into a new venv; the game runs from elsewhere."""
    started = time.perf_counter()
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(wheels),
                    str(_source_copy(tmp_path / "source"))], check=True, timeout=RUN_TIMEOUT)
    wheel = next(wheels.glob("noblemen-*.whl"))
    env_dir = tmp_path / "player env"  # a space in the path, as in many home folders
    venv.create(env_dir, with_pip=True)
    bin_dir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    python = bin_dir / ("python.exe" if os.name == "nt" else "python")
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", str(wheel)], check=True, timeout=RUN_TIMEOUT)
    elsewhere = tmp_path / "somewhere else"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "DISPLAY", "WAYLAND_DISPLAY")}
    env.update(NOBLEMEN_CONFIG_DIR=str(tmp_path / "config"), NOBLEMEN_DATA_DIR=str(tmp_path / "data"))

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run(args, cwd=elsewhere, env=env, capture_output=True, text=True, timeout=RUN_TIMEOUT)

    for command in ([str(bin_dir / "noblemen"), "--version"], [str(python), "-m", "game", "--version"]):
        proc = run(*command)
        assert proc.returncode == 0 and proc.stdout.strip() == f"noblemen {version()}", proc.stdout + proc.stderr
    proc = run(str(bin_dir / "noblemen"), "--self-test")
    assert proc.returncode == 0, (proc.stdout + proc.stderr)[-4000:]
    assert f"noblemen self-test OK (source): Noblemen {version()}," in proc.stdout
    print(f"\n[wheel] {wheel.name} {wheel.stat().st_size / 1e6:.1f} MB; built, installed and self-tested "
          f"in {time.perf_counter() - started:.0f}s", flush=True)
