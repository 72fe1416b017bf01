"""What every build puts beside the game, checked here without building: the licences folder
(build_scripts/gather_licences.py) and the test tools the bundle leaves out (build_scripts/dev_modules.py)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = ROOT / "build_scripts"


def _script(name: str):
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


gather_licences = _script("gather_licences")
dev_modules = _script("dev_modules")


def test_the_licences_folder_holds_every_text_its_readme_names(tmp_path):
    folder = tmp_path / "Noblemen" / "licenses"
    files = {p.relative_to(folder).as_posix() for p in gather_licences.gather(folder)}
    assert gather_licences.missing(folder) == []
    readme = (folder / "README.md").read_text(encoding="utf-8")
    assert "../" not in readme
    for licence in ("art/LICENSE.md", "sounds/LICENSE.md", "fonts/OFL.txt", "fonts/LICENSE-DejaVu.txt",
                    "fonts/README.md"):
        assert licence in files and f"`{licence}`" in readme, licence
    assert {"Noblemen.txt", "LGPL-2.1.txt", "SDL.txt"} <= files
    assert {"pygame_gui/data/licenses/NotoSans-LICENSE.txt", "pygame_gui/data/licenses/FiraCode-LICENSE.txt"} <= files
    assert (folder / "art" / "LICENSE.md").read_bytes() == (ROOT / "game" / "art" / "LICENSE.md").read_bytes()


def test_the_source_readme_names_texts_outside_its_folder():
    """Why the folder is gathered and not copied: game/licenses/README.md points at ../art/ and ../fonts/."""
    source = ROOT / "game" / "licenses"
    assert {"../art/LICENSE.md", "../sounds/LICENSE.md", "../fonts/OFL.txt"} <= set(gather_licences.missing(source))


def test_gathering_again_replaces_the_folder(tmp_path):
    folder = tmp_path / "licenses"
    gather_licences.gather(folder)
    (folder / "stale.txt").write_text("from an older build", encoding="utf-8")
    gather_licences.gather(folder)
    assert not (folder / "stale.txt").exists()


def test_the_bundle_leaves_out_the_test_tools():
    pytest.importorskip("yaml", reason="PyYAML (the test extra) is not installed here")
    modules = dev_modules.test_tool_modules(ROOT / "pyproject.toml")
    assert {"yaml", "pytest", "hypothesis", "babel", "mypy"} <= set(modules)
    assert not {"pygame", "pygame_gui", "attr", "attrs", "platformdirs", "i18n"} & set(modules)
    spec = (SCRIPTS / "noblemen.spec").read_text(encoding="utf-8")
    assert 'TEST_TOOLS = test_tool_modules(ROOT / "pyproject.toml")' in spec and "*TEST_TOOLS," in spec
