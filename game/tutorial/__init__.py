"""The tutorial: a guided first game of Noblemen, played through the real table against computer players.

- ``steps.py``: the game (seed, seats) and the steps, the one place where their words live (translated through
  the catalogs, ``make i18n``);
- ``guide.py``: where the player is, which move the step waits for, Next / Show me / Skip / Leave, undo;
- ``targets.py``: the table's laid-out regions a move is made on (what glows, where the learner clicks);
- ``overlay.py`` and ``table_guide.py``: the guide's card and glow, and the guide as an overlay attached to the
  table through its hook (:mod:`game.table.overlay`: allow only the step's move, hear of each move taken);
- ``start.py``: the tutorial's session, and catching up to the step where the player stopped;
- ``learner.py``: the scripted learner, which takes every step with synthetic mouse input (``--tutorial
  --autoplay`` and the tests).

Its room sits between the screens and the table's parts: ``scenes -> tutorial -> table``.
"""
