"""The workflows cannot run here: read them and check what they promise, so a slip shows at once.

Tests (``tests.yml``): every push and pull request runs the suite on Linux, Windows, macOS on Apple
silicon and on Intel, with the oldest supported Python and one at least as new as 3.13, headless, with
every skip's reason in the log; lint runs once.

Installers (``installers.yml``): valid YAML, every action pinned to a major version (the same one in both
workflows), a tag must match the version, the release can run twice (an existing release is updated with
--clobber) and carries SHA256SUMS, each macOS app is built on the runner of its own architecture and
checked with lipo, the Windows job proves the uninstaller removed the folder and the Start menu entry,
pull requests that touch the game, the rules or the packaging run it, and it uploads the files the build
scripts make.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

yaml = pytest.importorskip("yaml", reason="PyYAML (the test extra) reads the workflows")

ROOT = Path(__file__).resolve().parents[2]
WORKFLOWS = ROOT / ".github" / "workflows"
INSTALLERS = WORKFLOWS / "installers.yml"
TESTS = WORKFLOWS / "tests.yml"
#: the architecture of each macOS runner the workflows use
MAC_RUNNERS = {"macos-15": "arm64", "macos-15-intel": "x86_64"}


def _load(path: Path) -> dict:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def workflow() -> dict:
    return _load(INSTALLERS)


@pytest.fixture(scope="module")
def tests_workflow() -> dict:
    return _load(TESTS)


def _triggers(workflow: dict) -> dict:
    return workflow.get("on", workflow.get(True))  # YAML 1.1 reads a bare `on` as true


def _steps(workflow: dict) -> list[dict]:
    return [step for job in workflow["jobs"].values() for step in job.get("steps", [])]


def _script(workflow: dict, job: str, name_part: str) -> str:
    return next(step["run"] for step in workflow["jobs"][job]["steps"] if name_part in step.get("name", ""))


# -- both -------------------------------------------------------------------------------------------------
def test_actions_are_pinned_to_one_major_version_each():
    """Every action names a major version tag (not a branch), and the same one wherever it is used."""
    majors: dict[str, set[str]] = {}
    for path in sorted(WORKFLOWS.glob("*.yml")):
        for step in _steps(_load(path)):
            if "uses" in step:
                name, _, ref = step["uses"].partition("@")
                assert re.fullmatch(r"v\d+", ref), f"{path.name}: {step['uses']} is not pinned to a major version"
                majors.setdefault(name, set()).add(ref)
    assert majors and {name: refs for name, refs in majors.items() if len(refs) > 1} == {}


def test_every_job_needs_only_jobs_that_exist(workflow, tests_workflow):
    for flow in (workflow, tests_workflow):
        jobs = flow["jobs"]
        for name, job in jobs.items():
            needs = job.get("needs", [])
            assert set([needs] if isinstance(needs, str) else needs) <= set(jobs) - {name}


# -- tests.yml --------------------------------------------------------------------------------------------
def test_tests_run_on_every_push_and_pull_request(tests_workflow):
    triggers = _triggers(tests_workflow)
    assert "push" in triggers and "pull_request" in triggers
    for event in ("push", "pull_request"):  # no filter that would leave a change untested
        assert not (triggers[event] or {}).keys() & {"paths", "branches", "paths-ignore", "branches-ignore"}


def test_tests_run_where_players_are_on_the_oldest_and_a_new_python(tests_workflow):
    job = tests_workflow["jobs"]["tests"]
    matrix = job["strategy"]["matrix"]
    systems = matrix["os"]
    assert any(s.startswith("ubuntu-") for s in systems) and any(s.startswith("windows-") for s in systems)
    assert {s for s in systems if s.startswith("macos-")} == set(MAC_RUNNERS)  # Apple silicon and Intel
    assert job["runs-on"] == "${{ matrix.os }}" and job["strategy"]["fail-fast"] is False
    versions = [tuple(map(int, v.split("."))) for v in matrix["python"]]
    oldest = re.search(r">=\s*(\d+)\.(\d+)", tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
                       ["project"]["requires-python"]).groups()
    assert min(versions) == tuple(map(int, oldest)) and max(versions) >= (3, 13)
    setup = next(step for step in job["steps"] if step.get("uses", "").startswith("actions/setup-python@"))
    assert setup["with"]["python-version"] == "${{ matrix.python }}"


def test_tests_are_headless_and_list_every_skip_with_its_reason(tests_workflow):
    job = tests_workflow["jobs"]["tests"]
    assert job["env"]["SDL_VIDEODRIVER"] == "dummy" and job["env"]["SDL_AUDIODRIVER"] == "dummy"
    run = _script(tests_workflow, "tests", "Test suite")
    # (with pyproject.toml's error::EncodingWarning filter: a text file opened without an encoding fails)
    assert "python -X warn_default_encoding -m pytest" in run and " -rs" in run and "make" not in run
    install = _script(tests_workflow, "tests", "Install")
    assert 'pip install -e ".[test]"' in install


def test_lint_runs_once(tests_workflow):
    linting = [name for name, job in tests_workflow["jobs"].items()
               if any("lint" in step.get("run", "") for step in job.get("steps", []))]
    assert linting == ["lint"] and "strategy" not in tests_workflow["jobs"]["lint"]
    assert "make lint" in _script(tests_workflow, "lint", "Style and types")
    assert "actionlint" in _script(tests_workflow, "lint", "workflows")


def test_the_makefile_windows_branch_runs_on_windows(tests_workflow):
    job = tests_workflow["jobs"]["make-windows"]
    assert job["runs-on"].startswith("windows-")
    runs = " ".join(step.get("run", "") for step in job["steps"])
    assert "make .venv/.installed-game" in runs and ".venv\\Scripts\\python.exe -m game --self-test" in runs


# -- installers.yml ---------------------------------------------------------------------------------------
def test_installers_run_on_tags_by_hand_and_on_pull_requests_that_touch_what_ships(workflow):
    triggers = _triggers(workflow)
    assert triggers["push"]["tags"] == ["v*"] and "workflow_dispatch" in triggers
    paths = triggers["pull_request"]["paths"]
    for path in ("rules/**", "game/**", "build_scripts/**", "pyproject.toml", ".github/workflows/**"):
        assert path in paths
    # the art, fonts and sounds are package data of game/
    assert {p.name for p in (ROOT / "game").iterdir()} >= {"art", "fonts", "sounds"}


def test_a_tag_must_match_the_version(workflow):
    script = _script(workflow, "version", "tag must match")
    assert "python -m game.version" in script and '"${GITHUB_REF_NAME#v}" != "$version"' in script
    assert "exit 1" in script


def test_the_release_can_run_twice_and_has_checksums(workflow):
    release = workflow["jobs"]["release"]
    assert set(release["needs"]) >= {"build", "python-package"}
    assert "sha256sum" in _script(workflow, "release", "Checksums")
    script = _script(workflow, "release", "release")
    assert "gh release view" in script and "--clobber" in script and "gh release create" in script


def test_each_mac_app_is_built_and_tested_on_its_own_architecture(workflow):
    """Native builds only: the runner's architecture is the app's, so pip's wheels are the app's."""
    matrix = workflow["jobs"]["build"]["strategy"]["matrix"]["include"]
    macs = [entry for entry in matrix if entry["os"].startswith("macos")]
    assert {(entry["os"], entry["arch"]) for entry in macs} == set(MAC_RUNNERS.items())
    for entry in macs:
        assert entry["files"].endswith(f"macos-{entry['arch']}.dmg") and entry["arch"] in entry["artifact"]
    build = next(step for step in workflow["jobs"]["build"]["steps"] if step.get("name") == "Build (macOS)")
    assert build["env"]["NOBLEMEN_TARGET_ARCH"] == "${{ matrix.arch }}"
    assert "universal" not in INSTALLERS.read_text(encoding="utf-8")
    mounted = _script(workflow, "build", "mounted .dmg")
    assert 'lipo -archs "$app/Contents/MacOS/Noblemen"' in mounted and '[ "$archs" = "$ARCH" ]' in mounted
    assert 'test "$(uname -m)" = "$ARCH"' in mounted and "--self-test" in mounted
    script = (ROOT / "build_scripts" / "build_macos.sh").read_text(encoding="utf-8")
    assert "check_archs" in script and 'lipo -archs "$file"' in script and "platform.machine()" in script


def test_the_windows_uninstall_is_checked(workflow):
    script = _script(workflow, "build", "uninstall")
    assert "unins000.exe" in script
    after = script.split("unins000.exe", 1)[1]
    assert "Test-Path $installed" in after and "Test-Path $shortcut" in after and "throw" in after


def test_every_download_is_checked_for_its_licences(workflow):
    for step_name in ("unpacked tarball", "unzipped game", "mounted .dmg"):
        script = _script(workflow, "build", step_name)
        assert "licenses" in script and "fonts" in script and "sounds" in script and "art" in script, step_name


def test_the_wheel_says_it_is_one_and_the_cli_names_itself(workflow):
    script = _script(workflow, "python-package", "Install the wheel")
    assert "self-test OK (wheel)" in script and "usage: noblemen-cli " in script


def test_uploads_match_the_names_the_build_scripts_make(workflow):
    scripts = {path.name: path.read_text(encoding="utf-8") for path in (ROOT / "build_scripts").iterdir()
               if path.is_file()}
    assert 'TARBALL="dist/$APP-$VERSION-linux-$ARCH.tar.gz"' in scripts["build_linux.sh"]
    assert 'DMG="dist/$APP-$VERSION-macos-$ARCH.dmg"' in scripts["build_macos.sh"]
    assert '"$App-$Version-windows-x64.zip"' in scripts["build_windows.ps1"]
    assert "OutputBaseFilename=Noblemen-{#AppVersion}-windows-x64-setup" in scripts["noblemen.iss"]
    files = " ".join(entry["files"] for entry in workflow["jobs"]["build"]["strategy"]["matrix"]["include"])
    for pattern in ("Noblemen-*-linux-*.tar.gz", "Noblemen-*-windows-x64.zip", "Noblemen-*-windows-x64-setup.exe",
                    "Noblemen-*-macos-arm64.dmg", "Noblemen-*-macos-x86_64.dmg"):
        assert pattern in files


def test_signing_waits_behind_optional_secrets(workflow):
    text = INSTALLERS.read_text(encoding="utf-8")
    for secret in ("MACOS_CERTIFICATE", "MACOS_SIGNING_IDENTITY", "NOTARY_APPLE_ID", "WINDOWS_CERTIFICATE"):
        assert re.search(rf"secrets\.{secret}\b", text), secret
    assert "the builds stay unsigned" in text and "signed ad hoc" in text
