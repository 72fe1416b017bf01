"""The table's panels for a window: :func:`game.ui.layout.table_layout`, with the action bar as wide as the words
of its actions A-G need when they stand under the letters (:mod:`game.table.action_bar`) at the smallest text."""

from __future__ import annotations

import math

from game.i18n import _
from game.table.reasons import TITLES, TURN_ACTIONS
from game.ui import assets
from game.ui import layout as ui_layout


def table_rects(size: tuple[int, int]) -> ui_layout.TableLayout:
    """The table's panels in a window of ``size`` pixels, the action bar wide enough for the words of A-G
    under its letters at the smallest text."""
    s = ui_layout.scale_for(size)
    gap, pad = round(4 * s), round(8 * s)
    smallest = assets.font("heading", assets.min_design_size())
    button = 0.0
    for i, kind in enumerate(TURN_ACTIONS):
        width = smallest.size(_(TITLES[kind]))[0] + 4
        at_edge = i in (0, len(TURN_ACTIONS) - 1)  # its room: 1.5 buttons and a gap, else two and two gaps
        button = max(button, (width - gap) / 1.5 if at_edge else width / 2 - gap)
    bar = 7 * button + 6 * gap + 2 * pad
    return ui_layout.table_layout(size, actions_min=math.ceil(bar / ui_layout.pixel_ratio()))
