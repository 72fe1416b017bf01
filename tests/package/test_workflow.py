"""The installers workflow cannot run here: read it and check what it promises, so a slip shows at once.

It is valid YAML, its actions are at their current majors, a tag must match the version, the release can
run twice (an existing release is updated with --clobber) and carries SHA256SUMS, the macOS build is
universal and checked with lipo on both architectures, the Windows job proves the uninstaller removed
the folder and the Start menu entry, pull requests that touch packaging run it, and it uploads the files
the build scripts make.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

yaml = pytest.importorskip("yaml")

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "installers.yml"
CURRENT_MAJORS = {"actions/checkout": 6, "actions/setup-python": 6, "actions/upload-artifact": 7,
                  "actions/download-artifact": 8}


@pytest.fixture(scope="module")
def workflow() -> dict:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def _steps(workflow: dict) -> list[dict]:
    return [step for job in workflow["jobs"].values() for step in job.get("steps", [])]


def _script(workflow: dict, job: str, name_part: str) -> str:
    return next(step["run"] for step in workflow["jobs"][job]["steps"] if name_part in step.get("name", ""))


def test_actions_are_at_their_current_majors(workflow):
    used = [step["uses"] for step in _steps(workflow) if "uses" in step]
    assert used
    for action in used:
        name, major = action.split("@")
        assert int(major.lstrip("v")) == CURRENT_MAJORS[name], action


def test_every_job_needs_only_jobs_that_exist(workflow):
    jobs = workflow["jobs"]
    for name, job in jobs.items():
        needs = job.get("needs", [])
        assert set([needs] if isinstance(needs, str) else needs) <= set(jobs) - {name}


def test_triggers_tags_hand_and_packaging_pull_requests(workflow):
    triggers = workflow.get("on", workflow.get(True))  # YAML 1.1 reads a bare `on` as true
    assert triggers["push"]["tags"] == ["v*"] and "workflow_dispatch" in triggers
    paths = triggers["pull_request"]["paths"]
    for path in (".github/workflows/installers.yml", "build_scripts/**", "pyproject.toml", "game/art/**",
                 "game/licenses/**"):
        assert path in paths


def test_a_tag_must_match_the_version(workflow):
    script = _script(workflow, "version", "tag must match")
    assert "python -m game.version" in script and '"${GITHUB_REF_NAME#v}" != "$version"' in script
    assert "exit 1" in script


def test_the_release_can_run_twice_and_has_checksums(workflow):
    release = workflow["jobs"]["release"]
    assert set(release["needs"]) >= {"build", "python-package", "macos-intel"}
    assert "sha256sum" in _script(workflow, "release", "Checksums")
    script = _script(workflow, "release", "release")
    assert "gh release view" in script and "--clobber" in script and "gh release create" in script


def test_macos_is_one_universal_build_checked_on_both_architectures(workflow):
    matrix = workflow["jobs"]["build"]["strategy"]["matrix"]["include"]
    macs = [entry for entry in matrix if entry["os"].startswith("macos")]
    assert len(macs) == 1 and macs[0]["files"].endswith("macos-universal.dmg")
    mounted = _script(workflow, "build", "mounted .dmg")
    assert "lipo -archs" in mounted and "arch -x86_64" in mounted and "arch -arm64" in mounted
    assert workflow["jobs"]["macos-intel"]["runs-on"].endswith("intel")
    assert "lipo -archs" in (ROOT / "build_scripts" / "build_macos.sh").read_text(encoding="utf-8")


def test_the_windows_uninstall_is_checked(workflow):
    script = _script(workflow, "build", "uninstall")
    assert "unins000.exe" in script
    after = script.split("unins000.exe", 1)[1]
    assert "Test-Path $installed" in after and "Test-Path $shortcut" in after and "throw" in after


def test_uploads_match_the_names_the_build_scripts_make(workflow):
    scripts = {path.name: path.read_text(encoding="utf-8") for path in (ROOT / "build_scripts").iterdir()}
    assert 'TARBALL="dist/$APP-$VERSION-linux-$ARCH.tar.gz"' in scripts["build_linux.sh"]
    assert 'DMG="dist/$APP-$VERSION-macos-$ARCH.dmg"' in scripts["build_macos.sh"]
    assert '"$App-$Version-windows-x64.zip"' in scripts["build_windows.ps1"]
    assert "OutputBaseFilename=Noblemen-{#AppVersion}-windows-x64-setup" in scripts["noblemen.iss"]
    files = " ".join(entry["files"] for entry in workflow["jobs"]["build"]["strategy"]["matrix"]["include"])
    for pattern in ("Noblemen-*-linux-*.tar.gz", "Noblemen-*-windows-x64.zip", "Noblemen-*-windows-x64-setup.exe",
                    "Noblemen-*-macos-universal.dmg"):
        assert pattern in files


def test_signing_waits_behind_optional_secrets(workflow):
    text = WORKFLOW.read_text(encoding="utf-8")
    for secret in ("MACOS_CERTIFICATE", "MACOS_SIGNING_IDENTITY", "NOTARY_APPLE_ID", "WINDOWS_CERTIFICATE"):
        assert re.search(rf"secrets\.{secret}\b", text), secret
    assert "the builds stay unsigned" in text and "signed ad hoc" in text
