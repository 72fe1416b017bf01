"""German words are long: every screen of the gallery (tests/game/gallery.py) and a few more, at 1280x720 and
at the smallest window (960x600), is switched to German and then to Italian the way Settings switches it,
and draws its texts inside their boxes (tests/game/text_fit.py says what is checked). English is the
gallery's own language; the readability test covers it.

``NOBLEMEN_SHOTS=DIR pytest tests/game/test_text_fits.py`` also saves each screen as a PNG to look at.
"""

from __future__ import annotations

import pytest

from game import i18n, scenes
from game.persist import saves, storage
from game.scenes import rules_text
from game.scenes.unfinished import keep_or_replace
from game.shell.shutdown import quit_pygame
from tests.game import gallery
from tests.game import test_table_support as support
from tests.game.test_ball_scene import make_session, play
from tests.game.text_fit import TextProbe, save_shot

SIZES = [(1280, 720), (960, 600)]
TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != i18n.ENGLISH]
FINISHED = play(4, 5)[0]


def _replace_dialog(app):
    saves.write_save(storage.autosave_path(), make_session(FINISHED.copy()))
    app.stack.push(scenes.create("title", app.ctx))
    keep_or_replace(app.ctx, lambda: None)


def _quit_dialog(app):
    title = app.stack.push(scenes.create("title", app.ctx))
    title.confirm_quit()


#: the dialogs, whose words are fixed when they open: opened again in each language
REOPENED = ("confirm", "message")
SCENES = {
    **gallery.GALLERY,
    "about": lambda app: app.stack.push(scenes.create("about", app.ctx)),
    "quit-dialog": _quit_dialog,
    "replace-dialog": _replace_dialog,
}


@pytest.fixture(params=SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def size(request, tmp_path, monkeypatch):
    monkeypatch.setenv("NOBLEMEN_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("NOBLEMEN_CONFIG_DIR", str(tmp_path / "config"))
    saves.save_named(make_session(FINISHED.copy()), "Before the second ball, third decade")
    yield request.param
    quit_pygame()


def _speak(app, lang: str) -> None:
    """Choose ``lang`` as Settings does: every scene on the stack re-renders its texts."""
    app.settings.language = lang
    app.apply_language()


@pytest.mark.parametrize("name", list(SCENES))
def test_every_text_fits_its_box_in_german_and_italian(size, name):
    app = gallery.make_app(size)
    SCENES[name](app)
    support.frames(app, 3)
    problems = {}
    try:
        for lang in TRANSLATED:
            _speak(app, lang)
            if name in REOPENED:
                app.stack.pop()
                SCENES[name](app)
                support.frames(app, 3)
            with TextProbe(app.window.get_size()) as probe:
                probe.draw(app)
                probe.check(app.ui)
            save_shot(probe.screen, f"{name}-{lang}-{size[0]}")
            if probe.problems:
                problems[lang] = probe.problems
    finally:
        support.close_app(app)
    assert problems == {}


def test_every_topic_of_the_rules_fits(size):
    app = gallery.make_app(size)
    book = app.stack.push(scenes.create("rules", app.ctx))
    problems = []
    for lang in TRANSLATED:
        _speak(app, lang)
        with TextProbe(app.window.get_size()) as probe:
            for i, topic in enumerate(rules_text.TOPIC_IDS):
                book.show_topic(topic)  # builds the page's text anew under the probe (the first is laid out anew)
                probe.draw(app, relayout=i == 0)
                probe.check(app.ui)
                save_shot(probe.screen, f"rules-{topic}-{lang}-{size[0]}")
        problems += probe.problems
    support.close_app(app)
    assert problems == []


def test_switching_the_language_re_renders_the_table_and_its_chronicle():
    app = gallery.make_app(SIZES[0])
    table = gallery.GALLERY["table-turn"](app)
    english = [r.tip for r in table.hots if r.tip]
    _speak(app, "de")
    support.frames(app, 2)
    german = [r.tip for r in table.hots if r.tip]
    assert english != german and any("Anwesen" in tip or "Sichtschirm" in tip for tip in german)
    support.close_app(app)
    quit_pygame()


def test_switching_the_language_re_renders_the_open_chooser_and_words_the_chronicle_from_its_events():
    from game.table import chronicle
    from game.ui.event_words import event_words

    app = gallery.make_app(SIZES[0])
    table = gallery.GALLERY["table-build"](app)

    def shown():
        log, opened = table.frame.panels["log"][1], table.parts.chooser.opened
        return opened.title, [o.label for o in opened.options], [line.text for line in log.lines]

    title, labels, log = shown()
    assert log and table.parts.chooser.opened is not None
    _speak(app, "de")
    support.frames(app, 2)
    titel, beschriftungen, chronik = shown()
    assert titel != title and beschriftungen != labels and chronik != log
    names = table.session.state.names
    german = [event_words(e.event, names, table.viewer, e.count) for e in chronicle.entries(table.session.log)]
    assert all(any(line in words for words in german) for line in chronik if line.strip()), chronik
    support.close_app(app)
    quit_pygame()


def test_the_probe_flags_a_heading_wider_than_the_window_but_not_the_trials_of_one_shrunk_to_fit(pygame_display):
    """A heading shrunk to its width (widgets.gold_text_within) tries larger sizes first: only what it returns is
    drawn, so only that is checked; a heading drawn wider than the window is still a problem."""
    from game.ui import widgets

    words = "Dieser Spielstand kann nicht geladen werden"
    with TextProbe((300, 200)) as probe:
        widgets.gold_text_within(words, 40, 280)
    assert probe.problems == []
    with TextProbe((300, 200)) as probe:
        widgets.gold_text(words, 40)
    assert probe.problems == [f"heading wider than the window: {words!r}"]
