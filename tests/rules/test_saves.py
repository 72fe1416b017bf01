"""Saves: JSON with a format version, replayed through the checked engine; bad input -> SaveFormatError."""

from __future__ import annotations

import contextlib
import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import SaveFormatError, game_from_json, game_to_json, new_game
from rules.serialize import MAX_ACTIONS
from rules.snapshot import state_to_dict
from tests.rules.test_random_play import play_random_game


@pytest.fixture(scope="module")
def saved() -> str:
    s = play_random_game(4, 77, first_game=False, policy=2, checks=False)
    return game_to_json(s)


def _data(text: str) -> dict:
    return json.loads(text)


def _mid_game_save() -> str:
    s = new_game(["A", "B", "C"], 3)
    rnd = random.Random(3)
    for _ in range(150):
        s.apply(rnd.choice(s.legal_actions()))
    return game_to_json(s)


def test_save_round_trip_mid_game_and_finished(saved):
    text = _mid_game_save()
    assert game_to_json(game_from_json(text)) == text
    assert game_to_json(game_from_json(saved)) == saved
    assert game_from_json(saved).over
    assert game_from_json(saved.encode("utf-8")).over  # bytes too


def test_save_is_plain_versioned_json(saved):
    data = _data(saved)
    assert data["format"] == "noblemen-game" and data["version"] == 1
    assert set(data) == {"format", "version", "setup", "actions"}
    assert all(isinstance(a, str) for a in data["actions"])


def _bad(text, *fragments):
    with pytest.raises(SaveFormatError) as info:
        game_from_json(text)
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, message
    return message


def _edit(saved: str, change) -> str:
    data = _data(saved)
    change(data)
    return json.dumps(data)


def test_malformed_and_truncated_json(saved):
    _bad("", "not valid JSON")
    _bad("{", "not valid JSON")
    _bad(saved[: len(saved) // 2], "not valid JSON")
    _bad("\xff\xfe garbage", "not valid JSON")
    _bad(b"\xff\xfe\x00 garbage", "not valid JSON")
    _bad("[" * 100_000 + "]" * 100_000)  # deeply nested junk
    _bad('{"a":' * 50_000 + "1" + "}" * 50_000)


def test_wrong_format_or_version(saved):
    _bad("[]", "JSON object")
    _bad('"noblemen"', "JSON object")
    _bad(_edit(saved, lambda d: d.pop("format")), "format")
    _bad(_edit(saved, lambda d: d.update(format="chess-game")), "format")
    _bad(_edit(saved, lambda d: d.update(version=2)), "version 2")
    _bad(_edit(saved, lambda d: d.update(version=True)), "version")
    _bad(_edit(saved, lambda d: d.update(version="1")), "version")
    _bad(_edit(saved, lambda d: d.update(version=1.0)), "version")
    _bad(_edit(saved, lambda d: d.pop("version")), "version")


@pytest.mark.parametrize(("change", "fragment"), [
    (lambda d: d.pop("setup"), "setup"),
    (lambda d: d.update(setup=[]), "setup"),
    (lambda d: d["setup"].pop("names"), "names"),
    (lambda d: d["setup"].update(names="Anne"), "names"),
    (lambda d: d["setup"].update(names=["A", 3, "C"]), "names"),
    (lambda d: d["setup"].update(names=["A", "", "C"]), "names"),
    (lambda d: d["setup"].update(names=["A" * 41, "B", "C"]), "names"),
    (lambda d: d["setup"].update(names=["A", "B"]), "setup"),
    (lambda d: d["setup"].update(names=["A", "B", "C", "D", "E", "F"]), "setup"),
    (lambda d: d["setup"].pop("seed"), "seed"),
    (lambda d: d["setup"].update(seed="77"), "seed"),
    (lambda d: d["setup"].update(seed=True), "seed"),
    (lambda d: d["setup"].update(seed=7.5), "seed"),
    (lambda d: d["setup"].update(seed=-1), "seed"),
    (lambda d: d["setup"].update(seed=2**64), "seed"),
    (lambda d: d["setup"].update(seed=10**300), "seed"),
    (lambda d: d["setup"].pop("first_game"), "first_game"),
    (lambda d: d["setup"].update(first_game=1), "first_game"),
    (lambda d: d["setup"].update(first_game="false"), "first_game"),
    (lambda d: d.pop("actions"), "actions"),
    (lambda d: d.update(actions="leisure"), "actions"),
    (lambda d: d.update(actions={"1": "leisure"}), "actions"),
    (lambda d: d.update(actions=["leisure"] * (MAX_ACTIONS + 1)), "actions"),
    (lambda d: d["actions"].__setitem__(5, 5), "action 6"),
    (lambda d: d["actions"].__setitem__(5, None), "action 6"),
    (lambda d: d["actions"].__setitem__(5, ["leisure"]), "action 6"),
    (lambda d: d["actions"].__setitem__(5, "fly to the moon"), "action 6"),
    (lambda d: d["actions"].__setitem__(5, "x" * 10_000), "action 6"),
    (lambda d: d["actions"].__setitem__(5, "bribe 99999999999999999999"), "action 6"),
    (lambda d: d["actions"].__setitem__(5, "place field at 99999999,0"), "action 6"),
    (lambda d: d["actions"].insert(3, "end turn"), "action 4"),  # inconsistent: illegal at its point
    (lambda d: d["actions"].append("leisure"), "cannot be replayed"),  # after the game is over
])
def test_bad_fields_rejected_with_a_clear_message(saved, change, fragment):
    _bad(_edit(saved, change), fragment)


def test_huge_numbers_and_huge_lists():
    base = {"format": "noblemen-game", "version": 1, "setup": {"names": ["A", "B", "C"], "seed": 1,
                                                                "first_game": True}, "actions": []}
    _bad(json.dumps({**base, "version": 10**1000}), "version")
    _bad('{"format": "noblemen-game", "version": 1' + "0" * 5000 + "}")  # int longer than Python parses
    _bad(json.dumps({**base, "setup": {**base["setup"], "seed": 1e308}}), "seed")
    _bad('{"format": "noblemen-game", "version": 1, "setup": {"names": ["A","B","C"], "seed": Infinity, '
         '"first_game": true}, "actions": []}', "seed")
    _bad(json.dumps({**base, "actions": ["leisure"] * 1_000_000}), "actions")
    _bad(json.dumps({**base, "setup": {**base["setup"], "names": ["A"] * 1_000_000}}), "setup")


def test_a_valid_prefix_loads():
    s = new_game(["A", "B", "C", "D"], 8)
    data = _data(game_to_json(s))
    assert state_to_dict(game_from_json(json.dumps(data))) == state_to_dict(s)


def _mutations():
    leaf = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=False),
                     st.text(max_size=30))
    junk = st.recursive(leaf, lambda inner: st.lists(inner, max_size=4)
                        | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)
    return junk


BASE = None


def _base_data() -> dict:
    global BASE
    if BASE is None:
        s = new_game(["A", "B", "C"], 21, first_game=True)
        rnd = random.Random(21)
        for _ in range(60):
            s.apply(rnd.choice(s.legal_actions()))
        BASE = _data(game_to_json(s))
    return json.loads(json.dumps(BASE))


@given(st.data())
def test_fuzz_mutated_saves_load_or_raise_save_format_error(data):
    d = _base_data()
    for _ in range(data.draw(st.integers(1, 3))):
        where = data.draw(st.sampled_from(["top", "setup", "action", "text", "drop", "swap"]))
        if where == "top":
            d[data.draw(st.sampled_from(["format", "version", "setup", "actions", "extra"]))] = data.draw(_mutations())
        elif where == "setup" and isinstance(d.get("setup"), dict):
            d["setup"][data.draw(st.sampled_from(["names", "seed", "first_game"]))] = data.draw(_mutations())
        elif where == "action" and isinstance(d.get("actions"), list) and d["actions"]:
            i = data.draw(st.integers(0, len(d["actions"]) - 1))
            d["actions"][i] = data.draw(st.one_of(_mutations(), st.text(max_size=40)))
        elif where == "text" and isinstance(d.get("actions"), list) and d["actions"]:
            i = data.draw(st.integers(0, len(d["actions"]) - 1))
            text = d["actions"][i]
            if isinstance(text, str) and text:
                j = data.draw(st.integers(0, len(text) - 1))
                d["actions"][i] = text[:j] + data.draw(st.text(max_size=3)) + text[j + 1:]
        elif where == "drop" and isinstance(d.get("actions"), list) and d["actions"]:
            del d["actions"][data.draw(st.integers(0, len(d["actions"]) - 1))]
        elif where == "swap" and isinstance(d.get("actions"), list) and len(d["actions"]) > 1:
            i = data.draw(st.integers(0, len(d["actions"]) - 2))
            d["actions"][i], d["actions"][i + 1] = d["actions"][i + 1], d["actions"][i]
    text = json.dumps(d)
    if data.draw(st.booleans()):
        cut = data.draw(st.integers(0, len(text)))
        text = text[:cut]
    try:
        state = game_from_json(text)
    except SaveFormatError as exc:
        assert str(exc)
        return
    assert state_to_dict(game_from_json(game_to_json(state))) == state_to_dict(state)


@given(st.binary(max_size=200))
def test_fuzz_random_bytes(blob):
    with contextlib.suppress(SaveFormatError):  # anything else fails the test
        game_from_json(blob)
