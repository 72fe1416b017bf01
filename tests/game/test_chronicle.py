"""The chronicle shows a run of identical count lines as one line; the saved log stays line for line."""

from __future__ import annotations

from game.persist import saves
from game.table import chronicle
from game.table.chronicle import merged, merged_log
from tests.game import test_table_support as support
from tests.game.test_table_support import frames, make_table

app = support.app  # the fixture
NAMES = ["Anne", "Robert", "Mary", "Walter", "Frances"]


def test_four_bribes_handed_back_read_as_one_line():
    log = ["A masked ball begins: everyone returns their title."] + ["Walter handed back 1 bribe (prestige)."] * 4
    log += ["Walter places prestige at 16."]
    assert merged_log(log, NAMES) == [
        "A masked ball begins: everyone returns their title.",
        "Walter handed back 4 bribes (prestige).",
        "Walter places prestige at 16.",
    ]


def test_counts_add_up_by_kind():
    assert merged("Anne drew 2 tiles (land).", 3, NAMES) == "Anne drew 6 tiles (land)."
    assert merged("Anne took 1 bribe.", 2, NAMES) == "Anne took 2 bribes."
    assert merged("Mary gained 1 VP (church).", 3, NAMES) == "Mary gained 3 VP (church)."
    assert merged("Mary gained £1 (taxes).", 2, NAMES) == "Mary gained £2 (taxes)."
    assert merged("Robert put a grove into the bag.", 4, NAMES) == "Robert put 4 groves into the bag."
    assert merged("Robert donated a field to the church.", 2, NAMES) == "Robert donated 2 fields to the church."
    assert merged("Frances kept 1 scandal card.", 2, NAMES) == "Frances kept 2 scandal cards."


def test_only_identical_consecutive_count_lines_merge():
    log = [
        "Walter handed back 1 bribe (prestige).",
        "Anne handed back 1 bribe (prestige).",  # another player
        "Walter handed back 1 bribe (prestige).",
        "Walter handed back 1 bribe (taxes).",  # another reason
        "Anne's turn.",
        "Anne's turn.",  # no count: never merged
        "Walter handed back Liaison.",
    ]
    assert merged_log(log, NAMES) == log


def test_the_table_chronicle_merges_while_the_saved_log_stays_exact(app, monkeypatch):
    table = make_table(app, kinds=("human", "greedy", "greedy"))
    session = table.session
    session.log.extend(["Robert handed back 1 bribe (prestige)."] * 4)
    session.version += 1  # the chronicle redraws
    shown = []
    wrapped = chronicle._wrapped

    def spy(entry, size, width):
        shown.append(entry)
        return wrapped(entry, size, width)

    monkeypatch.setattr(chronicle, "_wrapped", spy)
    frames(app, 1)
    assert shown[0] == "Robert handed back 4 bribes (prestige)."
    assert "Robert handed back 1 bribe (prestige)." not in shown
    copy = saves.loads(saves.dumps(session)).session
    assert copy.log == session.log
    assert copy.log[-4:] == ["Robert handed back 1 bribe (prestige)."] * 4
    copy.close()
