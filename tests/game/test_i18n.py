"""The language the game speaks: the system's at first start, --lang, the Language setting applied at once,
numbers and money per language."""

from __future__ import annotations

import os

import pytest

from game import i18n
from game.persist.settings import Settings, load_settings
from game.shell import cli


@pytest.mark.parametrize(("environ", "platform", "spoken"), [
    ({"LANG": "de_AT.UTF-8"}, "linux", "de"),
    ({"LANGUAGE": "it:en", "LANG": "en_US.UTF-8"}, "linux", "it"),
    ({"LC_ALL": "C", "LANG": "it_IT.UTF-8"}, "linux", "it"),
    ({"LANG": "fr_FR.UTF-8"}, "linux", "en"),
    ({"LANGUAGE": "fr:de", "LANG": "fr_FR.UTF-8"}, "linux", "de"),
])
def test_the_first_start_speaks_the_systems_language_when_the_game_speaks_it(environ, platform, spoken):
    assert i18n.system_language(environ, platform) == spoken


def test_numbers_and_money_are_written_as_each_language_writes_them():
    assert (i18n.number(1234567), i18n.money(12), i18n.ordinal(2), i18n.ordinal(11)) == ("1,234,567", "£12", "2nd",
                                                                                          "11th")
    i18n.set_language("de")
    assert (i18n.number(1234.5, 1), i18n.money(12), i18n.signed_money(-3), i18n.ordinal(2)) == (
        "1.234,5", "12 £", "−3 £", "2.")
    i18n.set_language("it")
    assert (i18n.number(1234567), i18n.money(12), i18n.ordinal(1)) == ("1.234.567", "£12", "1º")
    assert i18n.and_list(["Anne", "Robert", "Mary"]) == "Anne, Robert e Mary"
    i18n.set_language("en")
    assert i18n.and_list(["Anne", "Robert", "Mary"]) == "Anne, Robert and Mary"


def test_a_message_made_early_is_translated_when_shown():
    notice = i18n.later("Your settings could not be read ({reason}) and were reset to the defaults.",
                        reason="disk error")
    assert "disk error" in notice and str(notice).startswith("Your settings")
    i18n.set_language("de")
    assert str(notice).startswith("Eure Einstellungen konnten nicht gelesen werden (disk error)")


def test_an_unknown_language_is_refused():
    with pytest.raises(ValueError):
        i18n.set_language("fr")


def test_lang_on_the_command_line_is_one_of_three(capsys):
    assert cli.parse(["--lang", "de"]).lang == "de"
    with pytest.raises(SystemExit) as exit_:
        cli.parse(["--lang", "fr"])
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and len(err.strip().splitlines()) == 1 and "--lang" in err


def test_the_language_setting_is_kept_and_checked(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text('{"language": "it"}', encoding="utf-8")
    assert load_settings(path) == (Settings(language="it"), None)
    path.write_text('{"language": "klingon"}', encoding="utf-8")
    settings, notice = load_settings(path)
    assert settings.language == "" and "language" in notice


def test_the_app_speaks_lang_then_the_setting_then_the_system(monkeypatch):
    from game.shell.app import App

    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    app = App(cli.build_parser().parse_args(["--frames", "1"]), settings=Settings(), persist_settings=False)
    assert i18n.language() == "it"
    app.settings.language = "de"
    app.apply_language()
    assert i18n.language() == "de"
    App(cli.build_parser().parse_args(["--lang", "en"]), settings=Settings(language="de"), persist_settings=False)
    assert i18n.language() == "en"


def test_choosing_a_language_in_settings_speaks_it_at_once_and_back_undoes_it():
    from game.shell.app import App

    app = App(cli.build_parser().parse_args([]), settings=Settings(), persist_settings=False)
    app.stack.push(app.first_scene())
    from game import scenes

    settings_scene = app.stack.push(scenes.create("settings", app.ctx))
    settings_scene.choose("language", "de")
    assert i18n.language() == "de" and settings_scene.save_button.text == "Speichern"
    app.stack.pop()  # Back without saving
    assert i18n.language() == "en"
    settings_scene = app.stack.push(scenes.create("settings", app.ctx))
    settings_scene.choose("language", "it")
    assert settings_scene.save()
    title = app.stack.top
    assert i18n.language() == "it" and app.settings.language == "it"
    assert [b.text for _key, b in title.buttons][0] == "Nuova partita"


def test_the_self_test_checks_every_catalog_and_speaks_the_language_asked_for(pygame_display):
    from game.shell import selftest

    assert selftest.check_catalogs() == "3 languages"
    i18n.set_language("de")
    assert selftest.check_catalogs() == "3 Sprachen" and selftest.check_fonts().endswith("Schriften")


# -- a missing or damaged catalog: the game speaks English and says so in one line ---------------------------
with open(i18n.catalog_path("de"), "rb") as _handle:
    GOOD_CATALOG = _handle.read()


def _broken_catalogs() -> dict[str, bytes | None]:
    good = GOOD_CATALOG
    corrupt = bytearray(good)
    corrupt[8:28] = b"\xff" * 20  # the counts and offsets of its tables
    return {"missing": None, "empty": b"", "truncated": good[: len(good) // 3], "header only": good[:20],
            "corrupt": bytes(corrupt), "not a catalog": b"PK\x03\x04" + good[4:]}


@pytest.fixture
def german_catalog(tmp_path, monkeypatch):
    """A copy of the locale tree whose German catalog a test breaks (the game's own files are untouched)."""
    (tmp_path / "locale" / "de" / "LC_MESSAGES").mkdir(parents=True)
    monkeypatch.setattr(i18n, "locale_dir", lambda: str(tmp_path / "locale"))
    monkeypatch.setattr(i18n, "_catalogs", {})
    return tmp_path / "locale" / "de" / "LC_MESSAGES" / "noblemen.mo"


@pytest.mark.parametrize("kind", list(_broken_catalogs()))
def test_a_broken_catalog_gives_english_and_a_notice(german_catalog, kind):
    content = _broken_catalogs()[kind]
    if content is not None:
        german_catalog.write_bytes(content)
    notice = i18n.set_language("de")
    assert i18n.language() == "en" and i18n._("Settings") == "Settings"
    assert "German texts could not be loaded" in str(notice) and "\n" not in str(notice)


def test_every_cut_of_the_catalog_is_refused_or_read(german_catalog):
    """However the file is cut short, loading it never raises anything but the catalog's own error."""
    good = GOOD_CATALOG
    for end in range(0, len(good), max(1, len(good) // 400)):
        german_catalog.write_bytes(good[:end])
        i18n._catalogs.clear()
        i18n.set_language("de")
        i18n.set_language("en")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_catalog_that_is_a_pipe_is_not_opened(german_catalog):
    os.mkfifo(german_catalog)
    assert "not a regular file" in str(i18n.set_language("de"))


def test_the_game_starts_in_english_without_the_german_catalog(german_catalog):
    from game.shell.app import App

    app = App(cli.build_parser().parse_args(["--frames", "1"]), settings=Settings(language="de"),
              persist_settings=False)
    assert i18n.language() == "en" and any("German texts" in str(n) for n in app.ctx.notices)
    assert app.run() == 0


def test_choosing_a_language_whose_catalog_is_broken_says_so_in_settings(german_catalog):
    from game import scenes
    from game.shell.app import App

    app = App(cli.build_parser().parse_args([]), settings=Settings(), persist_settings=False)
    app.stack.push(app.first_scene())
    settings_scene = app.stack.push(scenes.create("settings", app.ctx))
    settings_scene.choose("language", "de")
    assert i18n.language() == "en" and "German texts could not be loaded" in settings_scene.toast.message
    app.stack.clear()
