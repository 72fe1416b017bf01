import sys

from rules.arena.cli import main

sys.exit(main(prog="python -m rules"))
