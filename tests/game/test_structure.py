"""The shape of game/: no module over 800 lines (the table's scene, which only conducts, under 500), no
function over 80 lines, and the rooms' imports pointing down only:

    shell -> scenes -> tutorial -> table -> ui -> persist -> session  (-> rules, through its public doors)

(Imports needed only by type hints, under ``if TYPE_CHECKING:``, may name a room above.)
"""

from __future__ import annotations

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parents[2] / "game"
MAX_MODULE_LINES = 800
MAX_TABLE_SCENE_LINES = 500
MAX_FUNCTION_LINES = 80
ROOMS = ("shell", "scenes", "tutorial", "table", "ui", "persist", "session")


def _modules() -> list[Path]:
    return sorted(GAME.rglob("*.py"))


def _rel(path: Path) -> str:
    return path.relative_to(GAME.parent).as_posix()


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def test_no_module_is_over_800_lines():
    long = {_rel(p): n for p in _modules() if (n := _lines(p)) > MAX_MODULE_LINES}
    assert long == {}


def test_the_table_scene_only_conducts():
    assert _lines(GAME / "scenes" / "table.py") <= MAX_TABLE_SCENE_LINES


def test_no_function_is_over_80_lines():
    long = []
    for path in _modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = node.end_lineno - node.lineno + 1  # from `def` to the end of the body
                if length > MAX_FUNCTION_LINES:
                    long.append(f"{_rel(path)}:{node.lineno} {node.name} ({length} lines)")
    assert long == []


def _room(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if parts[0] == "game" and len(parts) > 1 and parts[1] in ROOMS else None


def _runtime_imports(tree: ast.Module) -> list[tuple[int, str]]:
    """(line, module) of every import that runs (the ones under ``if TYPE_CHECKING:`` left out)."""
    typing_only = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            typing_only.update(id(n) for child in node.body for n in ast.walk(child))
    out = []
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [f"{node.module}.{alias.name}" for alias in node.names] if node.module == "game" else []
            out += [(node.lineno, m) for m in names or [node.module]]
    return out


def test_the_rooms_import_downwards_only():
    upward = []
    for path in _modules():
        parts = path.relative_to(GAME).parts
        here = _room("game." + parts[0].removesuffix(".py"))
        if here is None:  # game/__main__.py, the entry point, may start anything
            continue
        for line, module in _runtime_imports(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            there = _room(module)
            if there is not None and ROOMS.index(there) < ROOMS.index(here):
                upward.append(f"{_rel(path)}:{line} ({here}) imports {module} ({there})")
    assert upward == []
