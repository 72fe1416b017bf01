"""DESIGN: `rules` is pure Python; importing it (and the bots, once they exist) never imports pygame."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_rules_imports_without_pygame():
    code = (
        "import importlib.util, sys\n"
        "import rules\n"
        "if importlib.util.find_spec('rules.bots') is not None:\n"
        "    import rules.bots\n"
        "import rules.engine, rules.flow, rules.legal, rules.view, rules.serialize, rules.results\n"
        "assert 'pygame' not in sys.modules, sorted(m for m in sys.modules if m.startswith('pygame'))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
