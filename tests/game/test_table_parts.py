"""The table's parts own their state and reach their host only through its small door: every part is one attrs
object given a TableHost, the door has a handful of names, and the parts use no other name of their host."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import attrs

from game.table.coach import Coach
from game.table.layout import PANELS
from game.table.part import Part, TableHost
from game.table.parts import TableParts

TABLE = Path(__file__).resolve().parents[2] / "game" / "table"
HANDFUL = 5


def _door() -> set[str]:
    return {name for name in vars(TableHost) if not name.startswith("_")}


def _host_names(path: Path) -> set[str]:
    """The names used on a part's host in ``path``: ``self.host.x`` and ``host.x``."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if not isinstance(node, ast.Attribute):
            continue
        owner = node.value
        if (isinstance(owner, ast.Name) and owner.id == "host") or (
                isinstance(owner, ast.Attribute) and owner.attr == "host"):
            names.add(node.attr)
    return names


def test_the_door_has_a_handful_of_names():
    assert _door() == {"now", "do", "ask", "refuse"}
    assert len(_door()) <= HANDFUL


def test_the_parts_use_no_name_of_their_host_but_the_doors():
    used = {path.name: _host_names(path) for path in sorted(TABLE.glob("*.py"))}
    assert any(used.values())  # the check sees the parts' calls
    assert {name: sorted(names - _door()) for name, names in used.items() if names - _door()} == {}


def _parts() -> list[type]:
    """Every kind of part (as its module names it: attrs makes a new class of each), and the coach."""
    found, todo = [], [Part]
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if cls is not Part and getattr(sys.modules[cls.__module__], cls.__name__, None) is cls:
            found.append(cls)
    return [*found, Coach]


def test_every_part_is_one_attrs_object_given_only_the_door():
    for cls in _parts():
        assert attrs.has(cls), cls
        assert attrs.fields_dict(cls)["host"].type in ("TableHost", TableHost), cls


def test_every_panel_of_the_table_is_a_part():
    drawn = [field.name for field in attrs.fields(TableParts) if isinstance(field.type, str)
             and field.type.endswith("Part")]
    assert len(drawn) == len(PANELS) + 1  # and the chooser
    names = [cls.name for cls in _parts() if cls is not Coach]
    assert sorted(names) == sorted([*PANELS, "chooser"])
