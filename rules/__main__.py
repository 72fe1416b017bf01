import sys

from rules.arena.cli import main

sys.exit(main())
