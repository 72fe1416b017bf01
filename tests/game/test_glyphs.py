"""No box for a missing glyph: every character the game can show has a glyph in each of its faces or in that
face's fallback (game.ui.assets.FALLBACK_ROLE), and a name typed into a pygame-gui field is drawn through the
game's fonts, so a character its face lacks is drawn in the fallback face there too."""

from __future__ import annotations

import ast
from pathlib import Path

import pygame
from babel.messages.pofile import read_po

from game.scenes.settings_scene import SettingsScene
from game.shell.shutdown import quit_pygame
from game.ui import assets, glyphs
from tests.game import gallery

ROOT = Path(__file__).resolve().parents[2]
#: in DejaVu Sans (the fallback) but not in EB Garamond (the face of the fields): a name a player may type
STAR = "★"


def _texts() -> dict[str, str]:
    """Every text the game can show, by where it comes from: the string literals of its code, every message of
    the catalogs in English, German and Italian, and the licences the About screen shows."""
    found: dict[str, str] = {}
    for path in sorted((ROOT / "game").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found[f"{path.relative_to(ROOT)}: {node.value[:40]!r}"] = node.value
    for lang in ("de", "it"):
        with open(ROOT / "game" / "locale" / lang / "LC_MESSAGES" / "noblemen.po", "rb") as f:
            for message in read_po(f):
                for words in (*_forms(message.id), *_forms(message.string)):
                    found[f"{lang}: {words[:40]!r}"] = words
    for path in sorted((ROOT / "game" / "licenses").iterdir()):
        found[str(path.relative_to(ROOT))] = path.read_text(encoding="utf-8")
    return found


def _forms(value) -> tuple[str, ...]:
    return tuple(v for v in (value if isinstance(value, tuple | list) else (value,)) if v)


def test_every_character_the_game_can_show_has_a_glyph_in_every_face_or_its_fallback():
    texts = _texts()
    assert len(texts) > 2000
    lacking = {}
    for role in assets.FONT_ROLES:
        drawn = (glyphs.coverage(assets.font_path(role))
                 | glyphs.coverage(assets.font_path(assets.FALLBACK_ROLE[role])))
        for where, text in texts.items():
            missing = {ch for ch in text if ord(ch) not in drawn and ord(ch) >= 32}
            if missing:
                lacking[f"{role} {where}"] = "".join(sorted(missing))
    assert lacking == {}


def test_a_name_typed_into_a_field_shows_a_character_its_face_lacks_in_the_fallback_face(monkeypatch, tmp_path):
    monkeypatch.setenv("NOBLEMEN_CONFIG_DIR", str(tmp_path))
    assert ord(STAR) not in glyphs.coverage(assets.font_path("body"))
    app = gallery.make_app((1280, 720))
    try:
        scene = SettingsScene(app.ctx)
        app.stack.push(scene)
        entry = scene.entries[0]
        entry.set_text(f"Anne {STAR}")
        font = entry.font
        size = font.get_point_size()
        fallback = assets.sized("ui", size).size(STAR)[0]
        boxed = pygame.font.Font(str(assets.font_path("body")), size).size(STAR)[0]  # its .notdef box
        assert fallback != boxed
        assert font.size(STAR)[0] == fallback
        app.ui.update(0.01)
        app.ui.draw_ui(app.window)
    finally:
        app.stack.clear()
        quit_pygame()
