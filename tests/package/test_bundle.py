"""The Linux installer: build the PyInstaller bundle, then run it as a player would get it.

The bundle tests are opt-in (``make test-package`` or ``pytest -m package``): building takes a minute
or so. ``test_self_test_from_source`` runs in the default suite, so ``--self-test`` (the check every
installer build relies on) cannot quietly break while the game changes. The bundle tests check that
the tarball holds everything the game loads at run time, that the unpacked bundle passes its own
``--self-test`` (every asset, the theme, a whole game) with no display, and that it opens the title
menu. Start-up times and sizes are printed (``-s``) and written to ``dist/bundle-report.txt``;
nothing is asserted about them.
"""

from __future__ import annotations

import ast
import fnmatch
import importlib.util
import os
import platform
import re
import subprocess
import sys
import tarfile
import textwrap
import time
from pathlib import Path

import pytest

from game.version import version

bundle_test = pytest.mark.package
linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="builds the Linux bundle")

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
APP = "Noblemen"
TARBALL = DIST / f"{APP}-{version()}-linux-{platform.machine()}.tar.gz"
ART = ROOT / "game" / "art"
BUILD_TIMEOUT = 900
RUN_TIMEOUT = 300
#: paths (inside the tarball) the game needs at run time
REQUIRED = (
    f"{APP}/{APP}",
    f"{APP}/_internal/game/art/app-icon.png",
    f"{APP}/_internal/game/art/knight.svg",
    f"{APP}/_internal/game/fonts/EBGaramond-Regular.ttf",
    f"{APP}/_internal/game/fonts/DejaVuSans.ttf",
    f"{APP}/_internal/game/fonts/OFL.txt",
    f"{APP}/_internal/game/sounds/ball.wav",
    f"{APP}/_internal/game/sounds/LICENSE.md",
    f"{APP}/_internal/game/themes/noblemen.json",
    f"{APP}/_internal/game/licenses/README.md",
    f"{APP}/_internal/game/licenses/LGPL-2.1.txt",
    f"{APP}/_internal/game/locale/de/LC_MESSAGES/noblemen.mo",
    f"{APP}/_internal/game/locale/it/LC_MESSAGES/noblemen.mo",
    f"{APP}/_internal/pygame_gui/data/default_theme.json",
    f"{APP}/_internal/pygame_gui/data/NotoSans-Regular.ttf",
    f"{APP}/_internal/pygame_gui/data/FiraCode-Regular.ttf",
    f"{APP}/noblemen.desktop",
    f"{APP}/add-to-menu.sh",
    f"{APP}/LICENSE.txt",
    f"{APP}/licenses/README.md",
    f"{APP}/licenses/art/LICENSE.md",
    f"{APP}/licenses/sounds/LICENSE.md",
    f"{APP}/licenses/fonts/OFL.txt",
    f"{APP}/licenses/fonts/LICENSE-DejaVu.txt",
    f"{APP}/licenses/pygame_gui/data/licenses/NotoSans-LICENSE.txt",
)
#: what the game never loads, left out of the bundle (build_scripts/noblemen.spec)
LEFT_OUT = ("libssl", "libcrypto", "libstdc++", "libportmidi", "rules/arena", "game/shell/bench",
            "multiprocessing", "asyncio")
#: the test tools' packages: make test-package builds in the environment of make test, where they are
#: installed (python-i18n's yaml_loader would pull PyYAML in)
TEST_TOOLS = ("yaml", "_yaml", "pytest", "_pytest", "hypothesis", "babel", "mypy", "packaging", "setuptools")

_report: list[str] = []


def _note(line: str) -> None:
    _report.append(line)
    print(f"\n[bundle] {line}", flush=True)
    DIST.mkdir(exist_ok=True)
    (DIST / "bundle-report.txt").write_text("\n".join(_report) + "\n", encoding="utf-8")


def _du(path: Path) -> str:
    try:
        return subprocess.run(["du", "-sh", str(path)], capture_output=True, text=True,
                              check=True).stdout.split()[0]
    except (OSError, subprocess.CalledProcessError, IndexError):
        return "?"


def _player_env(tmp_path: Path) -> dict[str, str]:
    """No display at all, and throw-away settings/saves folders."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "SDL_AUDIODRIVER")}
    env["NOBLEMEN_CONFIG_DIR"] = str(tmp_path / "config")
    env["NOBLEMEN_DATA_DIR"] = str(tmp_path / "data")
    return env


def _spec_left_out() -> list[str]:
    """The modules build_scripts/noblemen.spec leaves out of the bundle (its UNUSED_MODULES)."""
    spec = ast.parse((ROOT / "build_scripts" / "noblemen.spec").read_text(encoding="utf-8"))
    found = [node.value for node in spec.body if isinstance(node, ast.Assign)
             and any(isinstance(t, ast.Name) and t.id == "UNUSED_MODULES" for t in node.targets)]
    return ast.literal_eval(found[0])


def test_self_test_from_source(tmp_path):
    """``python -m game --self-test`` passes from the source tree (what the bundle will run), and loads no
    module the bundle leaves out (a module-level import of process pools once stopped the bundle's start;
    _hashlib may load: hashlib falls back without it)."""
    left_out = [name for name in _spec_left_out() if name != "_hashlib"]
    code = textwrap.dedent(f"""
        import sys
        from game.__main__ import main
        status = main(["--self-test"])
        print("LOADED", sorted(m for m in sys.modules if any(m == u or m.startswith(u + ".") for u in {left_out!r})))
        sys.exit(status)
    """)
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=_player_env(tmp_path),
                          capture_output=True, text=True, timeout=RUN_TIMEOUT)
    output = proc.stdout + proc.stderr
    assert proc.returncode == 0, f"--self-test exited {proc.returncode}:\n{output[-4000:]}"
    assert f"noblemen self-test OK (source): Noblemen {version()}," in proc.stdout, output
    assert "multiprocessing" in left_out and "LOADED []" in proc.stdout, proc.stdout[-2000:]


_art_at_build: set[str] = set()


@pytest.fixture(scope="module")
def bundle() -> Path:
    """Build dist/Noblemen and the tarball once for this module (the script's own self-test is skipped:
    the tests below run it on the unpacked tarball instead)."""
    pytest.importorskip("PyInstaller", reason="pip install -e '.[package]' (make test-package does)")
    _art_at_build.update(p.name for p in ART.glob("*.svg"))  # art may change while we build
    env = dict(os.environ, PYTHON=sys.executable)
    started = time.perf_counter()
    proc = subprocess.run(["bash", str(ROOT / "build_scripts" / "build_linux.sh"), "--no-self-test"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=BUILD_TIMEOUT)
    assert proc.returncode == 0, f"build failed:\n{proc.stdout[-4000:]}\n{proc.stderr[-4000:]}"
    folder = DIST / APP
    assert (folder / APP).is_file() and TARBALL.is_file()
    _note(f"built in {time.perf_counter() - started:.0f}s: {_du(folder)} {folder.relative_to(ROOT)}, "
          f"{_du(TARBALL)} {TARBALL.relative_to(ROOT)}")
    return folder


@bundle_test
@linux_only
def test_tarball_holds_everything_the_game_loads(bundle):
    with tarfile.open(TARBALL) as tar:
        members = {m.name: m for m in tar.getmembers()}
    missing = [p for p in REQUIRED if p not in members]
    assert not missing, f"missing from {TARBALL.name}: {missing}"
    assert members[f"{APP}/{APP}"].mode & 0o111, "the game is not executable in the tarball"
    svgs = {Path(n).name for n in members if n.startswith(f"{APP}/_internal/game/art/") and n.endswith(".svg")}
    now = {p.name for p in ART.glob("*.svg")}
    assert _art_at_build - svgs == set(), "SVGs missing from the bundle"  # (art/ may gain files mid-build)
    assert svgs - (_art_at_build | now) == set(), "SVGs in the bundle that art/ does not have"
    assert not [n for n in members if "NotoSansSC" in n or "NotoSansJP" in n], "CJK fonts should be left out"


@bundle_test
@linux_only
def test_the_bundle_leaves_out_what_the_game_never_loads(bundle):
    files = [p.relative_to(bundle).as_posix() for p in bundle.rglob("*")]
    archive = subprocess.run([sys.executable, "-m", "PyInstaller.utils.cliutils.archive_viewer", "--list",
                              "--recursive", str(bundle / APP)], capture_output=True, text=True)
    names = files + archive.stdout.replace(".", "/").splitlines()
    assert not [n for n in names if any(unused in n for unused in LEFT_OUT)]
    packages = {name.removeprefix("_internal/").split("/")[0] for name in files}
    packages |= {module.split(".")[0] for module in re.findall(r"'([\w.]+)'", archive.stdout)}
    assert "i18n" in packages and not packages & set(TEST_TOOLS), sorted(packages & set(TEST_TOOLS))


@bundle_test
@linux_only
def test_every_library_in_the_bundle_has_its_licence(bundle):
    """Each shared library matches a row of game/licenses/README.md, whose licence texts are all there."""
    notices = (bundle / "_internal" / "game" / "licenses" / "README.md").read_text(encoding="utf-8")
    rows = [line.split("|") for line in notices.splitlines() if line.startswith("| ") and "`" in line]
    patterns = [p for row in rows for p in re.findall(r"`([^`]+)`", row[-2])]
    texts = {t for row in rows for t in re.findall(r"`([\w.+-]+\.txt)`", row[-3])}
    assert texts and all((bundle / "_internal" / "game" / "licenses" / t).is_file() for t in texts)
    # and the folder beside the game holds every text its README names, the art's, sounds' and fonts' too
    spec = importlib.util.spec_from_file_location("gather_licences", ROOT / "build_scripts" / "gather_licences.py")
    assert spec is not None and spec.loader is not None
    gather_licences = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gather_licences)
    assert gather_licences.missing(bundle / "licenses") == []
    # (Python's and pygame's own extension modules come under Python's and pygame-ce's rows)
    libraries = {p.name for p in (bundle / "_internal").rglob("*.so*") if ".cpython-" not in p.name}
    unlicensed = sorted(lib for lib in libraries if not any(fnmatch.fnmatch(lib, pat) for pat in patterns))
    assert unlicensed == []


@bundle_test
@linux_only
def test_unpacked_tarball_passes_its_self_test(bundle, tmp_path):
    with tarfile.open(TARBALL) as tar:
        safe = {"filter": "tar"} if hasattr(tarfile, "tar_filter") else {}  # Python >= 3.11.4
        tar.extractall(tmp_path / "unpacked", **safe)
    game = tmp_path / "unpacked" / APP / APP
    started = time.perf_counter()
    proc = subprocess.run([str(game), "--self-test"], cwd=tmp_path, env=_player_env(tmp_path),
                          capture_output=True, text=True, timeout=RUN_TIMEOUT)
    elapsed = time.perf_counter() - started
    output = proc.stdout + proc.stderr
    assert proc.returncode == 0, f"--self-test exited {proc.returncode}:\n{output[-4000:]}"
    ok = [line for line in proc.stdout.splitlines() if line.startswith("noblemen self-test OK (bundle)")]
    assert ok and f"Noblemen {version()}," in ok[0], output
    _note(f"--self-test OK in {elapsed:.2f}s from launch: {ok[0]}")


@bundle_test
@linux_only
def test_bundle_opens_the_title_menu(bundle, tmp_path):
    env = _player_env(tmp_path)
    env["SDL_VIDEODRIVER"] = env["SDL_AUDIODRIVER"] = "dummy"
    shots = tmp_path / "shots"
    started = time.perf_counter()
    proc = subprocess.run([str(bundle / APP), "--frames", "1", "--windowed", "--size", "1280x720",
                           "--screenshots", str(shots)], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=RUN_TIMEOUT)
    elapsed = time.perf_counter() - started
    assert proc.returncode == 0, f"exited {proc.returncode}:\n{(proc.stdout + proc.stderr)[-4000:]}"
    pictures = sorted(p.name for p in shots.glob("*.png"))
    assert pictures and "title" in pictures[0], pictures
    _note(f"launch to the first title-menu frame and exit (--frames 1): {elapsed:.2f}s")
