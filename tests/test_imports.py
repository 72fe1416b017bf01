"""The import contract: every arrow between the project's packages points one way.

    game  ->  rules.bots  ->  rules (core)        rules.arena -> rules.bots, rules (core)

- rules never imports game or pygame;
- the core of rules never imports rules.bots or rules.arena (``python -m rules`` starts the arena's command
  line), and rules.bots never imports rules.arena;
- game enters the rules only through the public doors: ``rules`` (its ``__init__``), ``rules.bots`` and
  ``rules.board`` (the board's numbers);
- inside game, even for typing: the table's parts (game.table) import neither the scenes nor the shell nor the
  tutorial, the table's scene imports no tutorial, the tutorial no scene, the kit (game.ui) neither the table
  nor the scenes; and no import circle runs through the table or the tutorial.
"""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

import rules

ROOT = Path(__file__).resolve().parent.parent
GAME_DOORS = {"rules", "rules.bots", "rules.board"}


def _modules(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


def _imports(path: Path) -> list[tuple[int, str, list[str]]]:
    """(line, module, names) for every import in ``path``, nested ones included."""
    out: list[tuple[int, str, list[str]]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            out.extend((node.lineno, alias.name, []) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.append((node.lineno, node.module, [alias.name for alias in node.names]))
    return out


def _violations(package: str, forbidden: tuple[str, ...], skip: tuple[str, ...] = ()) -> list[str]:
    found = []
    for path in _modules(package):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith(skip):
            continue
        for line, module, _names in _imports(path):
            if any(module == f or module.startswith(f + ".") for f in forbidden):
                found.append(f"{rel}:{line} imports {module}")
    return found


def test_rules_never_imports_game_or_pygame():
    assert _violations("rules", ("game", "pygame", "pygame_gui")) == []


def test_the_core_of_rules_never_imports_the_bots_or_the_arena():
    skip = ("rules/bots/", "rules/arena/", "rules/__main__.py")
    assert _violations("rules", ("rules.bots", "rules.arena"), skip=skip) == []


def test_the_bots_never_import_the_arena():
    assert _violations("rules/bots", ("rules.arena",)) == []


def test_game_enters_the_rules_only_through_the_public_doors():
    public = set(rules.__all__) | {"board"}
    found = []
    for path in _modules("game"):
        rel = path.relative_to(ROOT).as_posix()
        for line, module, names in _imports(path):
            if module != "rules" and not module.startswith("rules."):
                continue
            if module not in GAME_DOORS:
                found.append(f"{rel}:{line} imports {module}")
            elif module == "rules":
                found.extend(f"{rel}:{line} imports rules.{n} (not exported)" for n in names if n not in public)
    assert found == []


@pytest.mark.parametrize("package", ["rules", "rules.bots"])
def test_importing_loads_neither_pygame_nor_the_layers_above(package):
    code = (
        f"import sys, {package}; "
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui', 'game') "
        f"or m.startswith('rules.arena') or ({package!r} == 'rules' and m.startswith('rules.bots'))); "
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == ""


# -- the rooms of game/ (the table's parts, the scenes, the kit) ------------------------------------------------
def _game_imports(path: Path) -> set[str]:
    """Every module of game ``path`` imports, typing-only ones included (``from game import x`` is game.x)."""
    found = set()
    for _line, module, names in _imports(path):
        found.add(module)
        found.update(f"{module}.{name}" for name in names if module == "game" or module.startswith("game."))
    return found


def _reaching(package: str, forbidden: tuple[str, ...]) -> list[str]:
    return [f"{path.relative_to(ROOT).as_posix()} imports {module}" for path in _modules(package)
            for module in sorted(_game_imports(path)) if any(module == f or module.startswith(f + ".")
                                                             for f in forbidden)]


def test_the_table_parts_import_neither_the_scenes_nor_the_shell_nor_the_tutorial():
    """Not even for typing: a part reaches the table only through game.table.part.TableHost."""
    assert _reaching("game/table", ("game.scenes", "game.shell", "game.tutorial")) == []


def test_the_table_scene_knows_no_tutorial():
    """The guide attaches from above, through the table's overlay hook (game.table.overlay)."""
    assert [m for m in _game_imports(ROOT / "game/scenes/table.py") if m.startswith("game.tutorial")] == []


def test_the_tutorial_imports_neither_the_scenes_nor_the_shell():
    assert _reaching("game/tutorial", ("game.scenes", "game.shell")) == []


def test_the_ui_kit_imports_neither_the_table_nor_the_scenes():
    assert _reaching("game/ui", ("game.table", "game.scenes")) == []


def test_no_import_circle_runs_through_the_table_or_the_tutorial():
    """The table's parts and the tutorial each import only downwards, typing-only imports included."""
    names = {}
    for path in _modules("game"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        names[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    graph = {name: {m for m in _game_imports(path) if m in names and m != name} for name, path in names.items()}
    circled = []
    for start in sorted(n for n in graph if n.startswith(("game.table", "game.tutorial"))):
        seen, todo = set(), list(graph[start])
        while todo:
            here = todo.pop()
            if here == start:
                circled.append(start)
                break
            if here not in seen:
                seen.add(here)
                todo.extend(graph[here])
    assert circled == []


def test_the_type_checker_sees_every_public_name_where_it_is_loaded_from():
    """rules/__init__.py imports its names for the type checker only; those imports must be the lazy map."""
    tree = ast.parse((ROOT / "rules" / "__init__.py").read_text(encoding="utf-8"))
    guarded = next(node for node in tree.body if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING")
    typed = {alias.name: node.module for node in guarded.body if isinstance(node, ast.ImportFrom)
             for alias in node.names}
    assert typed == {name: f"rules.{module}" for name, module in rules._MODULE_OF.items()}


def test_every_public_name_exists_and_is_the_object_of_its_module():
    missing = [name for name in rules.__all__ if not hasattr(rules, name)]
    assert missing == []
    for name, module in rules._MODULE_OF.items():
        assert getattr(rules, name) is getattr(importlib.import_module(f"rules.{module}"), name), name


def test_no_public_name_is_also_a_module_of_rules():
    """Importing a module sets the package's attribute of its name, which would hide a public name."""
    modules = {path.stem for path in (ROOT / "rules").glob("*.py")} | {"bots", "arena"}
    assert modules & set(rules.__all__) == set()


def test_importing_rules_loads_no_module_until_a_name_is_used():
    code = ("import sys, rules; before = sorted(m for m in sys.modules if m.startswith('rules.')); "
            "rules.check_name('Anne'); named = sorted(m for m in sys.modules if m.startswith('rules.')); "
            "print(before, named)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.split() == ["[]", "['rules.names']"]
