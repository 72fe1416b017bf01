"""``python -m game``: start Noblemen."""

from __future__ import annotations

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.app import main  # noqa: E402  (after the environment is set)

if __name__ == "__main__":
    sys.exit(main())
