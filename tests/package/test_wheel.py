"""The Python package: the wheel and the sdist hold every file the game loads, and an installed wheel plays.

``test_wheel_and_sdist_hold_every_asset`` runs in the default suite: it builds both from a copy of the
source with the build backend installed in the environment (a few seconds, no network) and compares
their file lists with game/'s data folders: the wheel holds what the game reads (not the catalogs' sources
nor the Windows and macOS app icons), the sdist everything. ``make test-wheel`` (``-m package``, part of
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
#: data files the game never reads at run time, left out of the wheel
NOT_IN_WHEEL = (".po", ".pot", ".icns", ".ico")
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


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, Path]:
    """The wheel and the sdist, built offline by the build backend from a copy of the source."""
    tmp_path = tmp_path_factory.mktemp("built")
    source = _source_copy(tmp_path / "source")
    out = tmp_path / "out"
    code = ("from setuptools import build_meta as backend\n"
            f"print('built', backend.build_wheel({str(out)!r}), backend.build_sdist({str(out)!r}))\n")
    proc = subprocess.run([sys.executable, "-c", code], cwd=source, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    wheel_name, sdist_name = [line for line in proc.stdout.splitlines() if line.startswith("built ")][-1].split()[1:]
    return out / wheel_name, out / sdist_name


def test_wheel_and_sdist_hold_every_asset(built):
    wheel_path, sdist_path = built
    assert wheel_path.name == f"noblemen-{version()}-py3-none-any.whl"
    with zipfile.ZipFile(wheel_path) as wheel:
        in_wheel = set(wheel.namelist())
    with tarfile.open(sdist_path) as sdist:
        in_sdist = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
    wanted = _data_files()
    for_the_game = {name for name in wanted if not name.endswith(NOT_IN_WHEEL)}
    assert for_the_game and for_the_game - in_wheel == set(), "missing from the wheel"
    assert [name for name in in_wheel if name.endswith(NOT_IN_WHEEL)] == [], "the wheel holds what the game never reads"
    assert wanted - for_the_game and wanted - in_sdist == set(), "missing from the sdist"
    assert f"noblemen-{version()}.dist-info/licenses/LICENSE" in in_wheel
    assert {"LICENSE", "Makefile", "tests/package/test_wheel.py", "build_scripts/noblemen.spec",
            ".github/workflows/tests.yml", "game/locale/noblemen.pot", "game/art/app-icon.ico"} <= in_sdist


def _installed_as(site: Path | None, cwd: Path) -> str:
    code = "from game.shell.selftest import installed_as; print(installed_as())"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if site is not None:
        env["PYTHONPATH"] = str(site)
    proc = subprocess.run([sys.executable, "-c", code], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc.stdout.strip()


def test_the_self_test_names_how_the_game_was_installed(built, tmp_path):
    """A wheel's files (unpacked as pip installs a pure wheel) say "wheel"; this checkout says "source"."""
    site = tmp_path / "site packages"
    with zipfile.ZipFile(built[0]) as wheel:
        wheel.extractall(site)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    assert _installed_as(site, elsewhere) == "wheel"
    assert _installed_as(None, ROOT) == "source"


def test_the_command_line_tools_name_themselves():
    from rules.arena.cli import build_parser

    assert build_parser().format_usage().startswith("usage: noblemen-cli ")
    proc = subprocess.run([sys.executable, "-m", "rules", "--help"], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0 and proc.stdout.startswith("usage: python -m rules "), proc.stdout + proc.stderr


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
    assert f"noblemen self-test OK (wheel): Noblemen {version()}," in proc.stdout
    proc = run(str(bin_dir / "noblemen-cli"), "--help")
    assert proc.returncode == 0 and proc.stdout.startswith("usage: noblemen-cli "), proc.stdout + proc.stderr
    print(f"\n[wheel] {wheel.name} {wheel.stat().st_size / 1e6:.1f} MB; built, installed and self-tested "
          f"in {time.perf_counter() - started:.0f}s", flush=True)
