"""The modules of the test tools installed beside the game in a development environment: no bundle holds them.

``make package`` builds from the environment ``make test`` uses, where pyproject.toml's "test" extra is
installed; PyInstaller follows optional imports (python-i18n, under pygame-gui, imports PyYAML when it is
there), so build_scripts/noblemen.spec excludes every top-level module of those packages.
"""

from __future__ import annotations

import re
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def test_tool_modules(pyproject: Path) -> list[str]:
    """The importable top-level modules of the "test" extra's packages that are installed in this Python."""
    extra = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["optional-dependencies"]["test"]
    tools = {_normal(re.split(r"[\s<>=!~;\[]", requirement, maxsplit=1)[0]) for requirement in extra}
    return sorted(module for module, dists in packages_distributions().items()
                  if module.isidentifier() and any(_normal(dist) in tools for dist in dists))
