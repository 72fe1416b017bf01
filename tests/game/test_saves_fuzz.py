"""Fuzzing the save loader: thousands of mutated files give a valid session or a SaveLoadError, nothing else.

A seeded loop (byte flips, truncations, junk, type swaps, deleted keys, deep nesting, huge numbers,
megabytes of junk) plus a hypothesis test on arbitrary JSON values put into the save's structure.
Every SaveLoadError must come from a foreseen check (``unexpected`` is False) and carry a message in
plain words.
"""

from __future__ import annotations

import copy
import functools
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.persist import saves
from game.session import GameSession, SeatSpec
from rules.bots.simple import GreedyPlayer, RandomPlayer
from rules.serialize import game_to_json

ITERATIONS = 4000


@functools.cache
def base_texts() -> tuple[str, str]:
    """A mid-game v2 save and a v1 engine record (kept short so each replay is fast)."""
    seats = [SeatSpec(n, k, c, cr) for n, k, c, cr in zip(
        ["Anne", "Bob", "Cé"], ["human", "normal", "easy"], ["#D55E00", "#0072B2", "#009E73"],
        ["lion", "rose", "stag"], strict=True)]
    session = GameSession(seats, 17)
    bots = [RandomPlayer(1), GreedyPlayer(2), RandomPlayer(3)]
    for _ in range(45):
        seat = session.state.decider
        session.apply(bots[seat].choose(session.view(seat), session.legal()))
    v2 = saves.dumps(session, name="Fuzz")
    v1 = game_to_json(session.state)
    session.close()
    return v2, v1


EVIL = [None, True, False, 0, -1, 1.5, float("nan"), float("inf"), 2**63, -(2**63), 10**30, "", "x" * 5000,
        "decade", [], {}, [[[[]]]], {"format": "noblemen-save"}, ["end turn"] * 3, "\u0000", "\ud7ff🙂",
        list(range(50)), {"": None}]


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for i, value in enumerate(node[:8]):
            yield from _paths(value, (*prefix, i))
        if len(node) > 8:
            i = len(node) - 1
            yield from _paths(node[i], (*prefix, i))


def _set(root, path, value):
    if not path:
        return value
    node = root
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return root


def _delete(root, path):
    if not path:
        return {}
    node = root
    for key in path[:-1]:
        node = node[key]
    del node[path[-1]]
    return root


def mutate(rng: random.Random, text: str) -> str | bytes:
    raw = text.encode("utf-8")
    kind = rng.randrange(10)
    if kind == 0:  # byte flips
        data = bytearray(raw)
        for _ in range(rng.randint(1, 4)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return bytes(data)
    if kind == 1:  # truncation
        return raw[: rng.randrange(len(raw))]
    if kind == 2:  # junk inserted
        pos = rng.randrange(len(raw))
        junk = bytes(rng.randrange(256) for _ in range(rng.randint(1, 30)))
        return raw[:pos] + junk + raw[pos:]
    data = json.loads(text)
    paths = list(_paths(data))
    path = paths[rng.randrange(len(paths))]
    if kind in (3, 4, 5):  # a value of another type or an absurd one
        value = copy.deepcopy(rng.choice(EVIL))
        return json.dumps(_set(data, path, value))
    if kind == 6:  # a key or list item removed
        return json.dumps(_delete(data, path))
    if kind == 7:  # deep nesting somewhere
        depth = rng.choice([50, 900, 5000, 100_000])
        nested = "[" * depth + "]" * depth if rng.random() < 0.7 else "[" * depth
        marker = "\"__NEST__\""
        return json.dumps(_set(data, path, "__NEST__")).replace(marker, nested)
    if kind == 8:  # a huge integer (beyond what Python parses, or merely absurd)
        digits = rng.choice([19, 30, 400, 5000])
        marker = "\"__HUGE__\""
        return json.dumps(_set(data, path, "__HUGE__")).replace(marker, str(rng.randint(1, 9)) * digits)
    # small numeric nudges: +-1 on a random integer keeps the file plausible but inconsistent
    ints = [p for p in paths if p and isinstance(_get(data, p), int) and not isinstance(_get(data, p), bool)]
    if ints:
        p = rng.choice(ints)
        _set(data, p, _get(data, p) + rng.choice([-1, 1, 7]))
    return json.dumps(data)


def _get(root, path):
    for key in path:
        root = root[key]
    return root


def check(raw: str | bytes) -> None:
    try:
        loaded = saves.loads(raw)
    except saves.SaveLoadError as exc:
        assert not exc.unexpected, (exc.message, exc.detail)
        assert exc.message and exc.message[0].isupper() and exc.message.endswith((".", "!"))
        assert "Traceback" not in exc.message and len(exc.message) < 200
        return
    # anything accepted is a real, consistent game
    assert loaded.summary == saves.summarize(loaded.session)
    loaded.session.legal()
    loaded.session.close()


def test_thousands_of_mutated_saves():
    v2, v1 = base_texts()
    rng = random.Random(20240601)
    accepted = 0
    for i in range(ITERATIONS):
        base = v2 if i % 5 else v1
        raw = mutate(rng, base)
        try:
            saves.loads(raw).session.close()
            accepted += 1
        except saves.SaveLoadError:
            pass
        check(raw)
    assert accepted < ITERATIONS // 2  # most mutations must be noticed


def test_megabytes_of_junk():
    rng = random.Random(5)
    for size in (saves.MAX_BYTES - 10, saves.MAX_BYTES + 1, 20 * 1024 * 1024):
        check(bytes(rng.randrange(256) for _ in range(1000)) * (size // 1000))
    check(b"[" * (saves.MAX_BYTES - 1))
    check(b'{"format": "noblemen-save", "version": 2, "session": "' + b"a" * (saves.MAX_BYTES - 100) + b'"}')


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8), children, max_size=5),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=json_values, which=st.integers(min_value=0, max_value=10_000))
def test_any_json_value_anywhere(value, which):
    v2, v1 = base_texts()
    data = json.loads(v2 if which % 3 else v1)
    paths = list(_paths(data))
    check(json.dumps(_set(data, paths[which % len(paths)], value)))


@settings(max_examples=200, deadline=None)
@given(raw=st.binary(max_size=300))
def test_any_bytes(raw):
    check(raw)
