"""Save names that differ stay different files; the readable name is kept inside the file."""

from __future__ import annotations

import pygame

from game.persist import saves
from game.session import GameSession, SeatSpec
from tests.game.test_saves_scene import FakeTable, app, click_button, frames, make_session  # noqa: F401


def _session(seed: int) -> GameSession:
    seats = [SeatSpec(n, "human" if i == 0 else "normal", c, k)
             for i, (n, c, k) in enumerate((("Anne", "#D55E00", "lion"), ("Bob", "#0072B2", "rose"),
                                            ("Cy", "#009E73", "stag")))]
    return GameSession(seats, seed)


def test_non_latin_names_never_share_a_file():
    first, second = _session(1), _session(2)
    a = saves.save_named(first, "Партия 1")
    b = saves.save_named(second, "Игра 1")
    assert a != b and a.exists() and b.exists()
    assert saves.load_file(a).name == "Партия 1" and saves.load_file(a).session.seed == 1
    assert saves.load_file(b).name == "Игра 1" and saves.load_file(b).session.seed == 2
    assert sorted(info.name for info in saves.list_saves()) == ["Игра 1", "Партия 1"]
    for session in (first, second):
        session.close()


def test_the_same_name_again_is_the_same_file_in_any_capitals():
    session = _session(3)
    a = saves.save_named(session, "Партия 1")
    saves.save_named(session, "Игра 1")
    assert saves.named_path("Партия 1") == a == saves.named_path("ПАРТИЯ 1")
    assert saves.save_named(session, "партия 1") == a and len(saves.list_saves()) == 2
    session.close()


def test_a_freed_file_name_never_splits_a_save_in_two():
    session = _session(4)
    first = saves.save_named(session, "Before the ball")
    second = saves.save_named(session, "before the ball!")  # another name with the same slug
    assert first != second
    saves.delete_save(first)
    assert saves.save_named(session, "before the ball!") == second
    assert [info.name for info in saves.list_saves()] == ["before the ball!"]
    assert saves.save_named(session, "Before the ball") == first  # free again: the plain name
    session.close()


def test_a_windows_device_name_is_not_a_file_name():
    session = _session(5)
    path = saves.save_named(session, "CON")
    assert path.name == "save-con.json" and saves.load_file(path).name == "CON"
    session.close()


def test_the_save_dialog_asks_only_for_the_same_name(app):  # noqa: F811
    session = make_session(seed=10, steps=10)
    saves.save_named(session, "Партия 1")
    app.stack.push(FakeTable(app.ctx, session))
    from game.scenes import saves as save_scenes

    dialog = save_scenes.open_save_dialog(app.ctx, session)
    frames(app)
    dialog.entry.set_text("Игра 1")
    click_button(app, dialog.save_button)
    assert dialog.saved_path is not None  # written at once: no "Replace this save?" question
    assert sorted(info.name for info in saves.list_saves()) == ["Игра 1", "Партия 1"]
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))


def test_a_long_name_shortens_the_default_save_name_at_words():
    from game.i18n import _, set_language
    from game.scenes.saves import default_save_name
    game = make_session(names=("Bartholomew Fitzwilliam-Smythe", "Bob", "Cy"), seed=7, steps=20)
    assert default_save_name(game) == f"Bartholomew's game, {saves.summarize(game).where}"  # the place kept
    for language in ("en", "de", "it"):
        set_language(language)
        try:
            where = saves.summarize(game).where
            for name in ("Bartholomew Fitzwilliam-Smythe", "Maximilian " + "W" * 29, "Anne Boleyn", "W" * 40):
                game.state.names[0] = name
                whos = (name, name.split()[0])
                whole = {name.split()[0], *(_("{name}'s game, {where}").format(name=who, where=where) for who in whos),
                         *(_("{name}'s game").format(name=who) for who in whos)}
                text = default_save_name(game)
                assert len(text) <= saves.MAX_NAME and text in whole, text  # never cut inside a word
        finally:
            set_language("en")
    game.close()


def test_a_taken_long_name_makes_room_for_its_number_at_a_word():
    """"Bartholomew's game, Decade III, round 5" taken: the next is shortened at a word before " (2)", not cut inside
    one (it gave "…, Decade III, rou (2)")."""
    game = _session(8)
    name = "Bartholomew's game, Decade III, round 5"  # 39 characters
    saves.save_named(game, name)
    free = saves.free_name(name)
    assert len(free) <= saves.MAX_NAME and free.endswith(" (2)")
    assert free == "Bartholomew's game, Decade III (2)"
    assert all(word in name.replace(",", "").split() for word in free[: -len(" (2)")].replace(",", "").split())
    game.close()
