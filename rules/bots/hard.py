"""Hard: placeholder until the search lands."""

from __future__ import annotations

from rules.bots.heuristic import NormalBot


class HardBot(NormalBot):
    name = "hard"
