"""The table is laid out before it is drawn: regions come from the layout pass, never from drawing."""

from __future__ import annotations

from game.table.targets import ActionButton, EstateCell, OptionButton
from rules import ActionKind
from tests.game import test_table_support as support

app = support.app  # the fixture


def test_regions_exist_before_anything_is_drawn(app):
    table = support.make_table(app)
    support.play_human_turns(app, table, support.at_turn_start)
    table.painter.clear()
    table.frame = None
    end = table.find_hot("action:end")  # laid out, not drawn
    assert end is not None and end.target == ActionButton(ActionKind.END)
    assert table.painter.pictures == {}
    assert any(isinstance(r.target, EstateCell) for r in table.hots)


def test_a_chooser_is_laid_out_with_the_table(app):
    table = support.make_table(app)
    support.play_human_turns(app, table, support.at_turn_start)
    table.parts.actions.press(ActionKind.BRIBE)
    table.ensure_frame()
    options = [r for r in table.hots if isinstance(r.target, OptionButton)]
    assert options and all(r.key.startswith("bribe:") for r in options)
    assert table.frame.chooser.option(options[0].key) is not None
