"""macOS apps cannot mix architectures: each is built on a Mac of its own architecture, from wheels for it.

pip installs, for every dependency, the wheel whose tag comes first in the list of tags the running Python
accepts: on Apple silicon a thin ``macosx_11_0_arm64`` wheel ranks above a ``macosx_10_13_universal2`` one.
A universal2 app built there would therefore hold arm64-only libraries whenever a dependency publishes
thin wheels (pygame-ce did up to 2.5.6; since 2.5.7 it publishes universal2 only), and PyInstaller would
stop with "not a fat binary". So the installers workflow builds one app per architecture, each on the
runner of that architecture (test_workflow.py checks the workflow says so), and build_macos.sh lipo-checks
every binary of the app.

These tests check the choice itself: with ``packaging.tags`` they list the tags pip accepts on each build's
runner, in pip's order, pick the wheel pip would pick among pygame-ce's macOS wheels of both kinds of
release, and fail if the picked wheel lacks an architecture the app is for. The opt-in test
(``-m package``, part of ``make test-package``) asks pip itself, against the real index, which wheels it
would install on each runner for everything the build installs.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from packaging.tags import Tag, compatible_tags, cpython_tags, mac_platforms
from packaging.utils import parse_wheel_filename

yaml = pytest.importorskip("yaml", reason="PyYAML (the test extra) reads the installers workflow")

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "installers.yml"
#: the macOS version and architecture of each runner the installers workflow uses
RUNNERS = {"macos-15": ((15, 0), "arm64"), "macos-15-intel": ((15, 0), "x86_64")}
#: pygame-ce's macOS wheels for CPython 3.12, as its index lists them: thin ones per architecture up to
#: 2.5.6, one universal2 wheel from 2.5.7 on
PYGAME_CE_RELEASES = {
    "2.5.6": ["pygame_ce-2.5.6-cp312-cp312-macosx_10_13_x86_64.whl",
              "pygame_ce-2.5.6-cp312-cp312-macosx_11_0_arm64.whl"],
    "2.5.8": ["pygame_ce-2.5.8-cp312-cp312-macosx_10_13_universal2.whl"],
}
#: the architectures inside a fat macOS wheel (a thin one holds the one its tag names)
FAT = {"universal2": {"arm64", "x86_64"}, "universal": {"i386", "ppc", "ppc64", "x86_64"},
       "intel": {"i386", "x86_64"}, "fat64": {"ppc64", "x86_64"}, "fat32": {"i386", "ppc"},
       "fat3": {"i386", "ppc", "x86_64"}}


def mac_builds() -> list[dict]:
    """The macOS entries of the installers workflow's build matrix, with its Python version."""
    workflow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    python = tuple(int(part) for part in workflow["env"]["PYTHON_VERSION"].split("."))
    return [{**entry, "python": python} for entry in workflow["jobs"]["build"]["strategy"]["matrix"]["include"]
            if entry["os"].startswith("macos")]


def accepted_tags(python: tuple[int, ...], macos: tuple[int, int], arch: str) -> list[Tag]:
    """The wheel tags CPython ``python`` accepts on that Mac, best first (pip's order)."""
    platforms = list(mac_platforms(macos, arch))
    return [*cpython_tags(python, platforms=platforms), *compatible_tags(python, platforms=platforms)]


def pick(wheels: list[str], tags: list[Tag]) -> str | None:
    """The wheel pip would install from ``wheels`` (one release), or None when none fits."""
    rank = {tag: index for index, tag in enumerate(tags)}
    fitting = [(min(rank[t] for t in parse_wheel_filename(w)[3] if t in rank), w) for w in wheels
               if any(t in rank for t in parse_wheel_filename(w)[3])]
    return min(fitting)[1] if fitting else None


def wheel_archs(wheel: str) -> set[str]:
    """The architectures a wheel's binaries hold ({"any"} for a pure-Python wheel)."""
    archs: set[str] = set()
    for tag in parse_wheel_filename(wheel)[3]:
        if tag.platform == "any":
            return {"any"}
        arch = tag.platform.split("_", 3)[3] if tag.platform.startswith("macosx_") else tag.platform
        archs |= FAT.get(arch, {arch})
    return archs


def mixes(app_arch: str, wheel: str) -> bool:
    """Would ``wheel`` leave an app for ``app_arch`` (a thin one, or universal2) without one of its halves?"""
    held = wheel_archs(wheel)
    return "any" not in held and not FAT.get(app_arch, {app_arch}) <= held


def test_the_workflow_builds_each_mac_app_on_a_runner_of_its_architecture():
    builds = mac_builds()
    assert builds and sorted(b["os"] for b in builds) == sorted(RUNNERS)
    for build in builds:
        assert build["arch"] == RUNNERS[build["os"]][1], build


@pytest.mark.parametrize("release", sorted(PYGAME_CE_RELEASES))
def test_pip_picks_a_pygame_ce_wheel_holding_the_apps_architecture(release):
    for build in mac_builds():
        macos, arch = RUNNERS[build["os"]]
        wheel = pick(PYGAME_CE_RELEASES[release], accepted_tags(build["python"], macos, arch))
        assert wheel is not None, f"no pygame-ce {release} wheel for {build['os']}"
        assert not mixes(build["arch"], wheel), f"{build['name']} would get {wheel}"


def test_a_universal2_app_built_on_apple_silicon_would_mix_architectures():
    """The failure the per-architecture builds avoid, found by the same check (so the check can fail)."""
    macos, arch = RUNNERS["macos-15"]
    tags = accepted_tags((3, 12), macos, arch)
    thin = pick(PYGAME_CE_RELEASES["2.5.6"], tags)
    assert thin == "pygame_ce-2.5.6-cp312-cp312-macosx_11_0_arm64.whl" and mixes("universal2", thin)
    assert not mixes("universal2", pick(PYGAME_CE_RELEASES["2.5.8"], tags))
    # and pip ranks the thin wheel first even when a universal2 one of the same release is there
    both = ["pygame_ce-2.5.6-cp312-cp312-macosx_10_13_universal2.whl", *PYGAME_CE_RELEASES["2.5.6"]]
    assert pick(both, tags) == thin


def _requirements() -> list[str]:
    """What the build installs (pip install -e '.[package]'): the game's dependencies and PyInstaller."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return [*project["dependencies"], *project["optional-dependencies"]["package"]]


@pytest.mark.package
@pytest.mark.parametrize("runner", sorted(RUNNERS))
def test_pip_on_each_runner_would_install_wheels_of_its_architecture(runner, tmp_path):
    """Asks pip (against the index) what it would install on that Mac: every binary wheel holds its arch."""
    (macos_major, macos_minor), arch = RUNNERS[runner]
    python = ".".join(map(str, mac_builds()[0]["python"]))
    report = tmp_path / "report.json"
    proc = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--dry-run", "--ignore-installed",
                           "--only-binary=:all:", "--platform", f"macosx_{macos_major}_{macos_minor}_{arch}",
                           "--python-version", python, "--target", str(tmp_path / "target"),
                           "--report", str(report), *_requirements()],
                          capture_output=True, text=True, timeout=600)
    if proc.returncode != 0 and ("Could not fetch" in proc.stderr or "NewConnectionError" in proc.stderr):
        pytest.skip(f"the package index cannot be reached: {proc.stderr.strip().splitlines()[-1]}")
    assert proc.returncode == 0, proc.stderr[-3000:]
    wheels = [item["download_info"]["url"].rsplit("/", 1)[1]
              for item in json.loads(report.read_text(encoding="utf-8"))["install"]]
    assert any(w.startswith("pygame_ce-") for w in wheels), wheels
    mixed = [w for w in wheels if mixes(arch, w)]
    assert mixed == [], f"on {runner} pip would install wheels without {arch}: {mixed}"
    print(f"\n[macos wheels] {runner}: {', '.join(w for w in wheels if 'any.whl' not in w)}", flush=True)
