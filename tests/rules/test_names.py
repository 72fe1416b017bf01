"""One rule for a player's name (1 to 40 printable characters), kept by the engine itself."""

from __future__ import annotations

import json

import pytest

from rules import MAX_NAME, SaveFormatError, check_name, game_from_json, game_to_json, new_game
from rules.arena.simulate import seat_names

GOOD = ["Anne", "Partie 1", "Партия 1", "李白", "Ærwyn O'Neil-Smith", "A" * MAX_NAME, "x"]
#: NUL, a lone surrogate, an escape sequence, a right-to-left override, a zero-width space, a tab,
#: a no-break space alone, blank, empty and too long
HOSTILE = ["Ann\x00e", "\ud800", "\x1b[31mred", "\u202eevil", "a\u200bb", "a\tb", "\u00a0", "   ", "",
           "A" * (MAX_NAME + 1)]


@pytest.mark.parametrize("name", GOOD)
def test_good_names_pass_unchanged(name):
    assert check_name(name) == name
    assert new_game([name, "B", "C"], 1).names[0] == name


@pytest.mark.parametrize("name", HOSTILE, ids=repr)
def test_hostile_names_are_refused_with_a_reason(name):
    with pytest.raises(ValueError, match="player names") as info:
        check_name(name)
    assert "\x00" not in str(info.value) and "\x1b" not in str(info.value)  # the reason is safe to print
    with pytest.raises(ValueError, match="player names"):
        new_game(["A", name, "C"], 1)


@pytest.mark.parametrize("value", [None, 7, ["A"], b"Anne"])
def test_a_name_must_be_text(value):
    with pytest.raises(ValueError, match="text"):
        check_name(value)


@pytest.mark.parametrize("name", HOSTILE, ids=repr)
def test_an_engine_record_with_a_hostile_name_is_refused(name):
    data = json.loads(game_to_json(new_game(["A", "B", "C"], 5)))
    data["setup"]["names"][2] = name
    with pytest.raises(SaveFormatError, match="names"):
        game_from_json(json.dumps(data))


def test_long_bot_specs_still_make_valid_names():
    spec = "hard:budget=4:candidates=7:leaf=20:share=0.5:prior=1"
    assert all(check_name(n) for n in seat_names([spec, "normal", "normal"]))
