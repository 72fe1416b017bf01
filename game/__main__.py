"""``python -m game``: start Noblemen (``--self-test``: check this copy works, see game.shell.selftest)."""

from __future__ import annotations

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _forgiving_output() -> None:
    """What the program prints (names in --autoplay's scores, the self-test's report) may hold letters that
    a legacy code page cannot (Windows writes redirected output in cp1252): those are written as escapes,
    never an error that stops the game."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


def main(argv: list[str] | None = None) -> int:
    """The game; ``--self-test`` goes to :func:`game.shell.selftest.run` before pygame is started."""
    if argv is None:  # run as the program (not called by a test)
        _forgiving_output()
    args = sys.argv[1:] if argv is None else list(argv)
    if "--self-test" in args:
        from game.shell import cli, selftest

        options = cli.parse(args)  # the same flags (and errors) as the game
        return selftest.run(seed=options.seed, lang=options.lang)
    from game.shell.app import main as app_main

    return app_main(args)


if __name__ == "__main__":
    sys.exit(main())
