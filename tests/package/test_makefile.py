"""The Makefile on every system, read with ``make -n`` (what make would run, run here without running it).

Windows cannot be run here, so its branch is evaluated with the variable every Windows process has
(``OS=Windows_NT``): the environment's Python must be ``".venv\\Scripts\\python.exe"`` (quoted: cmd.exe takes no
``/`` in a program's path, sh keeps backslashes inside quotes) and no recipe may use syntax only sh
understands, since make on Windows may hand a recipe to cmd.exe. ``make play`` must install
the game alone, saying what it does; ``make test`` the test tools too.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MAKE = shutil.which("make")
pytestmark = pytest.mark.skipif(MAKE is None, reason="GNU make is not installed here")

TEST_TOOLS = ("pytest", "hypothesis", "ruff", "mypy", "pyyaml", "Babel")


def dry_run(tmp_path: Path, *targets: str, windows: bool = False) -> list[str]:
    """The commands make would run for ``targets`` in a checkout whose environment does not exist yet."""
    assert MAKE is not None
    variables = [f"VENV={(tmp_path / 'venv').as_posix()}", f"OS={'Windows_NT' if windows else ''}"]
    # (the defaults, not this shell's PYTHON, nor the flags of a make that runs these tests)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHON", "MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    proc = subprocess.run([MAKE, "-n", "--no-print-directory", *variables, *targets], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return [line.replace(variables[0][len("VENV="):], "VENV") for line in proc.stdout.splitlines()
            if not line.startswith("make: ")]  # ("make: Nothing to be done for ...")


def installs(lines: list[str]) -> list[str]:
    return [line for line in lines if " -m pip install " in line and "--upgrade pip" not in line]


@pytest.mark.parametrize("windows", [False, True], ids=["posix", "windows"])
def test_make_play_installs_only_what_the_game_needs_and_says_so(tmp_path, windows):
    lines = dry_run(tmp_path, "play", windows=windows)
    assert [re.sub(r".* -m pip install ", "", line) for line in installs(lines)] == ["--progress-bar on -e ."]
    assert not [line for line in lines if any(tool.lower() in line.lower() for tool in TEST_TOOLS)]
    said = [line for line in lines if line.startswith("echo make:")]
    # before the environment is made, before the libraries are fetched, and when the game starts
    assert len(said) >= 3 and "creating the Python environment" in said[0] and "pygame-ce" in " ".join(said)
    assert lines.index(said[0]) < next(i for i, line in enumerate(lines) if " -m venv " in line)
    assert lines[-1].endswith(" -m game")


@pytest.mark.parametrize("windows", [False, True], ids=["posix", "windows"])
def test_make_test_installs_the_test_tools_then_lints_and_tests(tmp_path, windows):
    lines = dry_run(tmp_path, "test", windows=windows)
    assert any(line.endswith('-e ".[test]"') for line in installs(lines))
    assert any(" -m ruff check " in line for line in lines) and any(" -m mypy" in line for line in lines)
    assert lines[-1].endswith(" -X warn_default_encoding -m pytest -q -n auto --timeout 300")


def test_the_windows_branch_uses_the_scripts_folder_and_no_sh_only_syntax(tmp_path):
    lines = dry_run(tmp_path, "play", "test", "test-slow", "bench", "lint", "i18n", "clean", windows=True)
    commands = [line for line in lines if not line.startswith("echo ")]
    assert commands[0] == "py -3 -m venv VENV"
    pythons = {line.split()[0] for line in commands[1:] if not line.startswith("py -3 ")}
    assert pythons == {'"VENV\\Scripts\\python.exe"'}
    for line in commands:
        assert "/bin/" not in line, line
        line = re.sub(r'"[^"]*"', '""', line)  # what is inside double quotes reaches the program as it is
        assert not re.match(r"^\w+=\S* ", line), f"sh-only environment prefix: {line}"
        assert not re.search(r"(^|\s)(touch|rm|cp|mv|export)\s", line), f"not a command on Windows: {line}"
        assert not re.search(r"(^|\s)'", line), f"cmd.exe keeps single quotes: {line}"
        assert not re.search(r"[|<>]|&&|\$\(", line), f"shell syntax: {line}"


def test_the_posix_branch_uses_bin_python(tmp_path):
    lines = dry_run(tmp_path, "play")
    assert "python3 -m venv VENV" in lines and lines[-1] == "VENV/bin/python -m game"


def test_tests_and_benchmarks_run_headless_through_make_variables():
    """The SDL drivers come from make's own exported variables, which both sh and cmd.exe pass on."""
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    for variable in ("SDL_VIDEODRIVER := dummy", "SDL_AUDIODRIVER := dummy"):
        assert re.search(rf"^test [^:\n]*: export {variable}$", text, re.MULTILINE), variable
