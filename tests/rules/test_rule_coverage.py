"""Every rule id of RULES.md has a test named after it, every Ruling a `..._ruling_...` test, and every worked
example a `test_example_...` test, so the suite cannot silently miss one."""

from __future__ import annotations

import ast
import os
import re
from pathlib import Path

import pytest

HERE = Path(__file__).parent
CANDIDATES = [
    os.environ.get("NOBLEMEN_RULES", ""),
    str(HERE.parents[1] / "docs" / "RULES.md"),
    str(HERE.parents[2] / "shared" / "rules" / "RULES.md"),  # ../shared beside the checkout
]
RULE_LINE = re.compile(r"^- (R-[A-Z]+-[A-Z]?\d+)\b(.*)$")

# The rule ids as of this suite's writing; checked against RULES.md whenever the file is at hand.
KNOWN_IDS = (
    [f"R-COMP-{i}" for i in range(1, 7)] + [f"R-BOARD-{i}" for i in range(1, 6)]
    + [f"R-SETUP-{i}" for i in range(1, 7)] + [f"R-LAND-{i}" for i in range(1, 5)]
    + [f"R-TURN-{i}" for i in range(1, 6)]
    + ["R-ACT-A1", "R-ACT-A2"] + [f"R-ACT-B{i}" for i in range(1, 6)]
    + ["R-ACT-C1", "R-ACT-C2", "R-ACT-D1", "R-ACT-E1", "R-ACT-F1", "R-ACT-G1"]
    + [f"R-ROUND-{i}" for i in range(1, 5)] + [f"R-BALL-{i}" for i in range(1, 7)]
    + [f"R-SCORE-{i}" for i in range(1, 4)] + [f"R-DEC-{i}" for i in range(1, 5)]
    + ["R-END-1", "R-END-2"] + [f"R-CARD-{i}" for i in range(1, 13)]
)
KNOWN_RULINGS = ["R-COMP-2", "R-LAND-3", "R-ACT-B5", "R-BALL-2", "R-BALL-3", "R-CARD-4"]
EXAMPLES = ["expand", "taxes", "land", "church", "ball_prestige", "titles", "building_scoring"]


def _rules_text() -> str | None:
    for candidate in CANDIDATES:
        if candidate and Path(candidate).is_file():
            return Path(candidate).read_text(encoding="utf-8")
    return None


def _parsed() -> tuple[list[str], list[str]]:
    text = _rules_text()
    if text is None:
        return KNOWN_IDS, KNOWN_RULINGS
    ids, rulings = [], []
    for line in text.splitlines():
        m = RULE_LINE.match(line.strip())
        if m:
            ids.append(m.group(1))
            if "**Ruling" in m.group(2):
                rulings.append(m.group(1))
    return ids, rulings


def _test_names() -> set[str]:
    names = set()
    for path in HERE.glob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test_"):
                names.add(node.name)
    return names


def _prefix(rule_id: str) -> str:
    return "test_" + rule_id.lower().replace("-", "_") + "_"


def test_rules_md_ids_match_the_known_list():
    if _rules_text() is None:
        pytest.skip("RULES.md is not at hand; the known list stands in for it")
    ids, rulings = _parsed()
    assert ids == KNOWN_IDS, "RULES.md changed: update KNOWN_IDS and add the tests"
    assert rulings == KNOWN_RULINGS


def test_every_rule_id_has_a_test():
    names = _test_names()
    ids, _ = _parsed()
    assert len(ids) == len(set(ids)) > 60
    missing = [r for r in ids if not any(n.startswith(_prefix(r)) for n in names)]
    assert missing == []


def test_every_ruling_has_a_ruling_test():
    names = _test_names()
    _, rulings = _parsed()
    missing = [r for r in rulings if not any(n.startswith(_prefix(r) + "ruling") for n in names)]
    assert missing == []


def test_every_worked_example_has_a_test():
    names = _test_names()
    text = _rules_text()
    if text is not None:
        examples = text.split("## Worked examples", 1)[1]
        assert len([line for line in examples.splitlines() if line.startswith("- ")]) == len(EXAMPLES)
    assert [e for e in EXAMPLES if f"test_example_{e}" not in names] == []
